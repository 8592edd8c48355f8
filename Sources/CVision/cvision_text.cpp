// Text detection and recognition inputs for PP-OCR's models: the detector's input tensor, DB
// post-processing of its probability map into text boxes, and each box cut out straight as the
// recognizer's input. Follows PaddleOCR's DBPostProcess and RapidOCR's pre-processing; the box
// growth ("unclip") is its closed form for a rectangle (grown by d on every side), within 2 px of
// the polygon offset PaddleOCR uses.
#include "cvision_internal.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace cvision;

namespace {

/// (pixel / 255 − 0.5) / 0.5 of a BGR image into planes B, G, R of `out` (row stride `width`).
void normalized_planes(const cv::Mat &bgr, int width, float *out) {
    const size_t plane = (size_t)bgr.rows * width;
    for (int y = 0; y < bgr.rows; y++) {
        const cv::Vec3b *row = bgr.ptr<cv::Vec3b>(y);
        for (int x = 0; x < bgr.cols; x++) {
            for (int c = 0; c < 3; c++) out[c * plane + (size_t)y * width + x] = row[x][c] / 127.5f - 1.0f;
        }
    }
}

/// Corners of a rotated rectangle as tl, tr, br, bl (PaddleOCR's get_mini_boxes order).
void ordered_corners(const cv::RotatedRect &rect, cv::Point2f out[4]) {
    cv::Point2f points[4];
    rect.points(points);
    std::vector<cv::Point2f> sorted(points, points + 4);
    std::stable_sort(sorted.begin(), sorted.end(), [](const cv::Point2f &a, const cv::Point2f &b) { return a.x < b.x; });
    const cv::Point2f tl = sorted[1].y > sorted[0].y ? sorted[0] : sorted[1];
    const cv::Point2f bl = sorted[1].y > sorted[0].y ? sorted[1] : sorted[0];
    const cv::Point2f tr = sorted[3].y > sorted[2].y ? sorted[2] : sorted[3];
    const cv::Point2f br = sorted[3].y > sorted[2].y ? sorted[3] : sorted[2];
    out[0] = tl; out[1] = tr; out[2] = br; out[3] = bl;
}

/// Mean probability inside the box (PaddleOCR's "fast" score).
double box_score(const cv::Mat &probabilities, const cv::Point2f box[4]) {
    float minX = box[0].x, maxX = box[0].x, minY = box[0].y, maxY = box[0].y;
    for (int i = 1; i < 4; i++) {
        minX = std::min(minX, box[i].x); maxX = std::max(maxX, box[i].x);
        minY = std::min(minY, box[i].y); maxY = std::max(maxY, box[i].y);
    }
    const int xmin = std::clamp((int)std::floor(minX), 0, probabilities.cols - 1);
    const int xmax = std::clamp((int)std::ceil(maxX), 0, probabilities.cols - 1);
    const int ymin = std::clamp((int)std::floor(minY), 0, probabilities.rows - 1);
    const int ymax = std::clamp((int)std::ceil(maxY), 0, probabilities.rows - 1);
    cv::Mat mask = cv::Mat::zeros(ymax - ymin + 1, xmax - xmin + 1, CV_8UC1);
    std::vector<cv::Point> polygon;
    for (int i = 0; i < 4; i++) polygon.emplace_back((int)(box[i].x - xmin), (int)(box[i].y - ymin));
    cv::fillPoly(mask, std::vector<std::vector<cv::Point>>{polygon}, cv::Scalar(1));
    return cv::mean(probabilities(cv::Rect(xmin, ymin, xmax - xmin + 1, ymax - ymin + 1)), mask)[0];
}

/// Corners tl, tr, br, bl after sorting by x, then by y within the left and the right pair.
void clockwise(cv::Point2f box[4]) {
    std::vector<cv::Point2f> sorted(box, box + 4);
    std::stable_sort(sorted.begin(), sorted.end(), [](const cv::Point2f &a, const cv::Point2f &b) { return a.x < b.x; });
    cv::Point2f left[2] = {sorted[0], sorted[1]}, right[2] = {sorted[2], sorted[3]};
    if (left[1].y < left[0].y) std::swap(left[0], left[1]);
    if (right[1].y < right[0].y) std::swap(right[0], right[1]);
    box[0] = left[0]; box[1] = right[0]; box[2] = right[1]; box[3] = left[1];
}

double distance(const cv::Point2f &a, const cv::Point2f &b) { return std::hypot(a.x - b.x, a.y - b.y); }

}  // namespace

extern "C" {

int cvision_text_detection_input(const cvision_image *image, int width, int height, float *out, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!image || !out || width < 1 || height < 1) {
            set_error(error, CVISION_ERR_ARGUMENT, "no image, or an empty size");
            return -1;
        }
        cv::Mat resized;
        cv::resize(bgr_of(image->mat), resized, cv::Size(width, height), 0, 0, cv::INTER_LINEAR);
        normalized_planes(resized, width, out);
        return 0;
    });
}

