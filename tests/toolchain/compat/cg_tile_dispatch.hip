// One source instantiating tile kernels for both wavefront sizes (32 and 64) and choosing by
// hipDeviceProp_t::warpSize at run time must compile for every target, as with HIP.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

namespace cg = cooperative_groups;

template <unsigned int Tile>
__global__ void tileSum(const unsigned int* in, unsigned int* out) {
  cg::thread_block_tile<Tile> tile = cg::tiled_partition<Tile>(cg::this_thread_block());
  out[threadIdx.x] = cg::reduce(tile, in[threadIdx.x], cg::plus<unsigned int>()) +
                     tile.shfl_down(in[threadIdx.x], 1) + (unsigned int)tile.ballot(1);
}

template <unsigned int Tile>
void run() {
  hipLaunchKernelGGL(tileSum<Tile>, dim3(1), dim3(2 * Tile), 0, 0, nullptr, nullptr);
}

int main() {
  hipDeviceProp_t prop{};
  if (hipGetDeviceProperties(&prop, 0) != hipSuccess) return 0;
  if (prop.warpSize == 64) run<64>();
  else run<32>();
  return 0;
}
