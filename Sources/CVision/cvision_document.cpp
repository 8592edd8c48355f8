// Finding the page in a photo, straightening it, and estimating text skew.
#include "cvision_internal.hpp"

#include <opencv2/imgcodecs.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace cvision;

namespace {
// Orders four points as tl, tr, br, bl: clockwise around their centre, starting from the point
// nearest the image's top-left along the page's own orientation.
std::vector<cv::Point2f> order_corners(std::vector<cv::Point2f> points) {
    cv::Point2f centre(0, 0);
    for (auto &p : points) centre += p;
    centre *= 0.25f;
    std::sort(points.begin(), points.end(), [&](const cv::Point2f &a, const cv::Point2f &b) {
        return std::atan2(a.y - centre.y, a.x - centre.x) < std::atan2(b.y - centre.y, b.x - centre.x);
    });
    // atan2 order with y down is clockwise on screen; start at the smallest x + y.
    size_t start = 0;
    for (size_t i = 1; i < 4; i++) {
        if (points[i].x + points[i].y < points[start].x + points[start].y) start = i;
    }
    std::vector<cv::Point2f> ordered;
    for (size_t i = 0; i < 4; i++) ordered.push_back(points[(start + i) % 4]);
    return ordered;
}

struct Candidate {
    std::vector<cv::Point2f> corners;
    double score = 0;
};

// Scores a quadrilateral: large, convex, angles near 90 degrees, well filled by its contour.
double quad_score(const std::vector<cv::Point> &quad, double contour_area, cv::Size image) {
    if (quad.size() != 4 || !cv::isContourConvex(quad)) return 0;
    double image_area = (double)image.width * image.height;
    // Corners on the frame's edge belong to regions cut by the frame (background, a shadow's
    // boundary), not to a page lying fully in view.
    int margin = std::max(2, (int)(0.01 * std::max(image.width, image.height)));
    int on_border = 0;
    for (const auto &p : quad) {
        if (p.x <= margin || p.y <= margin || p.x >= image.width - 1 - margin || p.y >= image.height - 1 - margin) on_border++;
    }
    if (on_border >= 2) return 0;
    double area = std::fabs(cv::contourArea(quad));
    double ratio = area / image_area;
    // A "page" filling the whole frame is the frame itself (e.g. a thresholded blank image); the
    // fallback gives the same corners without claiming a find.
    if (ratio < 0.08 || ratio > 0.97) return 0;
    double worst_cos = 0;
    for (int i = 0; i < 4; i++) {
        cv::Point2d a = quad[i], b = quad[(i + 1) % 4], c = quad[(i + 2) % 4];
        cv::Point2d u = a - b, v = c - b;
        double cosine = std::fabs(u.dot(v) / (cv::norm(u) * cv::norm(v) + 1e-9));
        worst_cos = std::max(worst_cos, cosine);
    }
    if (worst_cos > 0.6) return 0;  // an angle outside ~53..127 degrees is not a photographed page
    double fill = std::min(1.0, contour_area / (area + 1e-9));
    return ratio * (1.0 - worst_cos) * (0.5 + 0.5 * fill) * (on_border ? 0.5 : 1.0);
}

void collect_quads(const cv::Mat &binary, std::vector<Candidate> &candidates) {
    double image_area = (double)binary.cols * binary.rows;
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(binary, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    std::sort(contours.begin(), contours.end(), [](const auto &a, const auto &b) {
        return cv::contourArea(a) > cv::contourArea(b);
    });
    size_t examined = 0;
    for (const auto &contour : contours) {
        if (++examined > 12) break;
        double contour_area = std::fabs(cv::contourArea(contour));
        if (contour_area < image_area * 0.08) break;
        std::vector<cv::Point> hull;
        cv::convexHull(contour, hull);
        double perimeter = cv::arcLength(hull, true);
        for (double epsilon : {0.015, 0.025, 0.04, 0.06}) {
            std::vector<cv::Point> quad;
            cv::approxPolyDP(hull, quad, epsilon * perimeter, true);
            if (quad.size() == 4) {
                double score = quad_score(quad, contour_area, binary.size());
                if (score > 0) {
                    std::vector<cv::Point2f> corners(quad.begin(), quad.end());
                    candidates.push_back({corners, score});
                }
                break;
            }
        }
    }
}

// Moves each corner to the intersection of lines fitted to the edge points near its two sides,
// which is steadier than the polygon vertex when a corner is rounded, shaded or slightly cut.
std::vector<cv::Point2f> refine_with_lines(const std::vector<cv::Point2f> &corners, const cv::Mat &edges) {
    std::vector<cv::Vec4f> lines;
    for (int i = 0; i < 4; i++) {
        cv::Point2f a = corners[i], b = corners[(i + 1) % 4];
        cv::Point2f direction = b - a;
        float length = std::sqrt(direction.dot(direction));
        if (length < 10) return corners;
        cv::Point2f normal(-direction.y / length, direction.x / length);
        std::vector<cv::Point2f> support;
        int samples = std::max(20, (int)length);
        for (int s = 0; s < samples; s++) {
            float t = 0.1f + 0.8f * s / (samples - 1);  // stay away from the corners themselves
            cv::Point2f centre = a + direction * t;
            for (int d = -6; d <= 6; d++) {
                cv::Point2f p = centre + normal * (float)d;
                int x = cvRound(p.x), y = cvRound(p.y);
                if (x >= 0 && y >= 0 && x < edges.cols && y < edges.rows && edges.at<uchar>(y, x)) {
                    support.push_back(p);
                }
            }
        }
        if (support.size() < 20) return corners;
        cv::Vec4f line;
        cv::fitLine(support, line, cv::DIST_HUBER, 0, 0.01, 0.01);
        lines.push_back(line);
    }
    std::vector<cv::Point2f> refined;
    for (int i = 0; i < 4; i++) {
        const cv::Vec4f &l1 = lines[(i + 3) % 4], &l2 = lines[i];
        double det = l1[0] * (-l2[1]) - l1[1] * (-l2[0]);
        if (std::fabs(det) < 1e-6) return corners;
        double dx = l2[2] - l1[2], dy = l2[3] - l1[3];
        double t = (dx * (-l2[1]) - dy * (-l2[0])) / det;
        cv::Point2f p(l1[2] + t * l1[0], l1[3] + t * l1[1]);
        cv::Point2f shift = p - corners[i];
        if (shift.dot(shift) > 15 * 15) return corners;  // a wild fit: keep the polygon
        refined.push_back(p);
    }
    return refined;
}

}  // namespace

extern "C" {

int cvision_find_document(const cvision_image *image, double corners[8], int *found, double *score, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        const cv::Mat &source = image->mat;
        const int working_side = 720;
        double scale = std::min(1.0, (double)working_side / std::max(source.cols, source.rows));
        cv::Mat small;
        cv::resize(source, small, scaled_size(source, scale), 0, 0, cv::INTER_AREA);
        cv::Mat gray = gray_of(small), blurred;
        cv::GaussianBlur(gray, blurred, cv::Size(5, 5), 0);
        std::vector<Candidate> candidates;

        // 1. Edges: the page outline against any background.
        cv::Mat edges;
        std::vector<uchar> values(blurred.begin<uchar>(), blurred.end<uchar>());
        std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
        double median = values[values.size() / 2];
        cv::Canny(blurred, edges, std::max(10.0, 0.66 * median * 0.5), std::min(255.0, 1.33 * median * 0.5 + 40));
        cv::Mat closed;
        cv::dilate(edges, closed, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
        collect_quads(closed, candidates);

        // 2. Brightness: paper is usually lighter (and less saturated) than what it lies on.
        cv::Mat bright;
        cv::threshold(blurred, bright, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        cv::morphologyEx(bright, bright, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
        collect_quads(bright, candidates);
        if (small.channels() == 3) {
            cv::Mat hsv, channels[3], paper;
            cv::cvtColor(small, hsv, cv::COLOR_BGR2HSV);
            cv::split(hsv, channels);
            cv::Mat whiteness = channels[2] - channels[1];  // bright and unsaturated
            cv::GaussianBlur(whiteness, whiteness, cv::Size(5, 5), 0);
            cv::threshold(whiteness, paper, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
            cv::morphologyEx(paper, paper, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
            collect_quads(paper, candidates);
        }

        *found = 0;
        *score = 0;
        std::vector<cv::Point2f> best = {{0, 0}, {(float)small.cols - 1, 0}, {(float)small.cols - 1, (float)small.rows - 1}, {0, (float)small.rows - 1}};
        if (!candidates.empty()) {
            auto top = std::max_element(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) { return a.score < b.score; });
            best = refine_with_lines(order_corners(top->corners), edges);
            *found = 1;
            *score = top->score;
        }
        for (int i = 0; i < 4; i++) {
            corners[2 * i] = std::clamp(best[i].x / scale, 0.0, (double)source.cols - 1);
            corners[2 * i + 1] = std::clamp(best[i].y / scale, 0.0, (double)source.rows - 1);
        }
        return 0;
    });
}

cvision_image *cvision_warp(const cvision_image *image, const double corners[8], int width, int height, cvision_error *error) {
    return guarded(error, (cvision_image *)nullptr, [&]() -> cvision_image * {
        if (width <= 0 || height <= 0 || width > 20000 || height > 20000) {
            set_error(error, CVISION_ERR_ARGUMENT, "invalid output size");
            return nullptr;
        }
        std::vector<cv::Point2f> source, target = {{0, 0}, {(float)width - 1, 0}, {(float)width - 1, (float)height - 1}, {0, (float)height - 1}};
        for (int i = 0; i < 4; i++) source.emplace_back((float)corners[2 * i], (float)corners[2 * i + 1]);
        // warpPerspective samples (INTER_AREA acts as bilinear there): shrinking a page by 2 would
        // skip every other pixel of a one-pixel stroke. So the quad's bounding box is cut out and
        // reduced by area averaging to about the output's scale first.
        auto length = [](cv::Point2f a, cv::Point2f b) { return std::hypot(a.x - b.x, a.y - b.y); };
        double source_width = std::max(length(source[0], source[1]), length(source[3], source[2]));
        double source_height = std::max(length(source[0], source[3]), length(source[1], source[2]));
        double shrink = std::max(width / std::max(1.0, source_width), height / std::max(1.0, source_height));
        const cv::Mat *input = &image->mat;
        cv::Mat reduced_source;
        if (shrink < 0.8) {
            cv::Rect box = cv::boundingRect(source) & cv::Rect(0, 0, image->mat.cols, image->mat.rows);
            if (!box.empty()) {
                cv::resize(image->mat(box), reduced_source, scaled_size(image->mat(box), shrink), 0, 0, cv::INTER_AREA);
                double sx = (double)reduced_source.cols / box.width, sy = (double)reduced_source.rows / box.height;
                for (auto &p : source) p = cv::Point2f((float)((p.x - box.x) * sx), (float)((p.y - box.y) * sy));
                input = &reduced_source;
            }
        }
        cv::Mat matrix = cv::getPerspectiveTransform(source, target), warped;
        cv::warpPerspective(*input, warped, matrix, cv::Size(width, height), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        return wrap(warped);
    });
}

// Projection-profile skew estimate: text lines aligned with the rows give the row histogram of ink
// pixels its sharpest peaks (largest variance). Ink points are rotated arithmetically instead of
// warping the image per angle; a coarse 1-degree search is refined in 0.1-degree steps.
static double profile_variance(const std::vector<cv::Point> &points, double degrees, int rows) {
    double radians = degrees * CV_PI / 180.0, sine = std::sin(radians), cosine = std::cos(radians);
    int offset = rows, bins = 3 * rows;
    std::vector<int> histogram(bins, 0);
    for (const auto &p : points) {
        int row = (int)std::lround(p.y * cosine - p.x * sine) + offset;
        if (row >= 0 && row < bins) histogram[row]++;
    }
    double sum = 0, squares = 0;
    for (int count : histogram) { sum += count; squares += (double)count * count; }
    return squares / bins - (sum / bins) * (sum / bins);
}

int cvision_estimate_skew(const cvision_image *image, double max_degrees, double *degrees, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        cv::Mat gray = gray_of(image->mat), small;
        double scale = std::min(1.0, 1000.0 / std::max(gray.cols, gray.rows));
        cv::resize(gray, small, scaled_size(gray, scale), 0, 0, cv::INTER_AREA);
        cv::Mat ink;
        cv::adaptiveThreshold(small, ink, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV, 25, 15);
        std::vector<cv::Point> points;
        cv::findNonZero(ink, points);
        if (points.size() < 50) { *degrees = 0; return 0; }
        auto search = [&](double from, double to, double step) {
            double best_angle = 0, best_variance = -1;
            for (double angle = from; angle <= to + 1e-9; angle += step) {
                double variance = profile_variance(points, angle, ink.rows);
                if (variance > best_variance) { best_variance = variance; best_angle = angle; }
            }
            return best_angle;
        };
        double coarse = search(-max_degrees, max_degrees, 1.0);
        double fine = search(coarse - 1.0, coarse + 1.0, 0.1);
        // Rotating the points by `fine` straightens the lines, so they lean by -fine (y grows downwards).
        *degrees = -fine;
        return 0;
    });
}

}  // extern "C"
