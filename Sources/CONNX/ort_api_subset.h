/*
 * ort_c_api_subset.h -- minimal, self-contained subset of ONNX Runtime's C API
 * (include/onnxruntime/core/session/onnxruntime_c_api.h, MIT License,
 * Copyright (c) Microsoft Corporation).
 *
 * Only the first 131 slots of `struct OrtApi` (index 0 .. 130, ending with
 * AddSessionConfigEntry) are declared. The OrtApi table is append-only: ORT's
 * own onnxruntime_c_api.cc static_asserts that
 *   offsetof(OrtApi, ReleaseCustomOpDomain)     / sizeof(void*) == 101  (end of API v1)
 *   offsetof(OrtApi, ReleaseModelMetadata)      / sizeof(void*) == 118  (end of API v2)
 *   offsetof(OrtApi, AddFreeDimensionOverrideByName)/sizeof(void*) == 124 (end of API v3)
 *   offsetof(OrtApi, ReleaseAvailableProviders)  / sizeof(void*) == 126  (end of API v4)
 *   offsetof(OrtApi, SetGlobalSpinControl)       / sizeof(void*) == 149  (end of API v5)
 * so this prefix is valid for every ORT >= 1.5 (API version >= 5). Slots we do
 * not call are `void *unusedN` placeholders (N = slot index). Order was
 * transcribed from the ORT_API_VERSION 8 header (microsoft/onnxruntime commit
 * 44885662608f431f1dfd7684b08431ca6f6f1893) and the asserts above.
 *
 * Tested against libonnxruntime.so.1.32.0 from the PyPI wheel
 * onnxruntime-1.32.0-cp311-cp311-manylinux_2_28_x86_64.whl with
 * GetApi(ORT_SUBSET_API_VERSION) -- see ort_smoke.c.
 *
 * Linux/macOS only (ORT_API_CALL is empty, ORTCHAR_T is char). On Windows the
 * calling convention is __stdcall and ORTCHAR_T is wchar_t: not handled here.
 */
#ifndef ORT_C_API_SUBSET_H
#define ORT_C_API_SUBSET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version we ask GetApi() for. Any value 5..(runtime's ORT_API_VERSION) returns
 * the same table; 1.32.0 supports 1..32. We ask for 5, the lowest version whose
 * table contains everything declared here (AddSessionConfigEntry, slot 130), so the
 * same binary works with any runtime >= 1.5. */
#define ORT_SUBSET_API_VERSION 5

typedef enum ONNXTensorElementDataType {
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED = 0,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT = 1,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT8 = 2,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT8 = 3,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16 = 4,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT16 = 5,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT32 = 6,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64 = 7,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_STRING = 8,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL = 9,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT16 = 10,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_DOUBLE = 11,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT32 = 12,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT64 = 13,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX64 = 14,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_COMPLEX128 = 15,
  ONNX_TENSOR_ELEMENT_DATA_TYPE_BFLOAT16 = 16
} ONNXTensorElementDataType;

typedef enum OrtLoggingLevel {
  ORT_LOGGING_LEVEL_VERBOSE = 0,
  ORT_LOGGING_LEVEL_INFO = 1,
  ORT_LOGGING_LEVEL_WARNING = 2,
  ORT_LOGGING_LEVEL_ERROR = 3,
  ORT_LOGGING_LEVEL_FATAL = 4
} OrtLoggingLevel;

typedef enum OrtErrorCode {
  ORT_OK = 0,
  ORT_FAIL = 1,
  ORT_INVALID_ARGUMENT = 2,
  ORT_NO_SUCHFILE = 3,
  ORT_NO_MODEL = 4,
  ORT_ENGINE_ERROR = 5,
  ORT_RUNTIME_EXCEPTION = 6,
  ORT_INVALID_PROTOBUF = 7,
  ORT_MODEL_LOADED = 8,
  ORT_NOT_IMPLEMENTED = 9,
  ORT_INVALID_GRAPH = 10,
  ORT_EP_FAIL = 11
} OrtErrorCode;

