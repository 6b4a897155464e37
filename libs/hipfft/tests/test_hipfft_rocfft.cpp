// hipFFT on an AMD device without a GPU: unihip's fake ROCr gives the device (UNIHIP_BACKEND=hsa,
// UNIHIP_HSA_LIBRARY at libunihip_fake_hsa.so) and libfake_rocfft.so stands in for rocFFT
// ([rocfft], UNIHIP_ROCFFT_LIBRARY at it; [rocfft_absent], at a missing file: the test of
// test_hipfft_cpu.cpp for a missing cuFFT, which holds for either vendor). The fake records
// each plan creation (placement, transform, precision, lengths, batch, the description's data
// layout), executions, streams and work buffers.
#include <dlfcn.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <string>

#include "hipfft/hipfftXt.h"

namespace {

struct FakeRocfft {
  double (*get)(const char*) = nullptr;
  void (*set)(const char*, double) = nullptr;
  void (*reset)() = nullptr;

  FakeRocfft() {
    int version = 0;
    REQUIRE(hipfftGetVersion(&version) == HIPFFT_SUCCESS);  // loads the fake
    const char* path = std::getenv("UNIHIP_ROCFFT_LIBRARY");
    REQUIRE(path != nullptr);
    void* so = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    REQUIRE(so != nullptr);
    get = reinterpret_cast<double (*)(const char*)>(dlsym(so, "fake_rocfft_get"));
    set = reinterpret_cast<void (*)(const char*, double)>(dlsym(so, "fake_rocfft_set"));
    reset = reinterpret_cast<void (*)()>(dlsym(so, "fake_rocfft_reset"));
    REQUIRE((get != nullptr && set != nullptr && reset != nullptr));
    reset();
    set("work", 0);
    set("fail_placement", -1);
  }
  double at(int create, const std::string& field) const {
    return get(("create" + std::to_string(create) + "." + field).c_str());
  }
  static double ptr(const void* p) {
    return static_cast<double>(reinterpret_cast<unsigned long long>(p));
  }
};

constexpr int kInPlace = 0, kNotInPlace = 1;
constexpr int kComplexForward = 0, kComplexInverse = 1, kRealForward = 2, kRealInverse = 3;

}  // namespace

TEST_CASE("hipfft on AMD: the version is rocFFT's", "[rocfft]") {
  FakeRocfft fake;
  int v = 0;
  REQUIRE(hipfftGetVersion(&v) == HIPFFT_SUCCESS);
  CHECK(v == 10027);  // "1.0.27.5"
  CHECK(hipfftGetProperty(HIPFFT_MAJOR_VERSION, &v) == HIPFFT_SUCCESS);
  CHECK(v == 1);
  CHECK(hipfftGetProperty(HIPFFT_PATCH_LEVEL, &v) == HIPFFT_SUCCESS);
  CHECK(v == 27);
}

