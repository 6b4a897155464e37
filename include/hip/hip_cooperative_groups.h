/* unihip: cooperative groups (namespace cooperative_groups), HIP's API on both vendors.
 *
 * Groups: thread_block, thread_block_tile<N> (N a power of two <= warpSize), coalesced_group,
 * thread_group (the dynamic type of any of them, e.g. tiled_partition(block, n)), grid_group and
 * multi_grid_group. Block and tile/coalesced operations really work: tiles and coalesced groups
 * are lane sets of one warp/wavefront (64-bit lane masks, as in HIP), their shfl/ballot/any/all/
 * match go through the warp functions with a width, coalesced ranks count the lanes of
 * __activemask() at creation. binary_partition splits a tile or coalesced group by a predicate.
 *
 * Grid barriers: on NVIDIA, grid_group::sync() works in kernels launched cooperatively
 * (hipLaunchCooperativeKernel, hipModuleLaunchCooperativeKernel) and is_valid() says whether the
 * launch was one (as in CUDA, whose is_valid() reads the same driver registers, a plain launch
 * after a cooperative one may still see the workspace); elsewhere sync() traps (the kernel fails
 * instead of hanging). On AMD the device library's barrier (__ockl_grid_sync, GWS) in kernels
 * launched cooperatively, is_valid() from the launch's hidden_multigrid_sync_arg; elsewhere
 * sync() traps too (a single-block grid's sync() is the block's on both). multi_grid_group
 * (deprecated in CUDA): on AMD valid in cooperative launches (hipLaunchCooperativeKernelMultiDevice
 * gives each grid its rank; a single cooperative grid is grid 0 of 1), through the device
 * library; on NVIDIA never valid, and its sync() is the grid's. A dynamic thread_group tile larger than the warp syncs the whole block.
 * Only under clang's offload passes (as HIP: __HIP_CLANG_ONLY__); host compilers see none of it. */
#ifndef UNIHIP_HIP_COOPERATIVE_GROUPS_H
#define UNIHIP_HIP_COOPERATIVE_GROUPS_H

#include "hip/hip_runtime.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE) && defined(__cplusplus)

#define UNIHIP_CG_FN __device__ inline __attribute__((always_inline))
#define UNIHIP_CG_STATIC static __device__ inline __attribute__((always_inline))
#define UNIHIP_CG_FRIEND __device__

