// Explicit module management: hipModuleLoad/LoadData, hipModuleGetFunction,
// hipModuleLaunchKernel. Images are parsed with the same code as registered fat binaries.
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <vector>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/kernel_lookup.h"
#include "api/module_family.h"
#include "core/handles.h"
#include "base/hot_text.h"
#include "base/hot_tls.h"
#include "core/launch_cache.h"
#include "core/launch_check.h"
#include "core/stream_resolve.h"
#include "base/bundle.h"
#include "base/allocation_map.h"

using namespace unihip;

namespace {

std::mutex g_moduleFunctionsMutex;  // guards every module's `functions`

// Frees a module's managed variables (after its device finished: a kernel may still use them).
void releaseManaged(const Device& d, std::vector<ihipModule_t::ManagedVariable>* vars) {
  if (vars->empty()) return;
  (void)d.backend->deviceSynchronize(d.local);
  for (const auto& v : *vars) {
    Allocation a;
    if (AllocationMap::get().take(v.storage, &a)) (void)d.backend->freeManaged(d.local, v.storage);
  }
  vars->clear();
}

// A module's __managed__ variables, set up as AMD's DynCO::initDynManagedVars does: managed
// memory of the value's size, the value (`name.managed`) copied in, the pointer variable
// (`name`) pointed at it. A backend that cannot list them leaves them alone.
Status setUpManaged(const Device& d, NativeModule native,
                    std::vector<ihipModule_t::ManagedVariable>* out) {
  std::vector<std::string> names;
  if (!d.backend->moduleManagedVariables(d.local, native, &names).ok()) return kOk;
  for (const std::string& name : names) {
    void* value = nullptr;
    void* pointer = nullptr;
    size_t size = 0, pointerSize = 0;
    if (!d.backend->getGlobal(d.local, native, (name + ".managed").c_str(), &value, &size).ok() ||
        size == 0 ||
        !d.backend->getGlobal(d.local, native, name.c_str(), &pointer, &pointerSize).ok() ||
        pointerSize != sizeof(void*))
      continue;  // not clang's pair: an ordinary variable that happens to end in "managed"
    void* storage = nullptr;
    Status s = d.backend->mallocManaged(d.local, size, hipMemAttachGlobal, &storage);
    if (s.ok() && storage == nullptr) s = hipErrorOutOfMemory;
    if (!s.ok()) {
      releaseManaged(d, out);
      return s;
    }
    AllocationMap::get().insert({storage, size, d.ordinal, AllocationKind::Managed,
                                 hipMemAttachGlobal});
    out->push_back({name, storage, size});
    s = d.backend->memcpy(d.local, storage, value, size, CopyDirection::DeviceToDevice);
    if (s.ok())
      s = d.backend->memcpy(d.local, pointer, &storage, sizeof storage,
                            CopyDirection::HostToDevice);
    if (!s.ok()) {
      releaseManaged(d, out);
      return s;
    }
  }
  return kOk;
}

// `owned`: the bytes behind `view` when the module must keep them (a file read into memory).
Status loadModule(hipModule_t* module, ImageView view, std::vector<uint8_t> owned) {
  if (module == nullptr || view.data() == nullptr) return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  std::vector<BundleEntry> entries;
  std::vector<uint8_t> decompressed;
  UNIHIP_TRY(parseFatBinary(view, &entries, &decompressed));
  // A compressed bundle's images live in `decompressed`: the module keeps them (a moved vector
  // keeps its buffer, so the entries stay valid).
  if (!decompressed.empty()) owned = std::move(decompressed);
  size_t index = 0;
  UNIHIP_TRY(d->backend->selectImage(d->local, entries, &index));
  NativeModule native = nullptr;
  UNIHIP_TRY(d->backend->loadModule(d->local, entries[index], &native));
  std::vector<ihipModule_t::ManagedVariable> managed;
  if (Status s = setUpManaged(*d, native, &managed); !s.ok()) {
    (void)d->backend->unloadModule(d->local, native);
    return s;
  }
  ihipModule_t* m = moduleTable().create();
  m->device = d->ordinal;
  m->native = native;
  m->image = std::move(owned);
  m->functions.clear();
  m->managed = std::move(managed);
  HandleTable<ihipModule_t>::publish(m);
  *module = m;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  UNIHIP_TRACE_hipModuleLoadData(module, image);
  // No size comes with the image: its header bounds it, checked against readable memory.
  UNIHIP_RETURN(loadModule(module, ImageView::unsized(image), {}));
}

// HIP 7.1 (CUDA's cuModuleLoadFatBinary): an offload bundle, parsed as hipModuleLoadData parses
// any image.
UNIHIP_EXPORT hipError_t hipModuleLoadFatBinary(hipModule_t* module, const void* fatbin) {
  UNIHIP_TRACE_hipModuleLoadFatBinary(module, fatbin);
  UNIHIP_RETURN(loadModule(module, ImageView::unsized(fatbin), {}));
}

UNIHIP_EXPORT hipError_t hipModuleLoad(hipModule_t* module, const char* fname) {
  UNIHIP_TRACE_hipModuleLoad(module, fname);
  UNIHIP_RETURN(loadModuleFile(module, fname));
}

UNIHIP_EXPORT hipError_t hipModuleUnload(hipModule_t module) {
  UNIHIP_TRACE_hipModuleUnload(module);
  // AMD's: null is an invalid handle; any other module not loaded (unloaded already, or never
  // one) is not found in its module map (hip-tests' hipModuleUnload.cc _Double_Unload).
  if (module == nullptr) UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  if (!isLive(module)) UNIHIP_RETURN(hipErrorNotFound);
  Device* d = Runtime::get().device(module->device);
  NativeModule native = module->native;
  {
    std::lock_guard<std::mutex> lock(g_moduleFunctionsMutex);
    for (ihipModuleSymbol_t* f : module->functions) f->magic.store(0, std::memory_order_release);
  }
  std::vector<ihipModule_t::ManagedVariable> managed;
  if (!moduleTable().retire(module, [&](ihipModule_t& m) { managed = std::move(m.managed); }))
    UNIHIP_RETURN(hipErrorNotFound);  // a racing unload won
  if (d) releaseManaged(*d, &managed);
  UNIHIP_RETURN(d ? d->backend->unloadModule(d->local, native) : kOk);
}

namespace unihip {

Status moduleFunction(hipModule_t module, const char* name, hipFunction_t* function) {
  if (function == nullptr || name == nullptr) return hipErrorInvalidValue;
  if (!isLive(module)) return hipErrorInvalidResourceHandle;
  Device* d = Runtime::get().device(module->device);
  if (d == nullptr) return hipErrorInvalidResourceHandle;
  std::lock_guard<std::mutex> lock(g_moduleFunctionsMutex);
  // One object per name: asking again (or enumerating a library) hands out the same handle.
  for (ihipModuleSymbol_t* f : module->functions) {
    if (f->name == name) {
      *function = f;
      return kOk;
    }
  }
  NativeFunction native = nullptr;
  Status s = d->backend->getFunction(d->local, module->native, name, &native);
  if (!s.ok()) return hipErrorNotFound;
  // Function objects live as long as the process; unload only clears their magic.
  auto* f = new ihipModuleSymbol_t();
  f->device = module->device;
  f->module = module;
  f->native = native;
  f->name = name;
  f->magic.store(ihipModuleSymbol_t::kMagic, std::memory_order_release);
  module->functions.push_back(f);
  *function = f;
  return kOk;
}

Status moduleKernelNames(hipModule_t module, std::vector<std::string>* names) {
  if (!isLive(module)) return hipErrorInvalidResourceHandle;
  Device* d = Runtime::get().device(module->device);
  if (d == nullptr) return hipErrorInvalidResourceHandle;
  return d->backend->moduleFunctionNames(d->local, module->native, names);
}

Status loadModuleFile(hipModule_t* module, const char* fname) {
  // AMD's: an empty name is an invalid value, not a file not found (hip-tests' hipModuleLoad.cc).
  if (module == nullptr || fname == nullptr || fname[0] == '\0') return hipErrorInvalidValue;
  std::ifstream file(fname, std::ios::binary);
  if (!file) return hipErrorFileNotFound;
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
  if (bytes.empty()) return hipErrorInvalidImage;
  bytes.push_back(0);  // PTX text must end in NUL
  ImageView view = ImageView::sized(bytes.data(), bytes.size());
  return loadModule(module, view, std::move(bytes));
}

}  // namespace unihip

UNIHIP_EXPORT hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module,
                                              const char* kname) {
  UNIHIP_TRACE_hipModuleGetFunction(function, module, kname);
  UNIHIP_RETURN(moduleFunction(module, kname, function));
}