TEST_CASE("hipfft on AMD: a C2C plan is four rocFFT plans, Exec picks one", "[rocfft]") {
  FakeRocfft fake;
  hipfftHandle p = nullptr;
  REQUIRE(hipfftPlan1d(&p, 8, HIPFFT_C2C, 3) == HIPFFT_SUCCESS);
  REQUIRE(p != nullptr);
  const double info = fake.get("info");
  // In place then out of place, forward then inverse, as AMD's hipFFT creates them.
  const int placement[4] = {kInPlace, kNotInPlace, kInPlace, kNotInPlace};
  const int transform[4] = {kComplexForward, kComplexForward, kComplexInverse, kComplexInverse};
  for (int i = 0; i < 4; ++i) {
    INFO("create " << i);
    CHECK(fake.at(i, "placement") == placement[i]);
    CHECK(fake.at(i, "transform") == transform[i]);
    CHECK(fake.at(i, "precision") == 0);
    CHECK(fake.at(i, "dims") == 1);
    CHECK(fake.at(i, "length0") == 8);
    CHECK(fake.at(i, "batch") == 3);
    CHECK(fake.at(i, "layout") == 0);  // Plan1d sets no layout: rocFFT's defaults
  }
  CHECK(fake.at(4, "placement") == -1);  // no more
  CHECK(fake.get("desc.destroyed") == fake.get("desc.created"));

  hipfftComplex* a = reinterpret_cast<hipfftComplex*>(0x10000);
  hipfftComplex* b = reinterpret_cast<hipfftComplex*>(0x20000);
  CHECK(hipfftExecC2C(p, a, a, HIPFFT_FORWARD) == HIPFFT_SUCCESS);
  CHECK(fake.get("exec.plan") == fake.at(0, "plan"));
  CHECK(fake.get("exec.in") == FakeRocfft::ptr(a));
  CHECK(fake.get("exec.info") == info);
  CHECK(hipfftExecC2C(p, a, b, HIPFFT_BACKWARD) == HIPFFT_SUCCESS);
  CHECK(fake.get("exec.plan") == fake.at(3, "plan"));
  CHECK(fake.get("exec.out") == FakeRocfft::ptr(b));
  CHECK(hipfftExecC2C(p, a, b, 0) == HIPFFT_INVALID_VALUE);  // checked before rocFFT

  // The stream reaches rocFFT as it is (rocFFT runs on unihip as its HIP runtime).
  hipStream_t s = reinterpret_cast<hipStream_t>(0x1234);
  CHECK(hipfftSetStream(p, s) == HIPFFT_SUCCESS);
  CHECK(fake.get("stream.value") == FakeRocfft::ptr(s));
  CHECK(fake.get("stream.info") == info);

  // Rows rocFFT does not serve answer HIPFFT_NOT_SUPPORTED.
  hipLibXtDesc* desc = nullptr;
  CHECK(hipfftXtMalloc(p, &desc, HIPFFT_XT_FORMAT_INPLACE) == HIPFFT_NOT_SUPPORTED);
  int gpus[1] = {0};
  CHECK(hipfftXtSetGPUs(p, 1, gpus) == HIPFFT_NOT_SUPPORTED);

  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);
  CHECK(fake.get("plan.destroyed") == 4);
  CHECK(fake.get("info.destroyed") == info);
  CHECK(hipfftDestroy(p) == HIPFFT_INVALID_PLAN);
  CHECK(hipfftExecC2C(p, a, a, HIPFFT_FORWARD) == HIPFFT_INVALID_PLAN);
}

TEST_CASE("hipfft on AMD: real transforms, dimensions fastest first", "[rocfft]") {
  FakeRocfft fake;
  hipfftHandle p = nullptr;
  REQUIRE(hipfftPlan3d(&p, 2, 3, 4, HIPFFT_Z2D) == HIPFFT_SUCCESS);
  for (int i = 0; i < 2; ++i) {
    INFO("create " << i);
    CHECK(fake.at(i, "transform") == kRealInverse);
    CHECK(fake.at(i, "precision") == 1);
    CHECK(fake.at(i, "dims") == 3);
    CHECK(fake.at(i, "length0") == 4);
    CHECK(fake.at(i, "length1") == 3);
    CHECK(fake.at(i, "length2") == 2);
    CHECK(fake.at(i, "batch") == 1);
  }
  CHECK(fake.at(2, "placement") == -1);
  auto* z = reinterpret_cast<hipfftDoubleComplex*>(0x30000);
  auto* d = reinterpret_cast<hipfftDoubleReal*>(0x40000);
  CHECK(hipfftExecZ2D(p, z, d) == HIPFFT_SUCCESS);
  CHECK(fake.get("exec.plan") == fake.at(1, "plan"));
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);

  fake.reset();
  REQUIRE(hipfftPlan2d(&p, 5, 7, HIPFFT_R2C) == HIPFFT_SUCCESS);
  CHECK(fake.at(0, "transform") == kRealForward);
  CHECK(fake.at(0, "length0") == 7);
  CHECK(fake.at(0, "length1") == 5);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);
}

