// A kernel using cooperative_groups::grid_group through unihip's own header and the ROCm
// device libraries: its code object asks for hidden_multigrid_sync_arg and calls
// __ockl_grid_sync (ds_gws_barrier). The fake ROCr never runs it; the tests check what the
// backend puts behind that argument.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

// Sums `in` into out[0] across the whole grid, then every block reads the total.
extern "C" __global__ void grid_sum(const int* in, int* out, int* seen) {
  cg::grid_group grid = cg::this_grid();
  atomicAdd(out, in[grid.thread_rank()]);
  grid.sync();
  seen[grid.thread_rank()] = grid.is_valid() ? out[0] : -1;
}

// The multi-grid group (hipLaunchCooperativeKernelMultiDevice): rank, grid count, barrier.
extern "C" __global__ void multi_grid_ranks(unsigned* out) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  mg.sync();
  if (mg.thread_rank() == 0) {
    out[0] = mg.grid_rank();
    out[1] = mg.num_grids();
    out[2] = mg.is_valid();
  }
}
