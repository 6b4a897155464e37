// The backend on a machine without an AMD GPU: without /dev/kfd ROCr is not loaded at all; a ROCr
// chosen explicitly (installed here) really runs hsa_init, which fails; createHsaBackend must
// report that and return, not hang.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>

#include "backend.h"
#include "hsa_loader.h"
#include "hsa_status.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;

TEST_CASE("library candidates: override first, then the sonames", "[hsa][loader]") {
  setenv("UNIHIP_HSA_LIBRARY", "/opt/custom/libhsa-runtime64.so.1", 1);
  std::vector<std::string> paths = hsaLibraryCandidates();
  unsetenv("UNIHIP_HSA_LIBRARY");
  REQUIRE(paths.size() == 3);
  CHECK(paths[0] == "/opt/custom/libhsa-runtime64.so.1");
  CHECK(paths[1] == "libhsa-runtime64.so.1");
  CHECK(paths[2] == "libhsa-runtime64.so");
  CHECK(hsaLibraryCandidates().size() == 2);
}

TEST_CASE("a failed load names every path tried and the missing symbol", "[hsa][loader]") {
  HsaApi api;
  std::string reason;
  CHECK_FALSE(loadHsaApiFrom({"/nonexistent/libhsa-runtime64.so.1", "libm.so.6"}, &api, &reason));
  INFO(reason);
  CHECK(reason.find("/nonexistent/libhsa-runtime64.so.1 (") != std::string::npos);
  CHECK(reason.find("libm.so.6: missing required symbol hsa_init") != std::string::npos);
  CHECK(api.library == nullptr);
}

TEST_CASE("ROCr loads and resolves every required symbol", "[hsa][loader]") {
  HsaApi api;
  std::string reason;
  if (!loadHsaApiFrom(hsaLibraryCandidates(), &api, &reason)) {
    WARN("libhsa-runtime64 not installed here; skipping: " << reason);
    return;
  }
  CHECK(api.hsa_init != nullptr);
  CHECK(api.hsa_queue_add_write_index_screlease != nullptr);
  CHECK(api.hsa_amd_memory_async_copy != nullptr);
  CHECK(api.hsa_code_object_reader_create_from_memory != nullptr);
  unloadHsaApi(&api);
  CHECK(api.library == nullptr);
}

TEST_CASE("status names and HIP mapping", "[hsa][status]") {
  CHECK(std::string(hsaStatusName(HSA_STATUS_ERROR_OUT_OF_RESOURCES)) ==
        "HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  CHECK(std::string(hsaStatusName(static_cast<hsa_status_t>(0x7777))) == "HSA_STATUS_<unknown>");
  CHECK(hipErrorFromHsa(HSA_STATUS_SUCCESS) == hipSuccess);
  CHECK(hipErrorFromHsa(HSA_STATUS_ERROR_OUT_OF_RESOURCES) == hipErrorOutOfMemory);
  CHECK(hipErrorFromHsa(HSA_STATUS_ERROR_INVALID_CODE_OBJECT) == hipErrorInvalidImage);
  CHECK(hipErrorFromHsa(HSA_STATUS_ERROR_INVALID_ISA) == hipErrorNoBinaryForGpu);
  CHECK(hipErrorFromHsa(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME) == hipErrorNotFound);
  CHECK(hipErrorFromHsa(static_cast<hsa_status_t>(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION)) ==
        hipErrorIllegalAddress);
  CHECK(hipErrorFromHsa(static_cast<hsa_status_t>(0x7777)) == hipErrorUnknown);
}

TEST_CASE("without /dev/kfd ROCr is not even loaded", "[hsa][fallback]") {
  if (access("/dev/kfd", F_OK) == 0) {
    WARN("/dev/kfd exists: this machine may have an AMD GPU; the fallback test does not apply");
    return;
  }
  unsetenv("UNIHIP_HSA_LIBRARY");
  HsaApi api;
  std::string why;
  CHECK_FALSE(loadHsaApi(&api, &why));
  CHECK(why.find("/dev/kfd absent") != std::string::npos);
  CHECK(api.library == nullptr);
  std::string reason;
  CHECK(createHsaBackend(&reason) == nullptr);
  CHECK(reason.find("/dev/kfd") != std::string::npos);
}

TEST_CASE("a ROCr chosen by UNIHIP_HSA_LIBRARY without /dev/kfd: hsa_init's status as reason",
          "[hsa][fallback]") {
  if (access("/dev/kfd", F_OK) == 0) {
    WARN("/dev/kfd exists: this machine may have an AMD GPU; the fallback test does not apply");
    return;
  }
  HsaApi probe;
  std::string why;
  if (!loadHsaApiFrom({"libhsa-runtime64.so.1"}, &probe, &why)) {
    WARN("libhsa-runtime64 not installed here; skipping: " << why);
    return;
  }
  unloadHsaApi(&probe);
  setenv("UNIHIP_HSA_LIBRARY", "libhsa-runtime64.so.1", 1);  // skips the /dev/kfd check
  test::LogCapture log;
  for (int attempt = 0; attempt < 2; ++attempt) {  // a second attempt behaves the same
    std::string reason;
    std::unique_ptr<Backend> backend = createHsaBackend(&reason);
    CHECK(backend == nullptr);
    INFO("reason: " << reason);
    CHECK(reason.find("hsa_init failed") != std::string::npos);
    CHECK(reason.find("HSA_STATUS_ERROR_OUT_OF_RESOURCES") != std::string::npos);
    CHECK(reason.find("0x1008") != std::string::npos);
  }
  CHECK(log.text().find("hsa backend unavailable: hsa_init failed") != std::string::npos);
  CHECK(createHsaBackend(nullptr) == nullptr);  // a null reason pointer is allowed
  unsetenv("UNIHIP_HSA_LIBRARY");
}
