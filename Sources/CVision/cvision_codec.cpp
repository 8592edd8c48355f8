// JPEG and PNG through libjpeg(-turbo) and libpng directly, not OpenCV's imgcodecs: Debian builds
// imgcodecs against GDAL, which drags 70 more shared libraries into every process (poppler,
// HDF5, xerces, …). Binding their symbols cost every `scanbook` start ~140 ms, a tenth of reading
// a receipt. Both libraries report errors by longjmp, so each call that can fail runs in a small
// function holding no C++ object with a destructor; the images are allocated between those calls.
#include "cvision_internal.hpp"

#include <csetjmp>
#include <cstdlib>
#include <cstring>

#include <jpeglib.h>
#include <jerror.h>
#include <png.h>

namespace cvision {

namespace {

// OpenCV's own limits (CV_IO_MAX_IMAGE_WIDTH/HEIGHT/PIXELS), kept so that nothing a file's header
// claims makes us allocate more than it would have.
constexpr long long max_side = 1 << 20;
constexpr long long max_pixels = 1 << 30;

bool plausible_size(long long width, long long height) {
    return width > 0 && height > 0 && width <= max_side && height <= max_side && width * height <= max_pixels;
}

// MARK: JPEG

struct JpegFailure {
    jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

void jpeg_fail(j_common_ptr info) {
    auto *failure = reinterpret_cast<JpegFailure *>(info->err);
    (*info->err->format_message)(info, failure->message);
    std::longjmp(failure->jump, 1);
}

// Warnings (a truncated file, bad Huffman data) leave gray rows, as OpenCV did: a damaged photo
// still shows what it holds.
void jpeg_ignore(j_common_ptr, int) {}

uint16_t exif_u16(const uint8_t *p, bool big) { return big ? (uint16_t)(p[0] << 8 | p[1]) : (uint16_t)(p[1] << 8 | p[0]); }
uint32_t exif_u32(const uint8_t *p, bool big) {
    return big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
               : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/// The EXIF orientation (1–8) in an APP1 marker's data, 1 when there is none or it cannot be read.
int exif_orientation(const uint8_t *data, size_t length) {
    static const uint8_t header[] = {'E', 'x', 'i', 'f', 0, 0};
    if (length < 6 + 8 || std::memcmp(data, header, 6) != 0) return 1;
    const uint8_t *tiff = data + 6;
    const size_t size = length - 6;
    bool big;
    if (tiff[0] == 'I' && tiff[1] == 'I') big = false;
    else if (tiff[0] == 'M' && tiff[1] == 'M') big = true;
    else return 1;
    if (exif_u16(tiff + 2, big) != 42) return 1;
    const size_t directory = exif_u32(tiff + 4, big);
    if (directory > size || size - directory < 2) return 1;
    const size_t entries = exif_u16(tiff + directory, big);
    for (size_t i = 0; i < entries; i++) {
        const size_t at = directory + 2 + 12 * i;
        if (at > size || size - at < 12) return 1;
        const uint8_t *entry = tiff + at;
        // Tag 0x0112, type SHORT: the value sits in the entry's first two value bytes.
        if (exif_u16(entry, big) != 0x0112) continue;
        if (exif_u16(entry + 2, big) != 3) return 1;
        const int value = exif_u16(entry + 8, big);
        return value >= 1 && value <= 8 ? value : 1;
    }
    return 1;
}

struct JpegReader {
    jpeg_decompress_struct info{};
    JpegFailure failure;
    bool created = false;
    bool too_large = false;
    int orientation = 1;

    JpegReader() = default;
    JpegReader(const JpegReader &) = delete;
    // Also when an allocation between the library calls throws.
    ~JpegReader() { if (created) jpeg_destroy_decompress(&info); }
};

bool jpeg_begin(JpegReader *reader, const uint8_t *bytes, size_t length, int reduction) {
    reader->info.err = jpeg_std_error(&reader->failure.manager);
    reader->failure.manager.error_exit = jpeg_fail;
    reader->failure.manager.emit_message = jpeg_ignore;
    reader->failure.message[0] = 0;
    if (setjmp(reader->failure.jump)) return false;
    jpeg_create_decompress(&reader->info);
    reader->created = true;
    jpeg_mem_src(&reader->info, bytes, (unsigned long)length);
    jpeg_save_markers(&reader->info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&reader->info, TRUE);
    // Before any buffer is allocated: a progressive decode holds the whole image's coefficients.
    if (!plausible_size(reader->info.image_width, reader->info.image_height)) {
        reader->too_large = true;
        return false;
    }
    // Saved markers live until the decompression ends, so the orientation is read now.
    for (jpeg_saved_marker_ptr marker = reader->info.marker_list; marker && reader->orientation == 1; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1) reader->orientation = exif_orientation(marker->data, marker->data_length);
    }
    // DCT scaling: a reduced decode costs a fraction of a full one.
    reader->info.scale_num = 1;
    reader->info.scale_denom = (unsigned int)reduction;
    const bool cmyk = reader->info.jpeg_color_space == JCS_CMYK || reader->info.jpeg_color_space == JCS_YCCK;
    reader->info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGR;
    jpeg_start_decompress(&reader->info);
    return true;
}

bool jpeg_rows(JpegReader *reader, uint8_t *data, size_t step) {
    if (setjmp(reader->failure.jump)) return false;
    while (reader->info.output_scanline < reader->info.output_height) {
        JSAMPROW row = data + (size_t)reader->info.output_scanline * step;
        if (jpeg_read_scanlines(&reader->info, &row, 1) != 1) break;
    }
    jpeg_finish_decompress(&reader->info);
    return true;
}

/// The photo turned upright, as a viewer shows it (OpenCV's ExifTransform).
cv::Mat upright(const cv::Mat &mat, int orientation) {
    if (orientation < 2 || orientation > 8) return mat;
    // 5–8 swap the sides (a transpose into a new matrix: in place works only for squares).
    cv::Mat turned;
    if (orientation >= 5) cv::transpose(mat, turned); else turned = mat;
    switch (orientation) {
    case 2: case 6: cv::flip(turned, turned, 1); break;
    case 3: case 7: cv::flip(turned, turned, -1); break;
    case 4: case 8: cv::flip(turned, turned, 0); break;
    default: break;
    }
    return turned;
}

/// Adobe's inverted CMYK (what Photoshop writes and libjpeg hands back) as BGR, as OpenCV did.
cv::Mat bgr_of_cmyk(const cv::Mat &cmyk) {
    cv::Mat out(cmyk.rows, cmyk.cols, CV_8UC3);
    for (int y = 0; y < cmyk.rows; y++) {
        const uint8_t *in = cmyk.ptr<uint8_t>(y);
        uint8_t *row = out.ptr<uint8_t>(y);
        for (int x = 0; x < cmyk.cols; x++, in += 4, row += 3) {
            const int k = in[3];
            row[2] = (uint8_t)(k - ((255 - in[0]) * k >> 8));
            row[1] = (uint8_t)(k - ((255 - in[1]) * k >> 8));
            row[0] = (uint8_t)(k - ((255 - in[2]) * k >> 8));
        }
    }
    return out;
}

// MARK: PNG

struct PngFailure {
    char message[256] = {0};
};

struct PngReader {
    png_structp png = nullptr;
    png_infop info = nullptr;
    const uint8_t *bytes = nullptr;
    size_t length = 0;
    size_t offset = 0;
    PngFailure failure;

