// The seam between unihip's API layer and a vendor backend (CUDA driver, HSA/AQL).
//
// Ownership: the API layer owns user-visible handles (ihipStream_t, ihipEvent_t, modules) and
// all validation (null pointers, ordinals, launch bounds, handle liveness). A backend owns only
// vendor resources, named by the opaque Native* handles below, and maps vendor status codes to
// Status with a log line naming the failing call.
//
// Devices are numbered per backend (0..deviceCount()-1); the API layer maps HIP ordinals onto
// (backend, local ordinal).
//
// Thread safety: every method may be called from any thread concurrently, except where noted.
// launch(), memcpyAsync() and eventRecord() are the hot path: no locks, no heap allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "core/status.h"
#include "fatbin/bundle.h"
#include "hip/hip_runtime_api.h"

namespace unihip {

// Opaque vendor handles. A null NativeStream is the device's legacy default stream.
using NativeStream = void*;
using NativeEvent = void*;
using NativeModule = void*;
using NativeFunction = void*;

// A launch as the API layer validated it.
struct LaunchConfig {
  dim3 grid;
  dim3 block;
  uint32_t sharedMemBytes = 0;
  NativeStream stream = nullptr;
};

// Direction of a copy, decided by the API layer from hipMemcpyKind.
enum class CopyDirection : uint8_t { HostToHost, HostToDevice, DeviceToHost, DeviceToDevice, Default };

class Backend {
 public:
  virtual ~Backend() = default;

  // "cuda" or "hsa".
  virtual const char* name() const = 0;
  virtual int deviceCount() const = 0;
  // Filled once at discovery; valid for the backend's lifetime.
  virtual const hipDeviceProp_t& properties(int device) const = 0;
  virtual Status attribute(int device, hipDeviceAttribute_t attr, int* value) = 0;
  virtual Status driverVersion(int* version) = 0;

  // Picks the entry of a parsed fat binary that suits `device`; returns its index.
  // hipErrorNoBinaryForGpu when none does.
  virtual Status selectImage(int device, std::span<const BundleEntry> entries, size_t* index) = 0;
  virtual Status loadModule(int device, const BundleEntry& image, NativeModule* module) = 0;
  virtual Status unloadModule(int device, NativeModule module) = 0;
  // hipErrorInvalidDeviceFunction (or hipErrorNotFound) when the module lacks `name`.
  virtual Status getFunction(int device, NativeModule module, const char* name,
                             NativeFunction* function) = 0;
  // Address and size of a device global; hipErrorNotFound when absent.
  virtual Status getGlobal(int device, NativeModule module, const char* name, void** address,
                           size_t* size) = 0;
  // Limits of one function (max threads per block), for launch validation.
  virtual Status functionMaxThreadsPerBlock(int device, NativeFunction function, int* value) = 0;
  // hipFuncGetAttribute: `attribute` is a hipFunction_attribute (CUfunction_attribute's
  // numbering). Generic answer: the thread limit only; vendors override with their figures.
  virtual Status functionAttribute(int device, NativeFunction function, int attribute,
                                   int* value) {
    if (attribute == 0) return functionMaxThreadsPerBlock(device, function, value);
    return hipErrorNotSupported;
  }
  // Hot path. `args` holds one pointer per explicit kernel argument, as in cuLaunchKernel.
  virtual Status launch(int device, NativeFunction function, const LaunchConfig& config,
                        void** args) = 0;

  // Memory. Device pointers are unified virtual addresses.
  virtual Status malloc(int device, size_t size, void** ptr) = 0;
  virtual Status free(int device, void* ptr) = 0;
  virtual Status hostMalloc(int device, size_t size, unsigned int hipFlags, void** ptr) = 0;
  virtual Status hostFree(int device, void* ptr) = 0;
  // Synchronous with respect to the host and ordered after the legacy default stream.
  virtual Status memcpy(int device, void* dst, const void* src, size_t size, CopyDirection dir) = 0;
  virtual Status memcpyAsync(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                             NativeStream stream) = 0;
  virtual Status memset(int device, void* dst, uint8_t value, size_t size) = 0;
  virtual Status memsetAsync(int device, void* dst, uint8_t value, size_t size,
                             NativeStream stream) = 0;
  virtual Status memsetD32Async(int device, void* dst, uint32_t value, size_t count,
                                NativeStream stream) = 0;
  virtual Status memGetInfo(int device, size_t* free, size_t* total) = 0;

  // Streams. `hipFlags` are hipStream* flags; priority as hipStreamCreateWithPriority.
  virtual Status streamCreate(int device, unsigned int hipFlags, int priority,
                              NativeStream* stream) = 0;
  virtual Status streamDestroy(int device, NativeStream stream) = 0;
  virtual Status streamSynchronize(int device, NativeStream stream) = 0;
  // hipSuccess when idle, hipErrorNotReady when work is pending.
  virtual Status streamQuery(int device, NativeStream stream) = 0;
  virtual Status streamWaitEvent(int device, NativeStream stream, NativeEvent event) = 0;
  // Queues a call of fn(userData) on a host thread once the stream's earlier work is done; the
  // stream's later work waits until fn returned; on failure fn is never called. fn must not
  // wait for this stream (it would wait for itself).
  virtual Status launchHostFunc(int device, NativeStream stream, void (*fn)(void*),
                                void* userData) = 0;
  virtual Status streamPriorityRange(int device, int* least, int* greatest) = 0;
  // The per-thread default stream of the calling thread (hipStreamPerThread).
  virtual NativeStream perThreadStream(int device) = 0;

