// vectorAdd: c = a + b on the GPU through hipLaunchKernelGGL, checked on the host.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "sample_support.h"

__global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  skipWithoutGpu("vectorAdd");
  // Not a multiple of the block size: the last block exercises the bounds check.
  const int n = 1'000'003;
  const size_t bytes = n * sizeof(float);
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i) * 0.5f;
    b[i] = static_cast<float>(n - i);
  }

  float *da = nullptr, *db = nullptr, *dc = nullptr;
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&da), bytes));
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&db), bytes));
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&dc), bytes));
  SAMPLE_CHECK(hipMemcpy(da, a.data(), bytes, hipMemcpyHostToDevice));
  SAMPLE_CHECK(hipMemcpy(db, b.data(), bytes, hipMemcpyHostToDevice));

  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  hipLaunchKernelGGL(vectorAdd, dim3(blocks), dim3(threads), 0, 0, da, db, dc, n);
  SAMPLE_CHECK(hipGetLastError());
  SAMPLE_CHECK(hipMemcpy(c.data(), dc, bytes, hipMemcpyDeviceToHost));

  int errors = 0;
  for (int i = 0; i < n; ++i) {
    if (c[i] != a[i] + b[i]) {
      if (errors < 5) std::printf("mismatch at %d: %f != %f\n", i, c[i], a[i] + b[i]);
      ++errors;
    }
  }
  SAMPLE_CHECK(hipFree(da));
  SAMPLE_CHECK(hipFree(db));
  SAMPLE_CHECK(hipFree(dc));
  std::printf("vectorAdd: %d elements, %d mismatches\n", n, errors);
  return verdict(errors == 0);
}
