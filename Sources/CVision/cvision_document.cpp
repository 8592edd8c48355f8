// Finding the page in a photo, straightening it, and estimating text skew.
#include "cvision_internal.hpp"


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

// A line through two points, kept as a point and a unit direction.
struct Line {
    cv::Point2f point, direction;
};

bool intersect(const Line &a, const Line &b, cv::Point2f &out) {
    double det = a.direction.x * (-b.direction.y) - a.direction.y * (-b.direction.x);
    if (std::fabs(det) < 1e-6) return false;
    double dx = b.point.x - a.point.x, dy = b.point.y - a.point.y;
    double t = (dx * (-b.direction.y) - dy * (-b.direction.x)) / det;
    out = cv::Point2f((float)(a.point.x + t * a.direction.x), (float)(a.point.y + t * a.direction.y));
    return true;
}

// The page's four sides taken as lines and intersected, so a corner cut off by the frame or
// covered (a thumb, a dog-ear) is still placed where the sides meet, even outside the image
// (`refine_with_lines` then fits each line to the edge pixels along it). The hull is simplified
// finely; edges along the frame are not page sides; pieces on one line are one side; the four
// longest sides must make a convex quadrilateral. Used only when the outline has a fifth side or
// runs along the frame; returns false otherwise and when the outline does not look like a page.
bool line_fitted_quad(const std::vector<cv::Point> &hull, cv::Size image, std::vector<cv::Point2f> &corners) {
    double perimeter = cv::arcLength(hull, true);
    std::vector<cv::Point> polygon;
    cv::approxPolyDP(hull, polygon, 0.008 * perimeter, true);
    if (polygon.size() < 4 || polygon.size() > 12) return false;
    int margin = std::max(2, (int)(0.01 * std::max(image.width, image.height)));
    auto on_frame = [&](cv::Point a, cv::Point b) {
        return (a.x <= margin && b.x <= margin) || (a.y <= margin && b.y <= margin)
            || (a.x >= image.width - 1 - margin && b.x >= image.width - 1 - margin)
            || (a.y >= image.height - 1 - margin && b.y >= image.height - 1 - margin);
    };
    struct Side { cv::Point2f from, to; double length; size_t order; };
    std::vector<Side> sides;
    for (size_t i = 0; i < polygon.size(); i++) {
        cv::Point a = polygon[i], b = polygon[(i + 1) % polygon.size()];
        double length = cv::norm(b - a);
        if (on_frame(a, b) || length < 1) { sides.push_back({a, b, -1, i}); continue; }
        sides.push_back({a, b, length, i});
    }
    // One side may come in pieces: bent slightly, or split by a bump (noise touching the page).
    // Pieces running the same way on one line are one side, reaching from end to end.
    std::vector<Side> merged;
    for (const auto &side : sides) {
        if (side.length < 0) { merged.push_back(side); continue; }
        bool joined = false;
        for (auto &other : merged) {
            if (other.length < 0) continue;
            cv::Point2f u = other.to - other.from, v = side.to - side.from;
            double cosine = u.dot(v) / (cv::norm(u) * cv::norm(v) + 1e-9);
            cv::Point2f unit = u * (float)(1.0 / (cv::norm(u) + 1e-9));
            cv::Point2f middle = (side.from + side.to) * 0.5f - other.from;
            double offset = std::fabs(middle.x * unit.y - middle.y * unit.x);
            if (cosine < 0.985 || offset > 0.01 * perimeter) continue;
            float low = 0, high = (float)cv::norm(u);
            for (cv::Point2f p : {side.from, side.to}) {
                float t = (p - other.from).dot(unit);
                low = std::min(low, t);
                high = std::max(high, t);
            }
            cv::Point2f origin = other.from;
            other.from = origin + unit * low;
            other.to = origin + unit * high;
            other.length = high - low;
            joined = true;
            break;
        }
        if (!joined) merged.push_back(side);
    }
    std::vector<Side> page;
    bool frame_side = false;
    for (const auto &side : merged) {
        if (side.length < 0) frame_side = true;
        if (side.length > 0.04 * perimeter) page.push_back(side);
    }
    // Four sides and nothing else: a whole page, which the plain polygon fit places as well.
    // Only a fifth side (the cut across a hidden corner) or the frame needs the lines.
    if (page.size() < 4 || (page.size() == 4 && !frame_side)) return false;
    std::sort(page.begin(), page.end(), [](const Side &a, const Side &b) { return a.length > b.length; });
    page.resize(4);
    std::sort(page.begin(), page.end(), [](const Side &a, const Side &b) { return a.order < b.order; });
    std::vector<cv::Point2f> points;
    for (int i = 0; i < 4; i++) {
        const Side &a = page[i], &b = page[(i + 1) % 4];
        cv::Point2f da = a.to - a.from, db = b.to - b.from;
        Line la{a.from, da * (float)(1.0 / cv::norm(da))}, lb{b.from, db * (float)(1.0 / cv::norm(db))};
        cv::Point2f p;
        if (!intersect(la, lb, p)) return false;
        // A corner far outside the photo is a near-parallel pair, not a page.
        if (p.x < -0.3 * image.width || p.y < -0.3 * image.height || p.x > 1.3 * image.width || p.y > 1.3 * image.height) return false;
        points.push_back(p);
    }
    std::vector<cv::Point> rounded;
    for (auto &p : points) rounded.emplace_back(cvRound(p.x), cvRound(p.y));
    if (!cv::isContourConvex(rounded)) return false;
    corners = points;
    return true;
}

