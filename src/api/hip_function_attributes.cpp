// Function attributes and kernel identity: hipFuncGetAttribute(s), hipFuncSet*, hipGetFuncBySymbol,
// hipKernelNameRef(ByPtr).
#include <map>
#include <mutex>
#include <utility>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/kernel_lookup.h"
#include "base/enum_value.h"
#include "core/runtime.h"

using namespace unihip;

namespace {

Status checkCacheConfig(int config) {
  return (config >= hipFuncCachePreferNone && config <= hipFuncCachePreferEqual)
             ? kOk
             : Status(hipErrorInvalidValue);
}

Status checkSharedMemConfig(int config) {
  return (config >= hipSharedMemBankSizeDefault && config <= hipSharedMemBankSizeEightByte)
             ? kOk
             : Status(hipErrorInvalidValue);
}

// One hipFunction_t per (kernel, device), kept for the process like module functions are.
std::mutex g_symbolMutex;
std::map<std::pair<const KernelRecord*, int>, ihipModuleSymbol_t*> g_symbols;

}  // namespace

UNIHIP_EXPORT hipError_t hipFuncGetAttributes(struct hipFuncAttributes* attr, const void* func) {
  UNIHIP_TRACE_hipFuncGetAttributes(attr, func);
  if (attr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  NativeFunction f = nullptr;
  UNIHIP_RETURN_IF_FAILED(kernelOnCurrentDevice(func, &d, &f));
  // Every field through the backend's hipFuncGetAttribute answers; all or nothing.
  int v[HIP_FUNC_ATTRIBUTE_MAX] = {};
  for (int a = 0; a < HIP_FUNC_ATTRIBUTE_MAX; ++a)
    UNIHIP_RETURN_IF_FAILED(d->backend->functionAttribute(d->local, f, a, &v[a]));
  *attr = hipFuncAttributes{};
  attr->maxThreadsPerBlock = v[HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK];
  attr->sharedSizeBytes = static_cast<size_t>(v[HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES]);
  attr->constSizeBytes = static_cast<size_t>(v[HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES]);
  attr->localSizeBytes = static_cast<size_t>(v[HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES]);
  attr->numRegs = v[HIP_FUNC_ATTRIBUTE_NUM_REGS];
  attr->ptxVersion = v[HIP_FUNC_ATTRIBUTE_PTX_VERSION];
  attr->binaryVersion = v[HIP_FUNC_ATTRIBUTE_BINARY_VERSION];
  attr->cacheModeCA = v[HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA];
  attr->maxDynamicSharedSizeBytes = v[HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES];
  attr->preferredShmemCarveout = v[HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT];
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attrib,
                                             hipFunction_t hfunc) {
  UNIHIP_TRACE_hipFuncGetAttribute(value, attrib, hfunc);
  if (value == nullptr || attrib < HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ||
      attrib >= HIP_FUNC_ATTRIBUTE_MAX)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(liveFunction(hfunc));
  Device* d = Runtime::get().device(hfunc->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  UNIHIP_RETURN(
      d->backend->functionAttribute(d->local, hfunc->native, static_cast<int>(attrib), value));
}

UNIHIP_EXPORT hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr, int value) {
  UNIHIP_TRACE_hipFuncSetAttribute(func, attr, value);
  KernelRecord* kernel = nullptr;
  Status s = registeredKernel(func, &kernel);
  if (!s.ok()) UNIHIP_RETURN(s);
  Device* d = nullptr;
  s = currentDevice(&d);
  if (!s.ok()) UNIHIP_RETURN(s);
  s = checkSettableFunctionAttribute(*d, enumValue(attr), value);
  if (!s.ok()) UNIHIP_RETURN(s);
  NativeFunction f = nullptr;
  UNIHIP_RETURN_IF_FAILED(kernelOnCurrentDevice(func, &d, &f));
  UNIHIP_RETURN(d->backend->setFunctionAttribute(d->local, f, enumValue(attr), value));
}

// Cache and bank-size preferences are hints; like AMD's runtime unihip accepts and ignores them.
UNIHIP_EXPORT hipError_t hipFuncSetCacheConfig(const void* func, hipFuncCache_t config) {
  UNIHIP_TRACE_hipFuncSetCacheConfig(func, config);
  KernelRecord* kernel = nullptr;
  UNIHIP_RETURN_IF_FAILED(registeredKernel(func, &kernel));
  UNIHIP_RETURN(checkCacheConfig(enumValue(config)));
}

UNIHIP_EXPORT hipError_t hipFuncSetSharedMemConfig(const void* func, hipSharedMemConfig config) {
  UNIHIP_TRACE_hipFuncSetSharedMemConfig(func, config);
  KernelRecord* kernel = nullptr;
  UNIHIP_RETURN_IF_FAILED(registeredKernel(func, &kernel));
  UNIHIP_RETURN(checkSharedMemConfig(enumValue(config)));
}

// The module-API handle of a registered kernel on the current device, usable with
// hipModuleLaunchKernel and hipFuncGetAttribute.
UNIHIP_EXPORT hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr, const void* symbolPtr) {
  UNIHIP_TRACE_hipGetFuncBySymbol(functionPtr, symbolPtr);
  UNIHIP_RETURN(([&]() -> Status {
    if (functionPtr == nullptr) return hipErrorInvalidValue;
    KernelRecord* kernel = nullptr;
    UNIHIP_TRY(registeredKernel(symbolPtr, &kernel));
    Device* d = nullptr;
    UNIHIP_TRY(currentDevice(&d));
    NativeFunction native = nullptr;
    UNIHIP_TRY(Registry::get().function(kernel, *d, &native));
    std::lock_guard<std::mutex> lock(g_symbolMutex);
    ihipModuleSymbol_t*& f = g_symbols[{kernel, d->ordinal}];
    if (f == nullptr) {
      f = new ihipModuleSymbol_t();
      f->device = d->ordinal;
      f->name = kernel->name;
    }
    f->native = native;  // re-resolved: hipDeviceReset reloads the kernel's module
    f->magic.store(ihipModuleSymbol_t::kMagic, std::memory_order_release);
    *functionPtr = f;
    return kOk;
  })());
}

UNIHIP_EXPORT const char* hipKernelNameRef(const hipFunction_t f) {
  UNIHIP_TRACE_hipKernelNameRef(f);
  return isLive(f) ? f->name.c_str() : nullptr;
}

UNIHIP_EXPORT const char* hipKernelNameRefByPtr(const void* hostFunction, hipStream_t stream) {
  UNIHIP_TRACE_hipKernelNameRefByPtr(hostFunction, stream);
  KernelRecord* kernel = hostFunction ? Registry::get().findKernel(hostFunction) : nullptr;
  return kernel ? kernel->name.data() : nullptr;
}
