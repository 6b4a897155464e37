// Separate compilation (-rdc): the kernel calls a __device__ function and reads a __device__
// variable defined in rdc_lib.cu.
#include "cuda_check.h"

extern __device__ int rdc_square(int x);
extern __device__ int rdc_bias;

__global__ void squares(int* out) { out[threadIdx.x] = rdc_square(threadIdx.x) + rdc_bias; }

int main() {
  skip_without_gpu("rdc");
  int* d;
  CHECK(cudaMalloc(&d, 64 * sizeof(int)));
  int bias = 0;  // the other unit's variable, from the host
  CHECK(cudaMemcpyFromSymbol(&bias, rdc_bias, sizeof(bias)));
  EXPECT(bias == 10);
  squares<<<1, 64>>>(d);
  int h[64];
  CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; ++i) ok = ok && h[i] == i * i + 10;
  EXPECT_RESULT(ok);
  CHECK(cudaFree(d));
  return finish("rdc");
}
