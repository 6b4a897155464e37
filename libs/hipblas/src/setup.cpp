// hipblasCreate/Destroy, the stream binding and the math mode: the handle calls that are not a
// plain forward (functions.tsv has the rest).

#include <cstring>
#include <new>

#include "forward.h"

using namespace unihip::blas;

namespace {

// The vendor's calls used here, resolved like the generated ones.
Entry gCreate{{"cublasCreate_v2", "rocblas_create_handle"}};
Entry gDestroy{{"cublasDestroy_v2", "rocblas_destroy_handle"}};
Entry gSetStream{{"cublasSetStream_v2", "rocblas_set_stream"}};
Entry gSetMath{{"cublasSetMathMode", "rocblas_set_math_mode"}};
Entry gGetMath{{"cublasGetMathMode", "rocblas_get_math_mode"}};

hipblasStatus_t fromVendor(Vendor v, int s) {
  return v == Vendor::cuda ? fromCublas(s) : fromRocblas(s);
}

// cuBLAS's runtime follows the thread's current context: make it the primary context unihip
// uses for `device`, so the new handle lands on unihip's current device.
bool bindCudaContext(int device) { return unihipDeviceBindNativeContext(device) == hipSuccess; }

// hipblasMath_t -> cublasMath_t / rocblas_math_mode, -1 where the backend lacks the mode.
int mathToVendor(Vendor v, hipblasMath_t m) {
  if (v == Vendor::rocm)
    return m == HIPBLAS_DEFAULT_MATH ? 0 : m == HIPBLAS_XF32_XDL_MATH ? 1 : -1;
  switch (m) {
    case HIPBLAS_DEFAULT_MATH: return 0;
    case HIPBLAS_TENSOR_OP_MATH: return 1;
    case HIPBLAS_PEDANTIC_MATH: return 2;
    case HIPBLAS_TF32_TENSOR_OP_MATH: return 3;
    case HIPBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION: return 16;
    default: return -1;
  }
}

hipblasMath_t mathFromVendor(Vendor v, int m) {
  if (v == Vendor::rocm) return m == 1 ? HIPBLAS_XF32_XDL_MATH : HIPBLAS_DEFAULT_MATH;
  switch (m & ~16) {
    case 1: return HIPBLAS_TENSOR_OP_MATH;
    case 2: return HIPBLAS_PEDANTIC_MATH;
    case 3: return HIPBLAS_TF32_TENSOR_OP_MATH;
    default:
      return (m & 16) != 0 ? HIPBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION
                           : HIPBLAS_DEFAULT_MATH;
  }
}

}  // namespace

extern "C" {

HIPBLAS_EXPORT hipblasStatus_t hipblasCreate(hipblasHandle_t* handle) {
  if (handle == nullptr) return HIPBLAS_STATUS_HANDLE_IS_NULLPTR;
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return HIPBLAS_STATUS_NOT_INITIALIZED;
  const char* backend = unihipGetDeviceBackendName(device);
  if (backend == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  Vendor v;
  if (std::strcmp(backend, "cuda") == 0) {
    v = Vendor::cuda;
  } else if (std::strcmp(backend, "hsa") == 0) {
    v = Vendor::rocm;
  } else {
    return HIPBLAS_STATUS_NOT_INITIALIZED;
  }
  auto create = reinterpret_cast<int (*)(void**)>(resolve(gCreate, v));
  if (create == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;  // library missing (logged)
  if (v == Vendor::cuda && !bindCudaContext(device)) return HIPBLAS_STATUS_NOT_INITIALIZED;
  auto* h = new (std::nothrow) Handle{};
  if (h == nullptr) return HIPBLAS_STATUS_ALLOC_FAILED;
  h->vendor = v;
  h->device = device;
  const hipblasStatus_t s = fromVendor(v, create(&h->native));
  if (s != HIPBLAS_STATUS_SUCCESS) {
    delete h;
    return s;
  }
  *handle = h;
  return HIPBLAS_STATUS_SUCCESS;
}

HIPBLAS_EXPORT hipblasStatus_t hipblasDestroy(hipblasHandle_t handle) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  auto destroy = reinterpret_cast<int (*)(void*)>(resolve(gDestroy, h->vendor));
  const hipblasStatus_t s =
      destroy != nullptr ? fromVendor(h->vendor, destroy(h->native)) : HIPBLAS_STATUS_SUCCESS;
  h->magic = 0;
  delete h;
  return s;
}

HIPBLAS_EXPORT hipblasStatus_t hipblasSetStream(hipblasHandle_t handle, hipStream_t streamId) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  auto set = reinterpret_cast<int (*)(void*, void*)>(resolve(gSetStream, h->vendor));
  if (set == nullptr) return HIPBLAS_STATUS_NOT_SUPPORTED;
  // rocBLAS runs on unihip as its HIP runtime: it takes the hipStream_t itself.
  void* native = streamId;
  if (h->vendor == Vendor::cuda && unihipStreamGetNativeHandle(streamId, &native) != hipSuccess)
    return HIPBLAS_STATUS_INVALID_VALUE;
  const hipblasStatus_t s = fromVendor(h->vendor, set(h->native, native));
  if (s == HIPBLAS_STATUS_SUCCESS) h->stream = streamId;
  return s;
}

HIPBLAS_EXPORT hipblasStatus_t hipblasGetStream(hipblasHandle_t handle, hipStream_t* streamId) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (streamId == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  *streamId = h->stream;
  return HIPBLAS_STATUS_SUCCESS;
}

HIPBLAS_EXPORT hipblasStatus_t hipblasSetMathMode(hipblasHandle_t handle, hipblasMath_t mode) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (mode < HIPBLAS_DEFAULT_MATH || mode > HIPBLAS_TENSOR_OP_MATH)
    return HIPBLAS_STATUS_INVALID_ENUM;
  const int m = mathToVendor(h->vendor, mode);
  if (m < 0) return HIPBLAS_STATUS_NOT_SUPPORTED;
  auto set = reinterpret_cast<int (*)(void*, int)>(resolve(gSetMath, h->vendor));
  if (set == nullptr) return HIPBLAS_STATUS_NOT_SUPPORTED;
  return fromVendor(h->vendor, set(h->native, m));
}

HIPBLAS_EXPORT hipblasStatus_t hipblasGetMathMode(hipblasHandle_t handle, hipblasMath_t* mode) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  auto get = reinterpret_cast<int (*)(void*, int*)>(resolve(gGetMath, h->vendor));
  if (get == nullptr) return HIPBLAS_STATUS_NOT_SUPPORTED;
  int m = 0;
  const hipblasStatus_t s = fromVendor(h->vendor, get(h->native, &m));
  if (s == HIPBLAS_STATUS_SUCCESS) *mode = mathFromVendor(h->vendor, m);
  return s;
}

}  // extern "C"