    PngReader() = default;
    PngReader(const PngReader &) = delete;
    ~PngReader() { if (png) png_destroy_read_struct(&png, &info, nullptr); }
};

void png_fail(png_structp png, png_const_charp message) {
    auto *failure = static_cast<PngFailure *>(png_get_error_ptr(png));
    std::snprintf(failure->message, sizeof(failure->message), "%s", message ? message : "PNG error");
    png_longjmp(png, 1);
}

void png_ignore(png_structp, png_const_charp) {}

void png_read_memory(png_structp png, png_bytep out, size_t count) {
    auto *reader = static_cast<PngReader *>(png_get_io_ptr(png));
    if (count > reader->length - reader->offset) png_error(png, "the PNG data ends early");
    std::memcpy(out, reader->bytes + reader->offset, count);
    reader->offset += count;
}

/// Reads the header and asks for 8-bit BGRA rows; `transparent` when the file has alpha.
bool png_begin(PngReader *reader, png_uint_32 *width, png_uint_32 *height, bool *transparent) {
    if (setjmp(png_jmpbuf(reader->png))) return false;
    png_set_read_fn(reader->png, reader, png_read_memory);
    png_read_info(reader->png, reader->info);
    const int type = png_get_color_type(reader->png, reader->info);
    *transparent = (type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) != 0;
    png_set_expand(reader->png);        // palette to colour, 1–4-bit gray to 8 bits, tRNS to alpha
    // 16 bits to 8 as OpenCV did: the high byte of opaque pixels, rounded where there is alpha.
    if (*transparent) png_set_scale_16(reader->png); else png_set_strip_16(reader->png);
    png_set_gray_to_rgb(reader->png);
    png_set_bgr(reader->png);
    if (!*transparent) png_set_filler(reader->png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(reader->png);
    png_read_update_info(reader->png, reader->info);
    *width = png_get_image_width(reader->png, reader->info);
    *height = png_get_image_height(reader->png, reader->info);
    if (png_get_rowbytes(reader->png, reader->info) != (size_t)*width * 4) png_error(reader->png, "unexpected PNG row layout");
    return true;
}

bool png_rows(PngReader *reader, png_bytepp rows) {
    if (setjmp(png_jmpbuf(reader->png))) return false;
    png_read_image(reader->png, rows);
    png_read_end(reader->png, nullptr);
    return true;
}

/// BGRA composited on white: transparent pixels often hold black, and a viewer shows white.
cv::Mat on_white(const cv::Mat &bgra) {
    cv::Mat out(bgra.rows, bgra.cols, CV_8UC3);
    for (int y = 0; y < bgra.rows; y++) {
        const cv::Vec4b *in = bgra.ptr<cv::Vec4b>(y);
        cv::Vec3b *row = out.ptr<cv::Vec3b>(y);
        for (int x = 0; x < bgra.cols; x++) {
            const int alpha = in[x][3];
            for (int c = 0; c < 3; c++) row[x][c] = (uint8_t)((in[x][c] * alpha + 255 * (255 - alpha) + 127) / 255);
        }
    }
    return out;
}

/// A growing malloc'd buffer for both encoders (their callbacks must not throw); freed unless
/// `release`d to the caller.
struct Output {
    uint8_t *data = nullptr;
    size_t length = 0;
    size_t capacity = 0;

    Output() = default;
    Output(const Output &) = delete;
    ~Output() { std::free(data); }

    uint8_t *release() {
        uint8_t *taken = data;
        data = nullptr;
        return taken;
    }

    bool reserve(size_t more) {
        if (more <= capacity - length) return true;
        size_t grown = std::max(capacity * 2, length + more + 4096);
        auto *moved = static_cast<uint8_t *>(std::realloc(data, grown));
        if (!moved) return false;
        data = moved;
        capacity = grown;
        return true;
    }
};

void png_write_memory(png_structp png, png_bytep bytes, size_t count) {
    auto *out = static_cast<Output *>(png_get_io_ptr(png));
    if (!out->reserve(count)) png_error(png, "out of memory");
    std::memcpy(out->data + out->length, bytes, count);
    out->length += count;
}

void png_flush_memory(png_structp) {}

bool png_write(png_structp png, png_infop info, const cv::Mat &mat, Output *out, png_bytepp rows) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_write_fn(png, out, png_write_memory, png_flush_memory);
    const int channels = mat.channels();
    const int type = channels == 1 ? PNG_COLOR_TYPE_GRAY : channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, (png_uint_32)mat.cols, (png_uint_32)mat.rows, 8, type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 3);
    png_write_info(png, info);
    if (channels > 1) png_set_bgr(png);
    png_write_image(png, rows);
    png_write_end(png, info);
    return true;
}

/// libjpeg writes into an `Output` in blocks of this size.
constexpr size_t jpeg_block = 64 * 1024;

struct JpegDestination {
    jpeg_destination_mgr manager;
    Output *out;
};

void jpeg_destination_start(j_compress_ptr info) {
    auto *destination = reinterpret_cast<JpegDestination *>(info->dest);
    if (!destination->out->reserve(jpeg_block)) ERREXIT1(info, JERR_OUT_OF_MEMORY, 10);
    destination->manager.next_output_byte = destination->out->data + destination->out->length;
    destination->manager.free_in_buffer = jpeg_block;
}

boolean jpeg_destination_full(j_compress_ptr info) {
    auto *destination = reinterpret_cast<JpegDestination *>(info->dest);
    destination->out->length += jpeg_block;  // the whole block was filled
    jpeg_destination_start(info);
    return TRUE;
}

void jpeg_destination_end(j_compress_ptr info) {
    auto *destination = reinterpret_cast<JpegDestination *>(info->dest);
    destination->out->length += jpeg_block - destination->manager.free_in_buffer;
}

bool jpeg_write(jpeg_compress_struct *info, JpegFailure *failure, JpegDestination *destination, const cv::Mat &mat, int quality) {
    if (setjmp(failure->jump)) return false;
    jpeg_create_compress(info);
    destination->manager.init_destination = jpeg_destination_start;
    destination->manager.empty_output_buffer = jpeg_destination_full;
    destination->manager.term_destination = jpeg_destination_end;
    info->dest = &destination->manager;
    info->image_width = (JDIMENSION)mat.cols;
    info->image_height = (JDIMENSION)mat.rows;
    info->input_components = mat.channels();
    info->in_color_space = mat.channels() == 1 ? JCS_GRAYSCALE : mat.channels() == 3 ? JCS_EXT_BGR : JCS_EXT_BGRX;
    jpeg_set_defaults(info);
    jpeg_set_quality(info, quality, TRUE);
    jpeg_start_compress(info, TRUE);
    while (info->next_scanline < info->image_height) {
        JSAMPROW row = const_cast<uint8_t *>(mat.ptr<uint8_t>((int)info->next_scanline));
        jpeg_write_scanlines(info, &row, 1);
    }
    jpeg_finish_compress(info);
    return true;
}

}  // namespace

cv::Mat decode_jpeg(const uint8_t *bytes, size_t length, int reduction, std::string &problem) {
    JpegReader reader;  // destroys the decompressor however this returns
    cv::Mat mat;
    if (jpeg_begin(&reader, bytes, length, reduction)) {
        mat.create((int)reader.info.output_height, (int)reader.info.output_width, reader.info.out_color_space == JCS_CMYK ? CV_8UC4 : CV_8UC3);
        if (!jpeg_rows(&reader, mat.data, mat.step[0])) mat.release();
    }
    if (mat.empty()) {
        problem = reader.too_large ? "the image is too large" : reader.failure.message[0] ? reader.failure.message : "the JPEG data cannot be read";
        return mat;
    }
    if (mat.channels() == 4) mat = bgr_of_cmyk(mat);
    return upright(mat, reader.orientation);
}

cv::Mat decode_png(const uint8_t *bytes, size_t length, std::string &problem) {
    PngReader reader;
    reader.bytes = bytes;
    reader.length = length;
    reader.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader.failure, png_fail, png_ignore);
    if (!reader.png) throw std::bad_alloc();
    reader.info = png_create_info_struct(reader.png);
    if (!reader.info) throw std::bad_alloc();
    // libpng's own ceiling on a header's claims, below which ours is checked.
    png_set_user_limits(reader.png, (png_uint_32)max_side, (png_uint_32)max_side);
    cv::Mat bgra;
    png_uint_32 width = 0, height = 0;
    bool transparent = false;
    if (png_begin(&reader, &width, &height, &transparent)) {
        if (!plausible_size(width, height)) {
            problem = "the image is too large";
        } else {
            bgra.create((int)height, (int)width, CV_8UC4);
            std::vector<png_bytep> rows((size_t)height);
            for (png_uint_32 y = 0; y < height; y++) rows[y] = bgra.ptr<uint8_t>((int)y);
            if (!png_rows(&reader, rows.data())) bgra.release();
        }
    }
    if (bgra.empty()) {
        if (problem.empty()) problem = reader.failure.message[0] ? reader.failure.message : "the PNG data cannot be read";
        return bgra;
    }
    return transparent ? on_white(bgra) : bgr_of(bgra);
}

