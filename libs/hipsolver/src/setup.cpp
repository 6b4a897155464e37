// The calls that are not a plain forward (functions.tsv marks them "manual"): the handle, its
// stream and its deterministic mode, under both the regular and the compatibility API's names;
// the sparse API's handle and stream; the refactorization API's handle.

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

// The current device if it is an NVIDIA one, made current for cuSOLVER (which follows the
// thread's context): unihip's primary context of that device.
hipsolverStatus_t bindDevice(int* device) {
  if (hipGetDevice(device) != hipSuccess) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  const char* backend = unihipGetDeviceBackendName(*device);
  if (backend == nullptr) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  if (std::strcmp(backend, "cuda") != 0) {
    static bool logged = [] {
      std::fprintf(stderr, "hipsolver: AMD devices are not supported (no rocSOLVER backend)\n");
      return true;
    }();
    (void)logged;
    return HIPSOLVER_STATUS_NOT_SUPPORTED;
  }
  return unihipDeviceBindNativeContext(*device) == hipSuccess ? HIPSOLVER_STATUS_SUCCESS
                                                               : HIPSOLVER_STATUS_NOT_INITIALIZED;
}

hipsolverStatus_t create(void** handle, bool sparse) {
  if (handle == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  const uintptr_t fn = resolve(gCreate[sparse]);
  int device = 0;
  hipsolverStatus_t s = bindDevice(&device);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  if (fn <= kNoSymbol) return HIPSOLVER_STATUS_NOT_INITIALIZED;  // library missing (logged)
  auto* h = new (std::nothrow) Handle{};
  if (h == nullptr) return HIPSOLVER_STATUS_ALLOC_FAILED;
  h->device = device;
  h->sparse = sparse;
  s = fromCusolver(reinterpret_cast<int (*)(void**)>(fn)(&h->native));
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
  const uintptr_t fn = resolve(gDestroy[sparse]);
  const hipsolverStatus_t s =
      fn > kNoSymbol ? fromCusolver(reinterpret_cast<int (*)(void*)>(fn)(h->native))
                     : HIPSOLVER_STATUS_SUCCESS;
  h->magic = 0;
  delete h;
  return s;
}

hipsolverStatus_t setStream(void* handle, hipStream_t stream, bool sparse) {
  Handle* h = toHandle(handle, sparse);
  if (h == nullptr) return kBadHandle;
  const uintptr_t fn = resolve(gSetStream[sparse]);
  if (fn <= kNoSymbol) return missing(fn);
  void* native = nullptr;
  if (unihipStreamGetNativeHandle(stream, &native) != hipSuccess)
    return HIPSOLVER_STATUS_INVALID_VALUE;
  const hipsolverStatus_t s =
      fromCusolver(reinterpret_cast<int (*)(void*, void*)>(fn)(h->native, native));
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
  return forward(gSetDeterministic, handle, mode);
}

hipsolverStatus_t getDeterministic(hipsolverHandle_t handle, hipsolverDeterministicMode_t* mode) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  if (mode == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  int v = 0;
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
  const uintptr_t fn = resolve(gRfCreate);
  int device = 0;
  const hipsolverStatus_t s = bindDevice(&device);
  if (s != HIPSOLVER_STATUS_SUCCESS) return s;
  if (fn <= kNoSymbol) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  return fromCusolver(reinterpret_cast<int (*)(void**)>(fn)(handle));
}

}  // extern "C"
