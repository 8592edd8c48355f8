// CONNX: the C face of Scanbook's ONNX Runtime shim. ONNX Runtime's library (from its PyPI wheel)
// ships no header: the shim declares the part of its C API table it calls (ort_api_subset.h) and
// loads the library with dlopen, so a missing or wrong library is an error message, never a
// failed start. Plain C types only; buffers and strings the shim returns are freed with connx_free.
#ifndef CONNX_H
#define CONNX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct connx_runtime connx_runtime;
typedef struct connx_session connx_session;
typedef struct connx_output connx_output;

enum { CONNX_MAX_RANK = 8 };

// Loads the library at `path` once per process (a second call with any path returns the first
// runtime). NULL with `*error` (to free) when it cannot be loaded or is older than the API asked.
connx_runtime *connx_load(const char *path, char **error);
// The library's version ("1.32.0").
const char *connx_version(const connx_runtime *runtime);

// A model ready to run: `intra_threads` threads per run (1: the calling thread only), no spinning
// threads. A session may run on several threads at once. With `optimize`, ONNX Runtime applies
// every graph optimization as it loads (a tenth of a second for PP-OCR's recognizer) and, when
// `save_optimized_to` is not NULL, writes the optimized graph there; that file is specific to this
// runtime version and this CPU, and is opened again with `optimize` 0.
connx_session *connx_open(connx_runtime *runtime, const char *model_path, int intra_threads, int optimize,
                          const char *save_optimized_to, char **error);
void connx_close(connx_session *session);

// Runs the model's first input (float32 `input` of `shape`) to its first output, which stays in
// ONNX Runtime's memory (read in place: a recognizer's output is megabytes a line) until
// connx_output_free. NULL with `*error` when it fails.
connx_output *connx_run(connx_session *session, const float *input, const int64_t *shape, size_t rank, char **error);
// The output's float values (`*count` of them) and its shape (returns the rank).
const float *connx_output_values(const connx_output *output, size_t *count);
size_t connx_output_shape(const connx_output *output, int64_t shape[CONNX_MAX_RANK]);
void connx_output_free(connx_output *output);

// A custom metadata value of the model (PP-OCR's recognizers keep their alphabet under
// "character"), or NULL when the model has none under `key`.
char *connx_metadata(connx_session *session, const char *key, char **error);

void connx_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
