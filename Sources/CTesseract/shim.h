// Tesseract's C API (Debian: libtesseract-dev). Leptonica is linked for Tesseract's own use.
#include <tesseract/capi.h>
