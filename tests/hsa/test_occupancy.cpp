// The AMD occupancy calculator (backends/hsa/occupancy.h) against hand-computed answers: the
// register file per processor, then blocks per CU / per grid / best block size for real kernels
// (metadata of code objects this build compiles, see test_code_object.cpp) and for synthetic
// register counts that make each limit (VGPR, SGPR, LDS, waves, block size) the binding one.
// Every expected number is worked out in the comment beside it with CLR's formula.
#include <catch2/catch.hpp>

#include <climits>

#include "code_object.h"
#include "occupancy.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;

namespace {

const KernelInfo& kernelOf(const CodeObjectInfo& info, const char* name) {
  const KernelInfo* k = info.findKernel(name);
  REQUIRE(k != nullptr);
  return *k;
}

CodeObjectInfo parse(const std::string& variant) {
  const std::vector<uint8_t> image = test::readCodeObject(variant);
  CodeObjectInfo info;
  REQUIRE(parseCodeObject(image.data(), image.size(), &info).ok());
  return info;
}

KernelInfo synthetic(uint32_t vgprs, uint32_t sgprs, uint32_t wave, bool wgp = false,
                     uint32_t lds = 0, uint32_t maxFlat = 1024) {
  KernelInfo k;
  k.name = "synthetic";
  k.vgprCount = vgprs;
  k.sgprCount = sgprs;
  k.wavefrontSize = wave;
  k.wgpMode = wgp;
  k.groupSegmentSize = lds;
  k.maxFlatWorkgroupSize = maxFlat;
  return k;
}

Occupancy run(const OccupancyDevice& d, const KernelInfo& k, int block, size_t dynamic,
              bool potential) {
  Occupancy o;
  REQUIRE(computeOccupancy(d, k, block, dynamic, potential, &o).ok());
  return o;
}

}  // namespace

TEST_CASE("occupancy: register files per processor, as LLVM's ISA info gives them",
          "[hsa][occupancy]") {
  const OccupancyDevice mi210 = occupancyDevice("gfx90a", 104, 65536, 1024);
  CHECK(mi210.gfxMajor == 9);
  CHECK(mi210.vgprsPerSimd == 512);  // unified VGPR+AGPR file
  CHECK(mi210.vgprGranule == 8);
  CHECK(mi210.sgprsPerSimd == 800);
  CHECK(mi210.simdPerCu == 4);
  CHECK(mi210.maxWavesPerSimd == 8);
  CHECK_FALSE(mi210.wgpMode);
  CHECK(mi210.computeUnits == 104);

  const OccupancyDevice mi300 = occupancyDevice("gfx942", 304, 65536, 1024);
  CHECK(mi300.vgprsPerSimd == 512);
  CHECK(mi300.vgprGranule == 8);
  const OccupancyDevice mi50 = occupancyDevice("gfx906", 60, 65536, 1024);
  CHECK(mi50.vgprsPerSimd == 256);
  CHECK(mi50.vgprGranule == 4);
  CHECK(occupancyDevice("gfx803", 64, 65536, 1024).sgprsPerSimd == 800);

  const OccupancyDevice navi21 = occupancyDevice("gfx1030", 72, 65536, 1024);
  CHECK(navi21.vgprsPerSimd == 1024);
  CHECK(navi21.vgprGranule == 16);
  CHECK(navi21.sgprsPerSimd == UINT32_MAX);
  CHECK(navi21.simdPerCu == 2);
  CHECK(navi21.maxWavesPerSimd == 16);
  CHECK(navi21.wgpMode);
  CHECK(navi21.computeUnits == 36);  // CLR counts WGPs in WGP mode
  const OccupancyDevice navi10 = occupancyDevice("gfx1010", 40, 65536, 1024);
  CHECK(navi10.vgprsPerSimd == 1024);
  CHECK(navi10.vgprGranule == 8);
  const OccupancyDevice navi31 = occupancyDevice("gfx1100", 96, 65536, 1024);
  CHECK(navi31.vgprsPerSimd == 1536);
  CHECK(navi31.vgprGranule == 24);
  CHECK(navi31.computeUnits == 48);
  const OccupancyDevice navi33 = occupancyDevice("gfx1102", 32, 65536, 1024);
  CHECK(navi33.vgprsPerSimd == 1024);
  CHECK(navi33.vgprGranule == 16);
}

