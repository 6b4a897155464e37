// The calls that are not a plain forward (functions.tsv marks them "manual"): the handle, its
// stream and its deterministic mode, under both the regular and the compatibility API's names
// (cuSOLVER's on NVIDIA, rocBLAS's on AMD); the sparse API's handle and stream; the
// refactorization API's handle (NVIDIA only).

#include <cstdio>
#include <cstring>
#include <new>

#include "forward.h"

using namespace unihip::solver;

namespace {

// The cuSOLVER calls used here, resolved like the generated ones.
// Per API: [0] dense, [1] sparse.
Entry gCreate[2] = {{"cusolverDnCreate"}, {"cusolverSpCreate"}};
Entry gDestroy[2] = {{"cusolverDnDestroy"}, {"cusolverSpDestroy"}};
Entry gSetStream[2] = {{"cusolverDnSetStream"}, {"cusolverSpSetStream"}};
Entry gRfCreate{"cusolverRfCreate"};
Entry gSetDeterministic{"cusolverDnSetDeterministicMode"};
Entry gGetDeterministic{"cusolverDnGetDeterministicMode"};

// On AMD: rocBLAS's handle (rocSOLVER's calls take it), stream and atomics mode.
Entry gRocCreate{"rocblas_create_handle", Lib::rocblas};
Entry gRocDestroy{"rocblas_destroy_handle", Lib::rocblas};
Entry gRocSetStream{"rocblas_set_stream", Lib::rocblas};
Entry gRocSetAtomics{"rocblas_set_atomics_mode", Lib::rocblas};
Entry gRocGetAtomics{"rocblas_get_atomics_mode", Lib::rocblas};

hipsolverStatus_t fromVendor(Vendor v, int s) {
  return v == Vendor::cuda ? fromCusolver(s) : fromRocblas(s);
}

// The backend of the current device. An NVIDIA one is made current for cuSOLVER (which follows
// the thread's context): unihip's primary context of that device. rocBLAS takes the device
// current at its handle's creation, as on ROCm.
hipsolverStatus_t bindDevice(int* device, Vendor* vendor) {
  if (hipGetDevice(device) != hipSuccess) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  const char* backend = unihipGetDeviceBackendName(*device);
  if (backend == nullptr) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  if (std::strcmp(backend, "hsa") == 0) {
    *vendor = Vendor::rocm;
    return HIPSOLVER_STATUS_SUCCESS;
  }
  if (std::strcmp(backend, "cuda") != 0) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  *vendor = Vendor::cuda;
  return unihipDeviceBindNativeContext(*device) == hipSuccess ? HIPSOLVER_STATUS_SUCCESS
                                                               : HIPSOLVER_STATUS_NOT_INITIALIZED;
}

// The APIs without a rocSOLVER path (sparse, refactorization) on an AMD device.
hipsolverStatus_t notOnAmd(const char* api) {
  std::fprintf(stderr, "hipsolver: the %s API is not supported on AMD devices\n", api);
  return HIPSOLVER_STATUS_NOT_SUPPORTED;
}

hipsolverStatus_t create(void** handle, bool sparse) {
  if (handle == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  int device = 0;
  Vendor v = Vendor::cuda;
  hipsolverStatus_t s = bindDevice(&device, &v);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  if (v == Vendor::rocm && sparse) return notOnAmd("sparse");
  const uintptr_t fn = resolve(v == Vendor::cuda ? gCreate[sparse] : gRocCreate);
  if (fn <= kNoSymbol) return HIPSOLVER_STATUS_NOT_INITIALIZED;  // library missing (logged)
  auto* h = new (std::nothrow) Handle{};
  if (h == nullptr) return HIPSOLVER_STATUS_ALLOC_FAILED;
  h->device = device;
  h->sparse = sparse;
  h->vendor = v;
  s = fromVendor(v, reinterpret_cast<int (*)(void**)>(fn)(&h->native));
  if (s != HIPSOLVER_STATUS_SUCCESS) {
    delete h;
    return s;
  }
  *handle = h;
  return HIPSOLVER_STATUS_SUCCESS;
}

hipsolverStatus_t destroy(void* handle, bool sparse) {
  Handle* h = toHandle(handle, sparse);
  if (h == nullptr) return kBadHandle;
  const uintptr_t fn = resolve(h->vendor == Vendor::cuda ? gDestroy[sparse] : gRocDestroy);
  const hipsolverStatus_t s =
      fn > kNoSymbol ? fromVendor(h->vendor, reinterpret_cast<int (*)(void*)>(fn)(h->native))
                     : HIPSOLVER_STATUS_SUCCESS;
  h->magic = 0;
  delete h;
  return s;
}

hipsolverStatus_t setStream(void* handle, hipStream_t stream, bool sparse) {
  Handle* h = toHandle(handle, sparse);
  if (h == nullptr) return kBadHandle;
  const uintptr_t fn = resolve(h->vendor == Vendor::cuda ? gSetStream[sparse] : gRocSetStream);
  if (fn <= kNoSymbol) return missing(fn);
  // rocBLAS runs on unihip as its HIP runtime: it takes the hipStream_t itself.
  void* native = stream;
  if (h->vendor == Vendor::cuda && unihipStreamGetNativeHandle(stream, &native) != hipSuccess)
    return HIPSOLVER_STATUS_INVALID_VALUE;
  const hipsolverStatus_t s =
      fromVendor(h->vendor, reinterpret_cast<int (*)(void*, void*)>(fn)(h->native, native));
  if (s == HIPSOLVER_STATUS_SUCCESS) h->stream = stream;
  return s;
}

hipsolverStatus_t getStream(hipsolverHandle_t handle, hipStream_t* stream) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  if (stream == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  *stream = h->stream;
  return HIPSOLVER_STATUS_SUCCESS;
}

hipsolverStatus_t setDeterministic(hipsolverHandle_t handle, hipsolverDeterministicMode_t mode) {
  if (Handle* h = rocHandle(handle)) {
    if (rocValue(mode) == kInvalid) return HIPSOLVER_STATUS_INVALID_ENUM;
    const uintptr_t fn = resolve(gRocSetAtomics);
    if (fn <= kNoSymbol) return missing(fn);
    return fromRocblas(reinterpret_cast<int (*)(void*, int)>(fn)(h->native, rocValue(mode)));
  }
  return forward(gSetDeterministic, handle, mode);
}

hipsolverStatus_t getDeterministic(hipsolverHandle_t handle, hipsolverDeterministicMode_t* mode) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  if (mode == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  int v = 0;
  if (h->vendor == Vendor::rocm) {
    const uintptr_t fn = resolve(gRocGetAtomics);
    if (fn <= kNoSymbol) return missing(fn);
    const hipsolverStatus_t s =
        fromRocblas(reinterpret_cast<int (*)(void*, int*)>(fn)(h->native, &v));
    if (s == HIPSOLVER_STATUS_SUCCESS) *mode = fromRocAtomics(v);
    return s;
  }
  const hipsolverStatus_t s = call(gGetDeterministic, h->native, &v);
  if (s == HIPSOLVER_STATUS_SUCCESS) *mode = fromCudaDeterministic(v);
  return s;
}

}  // namespace

extern "C" {

HIPSOLVER_EXPORT hipsolverStatus_t hipsolverCreate(hipsolverHandle_t* handle) { return create(handle, false); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDestroy(hipsolverHandle_t handle) { return destroy(handle, false); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSetStream(hipsolverHandle_t handle, hipStream_t streamId) {
  return setStream(handle, streamId, false);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverGetStream(hipsolverHandle_t handle, hipStream_t* streamId) {
  return getStream(handle, streamId);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSetDeterministicMode(hipsolverHandle_t handle,
                                                                 hipsolverDeterministicMode_t mode) {
  return setDeterministic(handle, mode);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverGetDeterministicMode(hipsolverHandle_t handle,
                                                                 hipsolverDeterministicMode_t* mode) {
  return getDeterministic(handle, mode);
}

HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnCreate(hipsolverDnHandle_t* handle) { return create(handle, false); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnDestroy(hipsolverDnHandle_t handle) { return destroy(handle, false); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnSetStream(hipsolverDnHandle_t handle, hipStream_t streamId) {
  return setStream(handle, streamId, false);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnGetStream(hipsolverDnHandle_t handle, hipStream_t* streamId) {
  return getStream(handle, streamId);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnSetDeterministicMode(hipsolverDnHandle_t handle,
                                                                   hipsolverDeterministicMode_t mode) {
  return setDeterministic(handle, mode);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnGetDeterministicMode(hipsolverDnHandle_t handle,
                                                                   hipsolverDeterministicMode_t* mode) {
  return getDeterministic(handle, mode);
}

HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSpCreate(hipsolverSpHandle_t* handle) {
  return create(handle, true);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSpDestroy(hipsolverSpHandle_t handle) {
  return destroy(handle, true);
}
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSpSetStream(hipsolverSpHandle_t handle, hipStream_t streamId) {
  return setStream(handle, streamId, true);
}

// cuSOLVER's own handle (the refactorization API has no stream to bind), on the current device.
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverRfCreate(hipsolverRfHandle_t* handle) {
  if (handle == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  int device = 0;
  Vendor v = Vendor::cuda;
  const hipsolverStatus_t s = bindDevice(&device, &v);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  if (v == Vendor::rocm) return notOnAmd("refactorization");
  const uintptr_t fn = resolve(gRfCreate);
  if (fn <= kNoSymbol) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  return fromCusolver(reinterpret_cast<int (*)(void**)>(fn)(handle));
}

}  // extern "C"
