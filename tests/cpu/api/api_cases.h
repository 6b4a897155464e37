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

}  // namespace unihip::testing
