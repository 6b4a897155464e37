// The math functions (float and double, including the fast intrinsics) against host
// references, and half precision against the host's _Float16.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include <hip/hip_fp16.h>

#include "device_kernels.h"
#include "gpu_test_support.h"
#include "math_cases.h"

namespace {

constexpr int kInputs = 97;

double frexpRef(double x) {
  int e = 0;
  double m = std::frexp(x, &e);
  return m + 100.0 * e;
}

template <typename T>
void inputs(std::vector<T>* x, std::vector<T>* y) {
  for (int i = 0; i < kInputs; ++i) {
    x->push_back(static_cast<T>(0.1 + 0.8 * i / (kInputs - 1)));
    y->push_back(static_cast<T>(0.5 + 1.5 * ((i * 37) % kInputs) / (kInputs - 1)));
  }
}

struct Case {
  const char* name;
  double tolerance;
};

}  // namespace

TEST_CASE("float math functions and fast intrinsics") {
  std::vector<float> x, y;
  inputs(&x, &y);
  const int cases = mathCaseCountFloat();
  DeviceBuffer<float> dx(x), dy(y), out(static_cast<size_t>(cases) * kInputs);
  LAUNCH_AND_WAIT(launchMathFloat(dx.ptr, dy.ptr, out.ptr, kInputs));
  std::vector<float> r = out.read();
  int failures = 0;
  for (int i = 0; i < kInputs; ++i) {
    const double dx = x[i], dy = y[i];
    int k = 0;
#define CHECK_CASE(name, device, host, tolerance)                                              \
  {                                                                                           \
    const double expected = (host);                                                           \
    const double got = r[i * cases + k++];                                                    \
    const double limit = (tolerance) * std::max(1.0, std::fabs(expected)) + 1e-30;           \
    if (!(std::fabs(got - expected) <= limit) && failures++ < 20)                             \
      FAIL_CHECK(#name << "(" << dx << ", " << dy << ") = " << got << ", expected " << expected); \
  }
    UNIHIP_MATH_CASES_FLOAT(CHECK_CASE)
#undef CHECK_CASE
  }
  CHECK(failures == 0);
}

TEST_CASE("double math functions") {
  std::vector<double> x, y;
  inputs(&x, &y);
  const int cases = mathCaseCountDouble();
  DeviceBuffer<double> dx(x), dy(y), out(static_cast<size_t>(cases) * kInputs);
  LAUNCH_AND_WAIT(launchMathDouble(dx.ptr, dy.ptr, out.ptr, kInputs));
  std::vector<double> r = out.read();
  int failures = 0;
  for (int i = 0; i < kInputs; ++i) {
    const long double lx = x[i], ly = y[i];
    int k = 0;
#define CHECK_CASE(name, device, host, tolerance)                                                  \
  {                                                                                               \
    const long double expected = (host);                                                          \
    const long double got = r[i * cases + k++];                                                   \
    const long double limit = (tolerance) * std::max(1.0L, std::fabs(expected)) + 1e-300L;         \
    if (!(std::fabs(got - expected) <= limit) && failures++ < 20)                                 \
      FAIL_CHECK(#name << "(" << static_cast<double>(lx) << ", " << static_cast<double>(ly)        \
                       << ") = " << static_cast<double>(got) << ", expected "                     \
                       << static_cast<double>(expected));                                         \
  }
    UNIHIP_MATH_CASES_DOUBLE(CHECK_CASE)
#undef CHECK_CASE
  }
  CHECK(failures == 0);
}

namespace {

// Arguments for sin and cos: small and large, both signs, near multiples of pi/2, where libdevice
// switches to its huge-argument reduction (105615 in f32, 2^31 in f64), denormals, zeros,
// infinities and NaN.
template <typename T>
std::vector<T> trigArguments() {
  std::vector<T> x;
  for (int i = -20000; i <= 20000; ++i) x.push_back(static_cast<T>(i * 0.0123456789));
  for (double m = 1e-40; m < 1e300; m *= 3.7) {
    x.push_back(static_cast<T>(m));
    x.push_back(static_cast<T>(-m));
  }
  for (int k = 1; k < 4096; k += 7) x.push_back(static_cast<T>(k * 1.5707963267948966));
  for (double edge : {105615.0, 2147483648.0}) {
    for (int d = -64; d <= 64; ++d) x.push_back(static_cast<T>(edge + d * 0.25));
  }
  const T special[] = {T(0), -T(0), std::numeric_limits<T>::denorm_min(),
                       std::numeric_limits<T>::min(), std::numeric_limits<T>::max(),
                       -std::numeric_limits<T>::max(), std::numeric_limits<T>::infinity(),
                       -std::numeric_limits<T>::infinity(), std::numeric_limits<T>::quiet_NaN()};
  x.insert(x.end(), std::begin(special), std::end(special));
  return x;
}

// Same bits, or both NaN.
template <typename T>
bool sameResult(T a, T b) {
  return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T, typename Launch>
void checkSinCosPair(Launch launch) {
  const std::vector<T> x = trigArguments<T>();
  const int n = static_cast<int>(x.size());
  DeviceBuffer<T> dx(x), pairSin(x.size()), pairCos(x.size()), aloneSin(x.size()),
      aloneCos(x.size());
  LAUNCH_AND_WAIT(launch(dx.ptr, pairSin.ptr, pairCos.ptr, aloneSin.ptr, aloneCos.ptr, n));
  const std::vector<T> ps = pairSin.read(), pc = pairCos.read(), as = aloneSin.read(),
                       ac = aloneCos.read();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    if ((!sameResult(ps[i], as[i]) || !sameResult(pc[i], ac[i])) && failures++ < 10)
      FAIL_CHECK("x = " << static_cast<double>(x[i]) << ": together sin " << ps[i] << " cos "
                        << pc[i] << ", alone sin " << as[i] << " cos " << ac[i]);
  }
  CHECK(failures == 0);
}

}  // namespace

// unihipcc computes sin(x) and cos(x) of one x with libdevice's sincos (its plugin's
// SincosPass): the results must be those of sin and cos alone, bit for bit.
TEST_CASE("sin and cos of one argument give the bits of each alone") {
  SECTION("float") { checkSinCosPair<float>(launchSinCosFloat); }
  SECTION("double") { checkSinCosPair<double>(launchSinCosDouble); }
}

TEST_CASE("__half and __half2 arithmetic, comparisons and conversions") {
  std::vector<float> a, b;
  for (int i = 0; i < kInputs; ++i) {
    a.push_back(-3.0f + 0.173f * i);
    b.push_back(0.25f + 0.0917f * ((i * 13) % kInputs));
  }
  DeviceBuffer<float> da(a), db(b), out(static_cast<size_t>(kHalfResults) * kInputs);
  LAUNCH_AND_WAIT(launchHalf(da.ptr, db.ptr, out.ptr, kInputs));
  std::vector<float> r = out.read();
  int failures = 0;
  for (int i = 0; i < kInputs; ++i) {
    const _Float16 ha = static_cast<_Float16>(a[i]), hb = static_cast<_Float16>(b[i]);
    const auto h = [](double f) { return static_cast<float>(static_cast<_Float16>(f)); };
    const float fa = ha, fb = hb;
    // Float's 24 bits make float-then-half rounding exact for + - * / and sqrt; an fma of
    // halves is exact in double. So each expected value is the exact result rounded once.
    const float unfused = h(h(h(fa * fb) + fa) - fb);
    const float expected[kHalfResults] = {
        h(fa + fb), h(fa - fb), h(fa * fb), h(fa / fb),
        h(static_cast<double>(fa) * fb + fa), unfused,
        fa < fb ? 1.0f : 0.0f, fa >= fb ? 1.0f : 0.0f, h(fa + fb), h(fb + fa), h(fa * fb),
        h(fb * fa), std::fabs(fa) * -1.0f, h(std::sqrt(std::fabs(fa))), unfused};
    // a * b + a - b with operators: like CUDA's __hmul/__hadd, the compiler may fuse a * b + a
    // into one fma (nvcc and clang do); either rounding is right, anything else is not.
    const float fused = h(h(static_cast<double>(fa) * fb + fa) - fb);
    for (int k = 0; k < kHalfResults; ++k)
      if (r[i * kHalfResults + k] != expected[k] && !(k == 5 && r[i * kHalfResults + k] == fused) &&
          failures++ < 20)
        FAIL_CHECK("half result " << k << " for (" << fa << ", " << fb << "): "
                                  << r[i * kHalfResults + k] << ", expected " << expected[k]);
  }
  CHECK(failures == 0);
  // The host side of hip_fp16.h works with a plain host compiler too.
  const __half2 s = __hadd2(__floats2half2_rn(1.5f, 2.0f), __float2half2_rn(0.25f));
  CHECK(__low2float(s) == 1.75f);
  CHECK(__high2float(s) == 2.25f);
  // a * b + c = 1 + 3 * 2^-11 - 2^-31 rounds down to 1 + 2^-10; a float fma would first round
  // it onto the tie 1 + 3 * 2^-11 and then, to even, up to 1 + 2^-9.
  const __half fa = __float2half(0x1.004p-11f), fb = __float2half(0x1.ff8p-1f);
  CHECK(__half2float(__hfma(fa, fb, __float2half(0x1.004p0f))) == 0x1.004p0f);
  CHECK(__half2float(__hmul_rn(__float2half(1.5f), __float2half(3.0f))) == 4.5f);
}
