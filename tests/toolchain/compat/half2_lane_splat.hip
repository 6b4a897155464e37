// __low2half2 / __high2half2: one lane of a __half2 in both lanes (HIP's hip_fp16.h; hip-tests'
// math/casting_half2_funcs stopped at "use of undeclared identifier '__low2half2'").
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>

__global__ void splat(__half2* out, __half2 in) {
  out[0] = __low2half2(in);
  out[1] = __high2half2(in);
}

int main() {
  const __half2 h = __halves2half2(__half(1.0f), __half(2.0f));
  const __half2 lo = __low2half2(h), hi = __high2half2(h);
  const bool ok = static_cast<float>(lo.x) == 1.0f && static_cast<float>(lo.y) == 1.0f &&
                  static_cast<float>(hi.x) == 2.0f && static_cast<float>(hi.y) == 2.0f;
  std::printf("half2_lane_splat: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