bool encode_png(const cv::Mat &image, uint8_t **bytes, size_t *length) {
    cv::Mat mat = image;
    if (mat.depth() != CV_8U) image.convertTo(mat, CV_8U);
    struct Writer {
        PngFailure failure;
        png_structp png = nullptr;
        png_infop info = nullptr;
        ~Writer() { if (png) png_destroy_write_struct(&png, &info); }
    } writer;
    writer.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer.failure, png_fail, png_ignore);
    if (!writer.png) throw std::bad_alloc();
    writer.info = png_create_info_struct(writer.png);
    if (!writer.info) throw std::bad_alloc();
    std::vector<png_bytep> rows((size_t)mat.rows);
    for (int y = 0; y < mat.rows; y++) rows[(size_t)y] = const_cast<uint8_t *>(mat.ptr<uint8_t>(y));
    Output out;
    if (!png_write(writer.png, writer.info, mat, &out, rows.data())) return false;
    *length = out.length;
    *bytes = out.release();
    return true;
}

bool encode_jpeg(const cv::Mat &image, int quality, uint8_t **bytes, size_t *length) {
    cv::Mat mat = image;
    if (mat.depth() != CV_8U) image.convertTo(mat, CV_8U);
    struct Writer {
        jpeg_compress_struct info{};  // zeroed: destroying it is safe whatever failed
        JpegFailure failure;
        ~Writer() { jpeg_destroy_compress(&info); }
    } writer;
    writer.info.err = jpeg_std_error(&writer.failure.manager);
    writer.failure.manager.error_exit = jpeg_fail;
    writer.failure.manager.emit_message = jpeg_ignore;
    Output out;
    JpegDestination destination;
    destination.out = &out;
    if (!jpeg_write(&writer.info, &writer.failure, &destination, mat, std::max(1, std::min(100, quality)))) return false;
    *length = out.length;
    *bytes = out.release();
    return true;
}

}  // namespace cvision
