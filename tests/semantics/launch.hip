// Launch configuration: grid and block limits per dimension, zero dimensions, launch bounds,
// dynamic shared memory at and over the limit (with and without the opt-in attribute), huge grids.
#include "sem.h"

namespace {

// Records that the block at the far corner of the grid ran, and how many threads ran in block 0.
__global__ void lcCorner(unsigned* out) {
  if (blockIdx.x == gridDim.x - 1 && blockIdx.y == gridDim.y - 1 && blockIdx.z == gridDim.z - 1 &&
      threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    out[0] = 1;
  if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0) atomicAdd(&out[1], 1u);
}

__global__ void __launch_bounds__(128) lcBounds128(unsigned* out) { atomicAdd(out, 1u); }
__global__ void __launch_bounds__(256) lcBounds256(unsigned* out) { atomicAdd(out, 1u); }

__global__ void lcDynShared(unsigned* out, unsigned bytes) {
  extern __shared__ unsigned char lcShm[];
  if (bytes) {
    lcShm[bytes - 1] = 7;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = lcShm[bytes - 1] + 1;
  } else if (threadIdx.x == 0) {
    out[0] = 1;
  }
}

__global__ void lcStaticPlusDyn(unsigned* out) {
  __shared__ unsigned char fixed[16384];
  extern __shared__ unsigned char dyn[];
  fixed[threadIdx.x] = 1;
  dyn[0] = 2;
  __syncthreads();
  out[0] = fixed[0] + dyn[0];
}

struct Buf {
  unsigned* d = nullptr;
  Buf() {
    (void)hipMalloc(&d, 16 * sizeof(unsigned));
    (void)hipMemset(d, 0, 16 * sizeof(unsigned));
  }
  ~Buf() { (void)hipFree(d); }
  unsigned at(int i) {
    unsigned h[16] = {};
    (void)hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
    return h[i];
  }
};

// Launches lcCorner with <<<grid, block>>>, observes the launch status, the sync status and
// whether the far block ran.
sem::Obs cornerLaunch(dim3 grid, dim3 block) {
  Buf b;
  sem::Obs o;
  lcCorner<<<grid, block>>>(b.d);
  o.err("launch", hipGetLastError());
  o.err("sync", hipDeviceSynchronize());
  o.val("ran", b.at(0)).val("threads", b.at(1));
  o.note("grid " + std::to_string(grid.x) + "x" + std::to_string(grid.y) + "x" +
         std::to_string(grid.z) + " block " + std::to_string(block.x) + "x" +
         std::to_string(block.y) + "x" + std::to_string(block.z));
  return o;
}

const char* kDim[] = {"x", "y", "z"};

dim3 withDim(dim3 base, int d, unsigned v) {
  if (d == 0) base.x = v;
  if (d == 1) base.y = v;
  if (d == 2) base.z = v;
  return base;
}

hipDeviceAttribute_t gridAttr(int d) {
  return d == 0 ? hipDeviceAttributeMaxGridDimX
                : d == 1 ? hipDeviceAttributeMaxGridDimY : hipDeviceAttributeMaxGridDimZ;
}
hipDeviceAttribute_t blockAttr(int d) {
  return d == 0 ? hipDeviceAttributeMaxBlockDimX
                : d == 1 ? hipDeviceAttributeMaxBlockDimY : hipDeviceAttributeMaxBlockDimZ;
}

SEM_REGISTER(launch_dims) {
  for (int d = 0; d < 3; ++d) {
    std::string n = kDim[d];
    sem::Registrar("launch.grid_" + n + "_at_max",
                   "a grid of maxGridSize in one dimension launches (hipSuccess)", [d] {
                     unsigned max = static_cast<unsigned>(sem::deviceAttr(gridAttr(d)));
                     // 2^31-1 blocks in x take seconds; the corner block proves the range.
                     return cornerLaunch(withDim(dim3(1, 1, 1), d, max), dim3(1, 1, 1));
                   });
    sem::Registrar("launch.grid_" + n + "_over_max",
                   "grid dimension above maxGridSize: hipErrorInvalidConfiguration at launch",
                   [d] {
                     unsigned max = static_cast<unsigned>(sem::deviceAttr(gridAttr(d)));
                     return cornerLaunch(withDim(dim3(1, 1, 1), d, max + 1u), dim3(1, 1, 1));
                   });
    sem::Registrar("launch.block_" + n + "_at_max",
                   "block dimension at maxThreadsDim (product <= maxThreadsPerBlock) launches",
                   [d] {
                     unsigned max = static_cast<unsigned>(sem::deviceAttr(blockAttr(d)));
                     return cornerLaunch(dim3(1, 1, 1), withDim(dim3(1, 1, 1), d, max));
                   });
    sem::Registrar("launch.block_" + n + "_over_max",
                   "block dimension above maxThreadsDim: hipErrorInvalidConfiguration at launch",
                   [d] {
                     unsigned max = static_cast<unsigned>(sem::deviceAttr(blockAttr(d)));
                     return cornerLaunch(dim3(1, 1, 1), withDim(dim3(1, 1, 1), d, max + 1));
                   });
    sem::Registrar("launch.grid_" + n + "_zero",
                   "a zero grid dimension: hipErrorInvalidValue at launch (HIP 7)", [d] {
                     return cornerLaunch(withDim(dim3(2, 2, 2), d, 0), dim3(1, 1, 1));
                   });
    sem::Registrar("launch.block_" + n + "_zero",
                   "a zero block dimension: hipErrorInvalidValue at launch (HIP 7)", [d] {
                     return cornerLaunch(dim3(1, 1, 1), withDim(dim3(2, 2, 2), d, 0));
                   });
    sem::Registrar("launch.attr_max_grid_" + n, "hipDeviceGetAttribute(MaxGridDim) value", [d] {
      int v = -1;
      hipError_t e = hipDeviceGetAttribute(&v, gridAttr(d), 0);
      return sem::Obs().err("status", e).val("value", v);
    });
    sem::Registrar("launch.attr_max_block_" + n, "hipDeviceGetAttribute(MaxBlockDim) value", [d] {
      int v = -1;
      hipError_t e = hipDeviceGetAttribute(&v, blockAttr(d), 0);
      return sem::Obs().err("status", e).val("value", v);
    });
  }
  return 0;
}

}  // namespace

