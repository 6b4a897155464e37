// What every program of tests/cuda shares: CHECK/EXPECT, skipping without a GPU (exit 77,
// ctest's SKIP_RETURN_CODE), and the PASSED/FAILED line. Plain CUDA: only CUDA's names.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static int cuda_test_failures = 0;

#define CHECK(x)                                                                          \
  do {                                                                                    \
    cudaError_t e_ = (x);                                                                 \
    if (e_ != cudaSuccess) {                                                              \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));     \
      std::printf("FAILED\n");                                                            \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

#define EXPECT(cond)                                                                      \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::printf("%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                     \
      ++cuda_test_failures;                                                               \
    }                                                                                     \
  } while (0)

// Exits 77 where there is no GPU.
static inline void skip_without_gpu(const char* name) {
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    std::printf("%s: SKIPPED: no GPU (cudaGetDeviceCount: %s)\n", name, cudaGetErrorString(e));
    std::exit(77);
  }
}

static inline int finish(const char* name) {
  std::printf("%s: %s\n", name, cuda_test_failures ? "FAILED" : "PASSED");
  return cuda_test_failures ? 1 : 0;
}
