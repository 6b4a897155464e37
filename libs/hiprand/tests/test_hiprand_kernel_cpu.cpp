// hipRAND's device API on the host: every case of rng_cases.h gives cuRAND's
// numbers bit for bit (cuRAND's header compiled for the host is the reference), for
// seeds, subsequences and offsets that reach every jump table. The Sobol states' normal
// and log-normal values go through erfcinv, which on the host is hipRAND's own and, in
// the reference, CUDA's host version: those agree to a few units in the last place.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include <hiprand/hiprand_kernel.h>

#include "rng_cases.h"

extern "C" int curand_reference_run(int, unsigned long long, unsigned long long, unsigned long long,
                                    int, uint64_t*);
extern "C" int hiprand_cases_run(int, unsigned long long, unsigned long long, unsigned long long,
                                 int, uint64_t*);
extern "C" double hiprand_cases_erfcinv(double);

namespace {
#define RNG(x) x
const char* const kNames[] = {RNG_CASE_NAMES};
#undef RNG

using rng_cases::Start;
using rng_cases::kStarts;

double as_value(uint64_t bits, bool is_double) {
  if (is_double) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  uint32_t b = (uint32_t)bits;
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// Whether two values of an erfcinv-based case agree: within a few units in the last
// place of the type (more for log-normal, where exp scales the argument's error).
bool close_enough(uint64_t want, uint64_t got, std::string_view name) {
  const bool is_double = name.find("double") != std::string_view::npos;
  const bool log_normal = name.find("log_normal") != std::string_view::npos;
  double w = as_value(want, is_double), g = as_value(got, is_double);
  double eps = is_double ? 2.220446049250313e-16 : 1.1920929e-07;
  double rel = (log_normal ? 64 : 4) * eps;
  return std::fabs(g - w) <= rel * std::fabs(w) + 4 * eps;
}
}  // namespace

TEST_CASE("hiprand_kernel: every case equals cuRAND's sequence", "[kernel]") {
  constexpr int kSteps = 1000;
  std::vector<uint64_t> want(4 * kSteps), got(4 * kSteps);
  int cases = 0;
  for (const char* name : kNames) {
    int which = cases++;
    for (const Start& st : kStarts) {
      // Skipping cases do 1000 jumps each; fewer steps keep them quick.
      int steps = std::string_view(name).find("skip") != std::string_view::npos ? 100 : kSteps;
      INFO(name << " seed " << st.seed << " subsequence " << st.subsequence << " offset " << st.offset);
      int nw = curand_reference_run(which, st.seed, st.subsequence, st.offset, steps, want.data());
      int ng = hiprand_cases_run(which, st.seed, st.subsequence, st.offset, steps, got.data());
      REQUIRE(nw > 0);
      REQUIRE(nw == ng);
      const std::string_view n(name);
      const bool quasi = n.rfind("sobol", 0) == 0 || n.rfind("scrambled", 0) == 0;
      const bool icdf = quasi && n.find("normal") != std::string_view::npos;
      int first_bad = -1;
      for (int k = 0; k < nw && first_bad < 0; ++k)
        if (want[k] != got[k] && !(icdf && close_enough(want[k], got[k], n))) first_bad = k;
      INFO("first difference at value " << first_bad << ": cuRAND " << (first_bad >= 0 ? want[first_bad] : 0)
                                         << " hipRAND " << (first_bad >= 0 ? got[first_bad] : 0));
      CHECK(first_bad == -1);
    }
  }
  CHECK(cases == (int)(sizeof kNames / sizeof kNames[0]));
}

TEST_CASE("hiprand_kernel: the host erfcinv inverts erfc", "[kernel]") {
  // y from 2^-60 to 2 - 2^-30, the range the Sobol normals reach, and both mirrors.
  int checked = 0;
  for (double y = std::ldexp(1.0, -60); y < 2.0; y *= 1.0625, ++checked) {
    double x = hiprand_cases_erfcinv(y);
    INFO("y " << y << " x " << x);
    CHECK(std::fabs(std::erfc(x) - y) <= 1e-14 * y);
  }
  CHECK(checked > 600);
  CHECK(std::fabs(hiprand_cases_erfcinv(1.0)) <= 1e-16);
  CHECK(std::isinf(hiprand_cases_erfcinv(0.0)));
  CHECK(hiprand_cases_erfcinv(0.0) > 0);
  CHECK(std::isinf(hiprand_cases_erfcinv(2.0)));
  CHECK(hiprand_cases_erfcinv(2.0) < 0);
}

namespace {
template <typename W>
W reverse_bits(W x) {
  W r = 0;
  for (unsigned k = 0; k < sizeof(W) * 8; ++k, x >>= 1) r = (r << 1) | (x & 1);
  return r;
}
}  // namespace

// The first Sobol dimension (every m_k 1) is the van der Corput sequence: value n is
// gray(n) with its bits reversed; the scrambled states XOR the constant on top.
TEST_CASE("hiprand_kernel: Sobol's first dimension in Gray-code order", "[kernel]") {
  hiprandDirectionVectors32_t v32;
  hiprandDirectionVectors64_t v64;
  for (int k = 0; k < 32; ++k) v32[k] = 1u << (31 - k);
  for (int k = 0; k < 64; ++k) v64[k] = 1ull << (63 - k);
  const unsigned int c32 = 0x9e3779b9u;
  const unsigned long long c64 = 0x9e3779b97f4a7c15ull;
  for (unsigned int offset : {0u, 1u, 37u, 1000000u}) {
    INFO("offset " << offset);
    hiprandStateSobol32_t a;
    hiprandStateScrambledSobol32_t b;
    hiprandStateSobol64_t c, d;
    hiprandStateScrambledSobol64_t e;
    hiprand_init(v32, offset, &a);
    hiprand_init(v32, c32, offset, &b);
    hiprand_init(v64, offset, &c);
    hiprand_init(v64, offset, &d);
    hiprand_init(v64, c64, offset, &e);
    int bad = 0;
    for (unsigned long long n = offset; n < offset + 300ull; ++n) {
      unsigned int w32 = reverse_bits((unsigned int)(n ^ (n >> 1)));
      unsigned long long w64 = reverse_bits(n ^ (n >> 1));
      bad += hiprand(&a) != w32;
      bad += hiprand(&b) != (w32 ^ c32);
      bad += hiprand(&c) != w64;
      bad += hiprand_long_long(&d) != w64;
      bad += hiprand_long_long(&e) != (w64 ^ c64);
    }
    CHECK(bad == 0);
  }
  // skipahead lands where init with that offset does.
  hiprandStateSobol32_t a, b;
  hiprand_init(v32, 5u, &a);
  hiprand_init(v32, 0u, &b);
  skipahead(5ull, &b);
  CHECK(hiprand(&a) == hiprand(&b));
  // The uniform of value 0 is the smallest positive one, not 0.
  hiprand_init(v32, 0u, &a);
  CHECK(hiprand_uniform(&a) > 0.0f);
}
