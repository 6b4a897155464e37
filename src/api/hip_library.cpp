// Libraries and kernels (HIP 7.2; CUDA's cuLibrary* / cuKernel*). A library is a unihip module,
// loaded on the device current at load time, and a kernel is one of its function objects: a
// hipKernel_t is also a hipFunction_t (hipModuleLaunchKernel takes it, as CUDA lets a CUkernel
// stand for a CUfunction). Unlike CUDA's context-independent libraries, one stays on its device.
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/device_lookup.h"
#include "api/kernel_lookup.h"
#include "api/module_family.h"
#include "core/handles.h"
#include "core/runtime.h"

using namespace unihip;

namespace {

hipModule_t asModule(hipLibrary_t library) { return reinterpret_cast<hipModule_t>(library); }
hipLibrary_t asLibrary(hipModule_t module) { return reinterpret_cast<hipLibrary_t>(module); }
hipFunction_t asFunction(hipKernel_t kernel) { return reinterpret_cast<hipFunction_t>(kernel); }

// Both loaders' options: arrays present when counted; library options known. JIT options tune
// PTX compilation and are ignored, as hipModuleLoadDataEx ignores them.
Status checkLoadOptions(const hipJitOption* jitOptions, void* const* jitValues, unsigned numJit,
                        const hipLibraryOption* libOptions, unsigned numLib) {
  if (numJit > 0 && (jitOptions == nullptr || jitValues == nullptr)) return hipErrorInvalidValue;
  if (numLib > 0 && libOptions == nullptr) return hipErrorInvalidValue;
  for (unsigned i = 0; i < numLib; ++i) {
    if (libOptions[i] != hipLibraryHostUniversalFunctionAndDataTable &&
        libOptions[i] != hipLibraryBinaryIsPreserved)
      return hipErrorInvalidValue;
  }
  return kOk;
}

// The family's kernel check: a live function object.
Status liveKernel(hipKernel_t kernel, ihipModuleSymbol_t** f) {
  auto* k = reinterpret_cast<ihipModuleSymbol_t*>(kernel);
  if (!isLive(k)) return hipErrorInvalidResourceHandle;
  *f = k;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipLibraryLoadData(hipLibrary_t* library, const void* code,
                                            hipJitOption* jitOptions, void** jitOptionsValues,
                                            unsigned int numJitOptions,
                                            hipLibraryOption* libraryOptions,
                                            void** libraryOptionValues,
                                            unsigned int numLibraryOptions) {
  UNIHIP_TRACE_hipLibraryLoadData(library, code, jitOptions, jitOptionsValues, numJitOptions,
                                  libraryOptions, libraryOptionValues, numLibraryOptions);
  (void)libraryOptionValues;
  if (library == nullptr || code == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkLoadOptions(jitOptions, jitOptionsValues, numJitOptions,
                                           libraryOptions, numLibraryOptions));
  hipModule_t m = nullptr;
  UNIHIP_RETURN_IF_FAILED(Status(hipModuleLoadData(&m, code)));
  *library = asLibrary(m);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipLibraryLoadFromFile(hipLibrary_t* library, const char* fileName,
                                                hipJitOption* jitOptions, void** jitOptionsValues,
                                                unsigned int numJitOptions,
                                                hipLibraryOption* libraryOptions,
                                                void** libraryOptionValues,
                                                unsigned int numLibraryOptions) {
  UNIHIP_TRACE_hipLibraryLoadFromFile(library, fileName, jitOptions, jitOptionsValues,
                                      numJitOptions, libraryOptions, libraryOptionValues,
                                      numLibraryOptions);
  (void)libraryOptionValues;
  if (library == nullptr || fileName == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkLoadOptions(jitOptions, jitOptionsValues, numJitOptions,
                                           libraryOptions, numLibraryOptions));
  hipModule_t m = nullptr;
  UNIHIP_RETURN_IF_FAILED(loadModuleFile(&m, fileName));
  *library = asLibrary(m);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipLibraryUnload(hipLibrary_t library) {
  UNIHIP_TRACE_hipLibraryUnload(library);
  // A library not loaded is an invalid handle (hipModuleUnload's own answer there is AMD's
  // module-map hipErrorNotFound).
  if (!isLive(asModule(library))) UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  UNIHIP_RETURN(Status(hipModuleUnload(asModule(library))));
}

UNIHIP_EXPORT hipError_t hipLibraryGetKernel(hipKernel_t* pKernel, hipLibrary_t library,
                                             const char* name) {
  UNIHIP_TRACE_hipLibraryGetKernel(pKernel, library, name);
  UNIHIP_RETURN(moduleFunction(asModule(library), name, reinterpret_cast<hipFunction_t*>(pKernel)));
}

UNIHIP_EXPORT hipError_t hipLibraryGetKernelCount(unsigned int* count, hipLibrary_t library) {
  UNIHIP_TRACE_hipLibraryGetKernelCount(count, library);
  if (count == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  std::vector<std::string> names;
  UNIHIP_RETURN_IF_FAILED(moduleKernelNames(asModule(library), &names));
  *count = static_cast<unsigned int>(names.size());
  UNIHIP_RETURN(kOk);
}

// At most `numKernels` handles, in the backend's order (CUDA's rule); 0 or no array: invalid.
UNIHIP_EXPORT hipError_t hipLibraryEnumerateKernels(hipKernel_t* kernels, unsigned int numKernels,
                                                    hipLibrary_t library) {
  UNIHIP_TRACE_hipLibraryEnumerateKernels(kernels, numKernels, library);
  if (kernels == nullptr || numKernels == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  std::vector<std::string> names;
  UNIHIP_RETURN_IF_FAILED(moduleKernelNames(asModule(library), &names));
  for (size_t i = 0; i < names.size() && i < numKernels; ++i) {
    UNIHIP_RETURN_IF_FAILED(moduleFunction(asModule(library), names[i].c_str(),
                                           reinterpret_cast<hipFunction_t*>(&kernels[i])));
  }
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipLibraryGetGlobal(void** dptr, size_t* bytes, hipLibrary_t library,
                                             const char* name) {
  UNIHIP_TRACE_hipLibraryGetGlobal(dptr, bytes, library, name);
  UNIHIP_RETURN(Status(hipModuleGetGlobal(reinterpret_cast<hipDeviceptr_t*>(dptr), bytes,
                                          asModule(library), name)));
}

UNIHIP_EXPORT hipError_t hipKernelGetLibrary(hipLibrary_t* library, hipKernel_t kernel) {
  UNIHIP_TRACE_hipKernelGetLibrary(library, kernel);
  if (library == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipModuleSymbol_t* f = nullptr;
  UNIHIP_RETURN_IF_FAILED(liveKernel(kernel, &f));
  // A registered kernel's (hipGetFuncBySymbol) has no library a caller could unload.
  if (f->module == nullptr) UNIHIP_RETURN(hipErrorNotFound);
  *library = asLibrary(f->module);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipKernelGetName(const char** name, hipKernel_t kernel) {
  UNIHIP_TRACE_hipKernelGetName(name, kernel);
  if (name == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipModuleSymbol_t* f = nullptr;
  UNIHIP_RETURN_IF_FAILED(liveKernel(kernel, &f));
  *name = f->name.c_str();  // lives as long as the function object: the process
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipKernelGetFunction(hipFunction_t* pFunc, hipKernel_t kernel) {
  UNIHIP_TRACE_hipKernelGetFunction(pFunc, kernel);
  if (pFunc == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipModuleSymbol_t* f = nullptr;
  UNIHIP_RETURN_IF_FAILED(liveKernel(kernel, &f));
  *pFunc = f;
  UNIHIP_RETURN(kOk);
}

// The kernel's device only: a library is not loaded on the others (hipErrorNotSupported).
UNIHIP_EXPORT hipError_t hipKernelGetAttribute(int* pi, hipFunction_attribute attrib,
                                               hipKernel_t kernel, hipDevice_t dev) {
  UNIHIP_TRACE_hipKernelGetAttribute(pi, attrib, kernel, dev);
  if (pi == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipModuleSymbol_t* f = nullptr;
  UNIHIP_RETURN_IF_FAILED(liveKernel(kernel, &f));
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(dev, &d));
  if (d->ordinal != f->device) UNIHIP_RETURN(hipErrorNotSupported);
  UNIHIP_RETURN(Status(hipFuncGetAttribute(pi, attrib, asFunction(kernel))));
}

// The settable attributes of hipFuncSetAttribute (dynamic shared memory, carveout), with its
// checks, on the kernel's device only (as hipKernelGetAttribute).
UNIHIP_EXPORT hipError_t hipKernelSetAttribute(hipFunction_attribute attrib, int value,
                                               hipKernel_t kernel, hipDevice_t dev) {
  UNIHIP_TRACE_hipKernelSetAttribute(attrib, value, kernel, dev);
  ihipModuleSymbol_t* f = nullptr;
  UNIHIP_RETURN_IF_FAILED(liveKernel(kernel, &f));
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(dev, &d));
  UNIHIP_RETURN_IF_FAILED(checkSettableFunctionAttribute(*d, static_cast<int>(attrib), value));
  if (d->ordinal != f->device) UNIHIP_RETURN(hipErrorNotSupported);
  UNIHIP_RETURN(
      d->backend->setFunctionAttribute(d->local, f->native, static_cast<int>(attrib), value));
}

UNIHIP_EXPORT hipError_t hipKernelGetParamInfo(hipKernel_t kernel, size_t paramIndex,
                                               size_t* paramOffset, size_t* paramSize) {
  UNIHIP_TRACE_hipKernelGetParamInfo(kernel, paramIndex, paramOffset, paramSize);
  if (paramOffset == nullptr || paramSize == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipModuleSymbol_t* f = nullptr;
  UNIHIP_RETURN_IF_FAILED(liveKernel(kernel, &f));
  Device* d = Runtime::get().device(f->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  std::vector<KernelParamSlot> slots;
  UNIHIP_RETURN_IF_FAILED(d->backend->kernelParamLayout(d->local, f->native, &slots));
  if (paramIndex >= slots.size()) UNIHIP_RETURN(hipErrorInvalidValue);
  *paramOffset = slots[paramIndex].offset;
  *paramSize = slots[paramIndex].size;
  UNIHIP_RETURN(kOk);
}