namespace cooperative_groups {

namespace internal {

enum group_type {
  cg_thread_block,
  cg_tiled_group,
  cg_coalesced_group,
  cg_grid,
  cg_multi_grid,
};

UNIHIP_CG_FN unsigned int block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
UNIHIP_CG_FN unsigned int block_size() { return blockDim.x * blockDim.y * blockDim.z; }
UNIHIP_CG_FN unsigned long long grid_blocks() {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
}
UNIHIP_CG_FN unsigned long long grid_block_rank() {
  return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
UNIHIP_CG_FN int popcount(unsigned long long m) { return __builtin_popcountll(m); }
/* Lane of the n-th (0-based) set bit of m; -1 if there is none. */
UNIHIP_CG_FN int nth_lane(unsigned long long m, unsigned int n) {
  for (int lane = 0; m != 0; ++lane, m >>= 1)
    if ((m & 1ull) && n-- == 0) return lane;
  return -1;
}
/* Lanes of the tile of `size` lanes that holds the calling lane. */
UNIHIP_CG_FN unsigned long long tile_mask(unsigned int size) {
  unsigned int base = __lane_id() & ~(size - 1);
  return size >= 64 ? ~0ull : (((1ull << size) - 1ull) << base);
}
#if defined(UNIHIP_DEVICE_NVPTX)
/* NVIDIA: the driver gives a cooperative launch a grid workspace {u32 size; u32 barrier} whose
 * address is in %envreg1 (high half) and %envreg2 (low half); other launches get zeros. This is
 * the driver ABI CUDA's own grid_group reads (checked on an H100, driver 580). */
struct grid_workspace {
  unsigned int size;
  unsigned int barrier;
};
UNIHIP_CG_FN grid_workspace* grid_workspace_ptr() {
  unsigned long long address;
  asm volatile("{\n\t.reg .u32 lo, hi;\n\tmov.u32 hi, %%envreg1;\n\tmov.u32 lo, %%envreg2;\n\t"
               "mov.b64 %0, {lo, hi};\n\t}"
               : "=l"(address));
  return (grid_workspace*)address;
}
UNIHIP_CG_FN bool grid_is_valid() { return grid_workspace_ptr() != nullptr; }
/* A sense-reversing barrier on the workspace word: block 0 adds 0x80000000 - (blocks - 1), every
 * other block 1, so the word's top bit flips once all have arrived; it needs no reset. */
UNIHIP_CG_FN void grid_sync() {
  if (grid_blocks() == 1) { /* a single-block grid's barrier is the block's, launched any way */
    __syncthreads();
    return;
  }
  grid_workspace* ws = grid_workspace_ptr();
  if (ws == nullptr) __builtin_trap(); /* not a cooperative launch: a barrier would hang */
  __syncthreads();
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0) {
    unsigned int add = 1;
    if (blockIdx.x + blockIdx.y + blockIdx.z == 0)
      add = 0x80000000u - ((unsigned int)grid_blocks() - 1u);
    volatile unsigned int* word = &ws->barrier;
    __threadfence();
    unsigned int old = atomicAdd((unsigned int*)word, add);
    while (((old ^ *word) & 0x80000000u) == 0) {
    }
    __threadfence();
  }
  __syncthreads();
}
#else
/* AMD: the device library's grid barrier, as HIP's headers use it. __ockl_grid_is_valid reads
 * the hidden_multigrid_sync_arg, which the runtime sets only for cooperative launches (on the
 * cooperative queue, whose GWS barrier __ockl_grid_sync uses); a barrier in any other launch
 * would hang, so it traps instead. */
extern "C" __device__ int __ockl_grid_is_valid(void);
extern "C" __device__ void __ockl_grid_sync(void);
UNIHIP_CG_FN bool grid_is_valid() { return __ockl_grid_is_valid() != 0; }
UNIHIP_CG_FN void grid_sync() {
  if (grid_blocks() == 1) {
    __syncthreads();
    return;
  }
  if (!grid_is_valid()) __builtin_trap();
  __ockl_grid_sync();
}
/* Multi-grid: the runtime's mg_info (rank, grid count, thread sums, the shared barrier counter)
 * behind the same argument, as HIP's headers read it. */
extern "C" __device__ int __ockl_multi_grid_is_valid(void);
extern "C" __device__ void __ockl_multi_grid_sync(void);
extern "C" __device__ int __ockl_multi_grid_num_grids(void);
extern "C" __device__ int __ockl_multi_grid_grid_rank(void);
extern "C" __device__ int __ockl_multi_grid_size(void);
extern "C" __device__ int __ockl_multi_grid_thread_rank(void);
UNIHIP_CG_FN bool multi_grid_is_valid() { return __ockl_multi_grid_is_valid() != 0; }
#define UNIHIP_CG_MULTI_GRID_DEVICE_LIBRARY 1
#endif
#if defined(UNIHIP_CG_MULTI_GRID_DEVICE_LIBRARY)
UNIHIP_CG_FN unsigned int multi_grid_num_grids() {
  return multi_grid_is_valid() ? (unsigned int)__ockl_multi_grid_num_grids() : 1u;
}
UNIHIP_CG_FN unsigned int multi_grid_rank() {
  return multi_grid_is_valid() ? (unsigned int)__ockl_multi_grid_grid_rank() : 0u;
}
UNIHIP_CG_FN unsigned int multi_grid_size() {
  return multi_grid_is_valid() ? (unsigned int)__ockl_multi_grid_size()
                               : (unsigned int)(grid_blocks() * block_size());
}
UNIHIP_CG_FN unsigned int multi_grid_thread_rank() {
  return multi_grid_is_valid() ? (unsigned int)__ockl_multi_grid_thread_rank()
                               : (unsigned int)(grid_block_rank() * block_size() + block_rank());
}
UNIHIP_CG_FN void multi_grid_sync() {
  if (multi_grid_is_valid()) __ockl_multi_grid_sync();
  else grid_sync();
}
#else
/* NVIDIA: no multi-device cooperative launch; a multi-grid group is the grid. */
UNIHIP_CG_FN bool multi_grid_is_valid() { return false; }
UNIHIP_CG_FN unsigned int multi_grid_num_grids() { return 1u; }
UNIHIP_CG_FN unsigned int multi_grid_rank() { return 0u; }
UNIHIP_CG_FN unsigned int multi_grid_size() { return (unsigned int)(grid_blocks() * block_size()); }
UNIHIP_CG_FN unsigned int multi_grid_thread_rank() {
  return (unsigned int)(grid_block_rank() * block_size() + block_rank());
}
UNIHIP_CG_FN void multi_grid_sync() { grid_sync(); }
#endif
#undef UNIHIP_CG_MULTI_GRID_DEVICE_LIBRARY
/* Shuffle any trivially copyable value as 32-bit words; `op` shuffles one int. */
template <class T, class Op>
UNIHIP_CG_FN T shfl_words(T value, Op op) {
  constexpr int words = (int)((sizeof(T) + 3) / 4);
  int in[words] = {};
  int out[words];
  __builtin_memcpy(in, &value, sizeof(T));
  for (int i = 0; i < words; ++i) out[i] = op(in[i]);
  T result;
  __builtin_memcpy(&result, out, sizeof(T));
  return result;
}

}  // namespace internal

/* The common base: a group's dynamic type, size and lanes. */
class thread_group {
 protected:
  internal::group_type type_;
  unsigned int size_;
  unsigned long long mask_; /* coalesced / tiled groups: their lanes */

