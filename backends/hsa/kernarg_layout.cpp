#include "kernarg_layout.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>

#include "base/log.h"

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
  writeExplicitArgs(kernel, args, out, /*reused=*/false);  // offset + size: checked at parse
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
  const KernelArg* arg = kernel.args.data();
  for (uint32_t i = kernel.explicitArgCount; i < kernel.args.size(); ++i)
    if (isHidden(arg[i].kind))
      storeLittleEndian(out + arg[i].offset, arg[i].size, hiddenValue(arg[i].kind, ctx, dims));
}

namespace {
std::atomic<uint64_t> g_nextLayoutId{1};

// The plain launch's value of hidden kind `k`; -1: a kind a plain launch leaves zero, -2: one it
// cannot make (device services, a cooperative grid).
int plainValue(ArgKind k) {
  switch (k) {
    case ArgKind::HiddenBlockCountX: return kPlainGridX;
    case ArgKind::HiddenBlockCountY: return kPlainGridY;
    case ArgKind::HiddenBlockCountZ: return kPlainGridZ;
    case ArgKind::HiddenGroupSizeX: return kPlainBlockX;
    case ArgKind::HiddenGroupSizeY: return kPlainBlockY;
    case ArgKind::HiddenGroupSizeZ: return kPlainBlockZ;
    case ArgKind::HiddenGridDims: return kPlainGridDims;
    case ArgKind::HiddenDynamicLdsSize: return kPlainDynamicLds;
    case ArgKind::HiddenQueuePtr: return kPlainQueuePtr;
    case ArgKind::HiddenHostcallBuffer:
    case ArgKind::HiddenHeapV1:
    case ArgKind::HiddenMultigridSyncArg: return -2;
    default: return -1;  // 0 in a plain launch (launchContext leaves them so)
  }
}
}  // namespace

void planPlainLaunch(KernelInfo* k) {
  k->plainLaunch = false;
  k->geometryOffset = -1;
  k->gridDimsOffset = -1;
  k->plainStores.clear();
  if (std::endian::native != std::endian::little || !k->planned) return;
  std::vector<PlainStore> stores;
  for (const KernelArg& a : k->liveHidden) {
    const int v = plainValue(a.kind);
    if (v == -2) return;
    if (v == -1) continue;
    if (a.size != 2 && a.size != 4 && a.size != 8) return;
    stores.push_back({a.offset, static_cast<uint8_t>(a.size), static_cast<uint8_t>(v)});
  }
  // v5's geometry block: block counts x, y, z (4 bytes) then group sizes x, y, z (2 bytes).
  auto at = [&](PlainValue v, uint32_t offset, uint8_t size) {
    return std::find_if(stores.begin(), stores.end(), [&](const PlainStore& s) {
             return s.value == v && s.offset == offset && s.size == size;
           }) != stores.end();
  };
  for (const PlainStore& first : stores) {
    if (first.value != kPlainGridX || first.size != 4) continue;
    const uint32_t g = first.offset;
    if (at(kPlainGridY, g + 4, 4) && at(kPlainGridZ, g + 8, 4) && at(kPlainBlockX, g + 12, 2) &&
        at(kPlainBlockY, g + 14, 2) && at(kPlainBlockZ, g + 16, 2)) {
      k->geometryOffset = static_cast<int32_t>(g);
      std::erase_if(stores, [&](const PlainStore& s) { return s.offset >= g && s.offset < g + 18; });
    }
    break;
  }
  auto dims = std::find_if(stores.begin(), stores.end(), [](const PlainStore& s) {
    return s.value == kPlainGridDims && s.size == 2;
  });
  if (dims != stores.end() && std::count_if(stores.begin(), stores.end(), [](const PlainStore& s) {
                                return s.value == kPlainGridDims;
                              }) == 1) {
    k->gridDimsOffset = static_cast<int32_t>(dims->offset);
    stores.erase(dims);
  }
  k->plainStores = std::move(stores);
  k->layoutId = g_nextLayoutId.fetch_add(1, std::memory_order_relaxed);
  k->plainLaunch = true;
}

}  // namespace unihip::hsa