SEM_CASE(launch, grid_x_2p31_minus_1, "2^31-1 blocks in x launch and run (maxGridSize[0])") {
  return cornerLaunch(dim3(2147483647u, 1, 1), dim3(1, 1, 1));
}
SEM_CASE(launch, grid_x_2p31, "2^31 blocks in x: hipErrorInvalidConfiguration") {
  return cornerLaunch(dim3(2147483648u, 1, 1), dim3(1, 1, 1));
}
SEM_CASE(launch, grid_y_65536, "gridDim.y 65536 exceeds 65535: hipErrorInvalidConfiguration") {
  return cornerLaunch(dim3(1, 65536, 1), dim3(1, 1, 1));
}
SEM_CASE(launch, grid_all_zero, "grid (0,0,0): hipErrorInvalidValue (HIP 7)") {
  return cornerLaunch(dim3(0, 0, 0), dim3(1, 1, 1));
}
SEM_CASE(launch, block_all_zero, "block (0,0,0): hipErrorInvalidValue (HIP 7)") {
  return cornerLaunch(dim3(1, 1, 1), dim3(0, 0, 0));
}
SEM_CASE(launch, block_product_over_max, "32x32x2 threads > maxThreadsPerBlock: invalid config") {
  return cornerLaunch(dim3(1, 1, 1), dim3(32, 32, 2));
}
SEM_CASE(launch, block_1024, "1024 threads in one block launch (maxThreadsPerBlock)") {
  return cornerLaunch(dim3(1, 1, 1), dim3(1024, 1, 1));
}
SEM_CASE(launch, block_33_threads, "a block size not a multiple of the warp runs every thread") {
  return cornerLaunch(dim3(3, 1, 1), dim3(33, 1, 1));
}
SEM_CASE(launch, block_3d_full, "8x8x16 = 1024 threads in 3-D launch") {
  return cornerLaunch(dim3(2, 2, 2), dim3(8, 8, 16));
}
SEM_CASE(launch, attr_max_threads_per_block, "hipDeviceAttributeMaxThreadsPerBlock") {
  return sem::Obs().val("value", sem::deviceAttr(hipDeviceAttributeMaxThreadsPerBlock));
}
SEM_CASE(launch, attr_warp_size, "hipDeviceAttributeWarpSize (32 on NVIDIA)") {
  return sem::Obs().val("value", sem::deviceAttr(hipDeviceAttributeWarpSize));
}
SEM_CASE(launch, attr_shared_per_block, "hipDeviceAttributeMaxSharedMemoryPerBlock") {
  return sem::Obs().val("value", sem::deviceAttr(hipDeviceAttributeMaxSharedMemoryPerBlock));
}
SEM_CASE(launch, attr_shared_per_block_optin,
         "hipDeviceAttributeSharedMemPerBlockOptin (the opt-in maximum)") {
  return sem::Obs().val("value", sem::deviceAttr(hipDeviceAttributeSharedMemPerBlockOptin));
}

