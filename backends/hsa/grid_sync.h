// What a cooperative kernel's hidden_multigrid_sync_arg points to on AMD: the `mg_info` block
// the device library's grid and multi-grid barriers read (ROCm-Device-Libs ockl cg.cl; CLR
// fills it in rocvirtual.cpp). 5.2.3's libraries read the first 32 bytes; 6.0+ also the
// software grid barrier (`sgsCounter`, `numWorkgroups`). See ../shared/AMD-DEVICE-SERVICES.md §4.
#pragma once

#include <cstdint>

namespace unihip::hsa {

struct MultiGridInfo {
  uint64_t mgsCounter = 0;  // device address of the multi-grid barrier's {u32, u32}; 0: one grid
  uint32_t gridId = 0;
  uint32_t numGrids = 1;
  uint64_t prevSum = 0;     // threads of the lower-ranked grids
  uint64_t allSum = 0;      // threads of all grids
  uint32_t sgsCounter[2] = {0, 0};  // the single-grid software barrier, zero at launch
  uint32_t numWorkgroups = 0;
  uint32_t reserved = 0;
};
static_assert(sizeof(MultiGridInfo) == 48 && alignof(MultiGridInfo) == 8);

// Where a launch puts its MultiGridInfo: right after the kernarg segment, 64-byte aligned, in
// the same ring slot (it lives exactly as long as the kernargs). A single grid's barrier counter
// follows it: AMD's runtime leaves mgsCounter null there, so multi_grid_group::sync() would fault
// in a one-grid cooperative launch; unihip gives it a zeroed counter of its own instead.
constexpr uint32_t multiGridInfoOffset(uint32_t kernargSize) { return (kernargSize + 63) / 64 * 64; }
inline constexpr uint32_t kMultiGridBlockBytes = sizeof(MultiGridInfo) + 8;

}  // namespace unihip::hsa
