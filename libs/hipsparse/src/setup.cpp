// The calls that are not a plain forward (functions.tsv marks them "manual"): the handle and its
// stream, the version, and the matrix descriptor's copy and getters (which return enums).

#include <cstdio>
#include <cstring>
#include <new>

#include "forward.h"

using namespace unihip::sparse;

namespace {

// The cuSPARSE calls used here, resolved like the generated ones.
Entry gCreate{"cusparseCreate"};
Entry gDestroy{"cusparseDestroy"};
Entry gSetStream{"cusparseSetStream"};
Entry gGetVersion{"cusparseGetVersion"};
Entry gGetField[4] = {{"cusparseGetMatType"}, {"cusparseGetMatFillMode"},
                      {"cusparseGetMatDiagType"}, {"cusparseGetMatIndexBase"}};
Entry gSetField[4] = {{"cusparseSetMatType"}, {"cusparseSetMatFillMode"},
                      {"cusparseSetMatDiagType"}, {"cusparseSetMatIndexBase"}};
enum Field { kType, kFill, kDiag, kBase };

// cuSPARSE's runtime follows the thread's current context: make it the primary context unihip
// uses for `device`, so the new handle lands on unihip's current device.
bool bindCudaContext(int device) { return unihipDeviceBindNativeContext(device) == hipSuccess; }

// A descriptor field read through cuSPARSE; `fallback` (AMD's answer for NULL) when there is no
// descriptor, no library or a value outside [0, highest].
int getField(const void* descr, Field f, int fallback, int highest) {
  if (descr == nullptr) return fallback;
  const uintptr_t fn = resolve(gGetField[f]);
  if (fn <= kNoSymbol) return fallback;
  const int v = reinterpret_cast<int (*)(const void*)>(fn)(descr);
  return v >= 0 && v <= highest ? v : fallback;
}

}  // namespace

extern "C" {

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreate(hipsparseHandle_t* handle) {
  if (handle == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  const char* backend = unihipGetDeviceBackendName(device);
  if (backend == nullptr) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  if (std::strcmp(backend, "cuda") != 0) {
    static bool logged = [] {
      std::fprintf(stderr, "hipsparse: AMD devices are not supported (no rocSPARSE backend)\n");
      return true;
    }();
    (void)logged;
    return HIPSPARSE_STATUS_NOT_SUPPORTED;
  }
  const uintptr_t create = resolve(gCreate);
  if (create <= kNoSymbol) return HIPSPARSE_STATUS_NOT_INITIALIZED;  // library missing (logged)
  if (!bindCudaContext(device)) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  auto* h = new (std::nothrow) Handle{};
  if (h == nullptr) return HIPSPARSE_STATUS_ALLOC_FAILED;
  h->device = device;
  const hipsparseStatus_t s = fromCusparse(reinterpret_cast<int (*)(void**)>(create)(&h->native));
  if (s != HIPSPARSE_STATUS_SUCCESS) {
    delete h;
    return s;
  }
  *handle = h;
  return HIPSPARSE_STATUS_SUCCESS;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseDestroy(hipsparseHandle_t handle) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  const uintptr_t destroy = resolve(gDestroy);
  const hipsparseStatus_t s = destroy > kNoSymbol
                                  ? fromCusparse(reinterpret_cast<int (*)(void*)>(destroy)(h->native))
                                  : HIPSPARSE_STATUS_SUCCESS;
  h->magic = 0;
  delete h;
  return s;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetStream(hipsparseHandle_t handle, hipStream_t streamId) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  const uintptr_t set = resolve(gSetStream);
  if (set <= kNoSymbol) return missing(set);
  void* native = nullptr;
  if (unihipStreamGetNativeHandle(streamId, &native) != hipSuccess)
    return HIPSPARSE_STATUS_INVALID_VALUE;
  const hipsparseStatus_t s =
      fromCusparse(reinterpret_cast<int (*)(void*, void*)>(set)(h->native, native));
  if (s == HIPSPARSE_STATUS_SUCCESS) h->stream = streamId;
  return s;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseGetStream(hipsparseHandle_t handle, hipStream_t* streamId) {
  Handle* h = toHandle(handle);
  if (h == nullptr || streamId == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  *streamId = h->stream;
  return HIPSPARSE_STATUS_SUCCESS;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseGetVersion(hipsparseHandle_t handle, int* version) {
  if (toHandle(handle) == nullptr) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  if (version == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  *version = hipsparseVersionMajor * 100000 + hipsparseVersionMinor * 100 + hipsparseVersionPatch;
  return HIPSPARSE_STATUS_SUCCESS;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseGetGitRevision(hipsparseHandle_t handle, char* rev) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  if (rev == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  const uintptr_t get = resolve(gGetVersion);
  if (get <= kNoSymbol) return missing(get);
  int v = 0;
  const hipsparseStatus_t s = fromCusparse(reinterpret_cast<int (*)(void*, int*)>(get)(h->native, &v));
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
#define UNIHIP_SPARSE_STR2(x) #x
#define UNIHIP_SPARSE_STR(x) UNIHIP_SPARSE_STR2(x)
  // AMD's documented buffer: 64 characters.
  std::snprintf(rev, 64, "%s (cuSPARSE %d.%d.%d)", UNIHIP_SPARSE_STR(hipsparseVersionTweak),
                v / 1000, v / 100 % 10, v % 100);
  return HIPSPARSE_STATUS_SUCCESS;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCopyMatDescr(hipsparseMatDescr_t dest,
                                                         const hipsparseMatDescr_t src) {
  if (dest == nullptr || src == nullptr || dest == src) return HIPSPARSE_STATUS_INVALID_VALUE;
  for (Field f : {kType, kFill, kDiag, kBase}) {
    const uintptr_t get = resolve(gGetField[f]);
    const uintptr_t set = resolve(gSetField[f]);
    if (get <= kNoSymbol) return missing(get);
    if (set <= kNoSymbol) return missing(set);
    const int v = reinterpret_cast<int (*)(const void*)>(get)(src);
    const hipsparseStatus_t s = fromCusparse(reinterpret_cast<int (*)(void*, int)>(set)(dest, v));
    if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  }
  return HIPSPARSE_STATUS_SUCCESS;
}

HIPSPARSE_EXPORT hipsparseMatrixType_t hipsparseGetMatType(const hipsparseMatDescr_t descrA) {
  return static_cast<hipsparseMatrixType_t>(getField(descrA, kType, HIPSPARSE_MATRIX_TYPE_GENERAL, 3));
}

HIPSPARSE_EXPORT hipsparseFillMode_t hipsparseGetMatFillMode(const hipsparseMatDescr_t descrA) {
  return static_cast<hipsparseFillMode_t>(getField(descrA, kFill, HIPSPARSE_FILL_MODE_LOWER, 1));
}

HIPSPARSE_EXPORT hipsparseDiagType_t hipsparseGetMatDiagType(const hipsparseMatDescr_t descrA) {
  return static_cast<hipsparseDiagType_t>(getField(descrA, kDiag, HIPSPARSE_DIAG_TYPE_NON_UNIT, 1));
}

HIPSPARSE_EXPORT hipsparseIndexBase_t hipsparseGetMatIndexBase(const hipsparseMatDescr_t descrA) {
  return static_cast<hipsparseIndexBase_t>(getField(descrA, kBase, HIPSPARSE_INDEX_BASE_ZERO, 1));
}

}  // extern "C"
