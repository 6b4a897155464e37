// hipFFT without a GPU: AMD's values, the cuFFT tables, argument checks (before any library),
// a missing cuFFT ([absent], run with UNIHIP_CUFFT_LIBRARY at a missing file) and forwarding
// into a fake libcufft ([fake], UNIHIP_CUFFT_LIBRARY at libfake_cufft.so).
#include <dlfcn.h>

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <cstdlib>

#include "hipfft/hipfftXt.h"
#include "cufft_library.h"
#include "vendor_map.h"

using namespace unihip::hipfft;

namespace {
// A pointer no plan was ever created at.
hipfftHandle bogusHandle() {
  alignas(16) static char storage[64] = {};
  return reinterpret_cast<hipfftHandle>(storage);
}
}  // namespace

TEST_CASE("hipfft: AMD's values", "[values]") {
  static_assert(HIPFFT_R2C == 0x2a && HIPFFT_C2R == 0x2c && HIPFFT_C2C == 0x29);
  static_assert(HIPFFT_D2Z == 0x6a && HIPFFT_Z2D == 0x6c && HIPFFT_Z2Z == 0x69);
  static_assert(HIPFFT_FORWARD == -1 && HIPFFT_BACKWARD == 1);
  static_assert(HIPFFT_INVALID_PLAN == 1 && HIPFFT_INVALID_SIZE == 8 && HIPFFT_NO_WORKSPACE == 13);
  static_assert(HIPFFT_NOT_IMPLEMENTED == 14 && HIPFFT_NOT_SUPPORTED == 16);
  static_assert(HIPFFT_FORMAT_UNDEFINED == 5 && HIPFFT_CB_UNDEFINED == 8);
  static_assert(sizeof(hipfftComplex) == 8 && sizeof(hipfftDoubleComplex) == 16);
  // cudaXtDesc's layout: 4+4 + 64 ints + 64 pointers + 64 sizes + a pointer.
  static_assert(sizeof(hipXtDesc) == 8 + 64 * 4 + 64 * 8 + 64 * 8 + 8);
  SUCCEED();
}

TEST_CASE("hipfft: cuFFT's results map exactly", "[tables]") {
  for (int same : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16})
    CHECK(resultFromCufft(same) == static_cast<hipfftResult>(same));
  CHECK(resultFromCufft(15) == HIPFFT_INTERNAL_ERROR);  // LICENSE_ERROR
  CHECK(resultFromCufft(17) == HIPFFT_SETUP_FAILED);    // MISSING_DEPENDENCY
  for (int jit : {18, 19, 20}) CHECK(resultFromCufft(jit) == HIPFFT_INTERNAL_ERROR);
  CHECK(resultFromCufft(-1) == HIPFFT_INTERNAL_ERROR);
  CHECK(resultFromCufft(99) == HIPFFT_INTERNAL_ERROR);
}

TEST_CASE("hipfft: types, sub-formats and data types map to cuFFT's", "[tables]") {
  CHECK(cufftType(HIPFFT_R2C) == 0x2a);
  CHECK(cufftType(HIPFFT_C2R) == 0x2c);
  CHECK(cufftType(HIPFFT_C2C) == 0x29);
  CHECK(cufftType(HIPFFT_D2Z) == 0x6a);
  CHECK(cufftType(HIPFFT_Z2D) == 0x6c);
  CHECK(cufftType(HIPFFT_Z2Z) == 0x69);
  CHECK(cufftType(static_cast<hipfftType>(0x2b)) == -1);
  CHECK(cufftSubFormat(HIPFFT_XT_FORMAT_INPLACE_SHUFFLED) == 3);
  CHECK(cufftSubFormat(HIPFFT_FORMAT_UNDEFINED) == 7);
  CHECK(cufftSubFormat(static_cast<hipfftXtSubFormat>(6)) == -1);
  CHECK(cudaDataType(HIP_C_32F) == 4);
  CHECK(cudaDataType(HIP_R_16BF) == 14);
  CHECK(cudaDataType(HIP_R_8I) == -1);
}

TEST_CASE("hipfft: bad handles are HIPFFT_INVALID_PLAN", "[checks]") {
  hipfftComplex* d = reinterpret_cast<hipfftComplex*>(0x1000);
  size_t ws = 0;
  for (hipfftHandle h : {hipfftHandle(nullptr), bogusHandle()}) {
    CHECK(hipfftExecC2C(h, d, d, HIPFFT_FORWARD) == HIPFFT_INVALID_PLAN);
    CHECK(hipfftDestroy(h) == HIPFFT_INVALID_PLAN);
    CHECK(hipfftSetStream(h, nullptr) == HIPFFT_INVALID_PLAN);
    CHECK(hipfftGetSize(h, &ws) == HIPFFT_INVALID_PLAN);
    CHECK(hipfftSetWorkArea(h, nullptr) == HIPFFT_INVALID_PLAN);
    CHECK(hipfftExtPlanScaleFactor(h, 2.0) == HIPFFT_INVALID_PLAN);
    // The plan is checked before the sizes, as cuFFT does.
    CHECK(hipfftMakePlan1d(h, 0, HIPFFT_C2C, 1, &ws) == HIPFFT_INVALID_PLAN);
    CHECK(hipfftXtExec(h, d, d, 5) == HIPFFT_INVALID_PLAN);
  }
}