  UNIHIP_CG_FN thread_group(internal::group_type type, unsigned int size, unsigned long long mask = 0)
      : type_(type), size_(size), mask_(mask) {}

  friend UNIHIP_CG_FRIEND thread_group tiled_partition(const thread_group& parent, unsigned int tile_size);

 public:
  UNIHIP_CG_FN unsigned int size() const { return size_; }
  UNIHIP_CG_FN unsigned int num_threads() const { return size_; }
  UNIHIP_CG_FN unsigned int cg_type() const { return type_; }
  UNIHIP_CG_FN unsigned int thread_rank() const {
    switch (type_) {
      case internal::cg_thread_block: return internal::block_rank();
      case internal::cg_tiled_group:  /* a warp's tile (maybe the short last one): its lanes */
        return size_ <= (unsigned int)warpSize ? (unsigned int)internal::popcount(mask_ & __lanemask_lt())
                                               : internal::block_rank() & (size_ - 1);
      case internal::cg_coalesced_group:
        return (unsigned int)internal::popcount(mask_ & __lanemask_lt());
      case internal::cg_multi_grid: return internal::multi_grid_thread_rank();
      default:
        return (unsigned int)(internal::grid_block_rank() * internal::block_size() + internal::block_rank());
    }
  }
  UNIHIP_CG_FN bool is_valid() const {
    if (type_ == internal::cg_grid) return internal::grid_is_valid();
    if (type_ == internal::cg_multi_grid) return internal::multi_grid_is_valid();
    return true;
  }
  UNIHIP_CG_FN void sync() const {
    switch (type_) {
      case internal::cg_thread_block: __syncthreads(); break;
      case internal::cg_tiled_group:
        if (size_ <= (unsigned int)warpSize)
          __syncwarp(mask_);
        else
          __syncthreads();
        break;
      case internal::cg_coalesced_group: __syncwarp(mask_); break;
      case internal::cg_multi_grid: internal::multi_grid_sync(); break;
      default: internal::grid_sync(); break;
    }
  }
};

class multi_grid_group : public thread_group {
  friend UNIHIP_CG_FRIEND multi_grid_group this_multi_grid();
  UNIHIP_CG_FN multi_grid_group()
      : thread_group(internal::cg_multi_grid, internal::multi_grid_size()) {}

 public:
  UNIHIP_CG_FN unsigned int num_grids() const { return internal::multi_grid_num_grids(); }
  UNIHIP_CG_FN unsigned int grid_rank() const { return internal::multi_grid_rank(); }
  UNIHIP_CG_FN unsigned int thread_rank() const { return internal::multi_grid_thread_rank(); }
  UNIHIP_CG_FN bool is_valid() const { return internal::multi_grid_is_valid(); }
  UNIHIP_CG_FN void sync() const { internal::multi_grid_sync(); }
};
UNIHIP_CG_FN multi_grid_group this_multi_grid() { return multi_grid_group(); }

class grid_group : public thread_group {
  friend UNIHIP_CG_FRIEND grid_group this_grid();
  UNIHIP_CG_FN grid_group()
      : thread_group(internal::cg_grid, (unsigned int)(internal::grid_blocks() * internal::block_size())) {}

