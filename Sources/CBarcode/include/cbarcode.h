#ifndef CBARCODE_H
#define CBARCODE_H

/* A C face for ZXing-C++ (Debian libzxing-dev): reads QR codes and retail barcodes from 8-bit
   gray pixels. Every C++ exception is caught here and becomes an error message. */

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CB_QR_CODE = 1,
    CB_EAN_13 = 2,
    CB_EAN_8 = 3,
    CB_UPC_A = 4,
    CB_UPC_E = 5,
    CB_OTHER = 6,
};

typedef struct {
    int symbology;
    /* UTF-8 payload, NUL-terminated; length without the NUL. */
    char *text;
    int length;
    /* Four corners: x0, y0, x1, y1, x2, y2, x3, y3. */
    int corners[8];
} cb_code;

/* Reads every code in the image (trying harder, rotated and inverted). Returns the number found
   and sets *codes (free with cb_free), or -1 with a message in error. */
int cb_read(const unsigned char *gray, int width, int height, int stride, cb_code **codes, char *error, int error_length);
void cb_free(cb_code *codes, int count);

/* Encodes UTF-8 text as a QR code (error correction M, no quiet zone). Returns the side in modules
   and sets *modules to side*side bytes, 1 for a dark module (free with cb_free_modules), or -1 with a
   message in error. */
int cb_encode_qr(const char *text, unsigned char **modules, char *error, int error_length);
void cb_free_modules(unsigned char *modules);

#ifdef __cplusplus
}
#endif

#endif
