#include "include/ctesseract.h"

#include <dynamic_table.h>
#include <stdlib.h>

// In the order of ctesseract_api's fields. Leptonica's and OpenMP's functions come from the
// libraries Tesseract brings.
static const char *const symbols[] = {
    "TessBaseAPICreate", "TessBaseAPIDelete", "TessBaseAPIInit3", "TessBaseAPIEnd", "TessBaseAPISetVariable",
    "TessBaseAPISetPageSegMode", "TessBaseAPISetImage", "TessBaseAPISetRectangle", "TessBaseAPIClear",
    "TessBaseAPIRecognize", "TessBaseAPIGetUTF8Text", "TessBaseAPIMeanTextConf", "TessBaseAPIGetIterator",
    "TessResultIteratorDelete", "TessResultIteratorGetPageIterator", "TessResultIteratorGetUTF8Text",
    "TessResultIteratorConfidence", "TessResultIteratorNext", "TessPageIteratorIsAtBeginningOf",
    "TessPageIteratorBoundingBox", "TessDeleteText", "TessMonitorCreate", "TessMonitorDelete",
    "TessMonitorSetDeadlineMSecs", "setMsgSeverity", "omp_get_thread_limit",
};
DYNAMIC_TABLE_MATCHES(ctesseract_api, symbols);

static ctesseract_api functions;
// The soname Debian 12's libtesseract5 installs (what linking with -ltesseract bound to).
static dynamic_table table = DYNAMIC_TABLE("libtesseract.so.5", "libtesseract5", symbols, functions);

// Before main, while the program has one thread (setenv is not safe beside other threads); OpenMP
// reads it when Tesseract's library brings it in. Tesseract's own `num_threads` clauses override
// omp_set_num_threads, not this limit. Child processes inherit it.
__attribute__((constructor)) static void hold_openmp_to_one_thread(void) {
    setenv("OMP_THREAD_LIMIT", "1", 0);
}

// Leptonica's quietest message level (L_SEVERITY_NONE): it prints harmless clipping warnings to
// stderr for some receipt layouts. Set once, as the library is first used.
static void silence_leptonica(void) {
    functions.leptonicaSetMessageSeverity(6);
}

const ctesseract_api *ctesseract_load(const char **error) {
    static pthread_once_t silenced = PTHREAD_ONCE_INIT;
    const ctesseract_api *loaded = dynamic_table_load(&table, error);
    if (loaded) pthread_once(&silenced, silence_leptonica);
    return loaded;
}
