// pow with an int exponent in device code, as HIP's cmath overloads declare it: pow(float, int)
// -> float, pow(double, int) -> double, pow(_Float16, int) -> _Float16. Without them
// pow(2.0f, 2) is ambiguous between pow(float, float) and pow(double, double) (hip-tests'
// deviceLib/hipMathFunctions.cc).
#include <hip/hip_runtime.h>

#include <type_traits>

__global__ void powInt(float* f, double* d, _Float16* h, int n) {
  static_assert(std::is_same<decltype(pow(2.0f, 2)), float>::value, "pow(float, int) is float");
  static_assert(std::is_same<decltype(pow(2.0, 2)), double>::value, "pow(double, int) is double");
  static_assert(std::is_same<decltype(pow((_Float16)2, 2)), _Float16>::value,
                "pow(_Float16, int) is _Float16");
  f[0] = pow(f[1], n);
  d[0] = pow(d[1], n);
  h[0] = pow(h[1], n);
  f[2] = pow(f[3], f[4]);  // the float/float and double/double forms still resolve
  d[2] = pow(d[3], d[4]);
}

int main() { return 0; }
