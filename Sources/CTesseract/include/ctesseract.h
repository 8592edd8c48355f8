// CTesseract: Tesseract's C API (Debian: libtesseract-dev) reached through a table of its
// functions that `ctesseract_load` fills on first use. The library and the forty it needs
// (Leptonica, its image formats, OpenMP, libarchive, …) are opened only by a program that reads
// with Tesseract, so every other command starts without binding their symbols.
//
// Tesseract parallelises each recognition with OpenMP, whose threads on a small machine fight each
// other and the reader's own threads (one receipt: 4.7 s of OCR with them, 1.0 s without, on 2
// cores). OpenMP reads OMP_THREAD_LIMIT once, as its library loads, so the shim sets it to 1 as the
// program starts (an operator's own value is kept), before anything can open Tesseract.
#ifndef CTESSERACT_H
#define CTESSERACT_H

#include <tesseract/capi.h>


// The functions Scanbook calls, as capi.h declares them, and one of OpenMP's from the same load.
// All set once the table is returned.
typedef struct ctesseract_api {
    TessBaseAPI *_Nullable (*_Nonnull BaseAPICreate)(void);
    void (*_Nonnull BaseAPIDelete)(TessBaseAPI *_Nonnull handle);
    int (*_Nonnull BaseAPIInit3)(TessBaseAPI *_Nonnull handle, const char *_Nullable datapath, const char *_Nullable language);
    void (*_Nonnull BaseAPIEnd)(TessBaseAPI *_Nonnull handle);
    BOOL (*_Nonnull BaseAPISetVariable)(TessBaseAPI *_Nonnull handle, const char *_Nonnull name, const char *_Nonnull value);
    void (*_Nonnull BaseAPISetPageSegMode)(TessBaseAPI *_Nonnull handle, TessPageSegMode mode);
    void (*_Nonnull BaseAPISetImage)(TessBaseAPI *_Nonnull handle, const unsigned char *_Nullable imagedata, int width, int height,
                                     int bytes_per_pixel, int bytes_per_line);
    void (*_Nonnull BaseAPISetRectangle)(TessBaseAPI *_Nonnull handle, int left, int top, int width, int height);
    void (*_Nonnull BaseAPIClear)(TessBaseAPI *_Nonnull handle);
    int (*_Nonnull BaseAPIRecognize)(TessBaseAPI *_Nonnull handle, ETEXT_DESC *_Nullable monitor);
    char *_Nullable (*_Nonnull BaseAPIGetUTF8Text)(TessBaseAPI *_Nonnull handle);
    int (*_Nonnull BaseAPIMeanTextConf)(TessBaseAPI *_Nonnull handle);
    TessResultIterator *_Nullable (*_Nonnull BaseAPIGetIterator)(TessBaseAPI *_Nonnull handle);
    void (*_Nonnull ResultIteratorDelete)(TessResultIterator *_Nonnull handle);
    TessPageIterator *_Nullable (*_Nonnull ResultIteratorGetPageIterator)(TessResultIterator *_Nonnull handle);
    char *_Nullable (*_Nonnull ResultIteratorGetUTF8Text)(const TessResultIterator *_Nonnull handle, TessPageIteratorLevel level);
    float (*_Nonnull ResultIteratorConfidence)(const TessResultIterator *_Nonnull handle, TessPageIteratorLevel level);
    BOOL (*_Nonnull ResultIteratorNext)(TessResultIterator *_Nonnull handle, TessPageIteratorLevel level);
    BOOL (*_Nonnull PageIteratorIsAtBeginningOf)(const TessPageIterator *_Nullable handle, TessPageIteratorLevel level);
    BOOL (*_Nonnull PageIteratorBoundingBox)(const TessPageIterator *_Nullable handle, TessPageIteratorLevel level,
                                             int *_Nonnull left, int *_Nonnull top, int *_Nonnull right, int *_Nonnull bottom);
    void (*_Nonnull DeleteText)(const char *_Nullable text);
    ETEXT_DESC *_Nullable (*_Nonnull MonitorCreate)(void);
    void (*_Nonnull MonitorDelete)(ETEXT_DESC *_Nullable monitor);
    void (*_Nonnull MonitorSetDeadlineMSecs)(ETEXT_DESC *_Nullable monitor, int deadline);
    // Leptonica's setMsgSeverity; returns the previous level.
    int (*_Nonnull leptonicaSetMessageSeverity)(int severity);
    // OpenMP's omp_get_thread_limit: the most threads Tesseract's parallel regions may use.
    int (*_Nonnull openMPThreadLimit)(void);
} ctesseract_api;

// The table, the library opened on the first call (later calls answer the same) and Leptonica's
// messages silenced. NULL with `*error` the reason (it stays valid) when the library or one of the
// functions is missing.
const ctesseract_api *_Nullable ctesseract_load(const char *_Nullable *_Nullable error);

#endif
