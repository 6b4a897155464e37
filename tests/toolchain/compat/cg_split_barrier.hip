// hip/cooperative_groups/memcpy_async.h and thread_block's split barrier
// (barrier_arrive/barrier_wait), used by double-buffered tile pipelines; HIP's
// hip/cooperative_groups/hip_reduce.h and hip_scan.h headers; hipLaunchParm.
#include <hip/cooperative_groups/hip_reduce.h>
#include <hip/cooperative_groups/hip_scan.h>
#include <hip/cooperative_groups/memcpy_async.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>
#include <utility>

namespace cg = cooperative_groups;

constexpr unsigned int kTile = 128;

__global__ void pipeline(const float* in, float* out, unsigned int tiles) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float stage[2][kTile];
  cg::memcpy_async(block, stage[0], in, kTile * sizeof(float));
  block.sync();
  for (unsigned int t = 0; t < tiles; ++t) {
    if (t + 1 < tiles)
      cg::memcpy_async(block, stage[(t + 1) & 1], kTile, in + (t + 1) * kTile, kTile);
    cg::thread_block::arrival_token token = block.barrier_arrive();
    out[t * kTile + block.thread_rank()] = 2.0f * stage[t & 1][block.thread_rank()];
    block.barrier_wait(std::move(token));
  }
  cg::wait(block);
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned int v = block.thread_rank();
  out[block.thread_rank()] += cg::reduce(tile, v, cg::plus<unsigned int>()) +
                              cg::inclusive_scan(tile, v) + cg::exclusive_scan(tile, v);
}

hipLaunchParm legacyParm = 0;

int main() {
  hipLaunchKernelGGL(pipeline, dim3(1), dim3(kTile), 0, 0, nullptr, nullptr, 4u);
  return legacyParm;
}
