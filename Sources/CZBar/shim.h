// zbar's C API (Debian: libzbar-dev), for QR codes and EAN/UPC barcodes.
#include <zbar.h>