 public:
  UNIHIP_CG_FN unsigned int thread_rank() const { return thread_group::thread_rank(); }
  UNIHIP_CG_FN unsigned long long num_threads() const {
    return internal::grid_blocks() * internal::block_size();
  }
  UNIHIP_CG_FN unsigned long long num_blocks() const { return internal::grid_blocks(); }
  UNIHIP_CG_FN unsigned long long block_rank() const { return internal::grid_block_rank(); }
  UNIHIP_CG_FN dim3 group_dim() const { return gridDim; }
  UNIHIP_CG_FN dim3 dim_blocks() const { return gridDim; }
  UNIHIP_CG_FN dim3 block_index() const { return blockIdx; }
  /* Whether the kernel was launched cooperatively (see the top of this file). */
  UNIHIP_CG_FN bool is_valid() const { return internal::grid_is_valid(); }
  UNIHIP_CG_FN void sync() const { internal::grid_sync(); }
};
UNIHIP_CG_FN grid_group this_grid() { return grid_group(); }

class thread_block : public thread_group {
  friend UNIHIP_CG_FRIEND thread_block this_thread_block();
  UNIHIP_CG_FN thread_block() : thread_group(internal::cg_thread_block, internal::block_size()) {}

 public:
  UNIHIP_CG_STATIC dim3 group_index() { return blockIdx; }
  UNIHIP_CG_STATIC dim3 thread_index() { return threadIdx; }
  UNIHIP_CG_STATIC unsigned int thread_rank() { return internal::block_rank(); }
  UNIHIP_CG_STATIC unsigned int size() { return internal::block_size(); }
  UNIHIP_CG_STATIC unsigned int num_threads() { return internal::block_size(); }
  UNIHIP_CG_STATIC dim3 group_dim() { return blockDim; }
  UNIHIP_CG_STATIC dim3 dim_threads() { return blockDim; }
  UNIHIP_CG_FN bool is_valid() const { return true; }
  UNIHIP_CG_STATIC void sync() { __syncthreads(); }
  /* Split barrier: barrier_arrive() publishes this thread's writes and returns at once;
   * barrier_wait() returns once every thread of the block has arrived (it holds the whole
   * block barrier, so work between the two overlaps nothing but stays correct). */
  struct arrival_token {};
  UNIHIP_CG_STATIC arrival_token barrier_arrive() {
    __threadfence_block();
    return arrival_token{};
  }
  UNIHIP_CG_STATIC void barrier_wait(arrival_token&&) { __syncthreads(); }
};
UNIHIP_CG_FN thread_block this_thread_block() { return thread_block(); }

/* A set of lanes of one warp/wavefront, ranked by lane order. */
class coalesced_group : public thread_group {
  friend UNIHIP_CG_FRIEND coalesced_group coalesced_threads();
  friend UNIHIP_CG_FRIEND coalesced_group tiled_partition(const coalesced_group& parent, unsigned int tile_size);
  template <unsigned int, class>
  friend class thread_block_tile;
  friend UNIHIP_CG_FRIEND coalesced_group binary_partition(const coalesced_group& group, bool pred);

  unsigned int meta_rank_ = 0, meta_size_ = 1;

  UNIHIP_CG_FN int src_lane(unsigned int rank) const { return internal::nth_lane(mask_, rank); }

 public:
  UNIHIP_CG_FN explicit coalesced_group(unsigned long long mask)
      : thread_group(internal::cg_coalesced_group, (unsigned int)internal::popcount(mask), mask) {}

  UNIHIP_CG_FN unsigned int size() const { return size_; }
  UNIHIP_CG_FN unsigned int num_threads() const { return size_; }
  UNIHIP_CG_FN unsigned int thread_rank() const {
    return (unsigned int)internal::popcount(mask_ & __lanemask_lt());
  }
  UNIHIP_CG_FN unsigned int meta_group_rank() const { return meta_rank_; }
  UNIHIP_CG_FN unsigned int meta_group_size() const { return meta_size_; }
  UNIHIP_CG_FN bool is_valid() const { return mask_ != 0; }
  UNIHIP_CG_FN void sync() const { __syncwarp(mask_); }

