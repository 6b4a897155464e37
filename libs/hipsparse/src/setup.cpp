// The calls that are not a plain forward (functions.tsv marks them "manual"): the handle and its
// stream, the version, and the matrix descriptor's copy and getters (which return enums), for
// cuSPARSE and rocSPARSE.

#include <cstdio>
#include <cstring>
#include <new>

#include "forward.h"

using namespace unihip::sparse;

namespace {

// The vendors' calls used here, resolved like the generated ones; [Vendor] picks one.
constexpr Vendor kRoc = Vendor::rocm;
Entry gCreate[2] = {{"cusparseCreate"}, {"rocsparse_create_handle", kRoc}};
Entry gDestroy[2] = {{"cusparseDestroy"}, {"rocsparse_destroy_handle", kRoc}};
Entry gSetStream[2] = {{"cusparseSetStream"}, {"rocsparse_set_stream", kRoc}};
Entry gGetVersion[2] = {{"cusparseGetVersion"}, {"rocsparse_get_version", kRoc}};
Entry gRocGitRev{"rocsparse_get_git_rev", kRoc};
Entry gRocCopyMatDescr{"rocsparse_copy_mat_descr", kRoc};
Entry gGetField[2][4] = {
    {{"cusparseGetMatType"}, {"cusparseGetMatFillMode"}, {"cusparseGetMatDiagType"},
     {"cusparseGetMatIndexBase"}},
    {{"rocsparse_get_mat_type", kRoc}, {"rocsparse_get_mat_fill_mode", kRoc},
     {"rocsparse_get_mat_diag_type", kRoc}, {"rocsparse_get_mat_index_base", kRoc}}};
Entry gSetField[4] = {{"cusparseSetMatType"}, {"cusparseSetMatFillMode"},
                      {"cusparseSetMatDiagType"}, {"cusparseSetMatIndexBase"}};
enum Field { kType, kFill, kDiag, kBase };

Entry& pick(Entry (&e)[2], Vendor v) { return e[static_cast<int>(v)]; }

hipsparseStatus_t fromVendor(Vendor v, int s) {
  return v == Vendor::cuda ? fromCusparse(s) : fromRocsparse(s);
}

// cuSPARSE's runtime follows the thread's current context: make it the primary context unihip
// uses for `device`, so the new handle lands on unihip's current device.
bool bindCudaContext(int device) { return unihipDeviceBindNativeContext(device) == hipSuccess; }

// A descriptor field read through the current device's vendor; `fallback` (AMD's answer for
// NULL) when there is no descriptor, no library or a value outside hipSPARSE's enum.
template <class E>
E getField(const void* descr, Field f, E fallback) {
  if (descr == nullptr) return fallback;
  const Vendor v = currentVendor();
  const uintptr_t fn = resolve(gGetField[static_cast<int>(v)][f]);
  if (fn <= kNoSymbol) return fallback;
  const int r = reinterpret_cast<int (*)(const void*)>(fn)(descr);
  // cuSPARSE shares hipSPARSE's numbers; rocSPARSE's come back through roc_map.h's table.
  const int h = v == Vendor::cuda ? (cudaValue(static_cast<E>(r)) == kInvalid ? kInvalid : r)
                                  : hipFromRoc<E>(r);
  return h == kInvalid ? fallback : static_cast<E>(h);
}

}  // namespace