typedef enum GraphOptimizationLevel {
  ORT_DISABLE_ALL = 0,
  ORT_ENABLE_BASIC = 1,
  ORT_ENABLE_EXTENDED = 2,
  ORT_ENABLE_ALL = 99
} GraphOptimizationLevel;

typedef enum OrtAllocatorType {
  OrtInvalidAllocator = -1,
  OrtDeviceAllocator = 0,
  OrtArenaAllocator = 1
} OrtAllocatorType;

typedef enum OrtMemType {
  OrtMemTypeCPUInput = -2,
  OrtMemTypeCPUOutput = -1,
  OrtMemTypeCPU = -1, /* == OrtMemTypeCPUOutput */
  OrtMemTypeDefault = 0
} OrtMemType;

/* Opaque handles */
typedef struct OrtEnv OrtEnv;
typedef struct OrtStatus OrtStatus; /* NULL status == success */
typedef struct OrtMemoryInfo OrtMemoryInfo;
typedef struct OrtSession OrtSession;
typedef struct OrtValue OrtValue;
typedef struct OrtRunOptions OrtRunOptions;
typedef struct OrtTensorTypeAndShapeInfo OrtTensorTypeAndShapeInfo;
typedef struct OrtSessionOptions OrtSessionOptions;
typedef struct OrtModelMetadata OrtModelMetadata;

/* Public struct (first member is the version), never allocate it yourself here:
 * obtain it from GetAllocatorWithDefaultOptions. */
typedef struct OrtAllocator {
  uint32_t version;
  void *(*Alloc)(struct OrtAllocator *this_, size_t size);
  void (*Free)(struct OrtAllocator *this_, void *p);
  const OrtMemoryInfo *(*Info)(const struct OrtAllocator *this_);
} OrtAllocator;

typedef struct OrtApi OrtApi;

typedef struct OrtApiBase {
  const OrtApi *(*GetApi)(uint32_t version); /* NULL if version unsupported */
  const char *(*GetVersionString)(void);
} OrtApiBase;

/* The only exported C entry point (plus OrtSessionOptionsAppendExecutionProvider_CPU). */
const OrtApiBase *OrtGetApiBase(void);

