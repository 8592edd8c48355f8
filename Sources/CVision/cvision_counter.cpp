// Finding a meter's counter without reading it: a row of similar digit cells (drums behind a
// window, framed figures on a dial), the layout nearly every mechanical counter shares.
#include "cvision_internal.hpp"

#include <vector>

using namespace cvision;

namespace {

constexpr int kWorkingSide = 1200;

struct Row {
    cv::Rect bounds;
    int cells = 0;
    double pitch = 0;
};

// Bright regions the size and shape of a digit cell (taller than wide, not tiny, not huge, filling
// their box) with a figure inside: a hole at least a third as tall as the cell. Letters of a brand
// name are the strokes themselves, not boxes around them, so they fail one test or the other.
std::vector<cv::Rect> cell_candidates(const cv::Mat &binary) {
    std::vector<std::vector<cv::Point>> contours;
    std::vector<cv::Vec4i> hierarchy;
    cv::findContours(binary, contours, hierarchy, cv::RETR_CCOMP, cv::CHAIN_APPROX_SIMPLE);
    std::vector<cv::Rect> cells;
    for (size_t index = 0; index < contours.size(); index++) {
        if (hierarchy[index][3] != -1) continue;  // a hole, not a region
        cv::Rect box = cv::boundingRect(contours[index]);
        double aspect = (double)box.width / std::max(1, box.height);
        if (box.height < binary.rows / 60 || box.height > binary.rows / 5 || aspect < 0.4 || aspect > 1.1) continue;
        if (cv::contourArea(contours[index]) < 0.6 * box.area()) continue;
        bool holds_figure = false;
        for (int child = hierarchy[index][2]; child >= 0 && !holds_figure; child = hierarchy[child][0]) {
            cv::Rect hole = cv::boundingRect(contours[child]);
            holds_figure = hole.height >= box.height / 3 && hole.height < 0.95 * box.height;
        }
        if (holds_figure) cells.push_back(box);
    }
    return cells;
}

// The longest left-to-right chain of cells of one height on one line, evenly spaced.
Row longest_row(std::vector<cv::Rect> cells) {
    std::sort(cells.begin(), cells.end(), [](const cv::Rect &a, const cv::Rect &b) { return a.x < b.x; });
    Row best;
    for (size_t start = 0; start < cells.size(); start++) {
        std::vector<cv::Rect> chain{cells[start]};
        for (size_t next = start + 1; next < cells.size(); next++) {
            const cv::Rect &last = chain.back(), &candidate = cells[next];
            double height = std::max(last.height, candidate.height);
            bool same_height = std::abs(last.height - candidate.height) <= 0.2 * height;
            bool same_line = std::abs((last.y + last.height / 2.0) - (candidate.y + candidate.height / 2.0)) <= 0.25 * height;
            int gap = candidate.x - (last.x + last.width);
            bool adjacent = gap >= -2 && gap <= 0.6 * height;
            if (same_height && same_line && adjacent) chain.push_back(candidate);
        }
        if ((int)chain.size() <= best.cells) continue;
        cv::Rect bounds = chain.front();
        for (const auto &cell : chain) bounds |= cell;
        best.bounds = bounds;
        best.cells = (int)chain.size();
        best.pitch = chain.size() > 1 ? (double)(chain.back().x - chain.front().x) / (chain.size() - 1) : chain.front().width;
    }
    return best;
}

}  // namespace

int cvision_find_digit_row(const cvision_image *image, int rect[4], int *cells, double *pitch, cvision_error *error) {
    return guarded(error, -1, [&]() -> int {
        if (!image || image->mat.empty() || !rect || !cells || !pitch) {
            set_error(error, CVISION_ERR_ARGUMENT, "missing image or output");
            return -1;
        }
        *cells = 0;
        cv::Mat gray = gray_of(image->mat);
        int side = std::max(gray.cols, gray.rows);
        double scale = side > kWorkingSide ? (double)kWorkingSide / side : 1.0;
        cv::Mat small;
        if (scale < 1.0) cv::resize(gray, small, scaled_size(gray, scale), 0, 0, cv::INTER_AREA); else small = gray;
        Row best;
        // Light cells framed by dark lines or a dark window, and (inverted) dark cells on a light face.
        for (bool invert : {false, true}) {
            cv::Mat binary;
            cv::adaptiveThreshold(small, binary, 255, cv::ADAPTIVE_THRESH_MEAN_C, invert ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY, 51, 0);
            cv::morphologyEx(binary, binary, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3)));
            Row row = longest_row(cell_candidates(binary));
            if (row.cells > best.cells) best = row;
        }
        if (best.cells < 3) return 0;
        rect[0] = (int)std::lround(best.bounds.x / scale);
        rect[1] = (int)std::lround(best.bounds.y / scale);
        rect[2] = (int)std::lround(best.bounds.width / scale);
        rect[3] = (int)std::lround(best.bounds.height / scale);
        *cells = best.cells;
        *pitch = best.pitch / scale;
        return 1;
    });
}
