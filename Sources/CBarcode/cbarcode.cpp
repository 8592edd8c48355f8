#define ZX_USE_UTF8 1
#include "cbarcode.h"

#include <ZXing/BitMatrix.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace {

int symbology(ZXing::BarcodeFormat format) {
    switch (format) {
    case ZXing::BarcodeFormat::QRCode: return CB_QR_CODE;
    case ZXing::BarcodeFormat::EAN13: return CB_EAN_13;
    case ZXing::BarcodeFormat::EAN8: return CB_EAN_8;
    case ZXing::BarcodeFormat::UPCA: return CB_UPC_A;
    case ZXing::BarcodeFormat::UPCE: return CB_UPC_E;
    default: return CB_OTHER;
    }
}

void fail(char *error, int error_length, const char *message) {
    if (error && error_length > 0) {
        std::strncpy(error, message, static_cast<size_t>(error_length) - 1);
        error[error_length - 1] = '\0';
    }
}

}  // namespace

extern "C" int cb_read(const unsigned char *gray, int width, int height, int stride, cb_code **codes, char *error, int error_length) {
    if (!gray || !codes || width <= 0 || height <= 0 || stride < width) {
        fail(error, error_length, "invalid image");
        return -1;
    }
    *codes = nullptr;
    try {
        ZXing::ImageView image(gray, width, height, ZXing::ImageFormat::Lum, stride);
        ZXing::DecodeHints hints;
        hints.setFormats(ZXing::BarcodeFormat::QRCode | ZXing::BarcodeFormat::EAN13 | ZXing::BarcodeFormat::EAN8 |
                         ZXing::BarcodeFormat::UPCA | ZXing::BarcodeFormat::UPCE);
        hints.setTryHarder(true);
        hints.setTryRotate(true);
        hints.setTryDownscale(true);
        auto results = ZXing::ReadBarcodes(image, hints);
        int count = 0;
        for (const auto &result : results) {
            if (result.isValid()) count++;
        }
        if (count == 0) return 0;
        auto *out = static_cast<cb_code *>(std::calloc(static_cast<size_t>(count), sizeof(cb_code)));
        if (!out) {
            fail(error, error_length, "out of memory");
            return -1;
        }
        int index = 0;
        for (const auto &result : results) {
            if (!result.isValid()) continue;
            const std::string text = result.text();
            cb_code &code = out[index];
            code.symbology = symbology(result.format());
            code.length = static_cast<int>(text.size());
            code.text = static_cast<char *>(std::malloc(text.size() + 1));
            if (!code.text) {
                cb_free(out, index);
                fail(error, error_length, "out of memory");
                return -1;
            }
            std::memcpy(code.text, text.data(), text.size());
            code.text[text.size()] = '\0';
            const auto position = result.position();
            for (int corner = 0; corner < 4; corner++) {
                code.corners[corner * 2] = position[corner].x;
                code.corners[corner * 2 + 1] = position[corner].y;
            }
            index++;
        }
        *codes = out;
        return count;
    } catch (const std::exception &exception) {
        fail(error, error_length, exception.what());
        return -1;
    } catch (...) {
        fail(error, error_length, "unknown error in ZXing");
        return -1;
    }
}

extern "C" void cb_free(cb_code *codes, int count) {
    if (!codes) return;
    for (int index = 0; index < count; index++) std::free(codes[index].text);
    std::free(codes);
}

extern "C" int cb_encode_qr(const char *text, unsigned char **modules, char *error, int error_length) {
    if (!text || !modules) {
        fail(error, error_length, "invalid arguments");
        return -1;
    }
    *modules = nullptr;
    try {
        // Width and height 0: one pixel per module, the smallest symbol that holds the text.
        auto writer = ZXing::MultiFormatWriter(ZXing::BarcodeFormat::QRCode).setMargin(0).setEccLevel(4).setEncoding(ZXing::CharacterSet::UTF8);
        ZXing::BitMatrix matrix = writer.encode(std::string(text), 0, 0);
        int side = matrix.width();
        if (side <= 0 || matrix.height() != side) {
            fail(error, error_length, "the encoder returned no square symbol");
            return -1;
        }
        auto *out = static_cast<unsigned char *>(std::malloc(static_cast<size_t>(side) * side));
        if (!out) {
            fail(error, error_length, "out of memory");
            return -1;
        }
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++) out[y * side + x] = matrix.get(x, y) ? 1 : 0;
        *modules = out;
        return side;
    } catch (const std::exception &exception) {
        fail(error, error_length, exception.what());
        return -1;
    } catch (...) {
        fail(error, error_length, "unknown error in ZXing");
        return -1;
    }
}

extern "C" void cb_free_modules(unsigned char *modules) { std::free(modules); }
