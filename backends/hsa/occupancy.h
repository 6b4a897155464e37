// The AMD occupancy calculator: how many workgroups of one kernel fit on a compute unit, from
// the code object's register and LDS figures and the processor's register file. Shared by
// hipOccupancy*, hipModuleOccupancy* and the co-residency check of cooperative launches.
// Pure CPU; the formula and its source are in occupancy.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "code_object.h"
#include "base/status.h"

namespace unihip::hsa {

// What the formula needs of the device, as AMD's runtime (CLR) sees it.
struct OccupancyDevice {
  int gfxMajor = 9;
  uint32_t vgprsPerSimd = 256;  // LLVM's TotalNumVGPRs for the default wave size (wave32 on gfx10+)
  uint32_t vgprGranule = 4;     // LLVM's VGPRAllocGranule, same wave size
  uint32_t sgprsPerSimd = 800;  // 0xFFFFFFFF on gfx10+ (SGPRs are not shared between waves)
  uint32_t simdPerCu = 4;
  uint32_t maxWavesPerSimd = 8;
  bool wgpMode = false;          // CLR's default: WGP mode on gfx10+, CUs counted in pairs
  uint32_t computeUnits = 0;     // as CLR counts them: WGPs when wgpMode
  uint32_t ldsBytes = 65536;     // LDS a workgroup may use (CLR's localMemSize_)
  uint32_t maxWorkgroupSize = 1024;
};

// The register file and limits of `processor` ("gfx90a", "gfx1100") with `computeUnits` CUs
// as ROCr reports them (HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT).
OccupancyDevice occupancyDevice(const std::string& processor, uint32_t computeUnits,
                                uint32_t ldsBytes, uint32_t maxWorkgroupSize);

struct Occupancy {
  int blocksPerCu = 0;    // hipOccupancyMaxActiveBlocksPerMultiprocessor
  int blocksPerGrid = 0;  // co-resident blocks on the whole device (cooperative limit)
  int bestBlockSize = 0;  // hipOccupancyMaxPotentialBlockSize's block size
};

// `blockSize` threads per block (for `potential`, the caller's limit: <= 0 or above the limit
// means the largest allowed). `potential` = false: a blockSize <= 0 is hipErrorInvalidValue and
// one above the limit gives 0 blocks. hipErrorUnknown when the register figures are absurd
// (more VGPRs than the SIMD holds), as CLR.
Status computeOccupancy(const OccupancyDevice& device, const KernelInfo& kernel, int blockSize,
                        size_t dynamicShared, bool potential, Occupancy* out);

}  // namespace unihip::hsa
