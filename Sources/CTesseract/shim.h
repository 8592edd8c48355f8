// Tesseract's C API (Debian: libtesseract-dev), and Leptonica's message switch: Leptonica prints
// harmless clipping warnings to stderr for some receipt layouts.
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
