#include "include/czbar.h"

#include <dynamic_table.h>

// In the order of czbar_api's fields.
static const char *const symbols[] = {
    "zbar_image_scanner_create", "zbar_image_scanner_destroy", "zbar_image_scanner_set_config", "zbar_image_create",
    "zbar_image_destroy", "zbar_image_set_format", "zbar_image_set_size", "zbar_image_set_data", "zbar_scan_image",
    "zbar_image_first_symbol", "zbar_symbol_next", "zbar_symbol_get_type", "zbar_symbol_get_data",
    "zbar_symbol_get_data_length", "zbar_symbol_get_loc_size", "zbar_symbol_get_loc_x", "zbar_symbol_get_loc_y",
};
DYNAMIC_TABLE_MATCHES(czbar_api, symbols);

static czbar_api functions;
// The soname Debian 12's libzbar0 installs.
static dynamic_table table = DYNAMIC_TABLE("libzbar.so.0", "libzbar0", symbols, functions);

const czbar_api *czbar_load(const char **error) {
    return dynamic_table_load(&table, error);
}
