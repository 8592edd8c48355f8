// CRsvg: librsvg draws an SVG document onto a cairo surface, cairo writes it as PDF or PNG
// (Debian: librsvg2-2, libcairo2). Reached through a table of their functions that `crsvg_load`
// fills on first use, so only a program that draws a QR-bill opens them and the thirty libraries
// they bring (GLib, Pango, HarfBuzz, FreeType, X11, …).
//
// Their headers sit in version-named folders that only pkg-config knows; the few types used are
// declared here, with the layouts librsvg 2.x, cairo 1.x and GLib 2.x keep stable.
#ifndef CRSVG_H
#define CRSVG_H

#include <stddef.h>
#include <stdint.h>


typedef struct _RsvgHandle crsvg_handle;
typedef struct _cairo crsvg_cairo;
typedef struct _cairo_surface crsvg_surface;

// GLib's GError.
typedef struct crsvg_error {
    uint32_t domain;
    int code;
    char *_Nullable message;
} crsvg_error;

// librsvg's RsvgRectangle.
typedef struct crsvg_rectangle {
    double x;
    double y;
    double width;
    double height;
} crsvg_rectangle;

// cairo's cairo_status_t values used, and cairo_format_t's RGB24.
#define CRSVG_STATUS_SUCCESS 0
#define CRSVG_STATUS_WRITE_ERROR 11
#define CRSVG_FORMAT_RGB24 1

// cairo's cairo_write_func_t.
typedef int (*crsvg_write_function)(void *_Nullable closure, const unsigned char *_Nullable data, unsigned int length);

typedef struct crsvg_api {
    crsvg_handle *_Nullable (*_Nonnull handle_new_from_data)(const uint8_t *_Nullable data, size_t length, crsvg_error *_Nullable *_Nullable error);
    int (*_Nonnull handle_get_intrinsic_size_in_pixels)(crsvg_handle *_Nonnull handle, double *_Nonnull width, double *_Nonnull height);
    int (*_Nonnull handle_render_document)(crsvg_handle *_Nonnull handle, crsvg_cairo *_Nonnull cairo, const crsvg_rectangle *_Nonnull viewport,
                                           crsvg_error *_Nullable *_Nullable error);
    void (*_Nonnull object_unref)(void *_Nonnull object);
    void (*_Nonnull error_free)(crsvg_error *_Nonnull error);
    crsvg_surface *_Nullable (*_Nonnull image_surface_create)(int format, int width, int height);
    crsvg_surface *_Nullable (*_Nonnull pdf_surface_create_for_stream)(crsvg_write_function _Nullable write, void *_Nullable closure,
                                                                       double width_in_points, double height_in_points);
    int (*_Nonnull surface_status)(crsvg_surface *_Nonnull surface);
    void (*_Nonnull surface_flush)(crsvg_surface *_Nonnull surface);
    void (*_Nonnull surface_finish)(crsvg_surface *_Nonnull surface);
    void (*_Nonnull surface_destroy)(crsvg_surface *_Nonnull surface);
    int (*_Nonnull surface_write_to_png_stream)(crsvg_surface *_Nonnull surface, crsvg_write_function _Nullable write, void *_Nullable closure);
    crsvg_cairo *_Nonnull (*_Nonnull create)(crsvg_surface *_Nonnull surface);
    void (*_Nonnull destroy)(crsvg_cairo *_Nonnull cairo);
    void (*_Nonnull set_source_rgb)(crsvg_cairo *_Nonnull cairo, double red, double green, double blue);
    void (*_Nonnull paint)(crsvg_cairo *_Nonnull cairo);
} crsvg_api;

// The table, the libraries opened on the first call (later calls answer the same). NULL with
// `*error` the reason (it stays valid) when a library or one of the functions is missing.
const crsvg_api *_Nullable crsvg_load(const char *_Nullable *_Nullable error);

#endif
