// Libraries and kernels (HIP 7.2; CUDA's cuLibrary* / cuKernel*). A library is a unihip module,
// loaded on the device current at load time, and a kernel is one of its function objects: a
// hipKernel_t is also a hipFunction_t (hipModuleLaunchKernel takes it, as CUDA lets a CUkernel
// stand for a CUfunction). Unlike CUDA's context-independent libraries, one stays on its device.
#include "api/api_boundary.h"
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
  UNIHIP_TRACE_hipLibraryLoadData(library, code, jitOptions, jitOptionsValues, numJitOptions, libraryOptions, libraryOptionValues, numLibraryOptions);
  (void)libraryOptionValues;
  UNIHIP_RETURN(([&]() -> Status {
    if (library == nullptr || code == nullptr) return hipErrorInvalidValue;
    UNIHIP_TRY(checkLoadOptions(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
                                numLibraryOptions));
    hipModule_t m = nullptr;
    UNIHIP_TRY(Status(hipModuleLoadData(&m, code)));
    *library = asLibrary(m);
    return kOk;
  })());
}

UNIHIP_EXPORT hipError_t hipLibraryLoadFromFile(hipLibrary_t* library, const char* fileName,
                                                hipJitOption* jitOptions, void** jitOptionsValues,
                                                unsigned int numJitOptions,
                                                hipLibraryOption* libraryOptions,
                                                void** libraryOptionValues,
                                                unsigned int numLibraryOptions) {
  UNIHIP_TRACE_hipLibraryLoadFromFile(library, fileName, jitOptions, jitOptionsValues, numJitOptions, libraryOptions, libraryOptionValues, numLibraryOptions);
  (void)libraryOptionValues;
  UNIHIP_RETURN(([&]() -> Status {
    if (library == nullptr || fileName == nullptr) return hipErrorInvalidValue;
    UNIHIP_TRY(checkLoadOptions(jitOptions, jitOptionsValues, numJitOptions, libraryOptions,
                                numLibraryOptions));
    hipModule_t m = nullptr;
    UNIHIP_TRY(loadModuleFile(&m, fileName));
    *library = asLibrary(m);
    return kOk;
  })());
}

UNIHIP_EXPORT hipError_t hipLibraryUnload(hipLibrary_t library) {
  UNIHIP_TRACE_hipLibraryUnload(library);
  UNIHIP_RETURN(Status(hipModuleUnload(asModule(library))));
}

UNIHIP_EXPORT hipError_t hipLibraryGetKernel(hipKernel_t* pKernel, hipLibrary_t library,
                                             const char* name) {
  UNIHIP_TRACE_hipLibraryGetKernel(pKernel, library, name);
  UNIHIP_RETURN(moduleFunction(asModule(library), name, reinterpret_cast<hipFunction_t*>(pKernel)));
}

UNIHIP_EXPORT hipError_t hipLibraryGetKernelCount(unsigned int* count, hipLibrary_t library) {
  UNIHIP_TRACE_hipLibraryGetKernelCount(count, library);
  UNIHIP_RETURN(([&]() -> Status {
    if (count == nullptr) return hipErrorInvalidValue;
    std::vector<std::string> names;
    UNIHIP_TRY(moduleKernelNames(asModule(library), &names));
    *count = static_cast<unsigned int>(names.size());
    return kOk;
  })());
}

// At most `numKernels` handles, in the backend's order (CUDA's rule); 0 or no array: invalid.
UNIHIP_EXPORT hipError_t hipLibraryEnumerateKernels(hipKernel_t* kernels, unsigned int numKernels,
                                                    hipLibrary_t library) {
  UNIHIP_TRACE_hipLibraryEnumerateKernels(kernels, numKernels, library);
  UNIHIP_RETURN(([&]() -> Status {
    if (kernels == nullptr || numKernels == 0) return hipErrorInvalidValue;
    std::vector<std::string> names;
    UNIHIP_TRY(moduleKernelNames(asModule(library), &names));
    for (size_t i = 0; i < names.size() && i < numKernels; ++i) {
      UNIHIP_TRY(moduleFunction(asModule(library), names[i].c_str(),
                                reinterpret_cast<hipFunction_t*>(&kernels[i])));
    }
    return kOk;
  })());
}

UNIHIP_EXPORT hipError_t hipLibraryGetGlobal(void** dptr, size_t* bytes, hipLibrary_t library,
                                             const char* name) {
  UNIHIP_TRACE_hipLibraryGetGlobal(dptr, bytes, library, name);
  UNIHIP_RETURN(Status(hipModuleGetGlobal(reinterpret_cast<hipDeviceptr_t*>(dptr), bytes,
                                          asModule(library), name)));
}

