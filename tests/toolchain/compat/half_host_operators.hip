// A program's own host operators on __half and __half2 taking them by value, as hip-tests'
// warp_shfl_common.hh defines them (HIP's operators are device-side and take const
// references). unihip's took the same by-value signature as __host__ __device__, which clang
// rejects ("__host__ function 'operator==' cannot overload __host__ __device__ function").
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>

static bool operator==(__half x, __half y) {
  return static_cast<__half_raw>(x).x == static_cast<__half_raw>(y).x;  // bitwise, host only
}
static bool operator!=(__half x, __half y) { return !(x == y); }
static bool operator==(__half2 x, __half2 y) { return x.x == y.x && x.y == y.y; }

__global__ void compareKernel(const __half* h, bool* out) {
  out[0] = h[0] == h[1];  // device code: unihip's operator
  out[1] = __half2(h[0], h[1]) == __half2(h[1], h[0]);
}

int main() {
  __half a(1.0f), b(1.0f), c(2.0f);
  bool ok = (a == b) && (a != c) && (__half2(a, c) == __half2(b, c));
  std::printf("half_host_operators: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