extern "C" {

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCreate(hipsparseHandle_t* handle) {
  if (handle == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  const char* backend = unihipGetDeviceBackendName(device);
  if (backend == nullptr) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  Vendor v;
  if (std::strcmp(backend, "cuda") == 0) {
    v = Vendor::cuda;
  } else if (std::strcmp(backend, "hsa") == 0) {
    v = Vendor::rocm;
  } else {
    return HIPSPARSE_STATUS_NOT_INITIALIZED;
  }
  const uintptr_t create = resolve(pick(gCreate, v));
  if (create <= kNoSymbol) return HIPSPARSE_STATUS_NOT_INITIALIZED;  // library missing (logged)
  if (v == Vendor::cuda && !bindCudaContext(device)) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  auto* h = new (std::nothrow) Handle{};
  if (h == nullptr) return HIPSPARSE_STATUS_ALLOC_FAILED;
  h->vendor = v;
  h->device = device;
  const hipsparseStatus_t s = fromVendor(v, reinterpret_cast<int (*)(void**)>(create)(&h->native));
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
  const uintptr_t destroy = resolve(pick(gDestroy, h->vendor));
  const hipsparseStatus_t s =
      destroy > kNoSymbol
          ? fromVendor(h->vendor, reinterpret_cast<int (*)(void*)>(destroy)(h->native))
          : HIPSPARSE_STATUS_SUCCESS;
  h->magic = 0;
  delete h;
  return s;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseSetStream(hipsparseHandle_t handle, hipStream_t streamId) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  const uintptr_t set = resolve(pick(gSetStream, h->vendor));
  if (set <= kNoSymbol) return missing(set);
  // rocSPARSE runs on unihip as its HIP runtime: it takes the hipStream_t itself.
  void* native = streamId;
  if (h->vendor == Vendor::cuda && unihipStreamGetNativeHandle(streamId, &native) != hipSuccess)
    return HIPSPARSE_STATUS_INVALID_VALUE;
  const hipsparseStatus_t s =
      fromVendor(h->vendor, reinterpret_cast<int (*)(void*, void*)>(set)(h->native, native));
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
  const uintptr_t get = resolve(pick(gGetVersion, h->vendor));
  if (get <= kNoSymbol) return missing(get);
  int v = 0;
  hipsparseStatus_t s =
      fromVendor(h->vendor, reinterpret_cast<int (*)(void*, int*)>(get)(h->native, &v));
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
#define UNIHIP_SPARSE_STR2(x) #x
#define UNIHIP_SPARSE_STR(x) UNIHIP_SPARSE_STR2(x)
  // AMD's documented buffer: 64 characters.
  if (h->vendor == Vendor::cuda) {
    std::snprintf(rev, 64, "%s (cuSPARSE %d.%d.%d)", UNIHIP_SPARSE_STR(hipsparseVersionTweak),
                  v / 1000, v / 100 % 10, v % 100);
    return HIPSPARSE_STATUS_SUCCESS;
  }
  // AMD's hipSPARSE's form: rocSPARSE's version (major * 100000 + minor * 100 + patch) and git
  // revision.
  const uintptr_t gitRev = resolve(gRocGitRev);
  if (gitRev <= kNoSymbol) return missing(gitRev);
  char roc[64] = {};
  s = fromRocsparse(reinterpret_cast<int (*)(void*, char*)>(gitRev)(h->native, roc));
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  roc[63] = '\0';
  std::snprintf(rev, 64, "%s (rocSPARSE %d.%d.%d-%s)", UNIHIP_SPARSE_STR(hipsparseVersionTweak),
                v / 100000, v / 100 % 1000, v % 100, roc);
  return HIPSPARSE_STATUS_SUCCESS;
}

HIPSPARSE_EXPORT hipsparseStatus_t hipsparseCopyMatDescr(hipsparseMatDescr_t dest,
                                                         const hipsparseMatDescr_t src) {
  if (dest == nullptr || src == nullptr || dest == src) return HIPSPARSE_STATUS_INVALID_VALUE;
  if (currentVendor() == Vendor::rocm) {
    const uintptr_t copy = resolve(gRocCopyMatDescr);
    if (copy <= kNoSymbol) return missing(copy);
    return fromRocsparse(reinterpret_cast<int (*)(void*, const void*)>(copy)(dest, src));
  }
  for (Field f : {kType, kFill, kDiag, kBase}) {
    const uintptr_t get = resolve(gGetField[0][f]);
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
  return getField(descrA, kType, HIPSPARSE_MATRIX_TYPE_GENERAL);
}

HIPSPARSE_EXPORT hipsparseFillMode_t hipsparseGetMatFillMode(const hipsparseMatDescr_t descrA) {
  return getField(descrA, kFill, HIPSPARSE_FILL_MODE_LOWER);
}

HIPSPARSE_EXPORT hipsparseDiagType_t hipsparseGetMatDiagType(const hipsparseMatDescr_t descrA) {
  return getField(descrA, kDiag, HIPSPARSE_DIAG_TYPE_NON_UNIT);
}

HIPSPARSE_EXPORT hipsparseIndexBase_t hipsparseGetMatIndexBase(const hipsparseMatDescr_t descrA) {
  return getField(descrA, kBase, HIPSPARSE_INDEX_BASE_ZERO);
}

}  // extern "C"