// __launch_bounds__
static sem::Obs boundsLaunch(bool use256, unsigned threads) {
  Buf b;
  sem::Obs o;
  if (use256)
    lcBounds256<<<1, threads>>>(b.d);
  else
    lcBounds128<<<1, threads>>>(b.d);
  o.err("launch", hipGetLastError());
  o.err("sync", hipDeviceSynchronize());
  o.val("threads", b.at(0));
  return o;
}
SEM_CASE(launch, bounds128_at_128, "__launch_bounds__(128) kernel with 128 threads runs") {
  return boundsLaunch(false, 128);
}
SEM_CASE(launch, bounds128_at_129,
         "block above __launch_bounds__: the launch fails (HIP: hipErrorLaunchFailure / "
         "CUDA: too many resources)") {
  return boundsLaunch(false, 129);
}
SEM_CASE(launch, bounds256_at_1024, "__launch_bounds__(256) kernel with 1024 threads fails") {
  return boundsLaunch(true, 1024);
}
SEM_CASE(launch, bounds128_func_attr,
         "hipFuncGetAttributes maxThreadsPerBlock reflects __launch_bounds__(128)") {
  hipFuncAttributes a{};
  hipError_t e = hipFuncGetAttributes(&a, reinterpret_cast<const void*>(lcBounds128));
  return sem::Obs().err("status", e).val("maxThreadsPerBlock", a.maxThreadsPerBlock);
}
SEM_CASE(launch, func_attr_max_threads_plain,
         "hipFuncGetAttributes maxThreadsPerBlock of an unbounded kernel") {
  hipFuncAttributes a{};
  hipError_t e = hipFuncGetAttributes(&a, reinterpret_cast<const void*>(lcCorner));
  return sem::Obs().err("status", e).val("maxThreadsPerBlock", a.maxThreadsPerBlock);
}
SEM_CASE(launch, at_func_attr_max_plus_one,
         "block of maxThreadsPerBlock(func)+1 fails at launch") {
  hipFuncAttributes a{};
  (void)hipFuncGetAttributes(&a, reinterpret_cast<const void*>(lcCorner));
  return cornerLaunch(dim3(1, 1, 1), dim3(static_cast<unsigned>(a.maxThreadsPerBlock) + 1, 1, 1));
}

