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
// convincing quadrilateral was seen (the corners are then the whole image).
int cvision_find_document(const cvision_image *image, double corners[8], int *found, double *score, cvision_error *error);
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

// HSV hue/saturation histogram comparison: scores = correlation, chi-square, intersection, Bhattacharyya.
int cvision_compare_histograms(const cvision_image *a, const cvision_image *b, int hue_bins, int saturation_bins, double scores[4], cvision_error *error);

#ifdef __cplusplus
}
#endif

#endif
