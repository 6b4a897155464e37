// HIP's C++ overloads and default arguments, built by unihipcc, on the device: every call
// succeeds with the right values.
#include <map>
#include <string>

#include "cpp_overloads.h"
#include "gpu_test_support.h"

TEST_CASE("HIP's C++ overloads and default arguments") {
  std::map<std::string, OverloadResult> got;
  for (const OverloadResult& r : exerciseCppOverloads()) got.emplace(r.what, r);
  REQUIRE(got.count("hipLaunchCooperativeKernel(kernel)") == 1);
  for (const auto& [name, r] : got) {
    INFO(name);
    CHECK(r.status == hipSuccess);
  }
  CHECK(got["hipMemcpyFromSymbol(const T&) defaults"].value == 5);
  CHECK(got["hipStreamSynchronize"].value == 4);  // overloadConstant[3]
  CHECK(got["hipGetSymbolSize(const T&)"].value == 16);
  CHECK(got["hipEventSynchronize"].value == 45);
}
