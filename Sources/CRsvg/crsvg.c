#include "include/crsvg.h"

#include <dynamic_table.h>

// In the order of crsvg_api's fields; cairo's and GLib's come from the libraries librsvg brings.
static const char *const symbols[] = {
    "rsvg_handle_new_from_data", "rsvg_handle_get_intrinsic_size_in_pixels", "rsvg_handle_render_document",
    "g_object_unref", "g_error_free", "cairo_image_surface_create", "cairo_pdf_surface_create_for_stream",
    "cairo_surface_status", "cairo_surface_flush", "cairo_surface_finish", "cairo_surface_destroy",
    "cairo_surface_write_to_png_stream", "cairo_create", "cairo_destroy", "cairo_set_source_rgb", "cairo_paint",
};
DYNAMIC_TABLE_MATCHES(crsvg_api, symbols);

static crsvg_api functions;
// The soname Debian 12's librsvg2-2 installs.
static dynamic_table table = DYNAMIC_TABLE("librsvg-2.so.2", "librsvg2-2", symbols, functions);

const crsvg_api *crsvg_load(const char **error) {
    return dynamic_table_load(&table, error);
}