  // Stream extensions (graph/stream family); a backend that lacks one answers NotSupported.
  // Queues a wait until `(*ptr & mask)` satisfies the hipStreamWaitValue* comparison `flags`
  // with `value`; `is64` picks the 32- or 64-bit word at `ptr`.
  virtual Status streamWaitValue(int device, NativeStream stream, void* ptr, uint64_t value,
                                 uint64_t mask, unsigned int flags, bool is64) {
    (void)device, (void)stream, (void)ptr, (void)value, (void)mask, (void)flags, (void)is64;
    return hipErrorNotSupported;
  }
  // Queues a write of `value` (32 or 64 bits) to `ptr`, ordered after the stream's earlier work.
  virtual Status streamWriteValue(int device, NativeStream stream, void* ptr, uint64_t value,
                                  bool is64) {
    (void)device, (void)stream, (void)ptr, (void)value, (void)is64;
    return hipErrorNotSupported;
  }
  // Compute-unit masks (AMD): `words` 32-bit words, bit i of the mask = compute unit i.
  virtual Status streamSetCuMask(int device, NativeStream stream, const uint32_t* mask,
                                 uint32_t words) {
    (void)device, (void)stream, (void)mask, (void)words;
    return hipErrorNotSupported;
  }
  virtual Status streamGetCuMask(int device, NativeStream stream, uint32_t* mask,
                                 uint32_t words) {
    (void)device, (void)stream, (void)mask, (void)words;
    return hipErrorNotSupported;
  }

  // Events. `hipFlags` are hipEvent* flags.
  virtual Status eventCreate(int device, unsigned int hipFlags, NativeEvent* event) = 0;
  virtual Status eventDestroy(int device, NativeEvent event) = 0;
  virtual Status eventRecord(int device, NativeEvent event, NativeStream stream) = 0;
  virtual Status eventSynchronize(int device, NativeEvent event) = 0;
  virtual Status eventQuery(int device, NativeEvent event) = 0;
  virtual Status eventElapsedTime(int device, NativeEvent start, NativeEvent stop, float* ms) = 0;

  virtual Status deviceSynchronize(int device) = 0;
  // Destroys all of the device's vendor resources (primary context reset, queues released).
  virtual Status deviceReset(int device) = 0;

  // --- device family (exec): per-device limits (hipDeviceGetLimit / hipDeviceSetLimit). ---
  // `limit` is one of hipLimitStackSize, hipLimitPrintfFifoSize, hipLimitMallocHeapSize (the API
  // layer rejects the others). hipErrorNotSupported where the vendor has no such control.
  virtual Status getLimit(int /*device*/, hipLimit_t /*limit*/, size_t* /*value*/) {
    return hipErrorNotSupported;
  }
  virtual Status setLimit(int /*device*/, hipLimit_t /*limit*/, size_t /*value*/) {
    return hipErrorNotSupported;
  }

  // Memory family (src/api/hip_memset.cpp, hip_pointer.cpp, hip_peer.cpp). Each default answers
  // hipErrorNotSupported, so a backend lacking one still builds and says so.
  // `count` 16-bit values; `dst` is 2-byte aligned (checked by the API layer).
  virtual Status memsetD16Async(int device, void* dst, uint16_t value, size_t count,
                                NativeStream stream) {
    (void)device, (void)dst, (void)value, (void)count, (void)stream;
    return hipErrorNotSupported;
  }
  // Base and size of the allocation holding `ptr`; hipErrorNotFound when no allocation does.
  virtual Status memGetAddressRange(int device, const void* ptr, void** base, size_t* size) {
    (void)device, (void)ptr, (void)base, (void)size;
    return hipErrorNotSupported;
  }
  // Whether `device` can access memory of `peer`, both devices of this backend, device != peer.
  virtual Status canAccessPeer(int device, int peer, int* value) {
    (void)device, (void)peer, (void)value;
    return hipErrorNotSupported;
  }
  // A hipDeviceP2PAttr of the link from `src` to `dst` (devices of this backend, src != dst).
  virtual Status p2pAttribute(int src, int dst, hipDeviceP2PAttr attr, int* value) {
    (void)src, (void)dst, (void)attr, (void)value;
    return hipErrorNotSupported;
  }
  // Link type (hsa_amd_link_info_type_t) and hop count between two devices of this backend.
  virtual Status linkTypeAndHopCount(int device1, int device2, uint32_t* linkType,
                                     uint32_t* hopCount) {
    (void)device1, (void)device2, (void)linkType, (void)hopCount;
    return hipErrorNotSupported;
  }
};

// Factories. Each returns nullptr when its vendor library or devices are unavailable, after
// logging why (paths tried, missing symbol, vendor status) at info level; `reason` gets the same
// text for unihipinfo.
std::unique_ptr<Backend> createCudaBackend(std::string* reason);
std::unique_ptr<Backend> createHsaBackend(std::string* reason);

}  // namespace unihip
