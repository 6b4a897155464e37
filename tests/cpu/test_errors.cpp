// Error names and strings, HIP's numeric values, and log-level parsing.
#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <string>

#include "core/error_names.h"
#include "base/log_sink.h"

TEST_CASE("hipError_t values are HIP's") {
  STATIC_REQUIRE(hipErrorInvalidValue == 1);
  STATIC_REQUIRE(hipErrorInvalidConfiguration == 9);
  STATIC_REQUIRE(hipErrorMissingConfiguration == 52);
  STATIC_REQUIRE(hipErrorInvalidDeviceFunction == 98);
  STATIC_REQUIRE(hipErrorNoDevice == 100);
  STATIC_REQUIRE(hipErrorInvalidDevice == 101);
  STATIC_REQUIRE(hipErrorInvalidImage == 200);
  STATIC_REQUIRE(hipErrorNoBinaryForGpu == 209);
  STATIC_REQUIRE(hipErrorInvalidHandle == 400);
  STATIC_REQUIRE(hipErrorNotReady == 600);
  STATIC_REQUIRE(hipErrorContextIsDestroyed == 709);
  STATIC_REQUIRE(hipErrorNotSupported == 801);
  STATIC_REQUIRE(hipErrorUnknown == 999);
  STATIC_REQUIRE(hipDeviceAttributeMaxThreadsPerBlock == 56);
  STATIC_REQUIRE(hipDeviceAttributeWarpSize == 87);
  STATIC_REQUIRE(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor == 10002);
  STATIC_REQUIRE(hipMemcpyDefault == 4);
  STATIC_REQUIRE(HIP_VERSION == 71600000);
}

TEST_CASE("every error has a distinct name and a description") {
  std::set<std::string> names;
  for (int code = 0; code <= 1100; ++code) {
    auto e = static_cast<hipError_t>(code);
    if (!unihip::isKnownError(e) || e == hipSuccess) continue;
    std::string name = hipGetErrorName(e);
    CHECK(name.rfind("hipError", 0) == 0);
    CHECK(std::strlen(hipGetErrorString(e)) > 0);
    CHECK(names.insert(name).second);
  }
  CHECK(names.size() > 70);
  CHECK(std::string(hipGetErrorName(hipSuccess)) == "hipSuccess");
  CHECK(std::string(hipGetErrorName(hipErrorNoBinaryForGpu)) == "hipErrorNoBinaryForGpu");
  CHECK(std::string(hipGetErrorString(hipErrorInvalidValue)) == "invalid argument");
  CHECK(std::string(hipGetErrorName(static_cast<hipError_t>(12345))) == "hipErrorUnknown");
}

TEST_CASE("log levels from UNIHIP_LOG_LEVEL and AMD_LOG_LEVEL") {
  using unihip::log::parseLevel;
  namespace lv = spdlog::level;
  CHECK(parseLevel("trace", false) == lv::trace);
  CHECK(parseLevel("warning", false) == lv::warn);
  CHECK(parseLevel("error", false) == lv::err);
  CHECK(parseLevel("off", false) == lv::off);
  CHECK(parseLevel("2", false) == lv::info);
  CHECK(parseLevel("bogus", false) == lv::n_levels);
  CHECK(parseLevel("", false) == lv::n_levels);
  CHECK(parseLevel("0", true) == lv::off);
  CHECK(parseLevel("1", true) == lv::err);
  CHECK(parseLevel("3", true) == lv::info);
  CHECK(parseLevel("4", true) == lv::trace);
  CHECK(parseLevel("7", true) == lv::trace);
  CHECK(parseLevel("-1", true) == lv::n_levels);
}
