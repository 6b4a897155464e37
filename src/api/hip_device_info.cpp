// Device management beyond selection: versioned properties (R0600 / R0000), hipChooseDevice,
// PCI bus ids, UUIDs, limits, cache and shared-memory configuration, valid-device lists.
#include <atomic>
#include <cstdio>
#include <cstring>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/device_lookup.h"
#include "base/enum_value.h"
#include "core/graph/capture_guard.h"

using namespace unihip;

namespace {

// hipGetDeviceProperties / hipChooseDevice without a suffix are the HIP 5 (R0000) ABI: what a
// binary built before HIP 6 calls, and what hipGetProcAddress answers for hipVersion < 600.
#undef hipGetDeviceProperties
#undef hipChooseDevice

int gcnArchNumber(const char* archName) {
  // "gfx90a:sramecc+" -> 0 (not all digits), "gfx906" -> 906, "sm_90" -> 0.
  if (std::strncmp(archName, "gfx", 3) != 0) return 0;
  int value = 0;
  const char* p = archName + 3;
  for (; *p >= '0' && *p <= '9'; ++p) value = value * 10 + (*p - '0');
  return (*p == '\0' || *p == ':') && p != archName + 3 ? value : 0;
}

void toR0000(const hipDeviceProp_tR0600& n, hipDeviceProp_tR0000* o) {
  std::memset(o, 0, sizeof *o);
  std::memcpy(o->name, n.name, sizeof o->name);
  o->totalGlobalMem = n.totalGlobalMem;
  o->sharedMemPerBlock = n.sharedMemPerBlock;
  o->regsPerBlock = n.regsPerBlock;
  o->warpSize = n.warpSize;
  o->maxThreadsPerBlock = n.maxThreadsPerBlock;
  for (int i = 0; i < 3; ++i) {
    o->maxThreadsDim[i] = n.maxThreadsDim[i];
    o->maxGridSize[i] = n.maxGridSize[i];
    o->maxTexture3D[i] = n.maxTexture3D[i];
  }
  o->clockRate = n.clockRate;
  o->memoryClockRate = n.memoryClockRate;
  o->memoryBusWidth = n.memoryBusWidth;
  o->totalConstMem = n.totalConstMem;
  o->major = n.major;
  o->minor = n.minor;
  o->multiProcessorCount = n.multiProcessorCount;
  o->l2CacheSize = n.l2CacheSize;
  o->maxThreadsPerMultiProcessor = n.maxThreadsPerMultiProcessor;
  o->computeMode = n.computeMode;
  o->clockInstructionRate = n.clockInstructionRate;
  o->arch = n.arch;
  o->concurrentKernels = n.concurrentKernels;
  o->pciDomainID = n.pciDomainID;
  o->pciBusID = n.pciBusID;
  o->pciDeviceID = n.pciDeviceID;
  o->maxSharedMemoryPerMultiProcessor = n.maxSharedMemoryPerMultiProcessor;
  o->isMultiGpuBoard = n.isMultiGpuBoard;
  o->canMapHostMemory = n.canMapHostMemory;
  o->gcnArch = gcnArchNumber(n.gcnArchName);
  std::memcpy(o->gcnArchName, n.gcnArchName, sizeof o->gcnArchName);
  o->integrated = n.integrated;
  o->cooperativeLaunch = n.cooperativeLaunch;
  o->cooperativeMultiDeviceLaunch = n.cooperativeMultiDeviceLaunch;
  o->maxTexture1DLinear = n.maxTexture1DLinear;
  o->maxTexture1D = n.maxTexture1D;
  o->maxTexture2D[0] = n.maxTexture2D[0];
  o->maxTexture2D[1] = n.maxTexture2D[1];
  o->hdpMemFlushCntl = n.hdpMemFlushCntl;
  o->hdpRegFlushCntl = n.hdpRegFlushCntl;
  o->memPitch = n.memPitch;
  o->textureAlignment = n.textureAlignment;
  o->texturePitchAlignment = n.texturePitchAlignment;
  o->kernelExecTimeoutEnabled = n.kernelExecTimeoutEnabled;
  o->ECCEnabled = n.ECCEnabled;
  o->tccDriver = n.tccDriver;
  o->cooperativeMultiDeviceUnmatchedFunc = n.cooperativeMultiDeviceUnmatchedFunc;
  o->cooperativeMultiDeviceUnmatchedGridDim = n.cooperativeMultiDeviceUnmatchedGridDim;
  o->cooperativeMultiDeviceUnmatchedBlockDim = n.cooperativeMultiDeviceUnmatchedBlockDim;
  o->cooperativeMultiDeviceUnmatchedSharedMem = n.cooperativeMultiDeviceUnmatchedSharedMem;
  o->isLargeBar = n.isLargeBar;
  o->asicRevision = n.asicRevision;
  o->managedMemory = n.managedMemory;
  o->directManagedMemAccessFromHost = n.directManagedMemAccessFromHost;
  o->concurrentManagedAccess = n.concurrentManagedAccess;
  o->pageableMemoryAccess = n.pageableMemoryAccess;
  o->pageableMemoryAccessUsesHostPageTables = n.pageableMemoryAccessUsesHostPageTables;
}

Status propertiesR0000(hipDeviceProp_tR0000* prop, int deviceId) {
  if (prop == nullptr) return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(lookupDevice(deviceId, &d));
  toR0000(*d->props, prop);
  return kOk;
}

// AMD's rule: every non-zero field of the request is a minimum; among the devices meeting all of
// them, the one meeting the most wins (ties: the lowest ordinal). Device 0 when none does.
template <typename Props>
unsigned matchedFields(const Props& want, const hipDeviceProp_tR0600& have, bool* all) {
  unsigned asked = 0, met = 0;
  auto atLeast = [&](auto requested, auto actual) {
    if (requested == 0) return;
    ++asked;
    if (actual >= requested) ++met;
  };
  atLeast(want.major, have.major);
  atLeast(want.minor, have.minor);
  atLeast(want.totalGlobalMem, have.totalGlobalMem);
  atLeast(want.sharedMemPerBlock, have.sharedMemPerBlock);
  atLeast(want.maxThreadsPerBlock, have.maxThreadsPerBlock);
  atLeast(want.totalConstMem, have.totalConstMem);
  atLeast(want.multiProcessorCount, have.multiProcessorCount);
  atLeast(want.maxThreadsPerMultiProcessor, have.maxThreadsPerMultiProcessor);
  atLeast(want.memoryClockRate, have.memoryClockRate);
  atLeast(want.memoryBusWidth, have.memoryBusWidth);
  atLeast(want.l2CacheSize, have.l2CacheSize);
  atLeast(want.regsPerBlock, have.regsPerBlock);
  atLeast(want.maxSharedMemoryPerMultiProcessor, have.maxSharedMemoryPerMultiProcessor);
  atLeast(want.warpSize, have.warpSize);
  *all = asked == met;
  return met;
}

template <typename Props>
Status chooseDevice(int* device, const Props* prop) {
  if (device == nullptr || prop == nullptr) return hipErrorInvalidValue;
  Runtime& rt = Runtime::get();
  if (rt.deviceCount() == 0) return hipErrorNoDevice;
  int best = 0;
  unsigned bestMatched = 0;
  for (int i = 0; i < rt.deviceCount(); ++i) {
    bool all = false;
    unsigned matched = matchedFields(*prop, *rt.device(i)->props, &all);
    if (all && matched > bestMatched) {
      best = i;
      bestMatched = matched;
    }
  }
  *device = best;
  return kOk;
}

// Per-device recorded preferences: AMD's GPUs have no configurable L1/shared split or bank
// size, so like AMD's runtime these are accepted and reported, not applied.
struct DevicePreferences {
  std::atomic<int> cacheConfig{hipFuncCachePreferNone};
};
DevicePreferences g_preferences[kMaxDevices];

// AMD's rule: a value at or past hipLimitRange is not a limit at all (invalid value); one
// below it that is not served (a negative value, the scratch limits) is an unsupported limit.
Status checkLimit(hipLimit_t limit) {
  if (static_cast<int>(limit) >= static_cast<int>(hipLimitRange)) return hipErrorInvalidValue;
  if (limit == hipLimitStackSize || limit == hipLimitPrintfFifoSize ||
      limit == hipLimitMallocHeapSize)
    return kOk;
  return hipErrorUnsupportedLimit;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGetDevicePropertiesR0000(hipDeviceProp_tR0000* prop, int deviceId) {
  UNIHIP_TRACE_hipGetDevicePropertiesR0000(prop, deviceId);
  UNIHIP_RETURN(propertiesR0000(prop, deviceId));
}

// The unversioned export keeps HIP 5's layout (see the #undef above).
UNIHIP_EXPORT hipError_t hipGetDeviceProperties(hipDeviceProp_tR0000* prop, int deviceId) {
  UNIHIP_TRACE_API("hipGetDeviceProperties({}, {})", fmt::ptr(prop), deviceId);
  UNIHIP_RETURN(propertiesR0000(prop, deviceId));
}

UNIHIP_EXPORT hipError_t hipChooseDeviceR0600(int* device, const hipDeviceProp_tR0600* prop) {
  UNIHIP_TRACE_hipChooseDeviceR0600(device, prop);
  UNIHIP_RETURN(chooseDevice(device, prop));
}

UNIHIP_EXPORT hipError_t hipChooseDeviceR0000(int* device, const hipDeviceProp_tR0000* prop) {
  UNIHIP_TRACE_hipChooseDeviceR0000(device, prop);
  UNIHIP_RETURN(chooseDevice(device, prop));
}

UNIHIP_EXPORT hipError_t hipChooseDevice(int* device, const hipDeviceProp_tR0000* prop) {
  UNIHIP_TRACE_API("hipChooseDevice({}, {})", fmt::ptr(device), fmt::ptr(prop));
  UNIHIP_RETURN(chooseDevice(device, prop));
}

UNIHIP_EXPORT hipError_t hipDeviceGetPCIBusId(char* pciBusId, int len, int device) {
  UNIHIP_TRACE_hipDeviceGetPCIBusId(pciBusId, len, device);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(device, &d));
  if (pciBusId == nullptr || len <= 0) UNIHIP_RETURN(hipErrorInvalidValue);
  // domain:bus:device.function, as AMD's runtime writes it ("0000:c1:00.0").
  int n = std::snprintf(pciBusId, static_cast<size_t>(len), "%04x:%02x:%02x.0",
                        d->props->pciDomainID, d->props->pciBusID, d->props->pciDeviceID);
  // A buffer too short for the whole id holds its NUL-terminated start, and the call fails
  // (AMD's: hipErrorInvalidValue below 13 bytes).
  UNIHIP_RETURN(n < 0 || n >= len ? hipErrorInvalidValue : hipSuccess);
}

UNIHIP_EXPORT hipError_t hipDeviceGetByPCIBusId(int* device, const char* pciBusId) {
  UNIHIP_TRACE_hipDeviceGetByPCIBusId(device, pciBusId);
  if (device == nullptr || pciBusId == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Runtime& rt = Runtime::get();
  if (rt.deviceCount() == 0) UNIHIP_RETURN(hipErrorNoDevice);
  unsigned domain = 0, bus = 0, slot = 0;
  // "domain:bus:device[.function]" or the short "bus:device[.function]".
  if (std::sscanf(pciBusId, "%x:%x:%x", &domain, &bus, &slot) != 3) {
    domain = 0;
    if (std::sscanf(pciBusId, "%x:%x", &bus, &slot) != 2) UNIHIP_RETURN(hipErrorInvalidValue);
  }
  for (int i = 0; i < rt.deviceCount(); ++i) {
    const hipDeviceProp_t& p = *rt.device(i)->props;
    if (static_cast<unsigned>(p.pciDomainID) == domain &&
        static_cast<unsigned>(p.pciBusID) == bus && static_cast<unsigned>(p.pciDeviceID) == slot) {
      *device = i;
      UNIHIP_RETURN(kOk);
    }
  }
  UNIHIP_RETURN(hipErrorInvalidValue);
}

UNIHIP_EXPORT hipError_t hipDeviceGetUuid(hipUUID* uuid, hipDevice_t device) {
  UNIHIP_TRACE_hipDeviceGetUuid(uuid, device);
  if (uuid == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(device, &d));
  *uuid = d->props->uuid;
  UNIHIP_RETURN(kOk);
}

// A LUID exists on Windows only (AMD's and NVIDIA's drivers alike): on Linux a valid query is
// answered hipErrorNotSupported, leaving the outputs untouched, as AMD documents.
// unihip-coverage: not-supported hipDeviceGetLuid (Windows only)
UNIHIP_EXPORT hipError_t hipDeviceGetLuid(char* luid, unsigned int* deviceNodeMask,
                                          hipDevice_t device) {
  UNIHIP_TRACE_hipDeviceGetLuid(luid, deviceNodeMask, device);
  if (luid == nullptr || deviceNodeMask == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(device, &d));
  UNIHIP_RETURN(hipErrorNotSupported);
}

UNIHIP_EXPORT hipError_t hipDeviceGetLimit(size_t* pValue, enum hipLimit_t limit) {
  UNIHIP_TRACE_hipDeviceGetLimit(pValue, limit);
  if (pValue == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkLimit(limit));
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  UNIHIP_RETURN(d->backend->getLimit(d->local, limit, pValue));
}

UNIHIP_EXPORT hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value) {
  UNIHIP_TRACE_hipDeviceSetLimit(limit, value);
  UNIHIP_RETURN_IF_FAILED(checkLimit(limit));
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  UNIHIP_RETURN(d->backend->setLimit(d->local, limit, value));
}

namespace unihip {

// Shared with the context API (hipCtxGet/SetCacheConfig, hipCtxGet/SetSharedMemConfig).
Status getCacheConfig(hipFuncCache_t* config) {
  if (config == nullptr) return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  *config = static_cast<hipFuncCache_t>(
      g_preferences[d->ordinal].cacheConfig.load(std::memory_order_relaxed));
  return kOk;
}

Status setCacheConfig(int config) {
  if (config < hipFuncCachePreferNone || config > hipFuncCachePreferEqual)
    return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  g_preferences[d->ordinal].cacheConfig.store(config, std::memory_order_relaxed);
  return kOk;
}

// Banks are four bytes wide on every device unihip drives; other sizes are accepted as hints.
Status getSharedMemConfig(hipSharedMemConfig* config) {
  if (config == nullptr) return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  *config = hipSharedMemBankSizeFourByte;
  return kOk;
}

Status setSharedMemConfig(int config) {
  if (config < hipSharedMemBankSizeDefault || config > hipSharedMemBankSizeEightByte)
    return hipErrorInvalidValue;
  Device* d = nullptr;
  return currentDevice(&d);
}

}  // namespace unihip

UNIHIP_EXPORT hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* cacheConfig) {
  UNIHIP_TRACE_hipDeviceGetCacheConfig(cacheConfig);
  UNIHIP_RETURN(getCacheConfig(cacheConfig));
}

