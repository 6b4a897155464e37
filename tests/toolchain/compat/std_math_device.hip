// std:: forms of the <cmath> functions in device code, as HIP provides them (issue 35):
// std::pow(double, double), std::pow(float, int), the unary and binary functions, integer
// arguments (computed in double), std::abs, std::min/max and the classification functions.
#include <hip/hip_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <type_traits>

// The result types C++ (and HIP's device overloads) give, checked in the device pass too.
__device__ void std_math_types() {
  static_assert(std::is_same<decltype(std::pow(2.0, 3.0)), double>::value, "pow(d, d)");
  static_assert(std::is_same<decltype(std::pow(2.0f, 3.0f)), float>::value, "pow(f, f)");
  static_assert(std::is_same<decltype(std::sqrt(2)), double>::value, "sqrt(int)");
  static_assert(std::is_same<decltype(std::sqrt(2.0f)), float>::value, "sqrt(f)");
  static_assert(std::is_same<decltype(std::abs(-2L)), long>::value, "abs(long)");
  static_assert(std::is_same<decltype(std::abs(-2.0f)), float>::value, "abs(f)");
}

__global__ void std_math_kernel(const double* in, double* out, int* flags) {
  const double d = in[0];
  const float f = static_cast<float>(in[1]);
  const int i = static_cast<int>(in[2]);
  int k = 0;
  out[k++] = std::pow(d, 2.5);
  out[k++] = std::pow(f, 3);
  out[k++] = std::pow(d, i);
  out[k++] = std::pow(f, 0.5f);
  out[k++] = std::pow(i, 2);
  out[k++] = std::sqrt(d);
  out[k++] = std::sqrt(f);
  out[k++] = std::sqrt(i);
  out[k++] = std::exp(d) + std::exp(f) + std::log(d) + std::log2(f) + std::log10(d);
  out[k++] = std::sin(d) + std::cos(f) + std::tan(d) + std::atan2(d, 2.0) + std::atan2(f, 2);
  out[k++] = std::fmod(d, 0.75) + std::hypot(f, 2.0f) + std::fma(d, d, 1.0) + std::cbrt(f);
  out[k++] = std::floor(d) + std::ceil(f) + std::trunc(d) + std::round(f) + std::fabs(-d);
  out[k++] = std::abs(-d) + std::abs(-f) + std::abs(-i) + std::abs(-3L) + std::abs(-4LL);
  out[k++] = std::min(d, 1.0) + std::max(f, 8.0f) + std::min(i, 2) + std::max(i, 2);
  out[k++] = std::fmin(d, 1.0) + std::fmax(f, 8.0f) + std::copysign(d, -1.0) + std::ldexp(f, 3);
  out[k++] = std::tgamma(d) + std::lgamma(f) + std::erf(d) + std::erfc(f) + std::expm1(d);
  flags[0] = std::isnan(d) + 2 * std::isinf(f) + 4 * std::isfinite(d) + 8 * std::signbit(-f) +
             16 * std::isnan(in[3]) + 32 * std::isinf(in[4]);
}

int main() {
  double* in = nullptr;
  (void)hipMalloc(&in, 8 * sizeof(double));
  hipLaunchKernelGGL(std_math_kernel, dim3(1), dim3(1), 0, 0, in, in, (int*)in);
  return 0;
}