// Dynamic shared memory.
static sem::Obs dynLaunch(size_t bytes) {
  Buf b;
  sem::Obs o;
  lcDynShared<<<1, 32, bytes>>>(b.d, static_cast<unsigned>(bytes));
  o.err("launch", hipGetLastError());
  o.err("sync", hipDeviceSynchronize());
  o.val("out", b.at(0));
  o.note("bytes=" + std::to_string(bytes));
  return o;
}
static size_t sharedPerBlock() {
  return static_cast<size_t>(sem::deviceAttr(hipDeviceAttributeMaxSharedMemoryPerBlock));
}
static size_t sharedOptin() {
  return static_cast<size_t>(sem::deviceAttr(hipDeviceAttributeSharedMemPerBlockOptin));
}
SEM_CASE(launch, dynshm_zero, "no dynamic shared memory") { return dynLaunch(0); }
SEM_CASE(launch, dynshm_at_limit, "dynamic shared memory = sharedMemPerBlock launches") {
  return dynLaunch(sharedPerBlock());
}
SEM_CASE(launch, dynshm_over_limit_no_optin,
         "sharedMemPerBlock+1 without the opt-in attribute fails at launch") {
  return dynLaunch(sharedPerBlock() + 1);
}
SEM_CASE(launch, dynshm_huge, "1 GiB of dynamic shared memory fails at launch") {
  return dynLaunch(size_t(1) << 30);
}
SEM_CASE(launch, dynshm_optin_set_max,
         "hipFuncSetAttribute(MaxDynamicSharedMemorySize, optin max) succeeds") {
  hipError_t e = hipFuncSetAttribute(reinterpret_cast<const void*>(lcDynShared),
                                     hipFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(sharedOptin()));
  return sem::Obs().err("set", e);
}
SEM_CASE(launch, dynshm_optin_set_over,
         "hipFuncSetAttribute above the opt-in maximum: hipErrorInvalidValue") {
  hipError_t e = hipFuncSetAttribute(reinterpret_cast<const void*>(lcDynShared),
                                     hipFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(sharedOptin() + 1));
  return sem::Obs().err("set", e);
}
SEM_CASE(launch, dynshm_optin_at_max, "after opting in, a launch at the opt-in maximum runs") {
  hipError_t e = hipFuncSetAttribute(reinterpret_cast<const void*>(lcDynShared),
                                     hipFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(sharedOptin()));
  return dynLaunch(sharedOptin()).err("set", e);
}
SEM_CASE(launch, dynshm_optin_over_set,
         "after opting in to N bytes, a launch with N+1 bytes fails at launch") {
  size_t n = sharedPerBlock() + 1024;
  hipError_t e = hipFuncSetAttribute(reinterpret_cast<const void*>(lcDynShared),
                                     hipFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(n));
  return dynLaunch(n + 1).err("set", e);
}
SEM_CASE(launch, dynshm_optin_between, "after opting in to N, a launch with N bytes runs") {
  size_t n = sharedPerBlock() + 1024;
  hipError_t e = hipFuncSetAttribute(reinterpret_cast<const void*>(lcDynShared),
                                     hipFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(n));
  return dynLaunch(n).err("set", e);
}
SEM_CASE(launch, static_plus_dynamic_over,
         "16 KiB static + (sharedMemPerBlock - 8 KiB) dynamic exceeds the limit: launch fails") {
  Buf b;
  sem::Obs o;
  lcStaticPlusDyn<<<1, 32, sharedPerBlock() - 8192>>>(b.d);
  o.err("launch", hipGetLastError());
  o.err("sync", hipDeviceSynchronize());
  return o.val("out", b.at(0));
}
SEM_CASE(launch, static_shared_func_attr, "hipFuncGetAttributes sharedSizeBytes = 16384") {
  hipFuncAttributes a{};
  hipError_t e = hipFuncGetAttributes(&a, reinterpret_cast<const void*>(lcStaticPlusDyn));
  return sem::Obs().err("status", e).val("sharedSizeBytes", static_cast<long long>(a.sharedSizeBytes));
}