  template <class T>
  UNIHIP_CG_FN T shfl(T var, int srcRank) const {
    int lane = src_lane((unsigned int)srcRank % size_);
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_sync(m, w, lane, warpSize); });
  }
  template <class T>
  UNIHIP_CG_FN T shfl_down(T var, unsigned int delta) const {
    unsigned int target = thread_rank() + delta;
    int lane = target < size_ ? src_lane(target) : (int)__lane_id();
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_sync(m, w, lane, warpSize); });
  }
  template <class T>
  UNIHIP_CG_FN T shfl_up(T var, unsigned int delta) const {
    unsigned int rank = thread_rank();
    int lane = rank >= delta ? src_lane(rank - delta) : (int)__lane_id();
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_sync(m, w, lane, warpSize); });
  }
  template <class T>
  UNIHIP_CG_FN T shfl_xor(T var, unsigned int laneMask) const {
    unsigned int target = thread_rank() ^ laneMask;
    int lane = target < size_ ? src_lane(target) : (int)__lane_id();
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_sync(m, w, lane, warpSize); });
  }
  /* Bit i of the result: the predicate of the group's rank-i thread. */
  UNIHIP_CG_FN unsigned long long ballot(int pred) const {
    unsigned long long lanes = __ballot_sync(mask_, pred), result = 0, m = mask_;
    for (unsigned int rank = 0; m != 0; m &= m - 1, ++rank)
      if (lanes & (m & ~(m - 1))) result |= 1ull << rank;
    return result;
  }
  UNIHIP_CG_FN int any(int pred) const { return (__ballot_sync(mask_, pred) & mask_) != 0; }
  UNIHIP_CG_FN int all(int pred) const { return (__ballot_sync(mask_, pred) & mask_) == mask_; }
  /* Ranks (as a rank-ordered mask) of the group's threads holding the same value. */
  template <class T>
  UNIHIP_CG_FN unsigned long long match_any(T value) const {
    unsigned long long result = 0;
    for (unsigned int rank = 0; rank < size_; ++rank)
      if (shfl(value, (int)rank) == value) result |= 1ull << rank;
    return result;
  }
  template <class T>
  UNIHIP_CG_FN unsigned long long match_all(T value, int& pred) const {
    unsigned long long same = match_any(value);
    unsigned long long everyone = size_ >= 64 ? ~0ull : ((1ull << size_) - 1ull);
    pred = same == everyone;
    return pred ? everyone : 0ull;
  }
};
UNIHIP_CG_FN coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

/* thread_block_tile<N>: N consecutive threads of a block (N a power of two <= warpSize).
 * thread_block_tile<N, Parent> (what tiled_partition<N>(parent) returns) converts to it.
 * N up to 64 compiles in every pass, as with HIP, so one source can instantiate kernels for
 * both wavefront sizes and pick one by hipDeviceProp_t::warpSize at run time; creating a tile
 * wider than the running target's warp traps. */
template <unsigned int N, class ParentCGTy = void>
class thread_block_tile;

template <unsigned int N>
class thread_block_tile<N, void> : public thread_group {
  static_assert(N > 0 && (N & (N - 1)) == 0, "thread_block_tile size must be a power of two");
  static_assert(N <= 64, "thread_block_tile size must not exceed the wavefront size (64)");

 protected:
  UNIHIP_CG_FN thread_block_tile() : thread_group(internal::cg_tiled_group, N, internal::tile_mask(N)) {
    if (N > (unsigned int)warpSize) __builtin_trap();
  }
  template <unsigned int, class>
  friend class thread_block_tile;
  template <unsigned int M>
  friend UNIHIP_CG_FRIEND coalesced_group binary_partition(const thread_block_tile<M>& tile, bool pred);

 public:
  static constexpr unsigned int numThreads = N;
  UNIHIP_CG_STATIC constexpr unsigned int size() { return N; }
  UNIHIP_CG_STATIC constexpr unsigned int num_threads() { return N; }
  UNIHIP_CG_STATIC unsigned int thread_rank() { return internal::block_rank() & (N - 1); }
  UNIHIP_CG_STATIC unsigned int meta_group_rank() { return internal::block_rank() / N; }
  UNIHIP_CG_STATIC unsigned int meta_group_size() { return (internal::block_size() + N - 1) / N; }
  UNIHIP_CG_FN bool is_valid() const { return true; }
  UNIHIP_CG_FN void sync() const { __syncwarp(mask_); }

