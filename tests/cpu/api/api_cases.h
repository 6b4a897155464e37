// Table-driven API checks: each row calls one HIP function and names the code it must return.
#pragma once

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

#include "hip/hip_runtime_api.h"

namespace unihip::testing {

struct ApiCase {
  const char* what;
  std::function<hipError_t()> call;
  hipError_t expected;
};

inline void checkCases(const std::vector<ApiCase>& cases) {
  for (const ApiCase& c : cases) {
    INFO(c.what);
    CHECK(c.call() == c.expected);
  }
  (void)hipGetLastError();
}

// A stream handle that was created and destroyed (the answer to which is
// hipErrorContextIsDestroyed, as AMD's runtime gives).
inline hipStream_t destroyedStream() {
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  return s;
}

}  // namespace unihip::testing
