// std:: forms of the <cmath> functions in a kernel (std::pow(double, double), std::pow(float,
// int), std::abs, std::min/max, std::isnan, ...) against the host's std:: on the same inputs.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "device_kernels.h"
#include "gpu_test_support.h"
#include "std_math_cases.h"

TEST_CASE("std:: math functions in device code match the host's") {
  std::vector<double> ds;
  std::vector<int> is;
  for (int t = 0; t < 64; ++t) {
    ds.push_back(0.15 + 1.7 * t / 63);
    is.push_back(t % 7 + 1);
  }
  const int cases = stdMathCaseCount();
  const int n = static_cast<int>(ds.size());
  DeviceBuffer<double> dd(ds), out(static_cast<size_t>(cases) * n);
  DeviceBuffer<int> di(is);
  LAUNCH_AND_WAIT(launchStdMath(dd.ptr, di.ptr, out.ptr, n));
  const std::vector<double> r = out.read();
  int failures = 0;
  for (int t = 0; t < n; ++t) {
    const double d = ds[t];
    const float f = static_cast<float>(d);
    const int i = is[t];
    int k = 0;
#define STD_MATH_CHECK(name, expression, tolerance)                                           \
  {                                                                                           \
    const double expected = static_cast<double>(expression);                                  \
    const double got = r[static_cast<size_t>(t) * cases + k++];                               \
    const double limit = (tolerance) * std::max(1.0, std::fabs(expected));                    \
    if (!(std::fabs(got - expected) <= limit) && failures++ < 20)                             \
      FAIL_CHECK(#name << " (d " << d << ", i " << i << ") = " << got << ", expected "        \
                       << expected);                                                          \
  }
    UNIHIP_STD_MATH_CASES(STD_MATH_CHECK)
#undef STD_MATH_CHECK
  }
  CHECK(failures == 0);
}