struct OrtApi {
  /*   0 */ OrtStatus *(*CreateStatus)(OrtErrorCode code, const char *msg);
  /*   1 */ OrtErrorCode (*GetErrorCode)(const OrtStatus *status);
  /*   2 */ const char *(*GetErrorMessage)(const OrtStatus *status);
  /*   3 */ OrtStatus *(*CreateEnv)(OrtLoggingLevel logging_level, const char *logid, OrtEnv **out);
  /*   4 */ void *unused4;  /* CreateEnvWithCustomLogger */
  /*   5 */ void *unused5;  /* EnableTelemetryEvents */
  /*   6 */ void *unused6;  /* DisableTelemetryEvents */
  /*   7 */ OrtStatus *(*CreateSession)(const OrtEnv *env, const char *model_path,
                                        const OrtSessionOptions *options, OrtSession **out);
  /*   8 */ OrtStatus *(*CreateSessionFromArray)(const OrtEnv *env, const void *model_data,
                                                 size_t model_data_length,
                                                 const OrtSessionOptions *options, OrtSession **out);
  /*   9 */ OrtStatus *(*Run)(OrtSession *session, const OrtRunOptions *run_options,
                              const char *const *input_names, const OrtValue *const *inputs,
                              size_t input_len, const char *const *output_names,
                              size_t output_names_len, OrtValue **outputs);
  /*  10 */ OrtStatus *(*CreateSessionOptions)(OrtSessionOptions **options);
  /*  11 */ OrtStatus *(*SetOptimizedModelFilePath)(OrtSessionOptions *options,
                                                    const char *optimized_model_filepath);
  /*  12 */ void *unused12; /* CloneSessionOptions */
  /*  13 */ void *unused13; /* SetSessionExecutionMode */
  /*  14 */ void *unused14; /* EnableProfiling */
  /*  15 */ void *unused15; /* DisableProfiling */
  /*  16 */ OrtStatus *(*EnableMemPattern)(OrtSessionOptions *options);
  /*  17 */ OrtStatus *(*DisableMemPattern)(OrtSessionOptions *options);
  /*  18 */ OrtStatus *(*EnableCpuMemArena)(OrtSessionOptions *options);
  /*  19 */ OrtStatus *(*DisableCpuMemArena)(OrtSessionOptions *options);
  /*  20 */ void *unused20; /* SetSessionLogId */
  /*  21 */ void *unused21; /* SetSessionLogVerbosityLevel */
  /*  22 */ OrtStatus *(*SetSessionLogSeverityLevel)(OrtSessionOptions *options, int session_log_severity_level);
  /*  23 */ OrtStatus *(*SetSessionGraphOptimizationLevel)(OrtSessionOptions *options,
                                                           GraphOptimizationLevel graph_optimization_level);
  /*  24 */ OrtStatus *(*SetIntraOpNumThreads)(OrtSessionOptions *options, int intra_op_num_threads);
  /*  25 */ OrtStatus *(*SetInterOpNumThreads)(OrtSessionOptions *options, int inter_op_num_threads);
  /*  26 */ void *unused26; /* CreateCustomOpDomain */
  /*  27 */ void *unused27; /* CustomOpDomain_Add */
  /*  28 */ void *unused28; /* AddCustomOpDomain */
  /*  29 */ void *unused29; /* RegisterCustomOpsLibrary */
  /*  30 */ OrtStatus *(*SessionGetInputCount)(const OrtSession *session, size_t *out);
  /*  31 */ OrtStatus *(*SessionGetOutputCount)(const OrtSession *session, size_t *out);
  /*  32 */ void *unused32; /* SessionGetOverridableInitializerCount */
  /*  33 */ void *unused33; /* SessionGetInputTypeInfo */
  /*  34 */ void *unused34; /* SessionGetOutputTypeInfo */
  /*  35 */ void *unused35; /* SessionGetOverridableInitializerTypeInfo */
  /*  36 */ OrtStatus *(*SessionGetInputName)(const OrtSession *session, size_t index,
                                              OrtAllocator *allocator, char **value);
  /*  37 */ OrtStatus *(*SessionGetOutputName)(const OrtSession *session, size_t index,
                                               OrtAllocator *allocator, char **value);
  /*  38 */ void *unused38; /* SessionGetOverridableInitializerName */
  /*  39 */ void *unused39; /* CreateRunOptions */
  /*  40 */ void *unused40; /* RunOptionsSetRunLogVerbosityLevel */
  /*  41 */ void *unused41; /* RunOptionsSetRunLogSeverityLevel */
  /*  42 */ void *unused42; /* RunOptionsSetRunTag */
  /*  43 */ void *unused43; /* RunOptionsGetRunLogVerbosityLevel */
  /*  44 */ void *unused44; /* RunOptionsGetRunLogSeverityLevel */
  /*  45 */ void *unused45; /* RunOptionsGetRunTag */
  /*  46 */ void *unused46; /* RunOptionsSetTerminate */
  /*  47 */ void *unused47; /* RunOptionsUnsetTerminate */
  /*  48 */ void *unused48; /* CreateTensorAsOrtValue */
  /*  49 */ OrtStatus *(*CreateTensorWithDataAsOrtValue)(const OrtMemoryInfo *info, void *p_data,
                                                         size_t p_data_len /* bytes */,
                                                         const int64_t *shape, size_t shape_len,
                                                         ONNXTensorElementDataType type, OrtValue **out);
  /*  50 */ OrtStatus *(*IsTensor)(const OrtValue *value, int *out);
  /*  51 */ OrtStatus *(*GetTensorMutableData)(OrtValue *value, void **out);
  /*  52 */ void *unused52; /* FillStringTensor */
  /*  53 */ void *unused53; /* GetStringTensorDataLength */
  /*  54 */ void *unused54; /* GetStringTensorContent */
  /*  55 */ void *unused55; /* CastTypeInfoToTensorInfo */
  /*  56 */ void *unused56; /* GetOnnxTypeFromTypeInfo */
  /*  57 */ void *unused57; /* CreateTensorTypeAndShapeInfo */
  /*  58 */ void *unused58; /* SetTensorElementType */
  /*  59 */ void *unused59; /* SetDimensions */
  /*  60 */ OrtStatus *(*GetTensorElementType)(const OrtTensorTypeAndShapeInfo *info,
                                               ONNXTensorElementDataType *out);
  /*  61 */ OrtStatus *(*GetDimensionsCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);
  /*  62 */ OrtStatus *(*GetDimensions)(const OrtTensorTypeAndShapeInfo *info, int64_t *dim_values,
                                        size_t dim_values_length);
  /*  63 */ void *unused63; /* GetSymbolicDimensions */
  /*  64 */ OrtStatus *(*GetTensorShapeElementCount)(const OrtTensorTypeAndShapeInfo *info, size_t *out);
  /*  65 */ OrtStatus *(*GetTensorTypeAndShape)(const OrtValue *value, OrtTensorTypeAndShapeInfo **out);
  /*  66 */ void *unused66; /* GetTypeInfo */
  /*  67 */ void *unused67; /* GetValueType */
  /*  68 */ void *unused68; /* CreateMemoryInfo */
  /*  69 */ OrtStatus *(*CreateCpuMemoryInfo)(OrtAllocatorType type, OrtMemType mem_type, OrtMemoryInfo **out);
  /*  70 */ void *unused70; /* CompareMemoryInfo */
  /*  71 */ void *unused71; /* MemoryInfoGetName */
  /*  72 */ void *unused72; /* MemoryInfoGetId */
  /*  73 */ void *unused73; /* MemoryInfoGetMemType */
  /*  74 */ void *unused74; /* MemoryInfoGetType */
  /*  75 */ void *unused75; /* AllocatorAlloc */
  /*  76 */ OrtStatus *(*AllocatorFree)(OrtAllocator *ptr, void *p);
  /*  77 */ void *unused77; /* AllocatorGetInfo */
  /*  78 */ OrtStatus *(*GetAllocatorWithDefaultOptions)(OrtAllocator **out); /* do not free */
  /*  79 */ void *unused79; /* AddFreeDimensionOverride */
  /*  80 */ void *unused80; /* GetValue */
  /*  81 */ void *unused81; /* GetValueCount */
  /*  82 */ void *unused82; /* CreateValue */
  /*  83 */ void *unused83; /* CreateOpaqueValue */
  /*  84 */ void *unused84; /* GetOpaqueValue */
  /*  85 */ void *unused85; /* KernelInfoGetAttribute_float */
  /*  86 */ void *unused86; /* KernelInfoGetAttribute_int64 */
  /*  87 */ void *unused87; /* KernelInfoGetAttribute_string */
  /*  88 */ void *unused88; /* KernelContext_GetInputCount */
  /*  89 */ void *unused89; /* KernelContext_GetOutputCount */
  /*  90 */ void *unused90; /* KernelContext_GetInput */
  /*  91 */ void *unused91; /* KernelContext_GetOutput */
  /*  92 */ void (*ReleaseEnv)(OrtEnv *input);
  /*  93 */ void (*ReleaseStatus)(OrtStatus *input);
  /*  94 */ void (*ReleaseMemoryInfo)(OrtMemoryInfo *input);
  /*  95 */ void (*ReleaseSession)(OrtSession *input);
  /*  96 */ void (*ReleaseValue)(OrtValue *input);
  /*  97 */ void *unused97; /* ReleaseRunOptions */
  /*  98 */ void *unused98; /* ReleaseTypeInfo */
  /*  99 */ void (*ReleaseTensorTypeAndShapeInfo)(OrtTensorTypeAndShapeInfo *input);
  /* 100 */ void (*ReleaseSessionOptions)(OrtSessionOptions *input);
  /* 101 */ void *unused101; /* ReleaseCustomOpDomain  (last slot of API v1) */
  /* 102 */ void *unused102; /* GetDenotationFromTypeInfo */
  /* 103 */ void *unused103; /* CastTypeInfoToMapTypeInfo */
  /* 104 */ void *unused104; /* CastTypeInfoToSequenceTypeInfo */
  /* 105 */ void *unused105; /* GetMapKeyType */
  /* 106 */ void *unused106; /* GetMapValueType */
  /* 107 */ void *unused107; /* GetSequenceElementType */
  /* 108 */ void *unused108; /* ReleaseMapTypeInfo */
  /* 109 */ void *unused109; /* ReleaseSequenceTypeInfo */
  /* 110 */ void *unused110; /* SessionEndProfiling */
  /* 111 */ OrtStatus *(*SessionGetModelMetadata)(const OrtSession *session, OrtModelMetadata **out);
  /* 112 */ OrtStatus *(*ModelMetadataGetProducerName)(const OrtModelMetadata *model_metadata,
                                                       OrtAllocator *allocator, char **value);
  /* 113 */ void *unused113; /* ModelMetadataGetGraphName */
  /* 114 */ void *unused114; /* ModelMetadataGetDomain */
  /* 115 */ void *unused115; /* ModelMetadataGetDescription */
  /* 116 */ OrtStatus *(*ModelMetadataLookupCustomMetadataMap)(const OrtModelMetadata *model_metadata,
                                                               OrtAllocator *allocator, const char *key,
                                                               char **value /* NULL if key absent */);
  /* 117 */ void *unused117; /* ModelMetadataGetVersion */
  /* 118 */ void (*ReleaseModelMetadata)(OrtModelMetadata *input); /* last slot of API v2 */
  /* 119 */ void *unused119; /* CreateEnvWithGlobalThreadPools */
  /* 120 */ void *unused120; /* DisablePerSessionThreads */
  /* 121 */ void *unused121; /* CreateThreadingOptions */
  /* 122 */ void *unused122; /* ReleaseThreadingOptions */
  /* 123 */ void *unused123; /* ModelMetadataGetCustomMetadataMapKeys */
  /* 124 */ void *unused124; /* AddFreeDimensionOverrideByName (last slot of API v3) */
  /* 125 */ void *unused125; /* GetAvailableProviders */
  /* 126 */ void *unused126; /* ReleaseAvailableProviders (last slot of API v4) */
  /* 127 */ void *unused127; /* GetStringTensorElementLength */
  /* 128 */ void *unused128; /* GetStringTensorElement */
  /* 129 */ void *unused129; /* FillStringTensorElement */
  /* 130 */ OrtStatus *(*AddSessionConfigEntry)(OrtSessionOptions *options, const char *config_key,
                                              const char *config_value);
  /* later slots intentionally not declared; never take sizeof(OrtApi). */
};

