// Lays out one kernel's kernarg segment from its metadata: explicit arguments copied from the
// caller's void** at their offsets, hidden arguments filled from the launch geometry, anything
// unknown (hidden_none, newer hidden kinds, padding) zero. A pure function: tests compare the
// bytes it writes with what the metadata prescribes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "code_object.h"
#include "core/status.h"

namespace unihip::hsa {

// What the hidden arguments describe. Grid is counted in workgroups (HIP's gridDim).
struct KernargContext {
  uint32_t gridBlocks[3] = {1, 1, 1};
  uint32_t blockSize[3] = {1, 1, 1};
  uint32_t dynamicSharedBytes = 0;
  // Device addresses the runtime owns; 0 when unihip provides none (see README).
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

}  // namespace unihip::hsa
