// CZBar: zbar's C API (Debian: libzbar-dev), for QR codes and EAN/UPC barcodes, reached through a
// table of its functions that `czbar_load` fills on first use: zbar and the libraries it brings
// (D-Bus, X11, video4linux, ImageMagick's) are opened only by a program that scans for codes.
#ifndef CZBAR_H
#define CZBAR_H

#include <zbar.h>


// The functions Scanbook calls, as zbar.h declares them. All set once the table is returned.
typedef struct czbar_api {
    zbar_image_scanner_t *_Nullable (*_Nonnull image_scanner_create)(void);
    void (*_Nonnull image_scanner_destroy)(zbar_image_scanner_t *_Nonnull scanner);
    int (*_Nonnull image_scanner_set_config)(zbar_image_scanner_t *_Nonnull scanner, zbar_symbol_type_t symbology, zbar_config_t config, int value);
    zbar_image_t *_Nullable (*_Nonnull image_create)(void);
    void (*_Nonnull image_destroy)(zbar_image_t *_Nonnull image);
    void (*_Nonnull image_set_format)(zbar_image_t *_Nonnull image, unsigned long format);
    void (*_Nonnull image_set_size)(zbar_image_t *_Nonnull image, unsigned width, unsigned height);
    void (*_Nonnull image_set_data)(zbar_image_t *_Nonnull image, const void *_Nullable data, unsigned long data_byte_length,
                                    zbar_image_cleanup_handler_t *_Nullable cleanup_handler);
    int (*_Nonnull scan_image)(zbar_image_scanner_t *_Nonnull scanner, zbar_image_t *_Nonnull image);
    const zbar_symbol_t *_Nullable (*_Nonnull image_first_symbol)(const zbar_image_t *_Nonnull image);
    const zbar_symbol_t *_Nullable (*_Nonnull symbol_next)(const zbar_symbol_t *_Nonnull symbol);
    zbar_symbol_type_t (*_Nonnull symbol_get_type)(const zbar_symbol_t *_Nonnull symbol);
    const char *_Nullable (*_Nonnull symbol_get_data)(const zbar_symbol_t *_Nonnull symbol);
    unsigned int (*_Nonnull symbol_get_data_length)(const zbar_symbol_t *_Nonnull symbol);
    unsigned (*_Nonnull symbol_get_loc_size)(const zbar_symbol_t *_Nonnull symbol);
    int (*_Nonnull symbol_get_loc_x)(const zbar_symbol_t *_Nonnull symbol, unsigned index);
    int (*_Nonnull symbol_get_loc_y)(const zbar_symbol_t *_Nonnull symbol, unsigned index);
} czbar_api;

// The table, the library opened on the first call (later calls answer the same). NULL with
// `*error` the reason (it stays valid) when the library or one of the functions is missing.
const czbar_api *_Nullable czbar_load(const char *_Nullable *_Nullable error);

#endif
