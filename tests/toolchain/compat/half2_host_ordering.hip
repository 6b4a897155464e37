// __half2 ordering and increments in host code, as hip-tests' warp_shfl_common.hh uses them
// (`static_cast<T>(i) > std::numeric_limits<T>().max()` in a lambda, T = __half2): HIP's
// operators are host and device, both lanes must hold. unihip had only == and !=.
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <algorithm>
#include <cstdio>
#include <limits>

template <class T>
static void countUp(T* out, int n) {
  unsigned long long i = 0;
  std::generate_n(out, n, [&i]() {
    if (static_cast<T>(i) > std::numeric_limits<T>().max())
      i = 0;
    else
      i++;
    return static_cast<T>(i);
  });
}

__global__ void orderKernel(const __half2* h, bool* out) {
  out[0] = h[0] < h[1];
  __half2 v = h[0];
  ++v;
  out[1] = v >= h[1];
}

int main() {
  __half2 counted[3];
  countUp(counted, 3);
  const __half2 lo(__half(1.0f), __half(2.0f)), hi(__half(3.0f), __half(4.0f));
  const __half2 mixed(__half(0.0f), __half(5.0f));
  __half2 v = lo;
  v++;
  // numeric_limits<__half2> is not specialised: max() is zero, so the count restarts.
  bool ok = __half2float(counted[0].x) == 1.0f && __half2float(counted[1].y) == 0.0f &&
            __half2float(counted[2].y) == 1.0f &&
            lo < hi && hi > lo && lo <= lo && hi >= lo && !(mixed < hi) && !(mixed > lo) &&
            __half2float(v.x) == 2.0f && __half2float(v.y) == 3.0f;
  --v;
  ok = ok && v == lo;
  std::printf("half2_host_ordering: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