#define ORT_SUBSET_SLOT(f) (offsetof(struct OrtApi, f) / sizeof(void *))
#if defined(__cplusplus)
#define ORT_SUBSET_STATIC_ASSERT(c, m) static_assert(c, m)
#else
#define ORT_SUBSET_STATIC_ASSERT(c, m) _Static_assert(c, m)
#endif
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(Run) == 9, "OrtApi slot Run");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(SetOptimizedModelFilePath) == 11, "OrtApi slot SetOptimizedModelFilePath");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(SetInterOpNumThreads) == 25, "OrtApi slot SetInterOpNumThreads");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(CreateTensorWithDataAsOrtValue) == 49, "OrtApi slot CreateTensorWithDataAsOrtValue");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(GetTensorTypeAndShape) == 65, "OrtApi slot GetTensorTypeAndShape");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(CreateCpuMemoryInfo) == 69, "OrtApi slot CreateCpuMemoryInfo");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(GetAllocatorWithDefaultOptions) == 78, "OrtApi slot GetAllocatorWithDefaultOptions");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(ReleaseEnv) == 92, "OrtApi slot ReleaseEnv");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(unused101) == 101, "end of API v1 (ReleaseCustomOpDomain)");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(ReleaseModelMetadata) == 118, "end of API v2 (ReleaseModelMetadata)");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(unused124) == 124, "end of API v3 (AddFreeDimensionOverrideByName)");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(unused126) == 126, "end of API v4 (ReleaseAvailableProviders)");
ORT_SUBSET_STATIC_ASSERT(ORT_SUBSET_SLOT(AddSessionConfigEntry) == 130, "OrtApi slot AddSessionConfigEntry");

#ifdef __cplusplus
}
#endif
#endif /* ORT_C_API_SUBSET_H */