UNIHIP_EXPORT hipError_t hipKernelGetLibrary(hipLibrary_t* library, hipKernel_t kernel) {
  UNIHIP_TRACE_hipKernelGetLibrary(library, kernel);
  UNIHIP_RETURN(([&]() -> Status {
    if (library == nullptr) return hipErrorInvalidValue;
    ihipModuleSymbol_t* f = nullptr;
    UNIHIP_TRY(liveKernel(kernel, &f));
    // A registered kernel's (hipGetFuncBySymbol) has no library a caller could unload.
    if (f->module == nullptr) return hipErrorNotFound;
    *library = asLibrary(f->module);
    return kOk;
  })());
}

UNIHIP_EXPORT hipError_t hipKernelGetName(const char** name, hipKernel_t kernel) {
  UNIHIP_TRACE_hipKernelGetName(name, kernel);
  UNIHIP_RETURN(([&]() -> Status {
    if (name == nullptr) return hipErrorInvalidValue;
    ihipModuleSymbol_t* f = nullptr;
    UNIHIP_TRY(liveKernel(kernel, &f));
    *name = f->name.c_str();  // lives as long as the function object: the process
    return kOk;
  })());
}

UNIHIP_EXPORT hipError_t hipKernelGetFunction(hipFunction_t* pFunc, hipKernel_t kernel) {
  UNIHIP_TRACE_hipKernelGetFunction(pFunc, kernel);
  UNIHIP_RETURN(([&]() -> Status {
    if (pFunc == nullptr) return hipErrorInvalidValue;
    ihipModuleSymbol_t* f = nullptr;
    UNIHIP_TRY(liveKernel(kernel, &f));
    *pFunc = f;
    return kOk;
  })());
}

// The kernel's device only: a library is not loaded on the others (hipErrorNotSupported).
UNIHIP_EXPORT hipError_t hipKernelGetAttribute(int* pi, hipFunction_attribute attrib,
                                               hipKernel_t kernel, hipDevice_t dev) {
  UNIHIP_TRACE_hipKernelGetAttribute(pi, attrib, kernel, dev);
  UNIHIP_RETURN(([&]() -> Status {
    if (pi == nullptr) return hipErrorInvalidValue;
    ihipModuleSymbol_t* f = nullptr;
    UNIHIP_TRY(liveKernel(kernel, &f));
    Device* d = nullptr;
    UNIHIP_TRY(lookupDevice(dev, &d));
    if (d->ordinal != f->device) return hipErrorNotSupported;
    return Status(hipFuncGetAttribute(pi, attrib, asFunction(kernel)));
  })());
}

// The settable attributes of hipFuncSetAttribute (dynamic shared memory, carveout), with its
// checks, on the kernel's device only (as hipKernelGetAttribute).
UNIHIP_EXPORT hipError_t hipKernelSetAttribute(hipFunction_attribute attrib, int value,
                                               hipKernel_t kernel, hipDevice_t dev) {
  UNIHIP_TRACE_hipKernelSetAttribute(attrib, value, kernel, dev);
  UNIHIP_RETURN(([&]() -> Status {
    ihipModuleSymbol_t* f = nullptr;
    UNIHIP_TRY(liveKernel(kernel, &f));
    Device* d = nullptr;
    UNIHIP_TRY(lookupDevice(dev, &d));
    UNIHIP_TRY(checkSettableFunctionAttribute(*d, static_cast<int>(attrib), value));
    if (d->ordinal != f->device) return hipErrorNotSupported;
    return d->backend->setFunctionAttribute(d->local, f->native, static_cast<int>(attrib), value);
  })());
}

UNIHIP_EXPORT hipError_t hipKernelGetParamInfo(hipKernel_t kernel, size_t paramIndex,
                                               size_t* paramOffset, size_t* paramSize) {
  UNIHIP_TRACE_hipKernelGetParamInfo(kernel, paramIndex, paramOffset, paramSize);
  UNIHIP_RETURN(([&]() -> Status {
    if (paramOffset == nullptr || paramSize == nullptr) return hipErrorInvalidValue;
    ihipModuleSymbol_t* f = nullptr;
    UNIHIP_TRY(liveKernel(kernel, &f));
    Device* d = Runtime::get().device(f->device);
    if (d == nullptr) return hipErrorInvalidResourceHandle;
    std::vector<KernelParamSlot> slots;
    UNIHIP_TRY(d->backend->kernelParamLayout(d->local, f->native, &slots));
    if (paramIndex >= slots.size()) return hipErrorInvalidValue;
    *paramOffset = slots[paramIndex].offset;
    *paramSize = slots[paramIndex].size;
    return kOk;
  })());
}