struct Candidate {
    std::vector<cv::Point2f> corners;
    double score = 0;
    // Under `ordinary_area_share` of the photo: chosen only when no larger outline is found.
    bool small = false;
};

// A page outline covers at least this share of the photo, unless the caller asks for smaller ones.
const double ordinary_area_share = 0.08;

// The corner furthest from a right angle, as |cos| of its angle (0 = square).
template <typename Point>
double worst_corner_cosine(const std::vector<Point> &quad) {
    double worst = 0;
    for (int i = 0; i < 4; i++) {
        cv::Point2d a = quad[i], b = quad[(i + 1) % 4], c = quad[(i + 2) % 4];
        cv::Point2d u = a - b, v = c - b;
        worst = std::max(worst, std::fabs(u.dot(v) / (cv::norm(u) * cv::norm(v) + 1e-9)));
    }
    return worst;
}

// The area of the part of a convex quadrilateral that lies inside the image.
double visible_area_of(const std::vector<cv::Point2f> &quad, cv::Size image) {
    std::vector<cv::Point2f> frame = {{0, 0}, {(float)image.width, 0}, {(float)image.width, (float)image.height}, {0, (float)image.height}};
    std::vector<cv::Point2f> visible;
    return cv::intersectConvexConvex(quad, frame, visible, true);
}

// Scores a line-fitted quadrilateral whose corners may lie outside the image: the part inside
// the image must be large and well filled by the contour; angles near 90 degrees.
double partial_quad_score(const std::vector<cv::Point2f> &quad, double contour_area, cv::Size image, double smallest_share) {
    double visible_area = visible_area_of(quad, image);
    double image_area = (double)image.width * image.height;
    double ratio = visible_area / image_area;
    if (ratio < smallest_share || ratio > 0.97) return 0;
    double worst_cos = worst_corner_cosine(quad);
    if (worst_cos > 0.6) return 0;
    double fill = std::min(1.0, contour_area / (visible_area + 1e-9));
    // The contour must cover the visible quad: a loose fit is another shape.
    if (fill < 0.85) return 0;
    return ratio * (1.0 - worst_cos) * (0.5 + 0.5 * fill);
}

// Scores a quadrilateral: large, convex, angles near 90 degrees, well filled by its contour.
double quad_score(const std::vector<cv::Point> &quad, double contour_area, cv::Size image, double smallest_share) {
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
    if (ratio < smallest_share || ratio > 0.97) return 0;
    double worst_cos = worst_corner_cosine(quad);
    if (worst_cos > 0.6) return 0;  // an angle outside ~53..127 degrees is not a photographed page
    double fill = std::min(1.0, contour_area / (area + 1e-9));
    return ratio * (1.0 - worst_cos) * (0.5 + 0.5 * fill) * (on_border ? 0.5 : 1.0);
}

// The share of a quadrilateral's sides, where they lie in the image, that runs along edges of
// the photo: a true page outline is edge all round; a side that a shadow or a bump pulled off
// the page crosses plain background.
double edge_support(const std::vector<cv::Point2f> &quad, const cv::Mat &edges) {
    int inside = 0, supported = 0;
    for (int i = 0; i < 4; i++) {
        cv::Point2f a = quad[i], b = quad[(i + 1) % 4];
        int samples = std::max(10, (int)cv::norm(b - a));
        for (int k = 0; k < samples; k++) {
            cv::Point2f p = a + (b - a) * (0.05f + 0.9f * k / (samples - 1));
            int x = cvRound(p.x), y = cvRound(p.y);
            if (x < 0 || y < 0 || x >= edges.cols || y >= edges.rows) continue;
            inside++;
            if (edges.at<uchar>(y, x)) supported++;
        }
    }
    return inside == 0 ? 0 : (double)supported / inside;
}

