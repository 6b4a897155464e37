// Launch wrappers for kernels_surface.hip: the HIP surface added for issue 10 (bf16, fp8,
// complex, legacy coordinate macros, __ldg, min/max, feature macros, cooperative groups).
// Each returns the launch's status; the caller synchronizes and checks the results.
#pragma once

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>

// One thread: kNumericResults floats (see kernels_surface.hip for the list).
inline constexpr int kNumericResults = 24;
hipError_t launchNumericTypes(float* out);

// grid 2 x 64: out[g] = hipThreadIdx_x + 1000 * hipBlockIdx_x + 100000 * (hipBlockDim_x == 64)
//   + 1000000 * (hipGridDim_x == 2) + __ldg(&in[g]) + (int)sum(__ldg(&in4[g])), for g < 128.
hipError_t launchLegacyLdg(const int* in, const float4* in4, int* out);

// One block of kCgThreads threads, kCgValues ints per thread.
inline constexpr int kCgThreads = 128;
inline constexpr int kCgValues = 30;
hipError_t launchCooperativeGroups(long long* out);
// One block of kCgShortBlock threads: out[t] = size + 100 * rank of t's dynamic tile of 8.
inline constexpr int kCgShortBlock = 20;
hipError_t launchShortDynamicTiles(int* out);