TEST_CASE("occupancy: real gfx90a kernels on a 104-CU MI210", "[hsa][occupancy]") {
  const OccupancyDevice d = occupancyDevice("gfx90a", 104, 65536, 1024);
  const CodeObjectInfo info = parse("gfx90a");
  // axpy: .vgpr_count 4, .sgpr_count 11, no LDS, wave64.
  // vgprWaves = 512 / alignUp(4, 8) = 64; sgprWaves = 800 / alignUp(11, 16) = 50;
  // aluThreads = 4 SIMDs * min(8, 50) * 64 = 2048.
  const KernelInfo& axpy = kernelOf(info, "axpy");
  REQUIRE(axpy.vgprCount == 4);
  REQUIRE(axpy.sgprCount == 11);
  CHECK(run(d, axpy, 256, 0, false).blocksPerCu == 8);    // 2048 / 256
  CHECK(run(d, axpy, 1000, 0, false).blocksPerCu == 2);   // 2048 / alignUp(1000, 64) = 2048/1024
  CHECK(run(d, axpy, 1, 0, false).blocksPerCu == 32);     // 2048 / 64
  CHECK(run(d, axpy, 1025, 0, false).blocksPerCu == 0);   // above the block limit: none
  Occupancy o = run(d, axpy, 0, 0, true);                 // no limit: 1024
  CHECK(o.bestBlockSize == 1024);                         // min(2048, 1024)
  CHECK(o.blocksPerGrid == 208);                          // 104 * (2048 / 1024)
  o = run(d, axpy, 256, 0, true);
  CHECK(o.bestBlockSize == 256);
  CHECK(o.blocksPerGrid == 832);                          // 104 * 8
  Occupancy bad;
  CHECK(computeOccupancy(d, axpy, 0, 0, false, &bad) == hipErrorInvalidValue);
  CHECK(computeOccupancy(d, axpy, -5, 0, false, &bad) == hipErrorInvalidValue);

  // shared_memory: 1024 bytes of static LDS, .vgpr_count 9, .sgpr_count 10.
  // vgprWaves = 512 / 16 = 32, sgprWaves = 800 / 16 = 50; aluThreads = 4 * 8 * 64 = 2048.
  const KernelInfo& shared = kernelOf(info, "_Z13shared_memoryPfi");
  REQUIRE(shared.groupSegmentSize == 1024);
  CHECK(run(d, shared, 128, 0, false).blocksPerCu == 16);      // 2048/128; LDS 65536/1024 = 64
  CHECK(run(d, shared, 128, 15360, false).blocksPerCu == 4);   // LDS 65536 / 16384
  o = run(d, shared, 0, 15360, true);
  CHECK(o.bestBlockSize == 1024);
  CHECK(o.blocksPerGrid == 208);                               // 104 * min(2048/1024, 4)
  o = run(d, shared, 0, 65536, true);                          // 66560 bytes never fit
  CHECK(o.blocksPerGrid == 0);
  CHECK(run(d, shared, 64, 65536, false).blocksPerCu == 0);

  // no_args: .vgpr_count 0 means no VGPR limit (CLR: MaxWavesPerSimd); .sgpr_count 4 -> 800/16.
  const KernelInfo& none = kernelOf(info, "no_args");
  REQUIRE(none.vgprCount == 0);
  CHECK(run(d, none, 64, 0, false).blocksPerCu == 32);         // 4 * 8 * 64 / 64
}

