// Cooperative groups: tiles, reduce, a grid-wide sync through cudaLaunchCooperativeKernel.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include "cuda_check.h"

namespace cg = cooperative_groups;

__global__ void tile_sums(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int sum = cg::reduce(tile, v, cg::plus<int>());
  if (tile.thread_rank() == 0) atomicAdd(&out[blockIdx.x], sum);
}

__global__ void grid_two_phase(int* data, int* result, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] = 1;
  grid.sync();
  if (grid.thread_rank() == 0) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += data[i];
    *result = s;
  }
}

int main() {
  skip_without_gpu("cooperative_groups");
  const int blocks = 8, threads = 256, n = blocks * threads;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i % 7;
  int *in, *out;
  CHECK(cudaMalloc(&in, sizeof(h)));
  CHECK(cudaMalloc(&out, blocks * sizeof(int)));
  CHECK(cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(out, 0, blocks * sizeof(int)));
  tile_sums<<<blocks, threads>>>(in, out);
  int got[blocks];
  CHECK(cudaMemcpy(got, out, sizeof(got), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (int i = 0; i < threads; ++i) want += h[b * threads + i];
    EXPECT_RESULT(got[b] == want);
  }

  int coop = 0;
  CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0));
  if (coop) {
    int* result;
    CHECK(cudaMalloc(&result, sizeof(int)));
    int count = 4 * n;
    int* data;
    CHECK(cudaMalloc(&data, count * sizeof(int)));
    void* args[] = {&data, &result, &count};
    CHECK(cudaLaunchCooperativeKernel((void*)grid_two_phase, dim3(2), dim3(128), args, 0, 0));
    int r = 0;
    CHECK(cudaMemcpy(&r, result, sizeof(r), cudaMemcpyDeviceToHost));
    EXPECT_RESULT(r == count);
    // A grid larger than can be resident at once is refused.
    int per_sm = 0, sms = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_two_phase, 128, 0));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    EXPECT(per_sm > 0);
    EXPECT(cudaLaunchCooperativeKernel((void*)grid_two_phase, dim3(per_sm * sms + 1), dim3(128),
                                       args, 0, 0) == cudaErrorCooperativeLaunchTooLarge);
    (void)cudaGetLastError();
    CHECK(cudaFree(result));
    CHECK(cudaFree(data));
  }
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return finish("cooperative_groups");
}