TEST_CASE("hipfft on AMD: PlanMany's layouts", "[rocfft]") {
  FakeRocfft fake;
  hipfftHandle p = nullptr;
  // Embedded: strides scale by the embeddings, distances as given, on every description.
  int n[2] = {4, 6}, inembed[2] = {4, 8}, onembed[2] = {4, 5};
  REQUIRE(hipfftPlanMany(&p, 2, n, inembed, 2, 64, onembed, 1, 20, HIPFFT_C2C, 5) ==
          HIPFFT_SUCCESS);
  for (int i = 0; i < 4; ++i) {
    INFO("create " << i);
    CHECK(fake.at(i, "length0") == 6);
    CHECK(fake.at(i, "length1") == 4);
    CHECK(fake.at(i, "batch") == 5);
    CHECK(fake.at(i, "layout") == 1);
    CHECK(fake.at(i, "rank") == 2);
    CHECK(fake.at(i, "intype") == 0);  // complex interleaved
    CHECK(fake.at(i, "outtype") == 0);
    CHECK(fake.at(i, "istride0") == 2);
    CHECK(fake.at(i, "istride1") == 16);
    CHECK(fake.at(i, "ostride0") == 1);
    CHECK(fake.at(i, "ostride1") == 5);
    CHECK(fake.at(i, "idist") == 64);
    CHECK(fake.at(i, "odist") == 20);
  }
  CHECK(fake.get("layout.offsets") == -1);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);

  // No embeddings on a real transform: in place the real side is padded.
  fake.reset();
  REQUIRE(hipfftPlanMany(&p, 2, n, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_R2C, 1) ==
          HIPFFT_SUCCESS);
  CHECK(fake.at(0, "placement") == kInPlace);
  CHECK(fake.at(0, "intype") == 2);   // real
  CHECK(fake.at(0, "outtype") == 3);  // hermitian interleaved
  CHECK(fake.at(0, "istride1") == 8);
  CHECK(fake.at(0, "idist") == 32);
  CHECK(fake.at(0, "ostride1") == 4);
  CHECK(fake.at(0, "odist") == 16);
  CHECK(fake.at(1, "placement") == kNotInPlace);
  CHECK(fake.at(1, "istride1") == 6);
  CHECK(fake.at(1, "idist") == 24);
  CHECK(fake.at(1, "odist") == 16);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);

  // One embedding without the other, or a negative stride, is refused before rocFFT.
  fake.reset();
  hipfftHandle q = nullptr;
  CHECK(hipfftPlanMany(&q, 2, n, inembed, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1) ==
        HIPFFT_INVALID_VALUE);
  CHECK(hipfftPlanMany(&q, 2, n, inembed, -1, 8, onembed, 1, 8, HIPFFT_C2C, 1) ==
        HIPFFT_INVALID_VALUE);
  CHECK(q == nullptr);
  CHECK(fake.at(0, "placement") == -1);
  long long n64[1] = {16};
  REQUIRE(hipfftPlanMany64(&q, 1, n64, nullptr, 1, 16, nullptr, 1, 16, HIPFFT_Z2Z, 2) ==
          HIPFFT_SUCCESS);
  CHECK(fake.at(0, "precision") == 1);
  CHECK(fake.at(0, "length0") == 16);
  CHECK(fake.at(0, "idist") == 16);
  CHECK(hipfftDestroy(q) == HIPFFT_SUCCESS);
}

