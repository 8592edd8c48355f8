// ONNX Runtime through its C API, loaded with dlopen (see connx.h).
#include "include/connx.h"
#include "ort_api_subset.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct connx_runtime {
    const OrtApi *api;
    OrtEnv *env;
    OrtMemoryInfo *memory;
    char version[32];
};

struct connx_session {
    connx_runtime *runtime;
    OrtSession *session;
    char *input_name;
    char *output_name;
};

static char *copy_string(const char *text) {
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy) memcpy(copy, text, length + 1);
    return copy;
}

static void fail(char **error, const char *format, ...) {
    if (!error) return;
    char message[512];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof(message), format, arguments);
    va_end(arguments);
    *error = copy_string(message);
}

// Turns a status into `*error` (and frees it); 0 when there was none.
static int failed(const OrtApi *api, OrtStatus *status, char **error, const char *what) {
    if (!status) return 0;
    fail(error, "%s: %s", what, api->GetErrorMessage(status));
    api->ReleaseStatus(status);
    return 1;
}

// ONNX Runtime 1.29 and later collect usage telemetry on Linux (a device id and an event store
// under ~/.cache/Microsoft, uploaded to Microsoft) unless this is set before the library
// initializes. A self-hosted server sends nothing anywhere. Set as the program loads, before any
// thread could read the environment while it changes; an operator's own value is kept.
__attribute__((constructor)) static void disable_runtime_telemetry(void) {
    setenv("ORT_DISABLE_TELEMETRY", "1", 0);
}

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static connx_runtime *loaded;

connx_runtime *connx_load(const char *path, char **error) {
    pthread_mutex_lock(&load_lock);
    connx_runtime *result = loaded;
    if (!result) {
        void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            fail(error, "cannot load %s: %s", path, dlerror());
        } else {
            typedef const OrtApiBase *(*GetApiBase)(void);
            GetApiBase get_base = (GetApiBase)dlsym(library, "OrtGetApiBase");
            const OrtApiBase *base = get_base ? get_base() : NULL;
            const OrtApi *api = base ? base->GetApi(ORT_SUBSET_API_VERSION) : NULL;
            if (!api) {
                fail(error, "%s is not an ONNX Runtime library of API version %d or later", path, ORT_SUBSET_API_VERSION);
                dlclose(library);
            } else {
                connx_runtime *runtime = calloc(1, sizeof(connx_runtime));
                runtime->api = api;
                snprintf(runtime->version, sizeof(runtime->version), "%s", base->GetVersionString());
                if (failed(api, api->CreateEnv(ORT_LOGGING_LEVEL_ERROR, "scanbook", &runtime->env), error, "CreateEnv")
                    || failed(api, api->CreateCpuMemoryInfo(OrtArenaAllocator, OrtMemTypeDefault, &runtime->memory), error, "CreateCpuMemoryInfo")) {
                    free(runtime);
                } else {
                    loaded = result = runtime;
                }
            }
        }
    }
    pthread_mutex_unlock(&load_lock);
    return result;
}

const char *connx_version(const connx_runtime *runtime) {
    return runtime->version;
}

connx_session *connx_open(connx_runtime *runtime, const char *model_path, int intra_threads, int optimize,
                          const char *save_optimized_to, char **error) {
    const OrtApi *api = runtime->api;
    OrtSessionOptions *options = NULL;
    if (failed(api, api->CreateSessionOptions(&options), error, "CreateSessionOptions")) return NULL;
    OrtSession *session = NULL;
    int ok = !failed(api, api->SetIntraOpNumThreads(options, intra_threads < 1 ? 1 : intra_threads), error, "SetIntraOpNumThreads")
        && !failed(api, api->SetInterOpNumThreads(options, 1), error, "SetInterOpNumThreads")
        && !failed(api, api->SetSessionGraphOptimizationLevel(options, optimize ? ORT_ENABLE_ALL : ORT_DISABLE_ALL), error, "SetSessionGraphOptimizationLevel")
        && (!save_optimized_to || !failed(api, api->SetOptimizedModelFilePath(options, save_optimized_to), error, "SetOptimizedModelFilePath"))
        // The arena keeps the largest buffers between runs: detection is a quarter faster with it
        // (191 -> 144 ms a page, measured), and detection's size is bounded, so its peak is too.
        && !failed(api, api->EnableCpuMemArena(options), error, "EnableCpuMemArena")
        && !failed(api, api->AddSessionConfigEntry(options, "session.intra_op.allow_spinning", "0"), error, "AddSessionConfigEntry")
        && !failed(api, api->CreateSession(runtime->env, model_path, options, &session), error, model_path);
    api->ReleaseSessionOptions(options);
    if (!ok) return NULL;
    OrtAllocator *allocator = NULL;
    char *input = NULL, *output = NULL;
    if (failed(api, api->GetAllocatorWithDefaultOptions(&allocator), error, "GetAllocatorWithDefaultOptions")
        || failed(api, api->SessionGetInputName(session, 0, allocator, &input), error, "SessionGetInputName")
        || failed(api, api->SessionGetOutputName(session, 0, allocator, &output), error, "SessionGetOutputName")) {
        api->ReleaseSession(session);
        return NULL;
    }
    connx_session *result = calloc(1, sizeof(connx_session));
    result->runtime = runtime;
    result->session = session;
    result->input_name = copy_string(input);
    result->output_name = copy_string(output);
    api->AllocatorFree(allocator, input);
    api->AllocatorFree(allocator, output);
    return result;
}

