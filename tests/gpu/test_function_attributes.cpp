// Function attributes and the occupancy calculator on the device: the driver's answers for a
// real kernel, consistent with each other and with a launch.
#include "gpu_test_support.h"
#include "kernels.h"

TEST_CASE("hipFuncGetAttributes / hipFuncSetAttribute / occupancy for a real kernel") {
  const void* k = vectorAddHostFunction();
  hipFuncAttributes attr{};
  HIP_REQUIRE(hipFuncGetAttributes(&attr, k));
  CHECK(attr.maxThreadsPerBlock >= 256);
  CHECK(attr.maxThreadsPerBlock <= 1024);
  CHECK(attr.numRegs > 0);
  hipDeviceProp_t props{};
  HIP_REQUIRE(hipGetDeviceProperties(&props, 0));
  if (props.major * 10 + props.minor >= 90) CHECK(attr.binaryVersion >= 90);

  const int optIn = static_cast<int>(props.sharedMemPerBlockOptin);
  const int original = attr.maxDynamicSharedSizeBytes;
  CHECK(original > 0);
  HIP_CHECK(hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, optIn));
  HIP_REQUIRE(hipFuncGetAttributes(&attr, k));
  CHECK(attr.maxDynamicSharedSizeBytes == optIn);
  size_t smemOptIn = 0;
  HIP_REQUIRE(hipOccupancyAvailableDynamicSMemPerBlock(&smemOptIn, k, 1, 256));
  CHECK(smemOptIn > static_cast<size_t>(original));  // the raised limit is what it answers to
  CHECK(hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, optIn + 1) ==
        hipErrorInvalidValue);
  HIP_CHECK(hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, original));

  int blocks = 0;
  HIP_REQUIRE(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, 256, 0));
  CHECK(blocks >= 1);
  CHECK(blocks * 256 <= props.maxThreadsPerMultiProcessor);
  int fewer = 0;
  HIP_REQUIRE(hipOccupancyMaxActiveBlocksPerMultiprocessor(&fewer, k, 256, 48 << 10));
  CHECK(fewer <= blocks);  // shared memory can only lower occupancy
  int grid = 0, block = 0;
  HIP_REQUIRE(hipOccupancyMaxPotentialBlockSize(&grid, &block, k, 0, 0));
  CHECK(block > 0);
  CHECK(block <= attr.maxThreadsPerBlock);
  CHECK(block % props.warpSize == 0);
  CHECK(grid >= props.multiProcessorCount);
  HIP_REQUIRE(hipOccupancyMaxPotentialBlockSize(&grid, &block, k, 0, 128));
  CHECK(block <= 128);
  size_t smem = 0;
  HIP_REQUIRE(hipOccupancyAvailableDynamicSMemPerBlock(&smem, k, 1, 256));
  CHECK(smem > 0);  // bounded by the function's limit, restored above
  CHECK(smem <= static_cast<size_t>(original));

  // The module-API twins answer the same for the same kernel.
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipGetFuncBySymbol(&f, k));
  int moduleBlocks = 0;
  HIP_REQUIRE(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&moduleBlocks, f, 256, 0));
  CHECK(moduleBlocks == blocks);
  int numRegs = 0;
  HIP_REQUIRE(hipFuncGetAttribute(&numRegs, HIP_FUNC_ATTRIBUTE_NUM_REGS, f));
  CHECK(numRegs == attr.numRegs);
}