  template <class T>
  UNIHIP_CG_FN T shfl(T var, int srcRank) const {
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_sync(m, w, srcRank, (int)N); });
  }
  template <class T>
  UNIHIP_CG_FN T shfl_down(T var, unsigned int delta) const {
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_down_sync(m, w, delta, (int)N); });
  }
  template <class T>
  UNIHIP_CG_FN T shfl_up(T var, unsigned int delta) const {
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_up_sync(m, w, delta, (int)N); });
  }
  template <class T>
  UNIHIP_CG_FN T shfl_xor(T var, unsigned int laneMask) const {
    unsigned long long m = mask_;
    return internal::shfl_words(var, [=](int w) { return __shfl_xor_sync(m, w, (int)laneMask, (int)N); });
  }
  /* Bit i: the predicate of the tile's rank-i thread. */
  UNIHIP_CG_FN unsigned long long ballot(int pred) const {
    unsigned int base = __lane_id() & ~(N - 1);
    unsigned long long bits = __ballot_sync(mask_, pred) >> base;
    return N >= 64 ? bits : bits & ((1ull << N) - 1ull);
  }
  UNIHIP_CG_FN int any(int pred) const { return ballot(pred) != 0; }
  UNIHIP_CG_FN int all(int pred) const {
    return ballot(pred) == (N >= 64 ? ~0ull : ((1ull << N) - 1ull));
  }
  template <class T>
  UNIHIP_CG_FN unsigned long long match_any(T value) const {
    unsigned long long result = 0;
    for (unsigned int rank = 0; rank < N; ++rank)
      if (shfl(value, (int)rank) == value) result |= 1ull << rank;
    return result;
  }
  template <class T>
  UNIHIP_CG_FN unsigned long long match_all(T value, int& pred) const {
    const unsigned long long everyone = N >= 64 ? ~0ull : ((1ull << N) - 1ull);
    pred = match_any(value) == everyone;
    return pred ? everyone : 0ull;
  }
};

template <unsigned int N, class ParentCGTy>
class thread_block_tile : public thread_block_tile<N, void> {
  template <unsigned int M, class P>
  friend UNIHIP_CG_FRIEND thread_block_tile<M, P> tiled_partition(const P& parent);
  UNIHIP_CG_FN thread_block_tile() : thread_block_tile<N, void>() {}
};

template <unsigned int N, class ParentCGTy>
UNIHIP_CG_FN thread_block_tile<N, ParentCGTy> tiled_partition(const ParentCGTy& parent) {
  (void)parent;
  return thread_block_tile<N, ParentCGTy>();
}

/* Dynamic tiles of a block (or of a tile): tile_size a power of two. */
UNIHIP_CG_FN thread_group tiled_partition(const thread_group& parent, unsigned int tile_size) {
  if (parent.cg_type() == internal::cg_coalesced_group) {
    /* consecutive ranks of the coalesced group */
    unsigned long long m = parent.mask_, tile = 0;
    unsigned int mine = parent.thread_rank() / tile_size, rank = 0;
    for (; m != 0; m &= m - 1, ++rank)
      if (rank / tile_size == mine) tile |= m & ~(m - 1);
    return thread_group(internal::cg_coalesced_group, (unsigned int)internal::popcount(tile), tile);
  }
  unsigned int lanes = tile_size <= (unsigned int)warpSize ? tile_size : (unsigned int)warpSize;
  unsigned long long mask = internal::tile_mask(lanes);
  unsigned int size = tile_size;
  /* HIP: the last tile of a parent whose size is no multiple of tile_size holds the rest. */
  const unsigned int first = parent.thread_rank() / tile_size * tile_size;
  if (tile_size <= (unsigned int)warpSize && first + tile_size > parent.size()) {
    size = parent.size() - first;
    mask &= ((1ull << size) - 1ull) << (__lane_id() & ~(lanes - 1));
  }
  return thread_group(internal::cg_tiled_group, size, mask);
}
UNIHIP_CG_FN thread_group tiled_partition(const thread_block& parent, unsigned int tile_size) {
  return tiled_partition(static_cast<const thread_group&>(parent), tile_size);
}
UNIHIP_CG_FN coalesced_group tiled_partition(const coalesced_group& parent, unsigned int tile_size) {
  unsigned long long m = parent.mask_, tile = 0;
  unsigned int mine = parent.thread_rank() / tile_size, rank = 0;
  for (; m != 0; m &= m - 1, ++rank)
    if (rank / tile_size == mine) tile |= m & ~(m - 1);
  coalesced_group g(tile);
  g.meta_rank_ = mine;
  g.meta_size_ = (parent.size() + tile_size - 1) / tile_size;
  return g;
}

