// Aligning a photographed form page to its template page: features, matches, a robust homography.
#include "cvision_internal.hpp"

#include <opencv2/calib3d.hpp>
#include <opencv2/features2d.hpp>

#include <vector>

using namespace cvision;

namespace {

// Both pages at most this wide for feature finding: enough detail for printed form lines and
// text, and the work stays bounded whatever the photo's resolution.
constexpr int kAlignSide = 1200;

cv::Mat for_features(const cv::Mat &mat, double &scale) {
    cv::Mat gray = gray_of(mat);
    int side = std::max(gray.cols, gray.rows);
    scale = side > kAlignSide ? (double)kAlignSide / side : 1.0;
    if (scale < 1.0) {
        cv::Mat small;
        cv::resize(gray, small, scaled_size(gray, scale), 0, 0, cv::INTER_AREA);
        return small;
    }
    return gray;
}

}  // namespace

int cvision_align(const cvision_image *reference, const cvision_image *image, double homography[9], int *inliers, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!reference || !image || !homography || reference->mat.empty() || image->mat.empty()) {
            set_error(error, CVISION_ERR_ARGUMENT, "missing image");
            return -1;
        }
        if (inliers) *inliers = 0;
        double reference_scale = 1, image_scale = 1;
        cv::Mat a = for_features(reference->mat, reference_scale), b = for_features(image->mat, image_scale);
        auto orb = cv::ORB::create(4000, 1.2f, 8, 31, 0, 2, cv::ORB::HARRIS_SCORE, 31, 10);
        std::vector<cv::KeyPoint> points_a, points_b;
        cv::Mat descriptors_a, descriptors_b;
        orb->detectAndCompute(a, cv::noArray(), points_a, descriptors_a);
        orb->detectAndCompute(b, cv::noArray(), points_b, descriptors_b);
        if (descriptors_a.empty() || descriptors_b.empty() || points_a.size() < 8 || points_b.size() < 8) return 0;
        cv::BFMatcher matcher(cv::NORM_HAMMING);
        std::vector<std::vector<cv::DMatch>> knn;
        matcher.knnMatch(descriptors_b, descriptors_a, knn, 2);
        std::vector<cv::Point2f> from, to;
        for (const auto &pair : knn) {
            // Lowe's ratio test: a match clearly better than the second best.
            if (pair.size() == 2 && pair[0].distance < 0.8f * pair[1].distance) {
                from.push_back(points_b[pair[0].queryIdx].pt * (float)(1.0 / image_scale));
                to.push_back(points_a[pair[0].trainIdx].pt * (float)(1.0 / reference_scale));
            }
        }
        if (from.size() < 12) return 0;
        std::vector<unsigned char> mask;
        double threshold = 3.0 / std::min(reference_scale, image_scale);
        cv::Mat fit = cv::findHomography(from, to, cv::RANSAC, threshold, mask, 4000, 0.999);
        if (fit.empty()) return 0;
        int agreeing = 0;
        for (unsigned char keep : mask) agreeing += keep ? 1 : 0;
        if (inliers) *inliers = agreeing;
        if (agreeing < 12) return 0;
        for (int i = 0; i < 9; i++) homography[i] = fit.at<double>(i / 3, i % 3);
        return 1;
    });
}

