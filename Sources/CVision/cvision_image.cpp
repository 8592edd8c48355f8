// Decoding, encoding and plain image operations.
#include "cvision_internal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace cvision;

namespace {

/// `mat` reduced by a whole factor: what libjpeg does while decoding, done after decoding a PNG.
cv::Mat reduced(const cv::Mat &mat, int reduction) {
    if (reduction == 1) return mat;
    cv::Mat out;
    cv::resize(mat, out, cv::Size(std::max(1, (mat.cols + reduction - 1) / reduction), std::max(1, (mat.rows + reduction - 1) / reduction)), 0, 0, cv::INTER_AREA);
    return out;
}

}  // namespace

extern "C" {

cvision_image *cvision_decode(const uint8_t *bytes, size_t length, cvision_error *error) {
    return cvision_decode_reduced(bytes, length, 1, error);
}

cvision_image *cvision_decode_reduced(const uint8_t *bytes, size_t length, int reduction, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        if (!bytes || length == 0) {
            set_error(error, CVISION_ERR_ARGUMENT, "empty image data");
            return nullptr;
        }
        if (reduction != 1 && reduction != 2 && reduction != 4 && reduction != 8) {
            set_error(error, CVISION_ERR_ARGUMENT, "the reduction must be 1, 2, 4 or 8");
            return nullptr;
        }
        static const uint8_t jpeg[] = {0xFF, 0xD8, 0xFF};
        static const uint8_t png[] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
        std::string problem;
        cv::Mat mat;
        if (length >= sizeof(jpeg) && std::memcmp(bytes, jpeg, sizeof(jpeg)) == 0) {
            mat = decode_jpeg(bytes, length, reduction, problem);
        } else if (length >= sizeof(png) && std::memcmp(bytes, png, sizeof(png)) == 0) {
            mat = decode_png(bytes, length, problem);
            if (!mat.empty()) mat = reduced(mat, reduction);
        } else {
            problem = "not a JPEG or PNG image";
        }
        if (mat.empty()) {
            set_error(error, CVISION_ERR_DECODE, ("the data is not a decodable image: " + problem).c_str());
            return nullptr;
        }
        return wrap(mat);
    });
}

cvision_image *cvision_from_pixels(const uint8_t *data, int width, int height, int channels, int stride, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        if (!data || width <= 0 || height <= 0 || (channels != 1 && channels != 3) || stride < width * channels) {
            set_error(error, CVISION_ERR_ARGUMENT, "invalid pixel buffer");
            return nullptr;
        }
        cv::Mat view(height, width, channels == 1 ? CV_8UC1 : CV_8UC3, const_cast<uint8_t *>(data), stride);
        return wrap(view.clone());
    });
}

int cvision_encode(const cvision_image *image, const char *extension, int quality, uint8_t **bytes, size_t *length, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!image || !extension || !bytes || !length) {
            set_error(error, CVISION_ERR_ARGUMENT, "missing argument");
            return -1;
        }
        const bool isJPEG = std::strcmp(extension, ".jpg") == 0, isPNG = std::strcmp(extension, ".png") == 0;
        if (!isJPEG && !isPNG) {
            set_error(error, CVISION_ERR_ARGUMENT, "cannot encode in this format (.jpg or .png)");
            return -1;
        }
        if (image->mat.empty() || (image->mat.channels() != 1 && image->mat.channels() != 3 && image->mat.channels() != 4)) {
            set_error(error, CVISION_ERR_ARGUMENT, "cannot encode an empty image or one of this many channels");
            return -1;
        }
        if (!(isJPEG ? encode_jpeg(image->mat, quality, bytes, length) : encode_png(image->mat, bytes, length))) {
            set_error(error, CVISION_ERR_UNKNOWN, "the image could not be encoded");
            return -1;
        }
        return 0;
    });
}

void cvision_buffer_free(uint8_t *bytes) { std::free(bytes); }

void cvision_image_free(cvision_image *image) { delete image; }

cvision_pixels cvision_image_pixels(const cvision_image *image) {
    cvision_pixels pixels = {0, 0, 0, 0, nullptr};
    if (!image) return pixels;
    pixels.width = image->mat.cols;
    pixels.height = image->mat.rows;
    pixels.channels = image->mat.channels();
    pixels.stride = (int)image->mat.step[0];
    pixels.data = image->mat.data;
    return pixels;
}

cvision_image *cvision_resize_to_fit(const cvision_image *image, int max_side, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        if (!image || max_side <= 0) {
            set_error(error, CVISION_ERR_ARGUMENT, "invalid size");
            return nullptr;
        }
        int longest = std::max(image->mat.cols, image->mat.rows);
        if (longest <= max_side) return wrap(image->mat.clone());
        double scale = (double)max_side / longest;
        cv::Mat resized;
        cv::resize(image->mat, resized, scaled_size(image->mat, scale), 0, 0, cv::INTER_AREA);
        return wrap(resized);
    });
}

cvision_image *cvision_resize(const cvision_image *image, int width, int height, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        if (!image || width <= 0 || height <= 0) {
            set_error(error, CVISION_ERR_ARGUMENT, "invalid size");
            return nullptr;
        }
        cv::Mat resized;
        bool shrinking = (long long)width * height < (long long)image->mat.cols * image->mat.rows;
        cv::resize(image->mat, resized, cv::Size(width, height), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_CUBIC);
        return wrap(resized);
    });
}

cvision_image *cvision_grayscale(const cvision_image *image, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        return wrap(gray_of(image->mat).clone());
    });
}

cvision_image *cvision_crop(const cvision_image *image, int x, int y, int width, int height, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        cv::Rect rect(x, y, width, height);
        cv::Rect bounds(0, 0, image->mat.cols, image->mat.rows);
        if (width <= 0 || height <= 0 || (rect & bounds) != rect) {
            set_error(error, CVISION_ERR_ARGUMENT, "the rectangle lies outside the image");
            return nullptr;
        }
        return wrap(image->mat(rect).clone());
    });
}

cvision_image *cvision_rotate(const cvision_image *image, double degrees, int border, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        const cv::Mat &mat = image->mat;
        double normalized = std::fmod(std::fmod(degrees, 360.0) + 360.0, 360.0);
        cv::Mat rotated;
        if (normalized == 0) return wrap(mat.clone());
        if (normalized == 90) { cv::rotate(mat, rotated, cv::ROTATE_90_COUNTERCLOCKWISE); return wrap(rotated); }
        if (normalized == 180) { cv::rotate(mat, rotated, cv::ROTATE_180); return wrap(rotated); }
        if (normalized == 270) { cv::rotate(mat, rotated, cv::ROTATE_90_CLOCKWISE); return wrap(rotated); }
        cv::Point2f centre(mat.cols / 2.0f, mat.rows / 2.0f);
        cv::Mat matrix = cv::getRotationMatrix2D(centre, degrees, 1.0);
        cv::Rect2f box = cv::RotatedRect(cv::Point2f(), mat.size(), (float)degrees).boundingRect2f();
        matrix.at<double>(0, 2) += box.width / 2.0 - mat.cols / 2.0;
        matrix.at<double>(1, 2) += box.height / 2.0 - mat.rows / 2.0;
        cv::warpAffine(mat, rotated, matrix, box.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar::all(border));
        return wrap(rotated);
    });
}

}  // extern "C"