void connx_close(connx_session *session) {
    if (!session) return;
    session->runtime->api->ReleaseSession(session->session);
    free(session->input_name);
    free(session->output_name);
    free(session);
}

struct connx_output {
    const OrtApi *api;
    OrtValue *value;
    const float *data;
    size_t count;
    int64_t shape[CONNX_MAX_RANK];
    size_t rank;
};

connx_output *connx_run(connx_session *session, const float *input, const int64_t *shape, size_t rank, char **error) {
    const OrtApi *api = session->runtime->api;
    size_t elements = 1;
    for (size_t i = 0; i < rank; i++) {
        if (shape[i] <= 0) { fail(error, "dimension %zu is %lld", i, (long long)shape[i]); return NULL; }
        elements *= (size_t)shape[i];
    }
    OrtValue *tensor = NULL;
    if (failed(api, api->CreateTensorWithDataAsOrtValue(session->runtime->memory, (void *)input, elements * sizeof(float), shape, rank,
                                                        ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &tensor), error, "CreateTensorWithDataAsOrtValue")) return NULL;
    const char *inputs[1] = {session->input_name};
    const char *outputs[1] = {session->output_name};
    OrtValue *result = NULL;
    OrtStatus *status = api->Run(session->session, NULL, inputs, (const OrtValue *const *)&tensor, 1, outputs, 1, &result);
    api->ReleaseValue(tensor);
    if (failed(api, status, error, "Run")) return NULL;
    OrtTensorTypeAndShapeInfo *info = NULL;
    ONNXTensorElementDataType type = ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED;
    size_t dimensions = 0;
    connx_output *output = calloc(1, sizeof(connx_output));
    if (!output) {
        fail(error, "out of memory");
    } else if (!failed(api, api->GetTensorTypeAndShape(result, &info), error, "GetTensorTypeAndShape")
        && !failed(api, api->GetTensorElementType(info, &type), error, "GetTensorElementType")
        && !failed(api, api->GetDimensionsCount(info, &dimensions), error, "GetDimensionsCount")) {
        void *data = NULL;
        if (type != ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT) {
            fail(error, "the model's output is of element type %d, not float", (int)type);
        } else if (dimensions > CONNX_MAX_RANK) {
            fail(error, "the model's output has %zu dimensions", dimensions);
        } else if (!failed(api, api->GetDimensions(info, output->shape, dimensions), error, "GetDimensions")
                   && !failed(api, api->GetTensorShapeElementCount(info, &output->count), error, "GetTensorShapeElementCount")
                   && !failed(api, api->GetTensorMutableData(result, &data), error, "GetTensorMutableData")) {
            output->api = api;
            output->value = result;
            output->data = data;
            output->rank = dimensions;
            api->ReleaseTensorTypeAndShapeInfo(info);
            return output;
        }
    }
    if (info) api->ReleaseTensorTypeAndShapeInfo(info);
    api->ReleaseValue(result);
    free(output);
    return NULL;
}

const float *connx_output_values(const connx_output *output, size_t *count) {
    *count = output->count;
    return output->data;
}

size_t connx_output_shape(const connx_output *output, int64_t shape[CONNX_MAX_RANK]) {
    memcpy(shape, output->shape, sizeof(output->shape));
    return output->rank;
}

void connx_output_free(connx_output *output) {
    if (!output) return;
    output->api->ReleaseValue(output->value);
    free(output);
}

char *connx_metadata(connx_session *session, const char *key, char **error) {
    const OrtApi *api = session->runtime->api;
    OrtAllocator *allocator = NULL;
    OrtModelMetadata *metadata = NULL;
    char *value = NULL;
    if (failed(api, api->GetAllocatorWithDefaultOptions(&allocator), error, "GetAllocatorWithDefaultOptions")
        || failed(api, api->SessionGetModelMetadata(session->session, &metadata), error, "SessionGetModelMetadata")) return NULL;
    char *result = NULL;
    if (!failed(api, api->ModelMetadataLookupCustomMetadataMap(metadata, allocator, key, &value), error, "ModelMetadataLookupCustomMetadataMap") && value) {
        result = copy_string(value);
        api->AllocatorFree(allocator, value);
    }
    api->ReleaseModelMetadata(metadata);
    return result;
}

void connx_free(void *pointer) {
    free(pointer);
}