TEST_CASE("occupancy: each limit binding in turn (synthetic register counts)",
          "[hsa][occupancy]") {
  const OccupancyDevice mi210 = occupancyDevice("gfx90a", 104, 65536, 1024);
  // VGPRs: 128 -> 512/128 = 4 waves/SIMD; SGPRs 96 -> 800/96 = 8; aluThreads = 4*4*64 = 1024.
  KernelInfo k = synthetic(128, 96, 64);
  CHECK(run(mi210, k, 256, 0, false).blocksPerCu == 4);
  Occupancy o = run(mi210, k, 0, 0, true);
  CHECK(o.bestBlockSize == 1024);
  CHECK(o.blocksPerGrid == 104);
  // VGPRs rounded to the granule: 121 -> 128, same answer.
  CHECK(run(mi210, synthetic(121, 96, 64), 256, 0, false).blocksPerCu == 4);
  // SGPRs: 102 -> 112 -> 800/112 = 7 waves; aluThreads = 4*7*64 = 1792.
  k = synthetic(8, 102, 64);
  CHECK(run(mi210, k, 256, 0, false).blocksPerCu == 7);
  o = run(mi210, k, 0, 0, true);
  CHECK(o.bestBlockSize == 1024);
  CHECK(o.blocksPerGrid == 104);  // 104 * (1792 / 1024)
  // The wave limit: 8 waves/SIMD however few registers.
  CHECK(run(mi210, synthetic(1, 1, 64), 64, 0, false).blocksPerCu == 32);
  // More VGPRs than a SIMD holds: CLR answers hipErrorUnknown rather than divide by zero.
  Occupancy bad;
  CHECK(computeOccupancy(mi210, synthetic(600, 10, 64), 64, 0, false, &bad) == hipErrorUnknown);
  // The kernel's own block limit (__launch_bounds__(256)): the best block size and grid follow
  // it; a larger block is never resident.
  k = synthetic(4, 11, 64, false, 0, 256);
  o = run(mi210, k, 0, 0, true);
  CHECK(o.bestBlockSize == 256);
  CHECK(o.blocksPerGrid == 832);  // 104 * 2048/256
  CHECK(run(mi210, k, 512, 0, false).blocksPerCu == 0);
  // Aligned up to whole waves: 65 threads take 2 waves.
  CHECK(run(mi210, synthetic(4, 11, 64), 65, 0, false).blocksPerCu == 16);  // 2048 / 128
}

TEST_CASE("occupancy: RDNA wave32 in WGP mode, wave64 in CU mode", "[hsa][occupancy]") {
  // gfx1100, 96 CUs = 48 WGPs. axpy (gfx1100 code object): .vgpr_count 4, .sgpr_count 18,
  // wave32, WGP mode. vgprWaves = 1536 / alignUp(4, 24) = 64; SGPRs unlimited;
  // simds = 2 * 2 (WGP); aluThreads = 4 * min(16, 64) * 32 = 2048.
  const OccupancyDevice navi31 = occupancyDevice("gfx1100", 96, 65536, 1024);
  const CodeObjectInfo info = parse("gfx1100");
  const KernelInfo& axpy = kernelOf(info, "axpy");
  REQUIRE(axpy.wavefrontSize == 32);
  REQUIRE(axpy.wgpMode);
  CHECK(run(navi31, axpy, 256, 0, false).blocksPerCu == 8);  // per WGP
  Occupancy o = run(navi31, axpy, 0, 0, true);
  CHECK(o.bestBlockSize == 1024);
  CHECK(o.blocksPerGrid == 96);  // 48 WGPs * 2048/1024

  // gfx1030, 72 CUs, a wave64 kernel built with -mcumode, 40 VGPRs: the wave32 figures halve
  // (512 VGPRs, granule 8): 512 / 40 = 12 waves; simds = 2; aluThreads = 2 * 12 * 64 = 1536.
  const OccupancyDevice navi21 = occupancyDevice("gfx1030", 72, 65536, 1024);
  const KernelInfo k = synthetic(40, 30, 64, false);
  CHECK(run(navi21, k, 192, 0, false).blocksPerCu == 8);  // 1536 / 192
  o = run(navi21, k, 0, 0, true);
  CHECK(o.bestBlockSize == 1024);
  CHECK(o.blocksPerGrid == 72);  // a CU-mode kernel on a WGP-mode device: 36 * 2 units * 1
}
