// hipComplex arithmetic on the host is AMD's: hip-tests compares hipCdiv/hipCabs with the
// unscaled formulas at a margin of 0 (complex/complex.cc).
#include <hip/hip_complex.h>

#include <catch2/catch.hpp>
#include <cmath>

TEMPLATE_TEST_CASE("complex: hipCdiv and hipCabs are AMD's formulas, bit for bit", "[complex]",
                   float, double) {
  using C = std::conditional_t<std::is_same_v<TestType, float>, hipFloatComplex, hipDoubleComplex>;
  const TestType v[] = {-4.75, 0, 1.75, 3, -1e-3};
  for (TestType ar : v)
    for (TestType ai : v)
      for (TestType br : v)
        for (TestType bi : v) {
          if (br == 0 && bi == 0) continue;
          C a{ar, ai}, b{br, bi};
          volatile TestType d = br * br + bi * bi;  // volatile: no contraction into an fma
          volatile TestType nr = ar * br, nr2 = ai * bi, ni = ai * br, ni2 = ar * bi;
          TestType re = (nr + nr2) / d, im = (ni - ni2) / d;
          C q;
          if constexpr (std::is_same_v<TestType, float>) q = hipCdivf(a, b);
          else q = hipCdiv(a, b);
          CHECK(q.x == re);
          CHECK(q.y == im);
          TestType abs;
          if constexpr (std::is_same_v<TestType, float>) abs = hipCabsf(a);
          else abs = hipCabs(a);
          volatile TestType sq = ar * ar, sq2 = ai * ai;
          CHECK(abs == std::sqrt(TestType(sq + sq2)));
        }
}
