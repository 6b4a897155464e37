/* hipCUB on unihip: configuration. One source for NVIDIA and AMD: every primitive is written
 * over unihip's device language (shuffles, barriers, warpSize), never over NVIDIA's CUB. */
#ifndef HIPCUB_CONFIG_HPP_
#define HIPCUB_CONFIG_HPP_

#include <hip/hip_runtime.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>
#include <utility>

#define HIPCUB_VERSION 300400
#define HIPCUB_UNIHIP 1
#define HIPCUB_NAMESPACE hipcub
#define BEGIN_HIPCUB_NAMESPACE namespace hipcub {
#define END_HIPCUB_NAMESPACE }
#define HIPCUB_HOST_DEVICE __host__ __device__
#define HIPCUB_DEVICE __device__
#define HIPCUB_HOST __host__
#define HIPCUB_FORCEINLINE __forceinline__
#define HIPCUB_RUNTIME_FUNCTION __host__
/* The warp width of the pass being compiled: 64 on gfx9 (wave64), 32 on NVIDIA and wave32 AMD.
 * A constant per pass (HIP 7's warpSize is not one), as template arguments need. */
#define HIPCUB_DEVICE_WARP_THREADS UNIHIP_WARP_SIZE
#define HIPCUB_WARP_THREADS HIPCUB_DEVICE_WARP_THREADS
#define HIPCUB_HOST_WARP_THREADS 64

namespace hipcub {
namespace detail {

/* Raw storage for a shared-memory object: __shared__ variables take no constructors. */
template <class T>
struct Raw {
  alignas(alignof(T)) unsigned char bytes[sizeof(T)];
  HIPCUB_DEVICE T& Alias() { return *reinterpret_cast<T*>(bytes); }
};

template <int X, int Y, int Z>
HIPCUB_DEVICE __forceinline__ unsigned int LinearTid() {
  if (Y == 1 && Z == 1) return threadIdx.x;
  return threadIdx.x + (threadIdx.y + threadIdx.z * (unsigned)Y) * (unsigned)X;
}

/* Shuffles of any trivially copyable type, as 32-bit words. */
template <class T>
struct Words {
  static constexpr int N = (sizeof(T) + 3) / 4;
  int w[N];
};
template <class T, class F>
HIPCUB_DEVICE __forceinline__ T ShuffleWords(T v, F f) {
  Words<T> in{}, out;
  __builtin_memcpy(&in, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < Words<T>::N; ++i) out.w[i] = f(in.w[i]);
  T r;
  __builtin_memcpy(&r, &out, sizeof(T));
  return r;
}
template <class T>
HIPCUB_DEVICE __forceinline__ T ShflUp(unsigned long long mask, T v, unsigned d, int width) {
  return ShuffleWords(v, [&](int x) { return __shfl_up_sync(mask, x, d, width); });
}
template <class T>
HIPCUB_DEVICE __forceinline__ T ShflDown(unsigned long long mask, T v, unsigned d, int width) {
  return ShuffleWords(v, [&](int x) { return __shfl_down_sync(mask, x, d, width); });
}
template <class T>
HIPCUB_DEVICE __forceinline__ T ShflIdx(unsigned long long mask, T v, int lane, int width) {
  return ShuffleWords(v, [&](int x) { return __shfl_sync(mask, x, lane, width); });
}

/* The lanes of the calling thread's logical warp of `width` lanes (a power of two). */
HIPCUB_DEVICE __forceinline__ unsigned long long LogicalWarpMask(int width) {
  if (width >= HIPCUB_DEVICE_WARP_THREADS) return UNIHIP_FULL_MASK;
  unsigned long long m = (1ull << width) - 1;
  return m << ((__lane_id() / width) * width);
}

template <class T>
HIPCUB_HOST_DEVICE constexpr T DivUp(T a, T b) { return (a + b - 1) / b; }

/* Temporary storage of the device-wide algorithms: each part 256-byte aligned. */
inline std::size_t AlignUp(std::size_t n) { return (n + 255) & ~std::size_t(255); }

template <class It>
using ValueOf = typename std::iterator_traits<It>::value_type;

/* CUB's output type: the output iterator's value type, or the input's when it has none. */
template <class In, class Out>
using OutputOrInput = std::conditional_t<
    std::is_same_v<ValueOf<Out>, void>, ValueOf<In>, ValueOf<Out>>;

}  // namespace detail
}  // namespace hipcub

#endif
