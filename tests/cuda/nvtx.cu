// NVTX ranges and marks (nvtx3/nvToolsExt.h over roctx) around CUDA work.
#include <nvtx3/nvToolsExt.h>
#include "cuda_check.h"

__global__ void fill(int* p, int v) { p[threadIdx.x] = v; }

int main() {
  skip_without_gpu("nvtx");
  int* d;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));
  EXPECT(nvtxRangePushA("outer") == 0);  // the nesting level of the new range
  EXPECT(nvtxRangePushA("inner") == 1);
  nvtxMarkA("before fill");
  nvtxRangeId_t id = nvtxRangeStartA("fill");
  fill<<<1, 32>>>(d, 7);
  CHECK(cudaDeviceSynchronize());
  nvtxRangeEnd(id);
  EXPECT(nvtxRangePop() == 1);  // the level of the range ended
  EXPECT(nvtxRangePop() == 0);
  int h[32];
  CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  EXPECT_RESULT(h[0] == 7 && h[31] == 7);
  CHECK(cudaFree(d));
  return finish("nvtx");
}
