// The formula is AMD's runtime's: ROCm/clr hipamd/src/hip_platform.cpp,
// hip_impl::ihipOccupancyMaxActiveBlocksPerMultiprocessor (read in the 2024-2025 sources):
//
//   maxWavesPerSimd = 8 (gfx9 and older) or 16 (gfx10+)
//   wave64 on gfx10+ halves the register file and the granule (they are given for wave32)
//   vgprWaves  = vgprsPerSimd / alignUp(.vgpr_count, granule)    (8/16 when .vgpr_count is 0)
//   gprWaves   = min(vgprWaves, sgprsPerSimd / alignUp(.sgpr_count, 16))   (when .sgpr_count > 0)
//   simds      = simdPerCu, x2 when the kernel runs in WGP mode
//   aluThreads = simds * min(maxWavesPerSimd, gprWaves) * wavefrontSize
//   ldsBlocks  = ldsBytes / (group_segment_fixed_size + dynamic shared)   (unbounded when 0)
//   blocksPerCu   = min(aluThreads / alignUp(blockSize, wave), ldsBlocks)
//   bestBlockSize = min(aluThreads, alignUp(blockSize, wave))
//   blocksPerGrid = CUs * min(aluThreads / bestBlockSize, ldsBlocks)
//     (CUs halved when the kernel is in WGP mode and the device is not, doubled the other way)
//
// The device figures: CLR takes TotalNumVGPRs and VGPRAllocGranule from comgr's ISA metadata,
// i.e. LLVM's AMDGPU::IsaInfo::getTotalNumVGPRs/getVGPRAllocGranule for the default wave size;
// sgprsPerSimd 800 on gfx8-9, 512 before, unlimited on gfx10+ (rocdevice.cpp); simdPerCU 4 on
// gfx9 and older, 2 on gfx10+ (device.cpp's ISA table); maxComputeUnits_ is halved in WGP mode,
// which CLR enables on gfx10+ (GPU_ENABLE_WGP_MODE, default on) except gfx12.5+.
// .vgpr_count already includes the AGPRs on gfx90a+ (LLVM emits the unified count).
//
// One deviation: CLR bounds the block size by the device's maximum only; unihip also bounds it
// by the kernel's .max_flat_workgroup_size, since a larger block cannot be launched at all.
#include "occupancy.h"

#include <algorithm>
#include <climits>

#include "hsa_discovery.h"

namespace unihip::hsa {

namespace {

template <typename T>
T alignUp(T value, T alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

int steppingOf(const std::string& processor) {
  if (processor.size() < 6) return 0;
  const char c = processor.back();
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return 0;
}

}  // namespace

OccupancyDevice occupancyDevice(const std::string& processor, uint32_t computeUnits,
                                uint32_t ldsBytes, uint32_t maxWorkgroupSize) {
  OccupancyDevice d;
  int major = 0, minor = 0;
  computeCapabilityFromProcessor(processor, &major, &minor);
  const int stepping = steppingOf(processor);
  d.gfxMajor = major;
  d.ldsBytes = ldsBytes;
  d.maxWorkgroupSize = maxWorkgroupSize;
  if (major <= 9) {
    d.simdPerCu = 4;
    d.maxWavesPerSimd = 8;
    d.sgprsPerSimd = major < 8 ? 512 : 800;
    const bool gfx90aRegisters = major == 9 && ((minor == 0 && stepping == 0xa) || minor >= 4);
    d.vgprsPerSimd = gfx90aRegisters ? 512 : 256;
    d.vgprGranule = gfx90aRegisters ? 8 : 4;
  } else {
    d.simdPerCu = 2;
    d.maxWavesPerSimd = 16;
    d.sgprsPerSimd = UINT32_MAX;
    // Wave32 figures. gfx1100, gfx1101 and gfx1151 have 1.5x the VGPRs; gfx10.3+ a granule of
    // 16, gfx10.1 of 8.
    const bool vgprs150 =
        processor == "gfx1100" || processor == "gfx1101" || processor == "gfx1151";
    const bool gfx103Plus = major > 10 || minor >= 3;
    d.vgprsPerSimd = vgprs150 ? 1536 : 1024;
    d.vgprGranule = vgprs150 ? 24 : gfx103Plus ? 16 : 8;
  }
  d.wgpMode = major >= 10 && !(major == 12 && minor >= 5);
  d.computeUnits = d.wgpMode ? computeUnits / 2 : computeUnits;
  return d;
}

Status computeOccupancy(const OccupancyDevice& device, const KernelInfo& kernel, int blockSize,
                        size_t dynamicShared, bool potential, Occupancy* out) {
  *out = Occupancy{};
  int limit = static_cast<int>(device.maxWorkgroupSize);
  if (kernel.maxFlatWorkgroupSize != 0)
    limit = std::min(limit, static_cast<int>(kernel.maxFlatWorkgroupSize));
  if (!potential) {
    if (blockSize <= 0) return hipErrorInvalidValue;
    if (blockSize > limit) return kOk;  // nothing of that size is ever resident
  } else if (blockSize <= 0 || blockSize > limit) {
    blockSize = limit;
  }

  const uint64_t wave = kernel.wavefrontSize != 0 ? kernel.wavefrontSize : 64;
  const uint64_t maxWaves = device.maxWavesPerSimd;
  const bool halve = device.gfxMajor >= 10 && wave == 64;
  const uint64_t granule = halve ? device.vgprGranule / 2 : device.vgprGranule;
  const uint64_t vgprs = halve ? device.vgprsPerSimd / 2 : device.vgprsPerSimd;
  const uint64_t vgprWaves =
      kernel.vgprCount > 0 ? vgprs / alignUp<uint64_t>(kernel.vgprCount, granule) : maxWaves;
  if (vgprWaves == 0) return hipErrorUnknown;
  const uint64_t gprWaves =
      kernel.sgprCount > 0
          ? std::min(vgprWaves, device.sgprsPerSimd / alignUp<uint64_t>(kernel.sgprCount, 16))
          : vgprWaves;
  const uint64_t simds = kernel.wgpMode ? device.simdPerCu * 2 : device.simdPerCu;
  const uint64_t aluThreads = simds * std::min(maxWaves, gprWaves) * wave;

  const uint64_t lds = uint64_t{kernel.groupSegmentSize} + dynamicShared;
  const uint64_t ldsBlocks = lds != 0 ? device.ldsBytes / lds : INT_MAX;
  const uint64_t aligned = alignUp<uint64_t>(static_cast<uint64_t>(blockSize), wave);
  out->blocksPerCu = static_cast<int>(std::min(aluThreads / aligned, ldsBlocks));
  const uint64_t best = std::min(aluThreads, aligned);
  out->bestBlockSize = static_cast<int>(best);
  uint64_t units = device.computeUnits;
  if (kernel.wgpMode != device.wgpMode) units = kernel.wgpMode ? units / 2 : units * 2;
  const uint64_t grid = units * std::min(aluThreads / best, ldsBlocks);
  out->blocksPerGrid = static_cast<int>(std::min<uint64_t>(grid, INT_MAX));
  return kOk;
}

}  // namespace unihip::hsa
