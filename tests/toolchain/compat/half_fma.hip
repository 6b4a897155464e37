// fma of three _Float16 in device code: HIP's half-precision overload (one rounding of the f16
// result), not an ambiguous call between fma(float...) and fma(double...) (hip-tests'
// deviceLib/hipTestFMA.cc).
#include <hip/hip_runtime.h>

#include <type_traits>

__global__ void halfFma(_Float16* h, float* f, double* d) {
  static_assert(std::is_same<decltype(fma(h[0], h[1], h[2])), _Float16>::value, "f16 fma is f16");
  h[0] = fma(h[1], h[2], (_Float16)3);
  f[0] = fma(f[1], f[2], 3.0f);
  d[0] = fma(d[1], d[2], 3.0);
}

int main() { return 0; }