/* The threads of a group whose predicate equals the caller's. */
UNIHIP_CG_FN coalesced_group binary_partition(const coalesced_group& group, bool pred) {
  unsigned long long yes = __ballot_sync(group.mask_, pred) & group.mask_;
  return coalesced_group(pred ? yes : (group.mask_ & ~yes));
}
template <unsigned int N>
UNIHIP_CG_FN coalesced_group binary_partition(const thread_block_tile<N>& tile, bool pred) {
  unsigned long long yes = __ballot_sync(tile.mask_, pred) & tile.mask_;
  return coalesced_group(pred ? yes : (tile.mask_ & ~yes));
}

/* Collectives over a tile or a coalesced group (CUDA's cooperative_groups::reduce and scans, as
 * hipified code calls them): every thread of the group passes its value and gets the result. */
template <class T>
struct plus {
  UNIHIP_CG_FN T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct less {
  UNIHIP_CG_FN T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  UNIHIP_CG_FN T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  UNIHIP_CG_FN T operator()(const T& a, const T& b) const { return a & b; }
};
template <class T>
struct bit_or {
  UNIHIP_CG_FN T operator()(const T& a, const T& b) const { return a | b; }
};
template <class T>
struct bit_xor {
  UNIHIP_CG_FN T operator()(const T& a, const T& b) const { return a ^ b; }
};

template <unsigned int N, class P, class T, class Op>
UNIHIP_CG_FN T reduce(const thread_block_tile<N, P>& g, T value, Op op) {
  for (unsigned int offset = N / 2; offset > 0; offset /= 2) value = op(value, g.shfl_xor(value, offset));
  return value;
}
template <class T, class Op>
UNIHIP_CG_FN T reduce(const coalesced_group& g, T value, Op op) {
  const unsigned int rank = g.thread_rank(), n = g.size();
  for (unsigned int offset = 1; offset < n; offset *= 2) {
    T other = g.shfl_down(value, offset);
    if (rank + offset < n) value = op(value, other);
  }
  return g.shfl(value, 0);
}
/* Rank r gets op over ranks 0..r (inclusive) or 0..r-1 (exclusive; rank 0 gets T()). */
template <class Group, class T, class Op>
UNIHIP_CG_FN T inclusive_scan(const Group& g, T value, Op op) {
  const unsigned int rank = g.thread_rank(), n = g.size();
  for (unsigned int offset = 1; offset < n; offset *= 2) {
    T other = g.shfl_up(value, offset);
    if (rank >= offset) value = op(other, value);
  }
  return value;
}
template <class Group, class T>
UNIHIP_CG_FN T inclusive_scan(const Group& g, T value) { return inclusive_scan(g, value, plus<T>()); }
template <class Group, class T, class Op>
UNIHIP_CG_FN T exclusive_scan(const Group& g, T value, Op op) {
  T inclusive = inclusive_scan(g, value, op);
  T previous = g.shfl_up(inclusive, 1);
  return g.thread_rank() == 0 ? T() : previous;
}
template <class Group, class T>
UNIHIP_CG_FN T exclusive_scan(const Group& g, T value) { return exclusive_scan(g, value, plus<T>()); }

/* Free-function forms. */
template <class Group>
UNIHIP_CG_FN unsigned int group_size(const Group& g) { return (unsigned int)g.size(); }
template <class Group>
UNIHIP_CG_FN unsigned int thread_rank(const Group& g) { return g.thread_rank(); }
template <class Group>
UNIHIP_CG_FN bool is_valid(const Group& g) { return g.is_valid(); }
template <class Group>
UNIHIP_CG_FN void sync(const Group& g) { g.sync(); }

}  // namespace cooperative_groups

#undef UNIHIP_CG_FN
#undef UNIHIP_CG_STATIC
#undef UNIHIP_CG_FRIEND

#endif /* UNIHIP_OFFLOAD_LANGUAGE && __cplusplus */

#endif /* UNIHIP_HIP_COOPERATIVE_GROUPS_H */