TEST_CASE("hipfft: bad sizes and values are refused before cuFFT", "[checks]") {
  hipfftHandle p = bogusHandle();
  CHECK(hipfftPlan1d(&p, 0, HIPFFT_C2C, 1) == HIPFFT_INVALID_SIZE);
  CHECK(p == bogusHandle());  // untouched on failure
  CHECK(hipfftPlan1d(&p, 8, HIPFFT_C2C, 0) == HIPFFT_INVALID_SIZE);
  CHECK(hipfftPlan1d(nullptr, 8, HIPFFT_C2C, 1) == HIPFFT_INVALID_VALUE);
  CHECK(hipfftPlan1d(&p, 8, static_cast<hipfftType>(0x2b), 1) == HIPFFT_INVALID_VALUE);
  CHECK(hipfftPlan2d(&p, 4, -1, HIPFFT_R2C) == HIPFFT_INVALID_SIZE);
  CHECK(hipfftPlan3d(&p, 4, 4, 0, HIPFFT_Z2Z) == HIPFFT_INVALID_SIZE);
  int n[3] = {8, 8, 8};
  CHECK(hipfftPlanMany(&p, 0, n, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1) == HIPFFT_INVALID_SIZE);
  CHECK(hipfftPlanMany(&p, 4, n, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1) == HIPFFT_INVALID_SIZE);
  CHECK(hipfftPlanMany(&p, 2, nullptr, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1) ==
        HIPFFT_INVALID_VALUE);
  int bad[2] = {8, 0};
  CHECK(hipfftPlanMany(&p, 2, bad, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1) == HIPFFT_INVALID_SIZE);
  long long n64[1] = {8};
  CHECK(hipfftPlanMany64(&p, 1, n64, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 0) ==
        HIPFFT_INVALID_SIZE);
  CHECK(hipfftPlanMany64(nullptr, 1, n64, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1) ==
        HIPFFT_INVALID_VALUE);
  CHECK(p == bogusHandle());
  size_t ws = 0;
  CHECK(hipfftEstimate1d(8, HIPFFT_C2C, 1, nullptr) == HIPFFT_INVALID_VALUE);
  CHECK(hipfftEstimate2d(0, 8, HIPFFT_C2C, &ws) == HIPFFT_INVALID_SIZE);
  CHECK(hipfftEstimateMany(4, n, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1, &ws) ==
        HIPFFT_INVALID_SIZE);
  CHECK(hipfftGetVersion(nullptr) == HIPFFT_INVALID_VALUE);
  int v = 0;
  CHECK(hipfftGetProperty(static_cast<hipfftLibraryPropertyType>(3), &v) == HIPFFT_INVALID_VALUE);
  CHECK(hipfftGetProperty(HIPFFT_MAJOR_VERSION, nullptr) == HIPFFT_INVALID_VALUE);
}

TEST_CASE("hipfft: an AMD device's calls go to rocFFT, an NVIDIA one's to cuFFT", "[checks]") {
  CHECK(backendNamed("hsa") == Backend::rocm);
  CHECK(backendNamed("cuda") == Backend::cuda);
  CHECK(backendNamed(nullptr) == Backend::none);
  CHECK(backendNamed("other") == Backend::none);
}

// [rocfft_absent]: the same on the fake ROCr's AMD device without rocFFT.
TEST_CASE("hipfft: without the vendor library every call is HIPFFT_SETUP_FAILED",
          "[absent][rocfft_absent]") {
  REQUIRE((std::getenv("UNIHIP_CUFFT_LIBRARY") != nullptr ||
           std::getenv("UNIHIP_ROCFFT_LIBRARY") != nullptr));
  hipfftHandle p = nullptr;
  CHECK(hipfftCreate(&p) == HIPFFT_SETUP_FAILED);
  CHECK(p == nullptr);
  CHECK(hipfftPlan1d(&p, 8, HIPFFT_C2C, 1) == HIPFFT_SETUP_FAILED);
  CHECK(p == nullptr);
  size_t ws = 0;
  CHECK(hipfftEstimate1d(8, HIPFFT_C2C, 1, &ws) == HIPFFT_SETUP_FAILED);
  int v = 0;
  CHECK(hipfftGetVersion(&v) == HIPFFT_SETUP_FAILED);
  // Checks still come first.
  CHECK(hipfftPlan1d(&p, 0, HIPFFT_C2C, 1) == HIPFFT_INVALID_SIZE);
  CHECK(hipfftPlan1d(nullptr, 8, HIPFFT_C2C, 1) == HIPFFT_INVALID_VALUE);
}

