// What every program of tests/cuda shares: CHECK/EXPECT, skipping without a GPU (exit 77,
// ctest's SKIP_RETURN_CODE), the PASSED/FAILED line, and what a device that runs no kernel code
// skips. Plain CUDA: only CUDA's names.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int cuda_test_failures = 0;
// Whether the device runs the kernels' code, decided once by skip_without_gpu. unihip's fake
// ROCr (tests/hsa/fake_hsa_runtime.cpp, ctest cuda.<name>.fake_rocr) runs on the CPU and emulates
// only a few kernels of unihip's own; its device's name says so ("Fake ..."). There the host side
// runs and is checked; checks of what a kernel computed are counted as skipped.
static bool cuda_test_runs_kernels = true;
static int cuda_test_skipped = 0;

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

// A check of what a kernel computed: EXPECT where kernels run, skipped (and counted) elsewhere.
#define EXPECT_RESULT(cond)                                                               \
  do {                                                                                    \
    if (cuda_test_runs_kernels) EXPECT(cond);                                             \
    else ++cuda_test_skipped;                                                             \
  } while (0)

// Exits 77 where there is no GPU; notes a device that runs no kernel code.
static inline void skip_without_gpu(const char* name) {
  int n = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    std::printf("%s: SKIPPED: no GPU (cudaGetDeviceCount: %s)\n", name, cudaGetErrorString(e));
    std::exit(77);
  }
  cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess && std::strncmp(prop.name, "Fake ", 5) == 0) {
    cuda_test_runs_kernels = false;
    std::printf("%s: %s runs no kernel code: checks of kernel results are skipped\n", name,
                prop.name);
  }
}

// A part the device cannot do (cuda_test_runs_kernels false only), with the reason.
static inline void skip_part(const char* name, const char* part, const char* why) {
  std::printf("%s: %s skipped: %s\n", name, part, why);
}

static inline int finish(const char* name) {
  if (cuda_test_skipped)
    std::printf("%s: %d check(s) of kernel results skipped\n", name, cuda_test_skipped);
  std::printf("%s: %s\n", name, cuda_test_failures ? "FAILED" : "PASSED");
  return cuda_test_failures ? 1 : 0;
}
