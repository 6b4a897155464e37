// Lays out one kernel's kernarg segment from its metadata: explicit arguments copied from the
// caller's void** at their offsets, hidden arguments filled from the launch geometry, anything
// unknown (hidden_none, newer hidden kinds, padding) zero. A pure function: tests compare the
// bytes it writes with what the metadata prescribes.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "code_object.h"
#include "base/status.h"
#include "hip/hip_runtime_api.h"

namespace unihip::hsa {

// What the hidden arguments describe. Grid is counted in workgroups (HIP's gridDim).
struct KernargContext {
  uint32_t gridBlocks[3] = {1, 1, 1};
  uint32_t blockSize[3] = {1, 1, 1};
  uint32_t dynamicSharedBytes = 0;
  // Device addresses the runtime owns; 0 when unihip provides none (docs/design/amd-execution.md).
  uint64_t queuePtr = 0;
  uint64_t hostcallBuffer = 0;
  uint64_t printfBuffer = 0;
  uint64_t heapV1 = 0;
  uint64_t multigridSync = 0;
  uint64_t defaultQueue = 0;
  uint64_t completionAction = 0;
  uint64_t privateBase = 0;  // aperture bases (only pre-gfx9 code reads these)
  uint64_t sharedBase = 0;
};

// Whether a hidden argument of this kind can hold anything but zero (KernelInfo::liveHidden);
// writeKernargs looks these up by kind. The others stay zero: global offsets (HIP has none),
// remainders (HIP grids are whole workgroups), hidden_none and unknown kinds.
constexpr bool hiddenMayBeNonZero(ArgKind k) {
  switch (k) {
    case ArgKind::HiddenBlockCountX:
    case ArgKind::HiddenBlockCountY:
    case ArgKind::HiddenBlockCountZ:
    case ArgKind::HiddenGroupSizeX:
    case ArgKind::HiddenGroupSizeY:
    case ArgKind::HiddenGroupSizeZ:
    case ArgKind::HiddenGridDims:
    case ArgKind::HiddenDynamicLdsSize:
    case ArgKind::HiddenQueuePtr:
    case ArgKind::HiddenHostcallBuffer:
    case ArgKind::HiddenPrintfBuffer:
    case ArgKind::HiddenHeapV1:
    case ArgKind::HiddenMultigridSyncArg:
    case ArgKind::HiddenDefaultQueue:
    case ArgKind::HiddenCompletionAction:
    case ArgKind::HiddenPrivateBase:
    case ArgKind::HiddenSharedBase: return true;
    default: return false;
  }
}

// Number of grid dimensions in use, as hidden_grid_dims and the AQL setup field count them:
// 3 when z > 1, else 2 when y > 1, else 1.
uint32_t gridDimensions(const uint32_t gridBlocks[3], const uint32_t blockSize[3]);

// Writes `kernel.kernargSize` bytes to `out` (capacity `outSize`). `args` holds one pointer per
// explicit argument (kernel.explicitArgCount of them), as hipModuleLaunchKernel's kernelParams.
// hipErrorInvalidValue when `args` (or one of its pointers) is null while arguments are expected,
// or when the segment does not fit `outSize`.
Status layoutKernargs(const KernelInfo& kernel, void* const* args, const KernargContext& ctx,
                      uint8_t* out, size_t outSize);
// The same without the checks, for a caller that made them (the launch path): `args` has a
// non-null pointer per explicit argument and `out` holds kernel.kernargSize bytes.
void writeKernargs(const KernelInfo& kernel, void* const* args, const KernargContext& ctx,
                   uint8_t* out);

// The values a plain launch's hidden arguments take (PlainStore::value).
enum PlainValue : uint8_t {
  kPlainGridX, kPlainGridY, kPlainGridZ,     // blocks
  kPlainBlockX, kPlainBlockY, kPlainBlockZ,  // work-items per block
  kPlainGridDims, kPlainDynamicLds, kPlainQueuePtr,
  kPlainValues
};

// Sets kernel->plainLaunch and its plan when the kernel qualifies (after parse planned it).
void planPlainLaunch(KernelInfo* kernel);

// The kernarg segment of a plain launch (kernel.plainLaunch; `args` checked as writeKernargs
// needs) in two steps: the same bytes layoutKernargs writes for a context of this geometry,
// dynamic shared memory and queue. writeExplicitArgs (also writeKernargs' first step) zeroes
// the segment and copies the explicit arguments; `reused`: `out` holds this kernel's
// plain-launch segment of an earlier launch, zero wherever no launch of it writes, so it is not
// zeroed again. Inline: the launch path.
[[gnu::always_inline]] inline void writeExplicitArgs(const KernelInfo& kernel,
                                                     void* const* args, uint8_t* out,
                                                     bool reused) {
  if (!reused) [[unlikely]] std::memset(out, 0, kernel.kernargSize);
  const KernelArg* arg = kernel.args.data();
  const uint32_t explicitCount = kernel.explicitArgCount;
  for (uint32_t i = 0; i < explicitCount; ++i) {
    uint8_t* dst = out + arg[i].offset;
    switch (arg[i].size) {  // the usual sizes as one move each
      case 8: std::memcpy(dst, args[i], 8); break;
      case 4: std::memcpy(dst, args[i], 4); break;
      case 0: break;
      default: std::memcpy(dst, args[i], arg[i].size); break;
    }
  }
}

[[gnu::always_inline]] inline void writePlainHiddenArgs(const KernelInfo& kernel,
                                                        const dim3& grid, const dim3& block,
                                                        uint32_t dims, uint32_t dynamicShared,
                                                        uint64_t queuePtr, uint8_t* out) {
  static_assert(std::endian::native == std::endian::little);  // the stores below
  if (kernel.geometryOffset >= 0) {  // block counts x, y, z (4 bytes), group sizes (2 bytes)
    uint8_t* g = out + kernel.geometryOffset;
    const uint64_t countXY = grid.x | uint64_t{grid.y} << 32;
    const uint64_t countZSizeX = grid.z | uint64_t{block.x & 0xFFFF} << 32 |
                                 uint64_t{block.y & 0xFFFF} << 48;
    const auto sizeZ = static_cast<uint16_t>(block.z);
    std::memcpy(g, &countXY, 8);
    std::memcpy(g + 8, &countZSizeX, 8);
    std::memcpy(g + 16, &sizeZ, 2);
  }
  if (kernel.gridDimsOffset >= 0) {
    const auto d = static_cast<uint16_t>(dims);
    std::memcpy(out + kernel.gridDimsOffset, &d, 2);
  }
  if (kernel.plainStores.empty()) [[likely]] return;
  const uint64_t values[kPlainValues] = {grid.x,  grid.y, grid.z,        block.x, block.y,
                                         block.z, dims,   dynamicShared, queuePtr};
  for (const PlainStore& st : kernel.plainStores) {
    const uint64_t v = values[st.value];
    switch (st.size) {
      case 2: std::memcpy(out + st.offset, &v, 2); break;
      case 4: std::memcpy(out + st.offset, &v, 4); break;
      default: std::memcpy(out + st.offset, &v, 8); break;
    }
  }
}

}  // namespace unihip::hsa