UNIHIP_EXPORT hipError_t hipModuleGetFunctionCount(unsigned int* count, hipModule_t mod) {
  UNIHIP_TRACE_hipModuleGetFunctionCount(count, mod);
  if (count == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  std::vector<std::string> names;
  UNIHIP_RETURN_IF_FAILED(moduleKernelNames(mod, &names));
  *count = static_cast<unsigned int>(names.size());
  UNIHIP_RETURN(kOk);
}

namespace {

UNIHIP_HOT_TLS LaunchCache t_moduleLaunchCache;  // keyed by hipFunction_t (core/launch_cache.h)

// Every check, in AMD's order and with its codes; fills the cache once all but the backend's
// launch succeeded (a plain launch: `extra` packs its arguments anew each time).
[[gnu::noinline]] UNIHIP_HOT_TEXT hipError_t fullModuleLaunch(hipFunction_t f, dim3 grid,
                                                              dim3 block,
                                                              unsigned int sharedMemBytes,
                                                              hipStream_t stream,
                                                              void** kernelParams, void** extra) {
  UNIHIP_TRACE_hipModuleLaunchKernel(f, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                     sharedMemBytes, stream, kernelParams, extra);
  constexpr const char* kName = "hipModuleLaunchKernel";
  const uint64_t generation = launchGeneration();  // before the lookups (launch_generation.h)
  if (UNIHIP_UNLIKELY(!isLive(f))) return apiReturn(kName, hipErrorInvalidResourceHandle);
  const void* packed = nullptr;
  size_t packedBytes = 0;
  if (UNIHIP_UNLIKELY(extra != nullptr)) {
    Status e = packedArguments(kernelParams, extra, &packed, &packedBytes);
    if (!e.ok()) return apiReturn(kName, e);
  }
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) return apiReturn(kName, s);
  if (UNIHIP_UNLIKELY(rs.device->ordinal != f->device))
    return apiReturn(kName, hipErrorInvalidHandle);
  s = checkModuleLaunch(*rs.device->props, grid, block, sharedMemBytes);
  if (UNIHIP_UNLIKELY(!s.ok())) return apiReturn(kName, s);
  s = kernelLimitsBeforeLaunch(*rs.device, f->native, block, sharedMemBytes, kModuleLaunchCodes);
  if (UNIHIP_UNLIKELY(!s.ok())) return apiReturn(kName, s);
  LaunchConfig config{grid, block, sharedMemBytes, rs.native};
  if (UNIHIP_UNLIKELY(extra != nullptr))
    return apiReturn(kName, [&] {
      Status p = rs.device->backend->launchPacked(rs.device->local, f->native, config, packed,
                                                  packedBytes);
      return p.ok() ? p
                    : refusedLaunchCode(p, *rs.device, f->native, block, sharedMemBytes,
                                        kModuleLaunchCodes);
    }());
  if (mayFillLaunchCache(stream, rs.native))
    t_moduleLaunchCache = {f,         stream,    generation, rs.device,
                           rs.native, f->native, Runtime::currentDevice()};
  s = timeline::onStream(timeline::OpKind::kernel, rs.device, rs.native, f->name.c_str(), [&] {
    return rs.device->backend->launch(rs.device->local, f->native, config, kernelParams);
  });
  if (UNIHIP_UNLIKELY(!s.ok()))
    s = refusedLaunchCode(s, *rs.device, f->native, block, sharedMemBytes, kModuleLaunchCodes);
  return apiReturn(kName, s);
}

// A cached launch the backend refused: past the function's own limits, the module API's code
// (the cache holds only the device's limits).
[[gnu::cold, gnu::noinline]] hipError_t failedModuleLaunch(Status s, const LaunchConfig& config) {
  const LaunchCache& c = t_moduleLaunchCache;
  return apiReturn("hipModuleLaunchKernel",
                   refusedLaunchCode(s, *c.device, c.function, config.block,
                                     config.sharedMemBytes, kModuleLaunchCodes));
}

}  // namespace

// The hot path: the thread's last function and stream again, within the device's limits, no
// `extra`; anything else takes fullModuleLaunch.
UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t hipModuleLaunchKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
    unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams, void** extra) {
  const dim3 grid(gridDimX, gridDimY, gridDimZ), block(blockDimX, blockDimY, blockDimZ);
  const LaunchCache& c = t_moduleLaunchCache;
  if (UNIHIP_UNLIKELY(extra != nullptr || !c.answers(f, stream, grid, block, sharedMemBytes)))
    return fullModuleLaunch(f, grid, block, sharedMemBytes, stream, kernelParams, extra);
  const Device* device = c.device;
  LaunchConfig config{grid, block, sharedMemBytes, c.native};
  Status s = device->backend->launch(device->local, c.function, config, kernelParams);
  if (UNIHIP_UNLIKELY(!s.ok())) return failedModuleLaunch(s, config);
  return hipSuccess;
}