int cvision_match_references(const cvision_image *image, const cvision_image *const *references, int count, int *inliers, int *distinct, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!image || image->mat.empty() || count < 0 || count > 1000 || (count > 0 && (!references || !inliers || !distinct))) {
            set_error(error, CVISION_ERR_ARGUMENT, "missing image or references");
            return -1;
        }
        auto orb = cv::ORB::create(4000, 1.2f, 8, 31, 0, 2, cv::ORB::HARRIS_SCORE, 31, 10);
        double image_scale = 1;
        cv::Mat b = for_features(image->mat, image_scale);
        std::vector<cv::KeyPoint> points_b;
        cv::Mat descriptors_b;
        orb->detectAndCompute(b, cv::noArray(), points_b, descriptors_b);
        // Per reference: which of the image's features its homography agrees with.
        std::vector<std::vector<char>> agrees(count, std::vector<char>(points_b.size(), 0));
        for (int r = 0; r < count; r++) {
            inliers[r] = 0;
            distinct[r] = 0;
            if (!references[r] || references[r]->mat.empty()) {
                set_error(error, CVISION_ERR_ARGUMENT, "missing reference");
                return -1;
            }
            double reference_scale = 1;
            cv::Mat a = for_features(references[r]->mat, reference_scale);
            std::vector<cv::KeyPoint> points_a;
            cv::Mat descriptors_a;
            orb->detectAndCompute(a, cv::noArray(), points_a, descriptors_a);
            if (descriptors_a.empty() || descriptors_b.empty() || points_a.size() < 8 || points_b.size() < 8) continue;
            cv::BFMatcher matcher(cv::NORM_HAMMING);
            std::vector<std::vector<cv::DMatch>> knn;
            matcher.knnMatch(descriptors_b, descriptors_a, knn, 2);
            std::vector<cv::Point2f> from, to;
            std::vector<int> which;
            for (const auto &pair : knn) {
                if (pair.size() == 2 && pair[0].distance < 0.8f * pair[1].distance) {
                    from.push_back(points_b[pair[0].queryIdx].pt * (float)(1.0 / image_scale));
                    to.push_back(points_a[pair[0].trainIdx].pt * (float)(1.0 / reference_scale));
                    which.push_back(pair[0].queryIdx);
                }
            }
            if (from.size() < 12) continue;
            std::vector<unsigned char> mask;
            cv::Mat fit = cv::findHomography(from, to, cv::RANSAC, 3.0 / std::min(reference_scale, image_scale), mask, 4000, 0.999);
            if (fit.empty()) continue;
            for (size_t i = 0; i < mask.size(); i++) {
                if (mask[i]) {
                    agrees[r][which[i]] = 1;
                    inliers[r]++;
                }
            }
        }
        for (int r = 0; r < count; r++) {
            int strongest = -1;
            for (int other = 0; other < count; other++) {
                if (other != r && (strongest < 0 || inliers[other] > inliers[strongest])) strongest = other;
            }
            for (size_t i = 0; i < points_b.size(); i++) {
                if (agrees[r][i] && (strongest < 0 || !agrees[strongest][i])) distinct[r]++;
            }
        }
        return 0;
    });
}

cvision_image *cvision_warp_homography(const cvision_image *image, const double homography[9], int width, int height, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        if (!image || !homography || width <= 0 || height <= 0 || width > 20000 || height > 20000) {
            set_error(error, CVISION_ERR_ARGUMENT, "invalid output size");
            return nullptr;
        }
        cv::Mat matrix(3, 3, CV_64F);
        for (int i = 0; i < 9; i++) {
            if (!std::isfinite(homography[i])) {
                set_error(error, CVISION_ERR_ARGUMENT, "the homography is not finite");
                return nullptr;
            }
            matrix.at<double>(i / 3, i % 3) = homography[i];
        }
        cv::Mat warped;
        cv::warpPerspective(image->mat, warped, matrix, cv::Size(width, height), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar::all(255));
        return wrap(warped);
    });
}

int cvision_locate(const cvision_image *haystack, const cvision_image *needle, int *x, int *y, double *score, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!haystack || !needle || !x || !y || !score || haystack->mat.empty() || needle->mat.empty()
            || needle->mat.cols > haystack->mat.cols || needle->mat.rows > haystack->mat.rows) {
            set_error(error, CVISION_ERR_ARGUMENT, "the needle must fit inside the haystack");
            return -1;
        }
        cv::Mat result;
        cv::matchTemplate(gray_of(haystack->mat), gray_of(needle->mat), result, cv::TM_CCOEFF_NORMED);
        double best = 0;
        cv::Point location;
        cv::minMaxLoc(result, nullptr, &best, nullptr, &location);
        *x = location.x;
        *y = location.y;
        *score = std::isfinite(best) ? best : -1;
        return 0;
    });
}
