// librsvg draws an SVG document onto a cairo surface; cairo writes it as PDF or PNG
// (Debian: librsvg2-dev, libcairo2-dev).
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
