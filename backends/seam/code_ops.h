// Seam family "code": choosing and loading device images, looking up kernels and globals, their
// attributes, and launching. Every backend implements it. launch() is the hot path: no lock, no
// heap allocation.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"
#include "base/bundle.h"
#include "seam/handles.h"

namespace unihip {

using NativeLink = void*;

class CodeOps {
 public:
  virtual ~CodeOps() = default;

  // Picks the entry of a parsed fat binary that suits `device`; returns its index.
  // hipErrorNoBinaryForGpu when none does.
  virtual Status selectImage(int device, std::span<const BundleEntry> entries, size_t* index) = 0;
  virtual Status loadModule(int device, const BundleEntry& image, NativeModule* module) = 0;
  // The same for an image of a registered fat binary: the runtime asks such a module only for
  // names clang registered from that image (its kernels and variables), so a backend need not
  // index the image's symbols to answer unknown names.
  virtual Status loadRegisteredModule(int device, const BundleEntry& image, NativeModule* module) {
    return loadModule(device, image, module);
  }
  virtual Status unloadModule(int device, NativeModule module) = 0;
  // hipErrorInvalidDeviceFunction (or hipErrorNotFound) when the module lacks `name`.
  virtual Status getFunction(int device, NativeModule module, const char* name,
                             NativeFunction* function) = 0;
  // The names of the module's kernels (hipModuleGetFunctionCount, hipLibraryEnumerateKernels),
  // in a stable order; hipErrorNotSupported when the vendor cannot list them.
  virtual Status moduleFunctionNames(int device, NativeModule module,
                                     std::vector<std::string>* names) {
    (void)device, (void)module, (void)names;
    return hipErrorNotSupported;
  }
  // hipLink*: a linker session on `device` that makes one loadable image of its inputs.
  // `options` are hipJitOption values with `values` beside them (where a vendor's linker writes
  // its outputs, such as log sizes), `type` a hipJitInputType (both checked by the API layer).
  // hipErrorNotSupported where the vendor cannot link, or not that input type.
  virtual Status linkCreate(int device, unsigned count, const hipJitOption* options,
                            void** values, NativeLink* link) {
    (void)device, (void)count, (void)options, (void)values, (void)link;
    return hipErrorNotSupported;
  }
  virtual Status linkAddData(int device, NativeLink link, hipJitInputType type, const void* data,
                             size_t size, const char* name, unsigned count,
                             const hipJitOption* options, void** values) {
    (void)device, (void)link, (void)type, (void)data, (void)size, (void)name, (void)count,
        (void)options, (void)values;
    return hipErrorNotSupported;
  }
  // The image stays the session's: valid until linkDestroy.
  virtual Status linkComplete(int device, NativeLink link, void** image, size_t* size) {
    (void)device, (void)link, (void)image, (void)size;
    return hipErrorNotSupported;
  }
  virtual Status linkDestroy(int device, NativeLink link) {
    (void)device, (void)link;
    return hipErrorNotSupported;
  }
  // The names of the module's __managed__ variables: each is a pointer variable `name` beside
  // its value `name.managed` (clang's HIP codegen), for the loader to point at managed memory.
  // hipErrorNotSupported when the vendor cannot list them.
  virtual Status moduleManagedVariables(int device, NativeModule module,
                                        std::vector<std::string>* names) {
    (void)device, (void)module, (void)names;
    return hipErrorNotSupported;
  }
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
  // True when launch() itself refuses a block or dynamic shared memory past the function's own
  // limits (CUDA's driver does), so the API checks them only after a refusal, off the path of
  // launches that succeed; false (AMD's packets take any size) makes the API check first.
  virtual bool launchRefusesPastFunctionLimits() const { return false; }
  // hipFuncSetAttribute: `attribute` is a hipFuncAttribute (8: max dynamic shared memory,
  // 9: preferred carveout), already range-checked.
  virtual Status setFunctionAttribute(int device, NativeFunction function, int attribute,
                                      int value) {
    (void)device, (void)function, (void)attribute, (void)value;
    return hipErrorNotSupported;
  }
  // Occupancy (hipOccupancy*, hipModuleOccupancy*); `flags` hipOccupancy* flags.
  virtual Status occupancyMaxActiveBlocks(int device, NativeFunction function, int blockSize,
                                          size_t dynamicShared, unsigned int flags,
                                          int* numBlocks) {
    (void)device, (void)function, (void)blockSize, (void)dynamicShared, (void)flags,
        (void)numBlocks;
    return hipErrorNotSupported;
  }
  // The block size that maximizes occupancy (at most `blockSizeLimit`, 0: no limit) and the
  // smallest grid that reaches it.
  virtual Status occupancyMaxPotentialBlockSize(int device, NativeFunction function,
                                                size_t dynamicShared, int blockSizeLimit,
                                                unsigned int flags, int* gridSize,
                                                int* blockSize) {
    (void)device, (void)function, (void)dynamicShared, (void)blockSizeLimit, (void)flags,
        (void)gridSize, (void)blockSize;
    return hipErrorNotSupported;
  }
  virtual Status occupancyAvailableDynamicShared(int device, NativeFunction function,
                                                 int numBlocks, int blockSize, size_t* bytes) {
    (void)device, (void)function, (void)numBlocks, (void)blockSize, (void)bytes;
    return hipErrorNotSupported;
  }
  // Occupancy of thread-block clusters (hipOccupancyMaxPotentialClusterSize,
  // hipOccupancyMaxActiveClusters) for a launch of `config` (its attributes, among them the
  // cluster dimension, as the caller gave them; `config.stream` already resolved to `stream`).
  virtual Status occupancyMaxPotentialClusterSize(int device, NativeFunction function,
                                                  const hipLaunchConfig_t& config,
                                                  NativeStream stream, int* clusterSize) {
    (void)device, (void)function, (void)config, (void)stream, (void)clusterSize;
    return hipErrorNotSupported;
  }
  virtual Status occupancyMaxActiveClusters(int device, NativeFunction function,
                                            const hipLaunchConfig_t& config, NativeStream stream,
                                            int* numClusters) {
    (void)device, (void)function, (void)config, (void)stream, (void)numClusters;
    return hipErrorNotSupported;
  }
  // Hot path. `args` holds one pointer per explicit kernel argument, as in cuLaunchKernel.
  virtual Status launchImpl(int device, NativeFunction function, const LaunchConfig& config,
                        void** args) = 0;
  // hipModuleLaunchKernel's `extra`: the explicit arguments packed in one buffer of `bytes`,
  // each at its offset in the kernel's parameter layout.
  virtual Status launchPackedImpl(int device, NativeFunction function, const LaunchConfig& config,
                              const void* buffer, size_t bytes) {
    (void)device, (void)function, (void)config, (void)buffer, (void)bytes;
    return hipErrorNotSupported;
  }
  // The explicit arguments' offsets and sizes in the kernel's parameter buffer, so that a
  // vendor-neutral graph (generic/graphs) can keep its own copy of a launch's arguments.
  virtual Status kernelParamLayout(int device, NativeFunction function,
                                   std::vector<KernelParamSlot>* slots) {
    (void)device, (void)function, (void)slots;
    return hipErrorNotSupported;
  }
  // A cooperative launch: every block resident at once, so grid-wide barriers may be used.
  // hipErrorCooperativeLaunchTooLarge when the grid cannot be resident.
  virtual Status launchCooperative(int device, NativeFunction function,
                                   const LaunchConfig& config, void** args) {
    (void)device, (void)function, (void)config, (void)args;
    return hipErrorNotSupported;
  }
  // One grid of a multi-device cooperative launch (hipLaunchCooperativeKernelMultiDevice):
  // `grid` says its rank and the thread counts a multi-grid barrier needs. A vendor whose
  // driver coordinates the grids itself keeps the default, a plain cooperative launch.
  virtual Status launchCooperativeGrid(int device, NativeFunction function,
                                       const LaunchConfig& config, void** args,
                                       const CooperativeGrid& grid) {
    (void)grid;
    return launchCooperative(device, function, config, args);
  }
};

}  // namespace unihip
