// CVision: the C face of Scanbook's OpenCV shim. Plain C types only; every function catches all
// C++ exceptions and reports them through `cvision_error`. Images and buffers are allocated and
// freed inside the shim (cvision_image_free, cvision_buffer_free).
#ifndef CVISION_H
#define CVISION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cvision_image cvision_image;

typedef struct {
    int code;            // 0 = success
    char message[512];
} cvision_error;

enum {
    CVISION_OK = 0,
    CVISION_ERR_DECODE = 1,
    CVISION_ERR_ARGUMENT = 2,
    CVISION_ERR_OPENCV = 3,
    CVISION_ERR_MEMORY = 4,
    CVISION_ERR_UNKNOWN = 5,
};

typedef enum {
    CVISION_ENHANCE_DOCUMENT = 0,  // flatten illumination, stretch contrast, keep gray levels
    CVISION_ENHANCE_RECEIPT = 1,   // flatten strongly, then adaptive threshold (faint thermal print)
    CVISION_ENHANCE_DIGITS = 2,    // CLAHE and Otsu for short digit strips
} cvision_enhance_mode;

typedef struct {
    int width;
    int height;
    int channels;   // 1 = gray, 3 = BGR
    int stride;     // bytes per row
    const uint8_t *data;
} cvision_pixels;

// Decoding applies EXIF orientation. Encoding returns a malloc'd buffer.
cvision_image *cvision_decode(const uint8_t *bytes, size_t length, cvision_error *error);
// Decodes at 1/`reduction` of the size (1, 2, 4 or 8; sides rounded up), JPEG by libjpeg's scaled
// decoding.
cvision_image *cvision_decode_reduced(const uint8_t *bytes, size_t length, int reduction, cvision_error *error);
cvision_image *cvision_from_pixels(const uint8_t *data, int width, int height, int channels, int stride, cvision_error *error);
int cvision_encode(const cvision_image *image, const char *extension, int quality, uint8_t **bytes, size_t *length, cvision_error *error);
void cvision_buffer_free(uint8_t *bytes);
void cvision_image_free(cvision_image *image);
cvision_pixels cvision_image_pixels(const cvision_image *image);

cvision_image *cvision_resize_to_fit(const cvision_image *image, int max_side, cvision_error *error);
cvision_image *cvision_resize(const cvision_image *image, int width, int height, cvision_error *error);
cvision_image *cvision_grayscale(const cvision_image *image, cvision_error *error);
cvision_image *cvision_crop(const cvision_image *image, int x, int y, int width, int height, cvision_error *error);
// Rotates counter-clockwise by `degrees`; the canvas grows to keep every pixel, filled with `border`.
cvision_image *cvision_rotate(const cvision_image *image, double degrees, int border, cvision_error *error);

// Page finding: corners are tl, tr, br, bl as x,y pairs in source pixels. `found` is 0 when no
// convincing quadrilateral was seen (the corners are then the whole image). An outline covers at
// least 8 % of the photo; one down to `smallest_area_share` (0.01-0.08) is taken only when no
// larger one is found.
int cvision_find_document(const cvision_image *image, double smallest_area_share, double corners[8], int *found, double *score, cvision_error *error);
// A page shrunk by the warp is first reduced by area averaging, so thin strokes are not lost
// between the samples.
cvision_image *cvision_warp(const cvision_image *image, const double corners[8], int width, int height, cvision_error *error);
// Estimates the skew of text lines in degrees (positive = counter-clockwise) within +-max_degrees.
int cvision_estimate_skew(const cvision_image *image, double max_degrees, double *degrees, cvision_error *error);
cvision_image *cvision_enhance(const cvision_image *image, cvision_enhance_mode mode, cvision_error *error);

// Aligns `image` to `reference` (a template page): ORB features matched with a ratio test, a
// homography fitted by RANSAC (3 px). `homography` (row-major 3x3) maps image pixels to reference
// pixels; `inliers` counts the matches that agree. Returns -1 with an error, 0 when too few
// features agree to trust the fit (homography then unset), 1 on success.
int cvision_align(const cvision_image *reference, const cvision_image *image, double homography[9], int *inliers, cvision_error *error);
// Matches `image` against `count` references at once (its ORB features computed once; per
// reference the ratio test and a RANSAC homography, as cvision_align). `inliers[r]` counts the
// image's features that agree with reference r; `distinct[r]` those of them that do not also agree
// with the strongest other reference: print two look-alike meters share cancels out, and what is
// left (serial number, labels) tells them apart. Returns 0, or -1 with an error.
int cvision_match_references(const cvision_image *image, const cvision_image *const *references, int count, int *inliers, int *distinct, cvision_error *error);
// `image` warped by `homography` into a width x height canvas (the reference page's size).
cvision_image *cvision_warp_homography(const cvision_image *image, const double homography[9], int width, int height, cvision_error *error);

// Where `needle` best matches inside `haystack` (normalized cross-correlation, both gray):
// top-left x, y of the match and its score (-1..1).
int cvision_locate(const cvision_image *haystack, const cvision_image *needle, int *x, int *y, double *score, cvision_error *error);

// The longest row of similar, evenly spaced digit cells (a counter's drums or framed figures):
// its bounds x, y, width, height in `rect`, how many cells and their spacing in pixels. Returns 1
// when a row of at least three was found, 0 when none, -1 on error.
int cvision_find_digit_row(const cvision_image *image, int rect[4], int *cells, double *pitch, cvision_error *error);

// HSV hue/saturation histogram comparison: scores = correlation, chi-square, intersection, Bhattacharyya.
int cvision_compare_histograms(const cvision_image *a, const cvision_image *b, int hue_bins, int saturation_bins, double scores[4], cvision_error *error);

// Text for PP-OCR's detector and recognizer (ONNX models run elsewhere).
typedef struct {
    float x[4];   // corners tl, tr, br, bl in source pixels
    float y[4];
    float score;  // the detector's mean probability inside the box
} cvision_text_box;

// The detector's input: `image` resized to width x height, each value (p / 255 - 0.5) / 0.5, in
// planes B, G, R (`out` holds 3 * width * height floats; a gray image fills all three).
int cvision_text_detection_input(const cvision_image *image, int width, int height, float *out, cvision_error *error);
// The detector's probability map (height x width) as text boxes (DB post-processing: threshold,
// 2x2 dilation, contours, minimum-area rectangles scored by their mean probability and grown by
// unclip_ratio), scaled by scale_x, scale_y into the source image. Returns how many were written
// (at most max_boxes), or -1.
int cvision_text_boxes(const float *probabilities, int width, int height, double scale_x, double scale_y, int source_width, int source_height,
                       double threshold, double box_threshold, double unclip_ratio, cvision_text_box *boxes, int max_boxes, cvision_error *error);
// The recognizer's input for one box: cut out straight (turned when it is at least 1.5 times as
// tall as wide), scaled to `height` keeping its shape but at most `width` wide, normalised as for
// detection into `out` (3 * height * width floats, zero = mid gray beyond it). Returns the width
// used, or -1.
int cvision_text_line_input(const cvision_image *image, const cvision_text_box *box, int height, int width, float *out, cvision_error *error);

#ifdef __cplusplus
}
#endif

#endif