TEST_CASE("hipfft on AMD: work areas", "[rocfft]") {
  FakeRocfft fake;
  fake.set("work", 4096);
  hipfftHandle p = nullptr;
  REQUIRE(hipfftCreate(&p) == HIPFFT_SUCCESS);
  size_t ws = 0;
  REQUIRE(hipfftMakePlan1d(p, 16, HIPFFT_R2C, 1, &ws) == HIPFFT_SUCCESS);
  CHECK(ws == 4096);
  // Allocated on the device (hipMalloc) and handed to the execution info.
  CHECK(fake.get("work.size") == 4096);
  CHECK(fake.get("work.buffer") > 0);
  CHECK(fake.get("work.info") == fake.get("info"));
  ws = 0;
  CHECK(hipfftGetSize(p, &ws) == HIPFFT_SUCCESS);
  CHECK(ws == 4096);
  void* mine = reinterpret_cast<void*>(0xABC000);
  CHECK(hipfftSetWorkArea(p, mine) == HIPFFT_SUCCESS);
  CHECK(fake.get("work.buffer") == FakeRocfft::ptr(mine));
  CHECK(fake.get("work.size") == 4096);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);

  // Without auto-allocation nothing is handed over; Estimate reports without allocating.
  fake.reset();
  REQUIRE(hipfftCreate(&p) == HIPFFT_SUCCESS);
  CHECK(hipfftSetAutoAllocation(p, 0) == HIPFFT_SUCCESS);
  REQUIRE(hipfftMakePlan2d(p, 8, 8, HIPFFT_C2C, &ws) == HIPFFT_SUCCESS);
  CHECK(ws == 4096);
  CHECK(fake.get("work.size") == -1);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);
  fake.reset();
  fake.set("work", 512);
  ws = 0;
  CHECK(hipfftEstimate1d(64, HIPFFT_Z2Z, 2, &ws) == HIPFFT_SUCCESS);
  CHECK(ws == 512);
  CHECK(fake.get("work.size") == -1);
  CHECK(fake.get("plan.destroyed") == 4);  // the temporary plan is gone
  CHECK(fake.at(0, "batch") == 2);
}

TEST_CASE("hipfft on AMD: failed plans and the scale factor", "[rocfft]") {
  FakeRocfft fake;
  // A placement rocFFT refuses leaves the other; Exec of the missing one fails.
  fake.set("fail_placement", kInPlace);
  hipfftHandle p = nullptr;
  REQUIRE(hipfftPlan1d(&p, 8, HIPFFT_C2C, 1) == HIPFFT_SUCCESS);
  hipfftComplex* a = reinterpret_cast<hipfftComplex*>(0x10000);
  hipfftComplex* b = reinterpret_cast<hipfftComplex*>(0x20000);
  CHECK(hipfftExecC2C(p, a, a, HIPFFT_FORWARD) == HIPFFT_EXEC_FAILED);
  CHECK(hipfftExecC2C(p, a, b, HIPFFT_FORWARD) == HIPFFT_SUCCESS);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);
  // An R2C plan has one direction: in place is enough.
  fake.set("fail_placement", kNotInPlace);
  REQUIRE(hipfftPlan1d(&p, 8, HIPFFT_R2C, 1) == HIPFFT_SUCCESS);
  CHECK(hipfftExecR2C(p, reinterpret_cast<hipfftReal*>(a), b) == HIPFFT_EXEC_FAILED);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);
  // None made: HIPFFT_PARSE_ERROR, and Plan* leaves no handle behind.
  fake.reset();
  fake.set("fail_placement", 2);  // every placement
  hipfftHandle q = nullptr;
  CHECK(hipfftPlan1d(&q, 8, HIPFFT_C2C, 1) == HIPFFT_PARSE_ERROR);
  CHECK(q == nullptr);
  CHECK(fake.get("info.destroyed") == fake.get("info"));
  fake.set("fail_placement", -1);

  fake.reset();
  REQUIRE(hipfftCreate(&p) == HIPFFT_SUCCESS);
  CHECK(hipfftExtPlanScaleFactor(p, NAN) == HIPFFT_INVALID_VALUE);
  CHECK(hipfftExtPlanScaleFactor(p, 0.5) == HIPFFT_SUCCESS);
  REQUIRE(hipfftMakePlan1d(p, 8, HIPFFT_C2C, 1, nullptr) == HIPFFT_SUCCESS);
  CHECK(fake.get("scale.set") == 4);
  for (int i = 0; i < 4; ++i) CHECK(fake.at(i, "scale") == 0.5);
  // Made again: the old rocFFT plans go first.
  REQUIRE(hipfftMakePlan1d(p, 16, HIPFFT_C2C, 1, nullptr) == HIPFFT_SUCCESS);
  CHECK(fake.get("plan.destroyed") == 4);
  CHECK(hipfftDestroy(p) == HIPFFT_SUCCESS);
  CHECK(fake.get("plan.destroyed") == 8);
}
