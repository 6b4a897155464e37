// The calls that are not a plain forward (functions.tsv marks them "manual"): the handle, its
// stream and its deterministic mode, under both the regular and the compatibility API's names.

#include <cstdio>
#include <cstring>
#include <new>

#include "forward.h"

using namespace unihip::solver;

namespace {

// The cuSOLVER calls used here, resolved like the generated ones.
Entry gCreate{"cusolverDnCreate"};
Entry gDestroy{"cusolverDnDestroy"};
Entry gSetStream{"cusolverDnSetStream"};
Entry gSetDeterministic{"cusolverDnSetDeterministicMode"};
Entry gGetDeterministic{"cusolverDnGetDeterministicMode"};

hipsolverStatus_t create(hipsolverHandle_t* handle) {
  if (handle == nullptr) return HIPSOLVER_STATUS_INVALID_VALUE;
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  const char* backend = unihipGetDeviceBackendName(device);
  if (backend == nullptr) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  if (std::strcmp(backend, "cuda") != 0) {
    static bool logged = [] {
      std::fprintf(stderr, "hipsolver: AMD devices are not supported (no rocSOLVER backend)\n");
      return true;
    }();
    (void)logged;
    return HIPSOLVER_STATUS_NOT_SUPPORTED;
  }
  const uintptr_t fn = resolve(gCreate);
  if (fn <= kNoSymbol) return HIPSOLVER_STATUS_NOT_INITIALIZED;  // library missing (logged)
  // cuSOLVER follows the thread's current context: make it unihip's primary context of `device`.
  if (unihipDeviceBindNativeContext(device) != hipSuccess) return HIPSOLVER_STATUS_NOT_INITIALIZED;
  auto* h = new (std::nothrow) Handle{};
  if (h == nullptr) return HIPSOLVER_STATUS_ALLOC_FAILED;
  h->device = device;
  const hipsolverStatus_t s = fromCusolver(reinterpret_cast<int (*)(void**)>(fn)(&h->native));
  if (s != HIPSOLVER_STATUS_SUCCESS) {
    delete h;
    return s;
  }
  *handle = h;
  return HIPSOLVER_STATUS_SUCCESS;
}

hipsolverStatus_t destroy(hipsolverHandle_t handle) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  const uintptr_t fn = resolve(gDestroy);
  const hipsolverStatus_t s =
      fn > kNoSymbol ? fromCusolver(reinterpret_cast<int (*)(void*)>(fn)(h->native))
                     : HIPSOLVER_STATUS_SUCCESS;
  h->magic = 0;
  delete h;
  return s;
}

hipsolverStatus_t setStream(hipsolverHandle_t handle, hipStream_t stream) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return kBadHandle;
  const uintptr_t fn = resolve(gSetStream);
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

HIPSOLVER_EXPORT hipsolverStatus_t hipsolverCreate(hipsolverHandle_t* handle) { return create(handle); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDestroy(hipsolverHandle_t handle) { return destroy(handle); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSetStream(hipsolverHandle_t handle, hipStream_t streamId) {
  return setStream(handle, streamId);
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

HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnCreate(hipsolverDnHandle_t* handle) { return create(handle); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnDestroy(hipsolverDnHandle_t handle) { return destroy(handle); }
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnSetStream(hipsolverDnHandle_t handle, hipStream_t streamId) {
  return setStream(handle, streamId);
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

}  // extern "C"