int cvision_text_boxes(const float *probabilities, int width, int height, double scale_x, double scale_y, int source_width, int source_height,
                       double threshold, double box_threshold, double unclip_ratio, cvision_text_box *boxes, int max_boxes, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!probabilities || !boxes || width < 1 || height < 1 || source_width < 1 || source_height < 1 || max_boxes < 0) {
            set_error(error, CVISION_ERR_ARGUMENT, "no probability map, or an empty size");
            return -1;
        }
        const cv::Mat map(height, width, CV_32FC1, const_cast<float *>(probabilities));
        cv::Mat bitmap = map > threshold;  // 0 or 255
        cv::dilate(bitmap, bitmap, cv::Mat::ones(2, 2, CV_8UC1));
        std::vector<std::vector<cv::Point>> contours;
        cv::findContours(bitmap, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
        const size_t candidates = std::min<size_t>(contours.size(), 1000);
        int count = 0;
        for (size_t index = 0; index < candidates && count < max_boxes; index++) {
            if (contours[index].size() < 3) continue;
            const cv::RotatedRect rect = cv::minAreaRect(contours[index]);
            if (std::min(rect.size.width, rect.size.height) < 3) continue;
            cv::Point2f box[4];
            ordered_corners(rect, box);
            const double score = box_score(map, box);
            if (score < box_threshold) continue;
            // Grown by d = area · ratio / perimeter on every side (text is thinner than its ink).
            const double area = (double)rect.size.width * rect.size.height;
            const double perimeter = 2.0 * ((double)rect.size.width + rect.size.height);
            if (perimeter <= 0) continue;
            const double grow = area * unclip_ratio / perimeter;
            std::vector<cv::Point2f> truncated;
            for (int i = 0; i < 4; i++) truncated.emplace_back(std::trunc(box[i].x), std::trunc(box[i].y));
            cv::RotatedRect grown = cv::minAreaRect(truncated);
            grown.size.width += (float)(2 * grow);
            grown.size.height += (float)(2 * grow);
            if (std::min(grown.size.width, grown.size.height) < 5) continue;
            ordered_corners(grown, box);
            for (int i = 0; i < 4; i++) {
                box[i].x = (float)(int)std::clamp(std::round(box[i].x * scale_x), 0.0, (double)source_width);
                box[i].y = (float)(int)std::clamp(std::round(box[i].y * scale_y), 0.0, (double)source_height);
            }
            clockwise(box);
            for (int i = 0; i < 4; i++) {
                box[i].x = std::floor(std::clamp(box[i].x, 0.0f, (float)(source_width - 1)));
                box[i].y = std::floor(std::clamp(box[i].y, 0.0f, (float)(source_height - 1)));
            }
            if ((int)distance(box[0], box[1]) <= 3 || (int)distance(box[0], box[3]) <= 3) continue;
            cvision_text_box &out = boxes[count++];
            for (int i = 0; i < 4; i++) { out.x[i] = box[i].x; out.y[i] = box[i].y; }
            out.score = (float)score;
        }
        return count;
    });
}

int cvision_text_line_input(const cvision_image *image, const cvision_text_box *box, int height, int width, float *out, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!image || !box || !out || height < 1 || width < 1) {
            set_error(error, CVISION_ERR_ARGUMENT, "no image or box, or an empty size");
            return -1;
        }
        const cv::Point2f corners[4] = {{box->x[0], box->y[0]}, {box->x[1], box->y[1]}, {box->x[2], box->y[2]}, {box->x[3], box->y[3]}};
        const int cropWidth = std::max(1, (int)std::max(distance(corners[0], corners[1]), distance(corners[2], corners[3])));
        const int cropHeight = std::max(1, (int)std::max(distance(corners[0], corners[3]), distance(corners[1], corners[2])));
        const cv::Point2f target[4] = {{0, 0}, {(float)cropWidth, 0}, {(float)cropWidth, (float)cropHeight}, {0, (float)cropHeight}};
        cv::Mat crop;
        cv::warpPerspective(bgr_of(image->mat), crop, cv::getPerspectiveTransform(corners, target), cv::Size(cropWidth, cropHeight),
                            cv::INTER_CUBIC, cv::BORDER_REPLICATE);
        // A box much taller than wide is text running up the page: turned to read left to right.
        if ((double)crop.rows / crop.cols >= 1.5) cv::rotate(crop, crop, cv::ROTATE_90_COUNTERCLOCKWISE);
        const int used = std::clamp((int)std::ceil(height * (double)crop.cols / crop.rows), 1, width);
        cv::Mat resized;
        cv::resize(crop, resized, cv::Size(used, height), 0, 0, cv::INTER_LINEAR);
        std::fill(out, out + (size_t)3 * height * width, 0.0f);
        normalized_planes(resized, width, out);
        return used;
    });
}

}  // extern "C"
