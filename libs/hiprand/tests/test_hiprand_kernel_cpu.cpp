// hipRAND's device API on the host: every case of rng_cases.h gives cuRAND's
// numbers bit for bit (cuRAND's header compiled for the host is the reference), for
// seeds, subsequences and offsets that reach every jump table.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

#include "rng_cases.h"

extern "C" int curand_reference_run(int, unsigned long long, unsigned long long, unsigned long long,
                                    int, uint64_t*);
extern "C" int hiprand_cases_run(int, unsigned long long, unsigned long long, unsigned long long,
                                 int, uint64_t*);

namespace {
#define RNG(x) x
const char* const kNames[] = {RNG_CASES(RNG_NAME_ONE)};
#undef RNG

using rng_cases::Start;
using rng_cases::kStarts;
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
      int first_bad = -1;
      for (int k = 0; k < nw && first_bad < 0; ++k)
        if (want[k] != got[k]) first_bad = k;
      INFO("first difference at value " << first_bad << ": cuRAND " << (first_bad >= 0 ? want[first_bad] : 0)
                                         << " hipRAND " << (first_bad >= 0 ? got[first_bad] : 0));
      CHECK(first_bad == -1);
    }
  }
  CHECK(cases == (int)(sizeof kNames / sizeof kNames[0]));
}
