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

enum { CONNX_MAX_RANK = 8 };

// Loads the library at `path` once per process (a second call with any path returns the first
// runtime). NULL with `*error` (to free) when it cannot be loaded or is older than the API asked.
connx_runtime *connx_load(const char *path, char **error);
// The library's version ("1.32.0").
const char *connx_version(const connx_runtime *runtime);

// A model ready to run: `intra_threads` threads per run (1: the calling thread only), every graph
// optimization, no spinning threads. A session may run on several threads at once.
connx_session *connx_open(connx_runtime *runtime, const char *model_path, int intra_threads, char **error);
void connx_close(connx_session *session);

// Runs the model's first input (float32 `input` of `shape`) to its first output, copied into a
// malloc'd buffer (`*output`, `*count` floats) with its shape. Returns 0, or -1 with `*error`.
int connx_run(connx_session *session, const float *input, const int64_t *shape, size_t rank,
              float **output, size_t *count, int64_t output_shape[CONNX_MAX_RANK], size_t *output_rank, char **error);

// A custom metadata value of the model (PP-OCR's recognizers keep their alphabet under
// "character"), or NULL when the model has none under `key`.
char *connx_metadata(connx_session *session, const char *key, char **error);

void connx_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