// hipLaunchKernel
SEM_CASE(launch, launch_kernel_api, "hipLaunchKernel runs the kernel like <<<>>>") {
  Buf b;
  void* args[] = {&b.d};
  hipError_t e = hipLaunchKernel(reinterpret_cast<const void*>(lcCorner), dim3(4), dim3(64), args,
                                 0, nullptr);
  sem::Obs o;
  o.err("launch", e).err("sync", hipDeviceSynchronize());
  return o.val("ran", b.at(0)).val("threads", b.at(1));
}
SEM_CASE(launch, launch_kernel_zero_grid, "hipLaunchKernel with grid 0: invalid value (HIP 7)") {
  Buf b;
  void* args[] = {&b.d};
  hipError_t e = hipLaunchKernel(reinterpret_cast<const void*>(lcCorner), dim3(0), dim3(64), args,
                                 0, nullptr);
  sem::Obs o;
  o.err("launch", e).err("last", hipGetLastError());
  return o;
}
SEM_CASE(launch, launch_kernel_null_func, "hipLaunchKernel(nullptr): an error, no crash") {
  Buf b;
  void* args[] = {&b.d};
  hipError_t e = hipLaunchKernel(nullptr, dim3(1), dim3(1), args, 0, nullptr);
  return sem::Obs().err("launch", e).err("last", hipGetLastError());
}
static void lcHostOnly() {}
SEM_CASE(launch, launch_kernel_host_func,
         "hipLaunchKernel of a host function that is no kernel: hipErrorInvalidDeviceFunction") {
  hipError_t e = hipLaunchKernel(reinterpret_cast<const void*>(lcHostOnly), dim3(1), dim3(1),
                                 nullptr, 0, nullptr);
  return sem::Obs().err("launch", e).err("last", hipGetLastError());
}
SEM_CASE(launch, launch_kernel_dynshm_over, "hipLaunchKernel over the shared limit fails") {
  Buf b;
  unsigned bytes = static_cast<unsigned>(sharedPerBlock() + 1);
  void* args[] = {&b.d, &bytes};
  hipError_t e = hipLaunchKernel(reinterpret_cast<const void*>(lcDynShared), dim3(1), dim3(32),
                                 args, bytes, nullptr);
  return sem::Obs().err("launch", e).err("last", hipGetLastError());
}
SEM_CASE(launch, occupancy_block_size,
         "hipOccupancyMaxPotentialBlockSize returns a block size that launches") {
  int minGrid = 0, block = 0;
  hipError_t e = hipOccupancyMaxPotentialBlockSize(&minGrid, &block,
                                                    reinterpret_cast<const void*>(lcCorner), 0, 0);
  sem::Obs o;
  o.err("status", e).val("blockSize", block).val("minGrid", minGrid);
  return o;
}
SEM_CASE(launch, occupancy_bounds128, "the occupancy block size honours __launch_bounds__(128)") {
  int minGrid = 0, block = 0;
  hipError_t e = hipOccupancyMaxPotentialBlockSize(
      &minGrid, &block, reinterpret_cast<const void*>(lcBounds128), 0, 0);
  return sem::Obs().err("status", e).val("blockSize", block);
}
SEM_CASE(launch, occupancy_active_blocks, "hipOccupancyMaxActiveBlocksPerMultiprocessor(256)") {
  int n = -1;
  hipError_t e = hipOccupancyMaxActiveBlocksPerMultiprocessor(
      &n, reinterpret_cast<const void*>(lcCorner), 256, 0);
  return sem::Obs().err("status", e).val("blocks", n);
}

// A kernel whose registers limit its block below 1024 threads (about 168 registers on sm_90).
#define LC_REGS 160
__global__ void lcRegisterHeavy(const float* in, float* out, int iters) {
  float r[LC_REGS];
#pragma unroll
  for (int i = 0; i < LC_REGS; ++i) r[i] = in[(threadIdx.x + i * 37) & 1023];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int i = 0; i < LC_REGS; ++i) r[i] = r[i] * r[(i + 1) % LC_REGS] + r[(i + 7) % LC_REGS];
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < LC_REGS; ++i) s += r[i] * (i + 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
static sem::Obs registerLaunch(int which) {
  hipFuncAttributes a{};
  hipError_t e = hipFuncGetAttributes(&a, reinterpret_cast<const void*>(lcRegisterHeavy));
  float *in = nullptr, *out = nullptr;
  (void)hipMalloc(&in, 1024 * sizeof(float));
  (void)hipMalloc(&out, 2048 * sizeof(float));
  (void)hipMemset(in, 0, 1024 * sizeof(float));
  unsigned threads = which == 0 ? static_cast<unsigned>(a.maxThreadsPerBlock)
                     : which == 1 ? static_cast<unsigned>(a.maxThreadsPerBlock) + 32
                                  : 1024u;
  sem::Obs o;
  o.err("attr", e).val("below_1024", a.maxThreadsPerBlock < 1024);
  lcRegisterHeavy<<<1, threads>>>(in, out, 1);
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  return o.note("numRegs=" + std::to_string(a.numRegs) +
                " maxThreadsPerBlock=" + std::to_string(a.maxThreadsPerBlock) +
                " threads=" + std::to_string(threads));
}
SEM_CASE(launch, registers_at_func_max,
         "a register-heavy kernel launches with hipFuncGetAttributes' maxThreadsPerBlock") {
  return registerLaunch(0);
}
SEM_CASE(launch, registers_over_func_max,
         "one warp above the register-limited maxThreadsPerBlock: hipErrorLaunchOutOfResources") {
  return registerLaunch(1);
}
SEM_CASE(launch, registers_at_1024,
         "1024 threads of a register-heavy kernel: hipErrorLaunchOutOfResources at launch") {
  return registerLaunch(2);
}