void collect_quads(const cv::Mat &binary, const cv::Mat &edges, double smallest_share, std::vector<Candidate> &candidates) {
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
        if (contour_area < image_area * smallest_share) break;
        std::vector<cv::Point> hull;
        cv::convexHull(contour, hull);
        double perimeter = cv::arcLength(hull, true);
        Candidate polygon, fitted;
        for (double epsilon : {0.015, 0.025, 0.04, 0.06}) {
            std::vector<cv::Point> quad;
            cv::approxPolyDP(hull, quad, epsilon * perimeter, true);
            if (quad.size() == 4) {
                polygon = {std::vector<cv::Point2f>(quad.begin(), quad.end()), quad_score(quad, contour_area, binary.size(), smallest_share)};
                break;
            }
        }
        // The sides as fitted lines: this also places a corner cut off by the frame or covered.
        if (line_fitted_quad(hull, binary.size(), fitted.corners)) fitted.score = partial_quad_score(fitted.corners, contour_area, binary.size(), smallest_share);
        // Across masks and shapes, an outline the photo's edges follow counts for more.
        for (Candidate *candidate : {&polygon, &fitted}) {
            if (candidate->score > 0) candidate->score *= 0.5 + 0.5 * edge_support(candidate->corners, edges);
        }
        Candidate better = fitted.score > polygon.score ? fitted : polygon;
        if (better.score <= 0) continue;
        // Measured as the scores measure it: the part inside the photo.
        better.small = visible_area_of(better.corners, binary.size()) < image_area * ordinary_area_share;
        candidates.push_back(better);
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
        // fitLine gives (vx, vy, x0, y0).
        const cv::Vec4f &l1 = lines[(i + 3) % 4], &l2 = lines[i];
        cv::Point2f p;
        if (!intersect(Line{{l1[2], l1[3]}, {l1[0], l1[1]}}, Line{{l2[2], l2[3]}, {l2[0], l2[1]}}, p)) return corners;
        cv::Point2f shift = p - corners[i];
        if (shift.dot(shift) > 15 * 15) return corners;  // a wild fit: keep the polygon
        refined.push_back(p);
    }
    return refined;
}

}  // namespace

extern "C" {

int cvision_find_document(const cvision_image *image, double smallest_area_share, double corners[8], int *found, double *score, cvision_error *error) {
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
        cv::Mat closed, support;
        cv::dilate(edges, closed, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
        // A page cut off by the frame has no edge where the frame cuts it: the frame closes its outline.
        cv::rectangle(closed, cv::Rect(0, 0, closed.cols, closed.rows), cv::Scalar(255), 1);
        cv::dilate(edges, support, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5)));
        const double smallest = std::clamp(smallest_area_share, 0.01, ordinary_area_share);
        collect_quads(closed, support, smallest, candidates);

        // 2. Brightness: paper is usually lighter (and less saturated) than what it lies on.
        cv::Mat bright;
        cv::threshold(blurred, bright, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        cv::morphologyEx(bright, bright, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
        collect_quads(bright, support, smallest, candidates);
        if (small.channels() == 3) {
            cv::Mat hsv, channels[3], paper;
            cv::cvtColor(small, hsv, cv::COLOR_BGR2HSV);
            cv::split(hsv, channels);
            cv::Mat whiteness = channels[2] - channels[1];  // bright and unsaturated
            cv::GaussianBlur(whiteness, whiteness, cv::Size(5, 5), 0);
            cv::threshold(whiteness, paper, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
            cv::morphologyEx(paper, paper, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(7, 7)));
            collect_quads(paper, support, smallest, candidates);
        }

        *found = 0;
        *score = 0;
        std::vector<cv::Point2f> best = {{0, 0}, {(float)small.cols - 1, 0}, {(float)small.cols - 1, (float)small.rows - 1}, {0, (float)small.rows - 1}};
        if (!candidates.empty()) {
            // A small outline only when no ordinary one was found, so asking for small ones never
            // changes an ordinary find.
            auto top = std::max_element(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
                return std::make_pair(!a.small, a.score) < std::make_pair(!b.small, b.score);
            });
            best = refine_with_lines(order_corners(top->corners), edges);
            *found = 1;
            *score = top->score;
        }
        // A found page's corners may lie outside the photo (cut off by the frame); the fallback's
        // are the photo's own.
        for (int i = 0; i < 4; i++) {
            corners[2 * i] = *found ? best[i].x / scale : std::clamp(best[i].x / scale, 0.0, (double)source.cols - 1);
            corners[2 * i + 1] = *found ? best[i].y / scale : std::clamp(best[i].y / scale, 0.0, (double)source.rows - 1);
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
        // Where the page reaches outside the photo there is nothing to copy: paper white, not
        // the frame's edge smeared across.
        bool outside = false;
        for (int i = 0; i < 4; i++) {
            double x = corners[2 * i], y = corners[2 * i + 1];
            if (x < -1 || y < -1 || x > image->mat.cols || y > image->mat.rows) outside = true;
        }
        cv::warpPerspective(*input, warped, matrix, cv::Size(width, height), cv::INTER_LINEAR,
                            outside ? cv::BORDER_CONSTANT : cv::BORDER_REPLICATE, cv::Scalar::all(255));
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