TEST_CASE("hipfft: calls reach cuFFT converted, results come back mapped", "[fake]") {
  const char* path = std::getenv("UNIHIP_CUFFT_LIBRARY");
  REQUIRE(path != nullptr);
  void* fake = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
  int v = 0;
  REQUIRE(hipfftGetVersion(&v) == HIPFFT_SUCCESS);  // loads the fake
  CHECK(v == 12000);
  fake = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(fake != nullptr);
  auto get = reinterpret_cast<long long (*)(const char*)>(dlsym(fake, "fake_cufft_get"));
  REQUIRE(get != nullptr);

  hipfftHandle plan = nullptr;
  REQUIRE(hipfftCreate(&plan) == HIPFFT_SUCCESS);
  REQUIRE(plan != nullptr);
  const long long cu = get("create");
  size_t ws = 0;
  REQUIRE(hipfftMakePlan1d(plan, 32, HIPFFT_Z2Z, 3, &ws) == HIPFFT_SUCCESS);
  CHECK(ws == 4096);
  CHECK(get("make1d.plan") == cu);
  CHECK(get("make1d.nx") == 32);
  CHECK(get("make1d.type") == 0x69);
  CHECK(get("make1d.batch") == 3);
  // A null work size is allowed (hipFFT's Plan* pass none): cuFFT gets scratch.
  CHECK(hipfftMakePlan1d(plan, 16, HIPFFT_C2C, 1, nullptr) == HIPFFT_SUCCESS);

  hipfftComplex* d = reinterpret_cast<hipfftComplex*>(0x1000);
  CHECK(hipfftExecC2C(plan, d, d, HIPFFT_BACKWARD) == HIPFFT_SUCCESS);
  CHECK(get("c2c.plan") == cu);
  CHECK(get("c2c.direction") == 1);
  CHECK(hipfftExecC2C(plan, d, d, 0) == HIPFFT_INVALID_VALUE);
  CHECK(hipfftExecC2C(plan, nullptr, d, HIPFFT_FORWARD) == HIPFFT_INVALID_VALUE);
  CHECK(hipfftSetStream(plan, nullptr) == HIPFFT_SUCCESS);
  CHECK(get("stream.plan") == cu);
  CHECK(get("stream.value") == 0);
  CHECK(hipfftSetStream(plan, reinterpret_cast<hipStream_t>(0x1234)) == HIPFFT_INVALID_VALUE);

  // Rows the fake lacks are HIPFFT_NOT_SUPPORTED; its codes come back mapped.
  CHECK(hipfftExecR2C(plan, reinterpret_cast<hipfftReal*>(d), d) == HIPFFT_NOT_SUPPORTED);
  hipLibXtDesc* desc = nullptr;
  CHECK(hipfftXtMalloc(plan, &desc, HIPFFT_FORMAT_UNDEFINED) == HIPFFT_NOT_SUPPORTED);
  CHECK(get("xtmalloc.format") == 7);
  CHECK(hipfftXtMalloc(plan, &desc, static_cast<hipfftXtSubFormat>(6)) == HIPFFT_INVALID_VALUE);

  CHECK(hipfftDestroy(plan) == HIPFFT_SUCCESS);
  CHECK(get("destroy") == cu);
  CHECK(hipfftDestroy(plan) == HIPFFT_INVALID_PLAN);
  CHECK(hipfftExecC2C(plan, d, d, HIPFFT_FORWARD) == HIPFFT_INVALID_PLAN);

  // Plan* creates a plan only when cuFFT succeeds.
  hipfftHandle p2 = nullptr;
  CHECK(hipfftPlan1d(&p2, 7, HIPFFT_R2C, 2) == HIPFFT_SETUP_FAILED);  // MISSING_DEPENDENCY
  CHECK(p2 == nullptr);
  CHECK(get("plan1d.type") == 0x2a);
  CHECK(hipfftPlan1d(&p2, 9, HIPFFT_C2C, 1) == HIPFFT_INTERNAL_ERROR);  // unknown code
  CHECK(p2 == nullptr);
  REQUIRE(hipfftPlan1d(&p2, 8, HIPFFT_D2Z, 1) == HIPFFT_SUCCESS);
  CHECK(get("plan1d.type") == 0x6a);
  CHECK(hipfftDestroy(p2) == HIPFFT_SUCCESS);
}
