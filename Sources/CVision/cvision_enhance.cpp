// Enhancement for OCR and HSV histogram comparison.
#include "cvision_internal.hpp"


#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace cvision;

extern "C" {

cvision_image *cvision_enhance(const cvision_image *image, cvision_enhance_mode mode, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        cv::Mat gray = gray_of(image->mat);
        if (mode == CVISION_ENHANCE_DIGITS) {
            cv::Mat equalized, binary;
            cv::createCLAHE(2.0, cv::Size(4, 4))->apply(gray, equalized);
            cv::threshold(equalized, binary, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
            return wrap(binary);
        }
        // Illumination flattening: estimate the paper's brightness with a large closing (removes
        // the ink), then divide, so shadows and gradients become an even white background.
        int kernel = std::max(15, (std::min(gray.cols, gray.rows) / 30) | 1);
        cv::Mat background, flat;
        cv::Mat shrunk;
        double shrink = 0.25;
        cv::resize(gray, shrunk, scaled_size(gray, shrink), 0, 0, cv::INTER_AREA);
        int small_kernel = std::max(5, (int)(kernel * shrink) | 1);
        cv::morphologyEx(shrunk, shrunk, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(small_kernel, small_kernel)));
        cv::GaussianBlur(shrunk, shrunk, cv::Size(small_kernel, small_kernel), 0);
        cv::resize(shrunk, background, gray.size(), 0, 0, cv::INTER_LINEAR);
        cv::divide(gray, background, flat, 255.0);
        if (mode == CVISION_ENHANCE_RECEIPT) {
            cv::Mat binary;
            cv::adaptiveThreshold(flat, binary, 255, cv::ADAPTIVE_THRESH_GAUSSIAN_C, cv::THRESH_BINARY, 31, 12);
            return wrap(binary);
        }
        cv::Mat stretched;
        cv::normalize(flat, stretched, 0, 255, cv::NORM_MINMAX);
        return wrap(stretched);
    });
}

int cvision_compare_histograms(const cvision_image *a, const cvision_image *b, int hue_bins, int saturation_bins, double scores[4], cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (hue_bins <= 0 || saturation_bins <= 0) {
            set_error(error, CVISION_ERR_ARGUMENT, "invalid bin counts");
            return -1;
        }
        auto histogram = [&](const cv::Mat &mat) {
            cv::Mat hsv, hist;
            cv::cvtColor(bgr_of(mat), hsv, cv::COLOR_BGR2HSV);
            int channels[] = {0, 1};
            int sizes[] = {hue_bins, saturation_bins};
            float hue_range[] = {0, 180}, saturation_range[] = {0, 256};
            const float *ranges[] = {hue_range, saturation_range};
            cv::calcHist(&hsv, 1, channels, cv::Mat(), hist, 2, sizes, ranges, true, false);
            // Spread each bin over its neighbours: a slightly different light moves a flat colour
            // into the next bin, which should cost little, not everything.
            cv::GaussianBlur(hist, hist, cv::Size(5, 5), 0);
            cv::normalize(hist, hist, 0, 1, cv::NORM_MINMAX);
            return hist;
        };
        cv::Mat first = histogram(a->mat), second = histogram(b->mat);
        scores[0] = cv::compareHist(first, second, cv::HISTCMP_CORREL);
        scores[1] = cv::compareHist(first, second, cv::HISTCMP_CHISQR);
        scores[2] = cv::compareHist(first, second, cv::HISTCMP_INTERSECT);
        scores[3] = cv::compareHist(first, second, cv::HISTCMP_BHATTACHARYYA);
        return 0;
    });
}

}  // extern "C"
