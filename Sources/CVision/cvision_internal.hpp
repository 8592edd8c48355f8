// Internal helpers shared by the shim's source files (never part of the C interface).
#ifndef CVISION_INTERNAL_HPP
#define CVISION_INTERNAL_HPP

#include "include/cvision.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <new>
#include <string>

struct cvision_image {
    cv::Mat mat;
};

namespace cvision {

inline void set_error(cvision_error *error, int code, const char *message) {
    if (!error) return;
    error->code = code;
    std::snprintf(error->message, sizeof(error->message), "%s", message);
}

// Runs `body`, turning every C++ exception into an error code: nothing may unwind into Swift.
template <typename Result, typename Body>
Result guarded(cvision_error *error, Result failure, Body body) {
    if (error) { error->code = CVISION_OK; error->message[0] = 0; }
    try {
        return body();
    } catch (const cv::Exception &exception) {
        set_error(error, CVISION_ERR_OPENCV, exception.what());
    } catch (const std::bad_alloc &) {
        set_error(error, CVISION_ERR_MEMORY, "out of memory");
    } catch (const std::exception &exception) {
        set_error(error, CVISION_ERR_UNKNOWN, exception.what());
    } catch (...) {
        set_error(error, CVISION_ERR_UNKNOWN, "unknown C++ exception");
    }
    return failure;
}

inline cvision_image *wrap(cv::Mat mat) {
    auto *image = new cvision_image();
    image->mat = std::move(mat);
    return image;
}

// `mat` scaled by `scale`, at least one pixel each way: OpenCV refuses an empty target size, and
// a tiny or very narrow photo scaled down would otherwise round to zero.
inline cv::Size scaled_size(const cv::Mat &mat, double scale) {
    return cv::Size(std::max(1, (int)std::lround(mat.cols * scale)), std::max(1, (int)std::lround(mat.rows * scale)));
}

inline cv::Mat gray_of(const cv::Mat &mat) {
    if (mat.channels() == 1) return mat;
    cv::Mat gray;
    cv::cvtColor(mat, gray, mat.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
    return gray;
}

inline cv::Mat bgr_of(const cv::Mat &mat) {
    if (mat.channels() == 3) return mat;
    cv::Mat bgr;
    cv::cvtColor(mat, bgr, mat.channels() == 4 ? cv::COLOR_BGRA2BGR : cv::COLOR_GRAY2BGR);
    return bgr;
}

// JPEG and PNG (cvision_codec.cpp). A decode gives 8-bit BGR, upright by its EXIF orientation
// (JPEG), transparency put on white (PNG); an empty matrix and `problem` when it fails.
cv::Mat decode_jpeg(const uint8_t *bytes, size_t length, int reduction, std::string &problem);
cv::Mat decode_png(const uint8_t *bytes, size_t length, std::string &problem);
// 8-bit gray, BGR or BGRA into a malloc'd buffer; false when the library failed.
bool encode_jpeg(const cv::Mat &image, int quality, uint8_t **bytes, size_t *length);
bool encode_png(const cv::Mat &image, uint8_t **bytes, size_t *length);

}  // namespace cvision

#endif