UNIHIP_EXPORT hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig) {
  UNIHIP_TRACE_hipDeviceSetCacheConfig(cacheConfig);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  UNIHIP_RETURN(setCacheConfig(enumValue(cacheConfig)));
}

UNIHIP_EXPORT hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* pConfig) {
  UNIHIP_TRACE_hipDeviceGetSharedMemConfig(pConfig);
  UNIHIP_RETURN(getSharedMemConfig(pConfig));
}

UNIHIP_EXPORT hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  UNIHIP_TRACE_hipDeviceSetSharedMemConfig(config);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  UNIHIP_RETURN(setSharedMemConfig(enumValue(config)));
}

// As AMD's runtime: an empty list keeps the default order; otherwise a thread that has not
// called hipSetDevice gets the list's first device as its current one.
UNIHIP_EXPORT hipError_t hipSetValidDevices(int* device_arr, int len) {
  UNIHIP_TRACE_hipSetValidDevices(device_arr, len);
  if (len == 0) UNIHIP_RETURN(kOk);
  Runtime& rt = Runtime::get();
  const int count = rt.deviceCount();
  if (count == 0) UNIHIP_RETURN(hipErrorNoDevice);
  if (device_arr == nullptr || len < 0 || len > count) UNIHIP_RETURN(hipErrorInvalidValue);
  for (int i = 0; i < len; ++i) {
    if (rt.device(device_arr[i]) == nullptr) UNIHIP_RETURN(hipErrorInvalidDevice);
  }
  if (!Runtime::deviceChosenByUser()) Runtime::setCurrentDevice(device_arr[0]);
  UNIHIP_RETURN(kOk);
}
