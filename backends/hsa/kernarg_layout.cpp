#include "kernarg_layout.h"

#include <bit>
#include <cstring>

#include "core/log.h"

namespace unihip::hsa {

namespace {

// Stores `value` little-endian in `size` bytes of the zero-filled segment (truncating; bytes
// beyond 8 stay zero), so a hidden argument whose metadata size differs from the usual one still
// stays in bounds. Zero needs no store, and the usual sizes are one move on a little-endian host
// (a launch sets about twenty hidden arguments: byte by byte they cost ~900 instructions).
[[gnu::always_inline]] inline void storeLittleEndian(uint8_t* dst, uint32_t size, uint64_t value) {
  if (value == 0) return;
  if constexpr (std::endian::native == std::endian::little) {
    switch (size) {
      case 8: std::memcpy(dst, &value, 8); return;
      case 4: std::memcpy(dst, &value, 4); return;
      case 2: std::memcpy(dst, &value, 2); return;
      default: break;
    }
  }
  for (uint32_t i = 0; i < size && i < 8; ++i) dst[i] = static_cast<uint8_t>(value >> (8 * i));
}

uint64_t hiddenValue(ArgKind kind, const KernargContext& c, uint32_t dims) {
  auto items = [&](int d) { return uint64_t{c.gridBlocks[d]} * c.blockSize[d]; };
  switch (kind) {
    case ArgKind::HiddenBlockCountX: return c.gridBlocks[0];
    case ArgKind::HiddenBlockCountY: return c.gridBlocks[1];
    case ArgKind::HiddenBlockCountZ: return c.gridBlocks[2];
    case ArgKind::HiddenGroupSizeX: return c.blockSize[0];
    case ArgKind::HiddenGroupSizeY: return c.blockSize[1];
    case ArgKind::HiddenGroupSizeZ: return c.blockSize[2];
    // The size of the last, partial workgroup; HIP grids are whole workgroups, so it is 0
    // unless a caller ever passes a work-item grid that is not a multiple.
    case ArgKind::HiddenRemainderX: return items(0) % c.blockSize[0];
    case ArgKind::HiddenRemainderY: return items(1) % c.blockSize[1];
    case ArgKind::HiddenRemainderZ: return items(2) % c.blockSize[2];
    case ArgKind::HiddenGridDims: return dims;
    case ArgKind::HiddenDynamicLdsSize: return c.dynamicSharedBytes;
    case ArgKind::HiddenQueuePtr: return c.queuePtr;
    case ArgKind::HiddenHostcallBuffer: return c.hostcallBuffer;
    case ArgKind::HiddenPrintfBuffer: return c.printfBuffer;
    case ArgKind::HiddenHeapV1: return c.heapV1;
    case ArgKind::HiddenMultigridSyncArg: return c.multigridSync;
    case ArgKind::HiddenDefaultQueue: return c.defaultQueue;
    case ArgKind::HiddenCompletionAction: return c.completionAction;
    case ArgKind::HiddenPrivateBase: return c.privateBase;
    case ArgKind::HiddenSharedBase: return c.sharedBase;
    default: return 0;  // global offsets (HIP has none), hidden_none, unknown kinds
  }
}

}  // namespace

uint32_t gridDimensions(const uint32_t gridBlocks[3], const uint32_t blockSize[3]) {
  if (gridBlocks[2] > 1 || blockSize[2] > 1) return 3;
  if (gridBlocks[1] > 1 || blockSize[1] > 1) return 2;
  return 1;
}

Status layoutKernargs(const KernelInfo& kernel, void* const* args, const KernargContext& ctx,
                      uint8_t* out, size_t outSize) {
  if (kernel.kernargSize > outSize) {
    UNIHIP_LOG_ERROR("hsa: kernel '{}' needs {} kernarg bytes, the buffer holds {}", kernel.name,
                     kernel.kernargSize, outSize);
    return hipErrorInvalidValue;
  }
  if (kernel.explicitArgCount > 0 && args == nullptr) {
    UNIHIP_LOG_ERROR("hsa: kernel '{}' takes {} arguments but none were passed", kernel.name,
                     kernel.explicitArgCount);
    return hipErrorInvalidValue;
  }
  for (uint32_t i = 0; i < kernel.explicitArgCount; ++i)
    if (args[i] == nullptr && kernel.args[i].size > 0) {
      UNIHIP_LOG_ERROR("hsa: kernel '{}' argument {} is a null pointer", kernel.name, i);
      return hipErrorInvalidValue;
    }

  writeKernargs(kernel, args, ctx, out);
  return kOk;
}

void writeKernargs(const KernelInfo& kernel, void* const* args, const KernargContext& ctx,
                   uint8_t* out) {
  std::memset(out, 0, kernel.kernargSize);
  const KernelArg* arg = kernel.args.data();  // offset + size <= kernargSize: checked at parse
  const uint32_t explicitCount = kernel.explicitArgCount;  // a local: the stores may alias
  for (uint32_t i = 0; i < explicitCount; ++i) {
    uint8_t* dst = out + arg[i].offset;
    switch (arg[i].size) {  // the usual sizes as one move each
      case 8: std::memcpy(dst, args[i], 8); break;
      case 4: std::memcpy(dst, args[i], 4); break;
      case 0: break;
      default: std::memcpy(dst, args[i], arg[i].size); break;
    }
  }
  const uint32_t dims = gridDimensions(ctx.gridBlocks, ctx.blockSize);
  if (std::endian::native == std::endian::little && kernel.planned) {  // stores below: LE
    // Every kind hiddenMayBeNonZero names, looked up by kind (cheaper than a switch per argument).
    uint64_t v[static_cast<size_t>(ArgKind::HiddenUnknown) + 1];
    auto set = [&](ArgKind k, uint64_t value) { v[static_cast<size_t>(k)] = value; };
    set(ArgKind::HiddenBlockCountX, ctx.gridBlocks[0]);
    set(ArgKind::HiddenBlockCountY, ctx.gridBlocks[1]);
    set(ArgKind::HiddenBlockCountZ, ctx.gridBlocks[2]);
    set(ArgKind::HiddenGroupSizeX, ctx.blockSize[0]);
    set(ArgKind::HiddenGroupSizeY, ctx.blockSize[1]);
    set(ArgKind::HiddenGroupSizeZ, ctx.blockSize[2]);
    set(ArgKind::HiddenGridDims, dims);
    set(ArgKind::HiddenDynamicLdsSize, ctx.dynamicSharedBytes);
    set(ArgKind::HiddenQueuePtr, ctx.queuePtr);
    set(ArgKind::HiddenHostcallBuffer, ctx.hostcallBuffer);
    set(ArgKind::HiddenPrintfBuffer, ctx.printfBuffer);
    set(ArgKind::HiddenHeapV1, ctx.heapV1);
    set(ArgKind::HiddenMultigridSyncArg, ctx.multigridSync);
    set(ArgKind::HiddenDefaultQueue, ctx.defaultQueue);
    set(ArgKind::HiddenCompletionAction, ctx.completionAction);
    set(ArgKind::HiddenPrivateBase, ctx.privateBase);
    set(ArgKind::HiddenSharedBase, ctx.sharedBase);
    // Only the kinds set above (hiddenMayBeNonZero), grouped by size: one store each.
    const KernelArg* h = kernel.liveHidden.data();
    const uint32_t count = static_cast<uint32_t>(kernel.liveHidden.size());
    auto value = [&](uint32_t i) { return v[static_cast<size_t>(h[i].kind)]; };
    uint32_t i = 0;
    for (; i < kernel.liveHiddenEnds[0]; ++i) {
      const auto x = static_cast<uint16_t>(value(i));
      std::memcpy(out + h[i].offset, &x, 2);
    }
    for (; i < kernel.liveHiddenEnds[1]; ++i) {
      const auto x = static_cast<uint32_t>(value(i));
      std::memcpy(out + h[i].offset, &x, 4);
    }
    for (; i < kernel.liveHiddenEnds[2]; ++i) {
      const uint64_t x = value(i);
      std::memcpy(out + h[i].offset, &x, 8);
    }
    for (; i < count; ++i) storeLittleEndian(out + h[i].offset, h[i].size, value(i));
    return;
  }
  for (uint32_t i = kernel.explicitArgCount; i < kernel.args.size(); ++i)
    if (isHidden(arg[i].kind))
      storeLittleEndian(out + arg[i].offset, arg[i].size, hiddenValue(arg[i].kind, ctx, dims));
}

}  // namespace unihip::hsa
