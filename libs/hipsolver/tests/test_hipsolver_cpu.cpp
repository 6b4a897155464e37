// hipSOLVER without a GPU: AMD's values, the status and enum tables, the handle and enum checks
// of every generated function (probes.inc), and the forwarders run against a fake cuSOLVER
// (fake_cusolver.cpp, named by UNIHIP_CUSOLVER_LIBRARY) or a missing one (tag [absent], run in
// its own process).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <hipsolver/hipsolver.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "enum_map.h"
#include "fake_cusolver.h"
#include "handle.h"
#include "status_map.h"
#include "vendor.h"

using namespace unihip::solver;

#include "probes.inc"

namespace {

// A live handle on the (fake or absent) cuSOLVER, without a device.
struct LiveHandle {
  Handle h;
  LiveHandle() { h.native = reinterpret_cast<void*>(0x1234); }
  hipsolverHandle_t get() { return &h; }
};

FakeCusolverLast* fakeLast() {
  void* so = cusolverLibrary();
  REQUIRE(so != nullptr);
  auto* last = static_cast<FakeCusolverLast*>(dlsym(so, "fakeCusolverLast"));
  REQUIRE(last != nullptr);
  return last;
}

// What `f` writes to stderr.
template <class F>
std::string captureStderr(F f) {
  char path[] = "/tmp/hipsolver_stderr_XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  std::fflush(stderr);
  const int saved = dup(2);
  dup2(fd, 2);
  f();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  std::ifstream in(path);
  std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(path);
  return log;
}

}  // namespace

TEST_CASE("AMD's enum values", "[enums]") {
  STATIC_REQUIRE(HIPSOLVER_STATUS_NOT_SUPPORTED == 7);
  STATIC_REQUIRE(HIPSOLVER_STATUS_HANDLE_IS_NULLPTR == 9);
  STATIC_REQUIRE(HIPSOLVER_STATUS_INVALID_ENUM == 10);
  STATIC_REQUIRE(HIPSOLVER_STATUS_UNKNOWN == 11);
  STATIC_REQUIRE(HIPSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED == 13);
  STATIC_REQUIRE(HIPSOLVER_OP_C == 113);
  STATIC_REQUIRE(HIPSOLVER_FILL_MODE_LOWER == 122);
  STATIC_REQUIRE(HIPSOLVER_SIDE_RIGHT == 142);
  STATIC_REQUIRE(HIPSOLVER_EIG_MODE_VECTOR == 202);
  STATIC_REQUIRE(HIPSOLVER_EIG_TYPE_3 == 213);
  STATIC_REQUIRE(HIPSOLVER_EIG_RANGE_I == 223);
  STATIC_REQUIRE(HIPSOLVER_ALG_1 == 232);
  STATIC_REQUIRE(HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS == 242);
  STATIC_REQUIRE(HIPSOLVERDN_SYEVBATCHED == 2);
  STATIC_REQUIRE(HIPSOLVERRF_TRIANGULAR_SOLVE_ALG3 == 3);
  STATIC_REQUIRE(HIPSOLVERRF_UNIT_DIAGONAL_ASSUMED_U == 3);
  STATIC_REQUIRE(hipsolverVersionMajor == 3);
}

TEST_CASE("cuSOLVER's statuses map as AMD's hipSOLVER maps them", "[status]") {
  const int rows[][2] = {{0, HIPSOLVER_STATUS_SUCCESS},
                         {1, HIPSOLVER_STATUS_NOT_INITIALIZED},
                         {2, HIPSOLVER_STATUS_ALLOC_FAILED},
                         {3, HIPSOLVER_STATUS_INVALID_VALUE},
                         {4, HIPSOLVER_STATUS_ARCH_MISMATCH},
                         {5, HIPSOLVER_STATUS_MAPPING_ERROR},
                         {6, HIPSOLVER_STATUS_EXECUTION_FAILED},
                         {7, HIPSOLVER_STATUS_INTERNAL_ERROR},
                         {8, HIPSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED},
                         {9, HIPSOLVER_STATUS_NOT_SUPPORTED},
                         {10, HIPSOLVER_STATUS_ZERO_PIVOT},
                         {11, HIPSOLVER_STATUS_UNKNOWN},  // INVALID_LICENSE
                         {13, HIPSOLVER_STATUS_INVALID_VALUE},
                         {20, HIPSOLVER_STATUS_INTERNAL_ERROR},
                         {21, HIPSOLVER_STATUS_NOT_SUPPORTED},
                         {31, HIPSOLVER_STATUS_UNKNOWN},  // INVALID_WORKSPACE
                         {-1, HIPSOLVER_STATUS_UNKNOWN}};
  for (auto& r : rows) CHECK(fromCusolver(r[0]) == r[1]);
}

TEST_CASE("enums map to cuBLAS's and cuSOLVER's values", "[enums]") {
  CHECK(cudaValue(HIPSOLVER_OP_N) == 0);
  CHECK(cudaValue(HIPSOLVER_OP_C) == 2);
  CHECK(cudaValue(static_cast<hipblasOperation_t>(114)) == kInvalid);
  CHECK(cudaValue(HIPSOLVER_FILL_MODE_UPPER) == 1);
  CHECK(cudaValue(HIPSOLVER_FILL_MODE_LOWER) == 0);
  CHECK(cudaValue(HIPBLAS_FILL_MODE_FULL) == 2);
  CHECK(cudaValue(HIPSOLVER_SIDE_LEFT) == 0);
  CHECK(cudaValue(HIPSOLVER_SIDE_RIGHT) == 1);
  CHECK(check(HIPBLAS_SIDE_BOTH) == HIPSOLVER_STATUS_INVALID_ENUM);
  CHECK(cudaValue(HIPSOLVER_EIG_MODE_NOVECTOR) == 0);
  CHECK(cudaValue(HIPSOLVER_EIG_MODE_VECTOR) == 1);
  CHECK(cudaValue(HIPSOLVER_EIG_TYPE_1) == 1);
  CHECK(cudaValue(HIPSOLVER_EIG_TYPE_3) == 3);
  CHECK(cudaValue(HIPSOLVER_EIG_RANGE_ALL) == 1001);
  CHECK(cudaValue(HIPSOLVER_EIG_RANGE_I) == 1002);
  CHECK(cudaValue(HIPSOLVER_EIG_RANGE_V) == 1003);
  CHECK(cudaValue(HIPSOLVER_DETERMINISTIC_RESULTS) == 1);
  CHECK(cudaValue(HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS) == 2);
  CHECK(fromCudaDeterministic(2) == HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS);
  CHECK(cudaValue(HIPSOLVER_ALG_1) == 1);
  CHECK(cudaValue(HIPSOLVERDN_SYEVBATCHED) == 2);
  CHECK(cudaValue(static_cast<hipsolverDnFunction_t>(1)) == kInvalid);  // cuSOLVER's POTRF
  CHECK(cudaValue(HIP_C_64F) == 5);
  CHECK(check(HIP_R_8F_E4M3_FNUZ) == HIPSOLVER_STATUS_INVALID_ENUM);
  CHECK(cudaValue(HIPSOLVERRF_TRIANGULAR_SOLVE_ALG1) == 1);
  CHECK(cudaValue(static_cast<hipsolverRfTriangularSolve_t>(0)) == kInvalid);
  CHECK(cudaValue(HIPSOLVERRF_UNIT_DIAGONAL_ASSUMED_U) == 3);
  CHECK(check(3.5) == HIPSOLVER_STATUS_SUCCESS);  // not an enum: passes
}

TEST_CASE("every function with a handle refuses a NULL or destroyed one", "[handle]") {
  LiveHandle dead;
  dead.h.magic = 0;  // what hipsolverDestroy leaves
  int withHandle = 0;
  for (const Probe& p : kProbes) {
    if (!p.hasHandle) continue;
    ++withHandle;
    INFO(p.name);
    CHECK(p.plain(nullptr) == HIPSOLVER_STATUS_NOT_INITIALIZED);
    CHECK(p.plain(dead.get()) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  }
  CHECK(withHandle > 400);
  CHECK(hipsolverCreate(nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDnCreate(nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDestroy(nullptr) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverDnDestroy(dead.get()) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverSetStream(nullptr, nullptr) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  hipStream_t s = nullptr;
  CHECK(hipsolverGetStream(nullptr, &s) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverDnGetStream(dead.get(), &s) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  hipsolverDeterministicMode_t mode;
  CHECK(hipsolverSetDeterministicMode(nullptr, HIPSOLVER_DETERMINISTIC_RESULTS) ==
        HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverGetDeterministicMode(nullptr, &mode) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  LiveHandle live;
  CHECK(hipsolverGetStream(live.get(), nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverGetDeterministicMode(live.get(), nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverSetDeterministicMode(live.get(), static_cast<hipsolverDeterministicMode_t>(0)) ==
        HIPSOLVER_STATUS_INVALID_ENUM);
}

TEST_CASE("every function refuses an enum out of range before calling cuSOLVER", "[enums]") {
  LiveHandle live;
  int withEnum = 0;
  for (const Probe& p : kProbes) {
    if (p.badEnum == nullptr) continue;
    ++withEnum;
    INFO(p.name);
    CHECK(p.badEnum(live.get()) == HIPSOLVER_STATUS_INVALID_ENUM);
  }
  CHECK(withEnum > 250);
}

TEST_CASE("workspace queries of solvers cuSOLVER runs without one: zero", "[regular]") {
  LiveHandle live;
  int lwork = -1;
  CHECK(hipsolverSgetrs_bufferSize(live.get(), HIPSOLVER_OP_N, 4, 1, nullptr, 4, nullptr, nullptr,
                                   4, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 0);
  lwork = -1;
  CHECK(hipsolverZpotrs_bufferSize(live.get(), HIPSOLVER_FILL_MODE_UPPER, 4, 1, nullptr, 4,
                                   nullptr, 4, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 0);
  lwork = -1;
  CHECK(hipsolverCpotrfBatched_bufferSize(live.get(), HIPSOLVER_FILL_MODE_LOWER, 4, nullptr, 4,
                                          &lwork, 3) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 0);
  CHECK(hipsolverDpotrsBatched_bufferSize(live.get(), HIPSOLVER_FILL_MODE_LOWER, 4, 1, nullptr, 4,
                                          nullptr, 4, nullptr, 3) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDgetrs_bufferSize(live.get(), static_cast<hipsolverOperation_t>(0), 4, 1, nullptr,
                                   4, nullptr, nullptr, 4, &lwork) == HIPSOLVER_STATUS_INVALID_ENUM);
  CHECK(hipsolverDgetrs_bufferSize(nullptr, HIPSOLVER_OP_N, 4, 1, nullptr, 4, nullptr, nullptr, 4,
                                   &lwork) == HIPSOLVER_STATUS_NOT_INITIALIZED);
}

TEST_CASE("hipsolverCreate without a device is NOT_INITIALIZED", "[handle]") {
  int count = 0;
  if (hipGetDeviceCount(&count) == hipSuccess && count > 0) return;  // covered by hipsolver.gpu
  hipsolverHandle_t h = reinterpret_cast<hipsolverHandle_t>(0x1);
  CHECK(hipsolverCreate(&h) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverDnCreate(&h) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverSpCreate(&h) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverRfCreate(&h) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(h == reinterpret_cast<hipsolverHandle_t>(0x1));  // untouched on failure
}

TEST_CASE("getrf and getrs solve through both APIs", "[fake]") {
  LiveHandle h;
  FakeCusolverLast* last = fakeLast();
  // A x = b with x = (1, 2, 3); A column-major, its first pivot in row 3.
  const std::vector<float> a0 = {1, 2, 4, 2, 1, 3, 3, 5, 1};
  std::vector<float> b0(3, 0.0f);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) b0[i] += a0[i + 3 * j] * (j + 1);
  for (int api = 0; api < 2; ++api) {
    std::vector<float> a = a0, b = b0;
    int ipiv[3] = {}, info = -1, lwork = 0;
    float work[8];
    REQUIRE(hipsolverSgetrf_bufferSize(h.get(), 3, 3, a.data(), 3, &lwork) == HIPSOLVER_STATUS_SUCCESS);
    CHECK(lwork == 4242);
    if (api == 0) {
      REQUIRE(hipsolverSgetrf(h.get(), 3, 3, a.data(), 3, work, lwork, ipiv, &info) ==
              HIPSOLVER_STATUS_SUCCESS);
      REQUIRE(hipsolverSgetrs(h.get(), HIPSOLVER_OP_N, 3, 1, a.data(), 3, ipiv, b.data(), 3, nullptr,
                              0, &info) == HIPSOLVER_STATUS_SUCCESS);
    } else {
      REQUIRE(hipsolverDnSgetrf(h.get(), 3, 3, a.data(), 3, work, ipiv, &info) == HIPSOLVER_STATUS_SUCCESS);
      REQUIRE(hipsolverDnSgetrs(h.get(), HIPSOLVER_OP_N, 3, 1, a.data(), 3, ipiv, b.data(), 3, &info) ==
              HIPSOLVER_STATUS_SUCCESS);
    }
    CHECK(last->handle == h.h.native);
    CHECK(ipiv[0] == 3);
    CHECK(info == 0);
    for (int i = 0; i < 3; ++i) CHECK(std::fabs(b[i] - (i + 1)) < 1e-5);
  }
  // The size checks are cuSOLVER's, their status mapped: n < 0, lda < max(1, m).
  int lwork = 0;
  CHECK(hipsolverSgetrf_bufferSize(h.get(), -1, 3, nullptr, 3, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverSgetrf_bufferSize(h.get(), 3, 3, nullptr, 2, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDnSgetrf_bufferSize(h.get(), 3, -2, nullptr, 3, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  float a[9] = {}, work[4];
  int ipiv[3], info;
  CHECK(hipsolverSgetrf(h.get(), 3, 3, a, 1, work, 4, ipiv, &info) == HIPSOLVER_STATUS_INVALID_VALUE);
  // A transposed solve reaches cuSOLVER as CUBLAS_OP_T, its refusal mapped back.
  CHECK(hipsolverSgetrs(h.get(), HIPSOLVER_OP_T, 3, 1, a, 3, ipiv, work, 3, nullptr, 0, &info) ==
        HIPSOLVER_STATUS_NOT_SUPPORTED);
  CHECK(last->ints[0] == 1);
}

TEST_CASE("a regular-API call without a workspace takes one on the handle's stream", "[fake]") {
  LiveHandle h;
  FakeCusolverLast* last = fakeLast();
  float a[4] = {1, 2, 3, 4};
  int ipiv[2], info;
  // No device here: the workspace cuSOLVER asked for cannot be had.
  CHECK(hipsolverSgetrf(h.get(), 2, 2, a, 2, nullptr, 0, ipiv, &info) == HIPSOLVER_STATUS_ALLOC_FAILED);
  CHECK(last->ints[0] == 2);  // the size query reached cuSOLVER
  CHECK(hipsolverSgetrf(h.get(), 2, 2, a, 1, nullptr, 0, ipiv, &info) == HIPSOLVER_STATUS_INVALID_VALUE);
  // gesvd: its own _bufferSize asked (with jobu/jobv), then the allocation refused; lwork 0 with
  // a work pointer is AMD's "no workspace" too.
  float work[4];
  last->ints[0] = 0;
  CHECK(hipsolverSgesvd(h.get(), 'N', 'N', 6, 5, nullptr, 6, nullptr, nullptr, 6, nullptr, 5, nullptr,
                        0, nullptr, &info) == HIPSOLVER_STATUS_ALLOC_FAILED);
  CHECK(last->ints[0] == 6);
  last->ints[0] = 0;
  CHECK(hipsolverSgesvd(h.get(), 'N', 'N', 7, 5, nullptr, 7, nullptr, nullptr, 7, nullptr, 5, work, 0,
                        nullptr, &info) == HIPSOLVER_STATUS_ALLOC_FAILED);
  CHECK(last->ints[0] == 7);
  // A size query cuSOLVER lacks answers for the call.
  CHECK(hipsolverSormqr(h.get(), HIPSOLVER_SIDE_LEFT, HIPSOLVER_OP_N, 4, 3, 2, nullptr, 4, nullptr,
                        nullptr, 4, nullptr, 0, &info) == HIPSOLVER_STATUS_NOT_SUPPORTED);
  CHECK(hipsolverSgesvd(nullptr, 'N', 'N', 7, 5, nullptr, 7, nullptr, nullptr, 7, nullptr, 5, nullptr,
                        0, nullptr, &info) == HIPSOLVER_STATUS_NOT_INITIALIZED);
}

TEST_CASE("enums, characters and sizes as cuSOLVER sees them", "[fake]") {
  LiveHandle h;
  FakeCusolverLast* last = fakeLast();
  double da[4];
  double dwork[2];
  int info;
  REQUIRE(hipsolverDpotrf(h.get(), HIPSOLVER_FILL_MODE_UPPER, 2, da, 2, dwork, 2, &info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 1);  // CUBLAS_FILL_MODE_UPPER
  CHECK(last->ints[3] == 2);  // lwork passes
  CHECK(last->ptr2 == dwork);
  REQUIRE(hipsolverDnDpotrf(h.get(), HIPSOLVER_FILL_MODE_LOWER, 2, da, 2, dwork, 2, &info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 0);
  CHECK(hipsolverDpotrf(h.get(), HIPSOLVER_FILL_MODE_UPPER, -1, da, 2, dwork, 2, &info) ==
        HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDpotrf(h.get(), HIPSOLVER_FILL_MODE_UPPER, 3, da, 2, dwork, 2, &info) ==
        HIPSOLVER_STATUS_INVALID_VALUE);

  float* batch[2] = {};
  REQUIRE(hipsolverSpotrfBatched(h.get(), HIPSOLVER_FILL_MODE_LOWER, 4, batch, 4, nullptr, 0, &info,
                                 2) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[3] == 2);  // work and lwork are not cuSOLVER's: batch_count follows lda
  CHECK(last->ptr2 == &info);

  int lwork = 0;
  REQUIRE(hipsolverSsyevdx_bufferSize(h.get(), HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_EIG_RANGE_V,
                                      HIPSOLVER_FILL_MODE_UPPER, 5, nullptr, 5, 1.0f, 3.5f, 2, 4,
                                      nullptr, nullptr, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  const int want[] = {1, 1003, 1, 5, 5, 2, 4};  // VECTOR, CUSOLVER_EIG_RANGE_V, UPPER
  for (int i = 0; i < 7; ++i) CHECK(last->ints[i] == want[i]);
  CHECK(last->real == 2.5);
  CHECK(lwork == 31);
  REQUIRE(hipsolverDnSsyevdx_bufferSize(h.get(), HIPSOLVER_EIG_MODE_NOVECTOR, HIPSOLVER_EIG_RANGE_I,
                                        HIPSOLVER_FILL_MODE_LOWER, 5, nullptr, 5, 0, 0, 1, 2, nullptr,
                                        nullptr, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 0);
  CHECK(last->ints[1] == 1002);

  float w[3], work[3];
  REQUIRE(hipsolverSsyevd(h.get(), HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_LOWER, 3, nullptr,
                          3, w, work, 3, &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 1);
  CHECK(last->ints[1] == 0);
  CHECK(last->ptr == w);

  // gesvd: jobu/jobv as characters; the regular API's _bufferSize takes them, cuSOLVER's does not.
  REQUIRE(hipsolverSgesvd_bufferSize(h.get(), 'A', 'S', 7, 5, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 12);
  CHECK(last->ints[0] == 7);
  float rwork[2];
  REQUIRE(hipsolverSgesvd(h.get(), 'A', 'N', 7, 5, nullptr, 7, nullptr, nullptr, 7, nullptr, 5, work,
                          3, rwork, &info) == HIPSOLVER_STATUS_SUCCESS);
  const int svd[] = {'A', 'N', 7, 5, 7, 7, 5, 3};
  for (int i = 0; i < 8; ++i) CHECK(last->ints[i] == svd[i]);
  CHECK(last->ptr2 == rwork);

  REQUIRE(hipsolverSormqr(h.get(), HIPSOLVER_SIDE_RIGHT, HIPSOLVER_OP_T, 4, 3, 2, nullptr, 4, nullptr,
                          nullptr, 4, work, 9, &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 1);
  CHECK(last->ints[1] == 1);
  CHECK(last->ints[7] == 9);
  CHECK(hipsolverSormqr(h.get(), HIPBLAS_SIDE_BOTH, HIPSOLVER_OP_T, 4, 3, 2, nullptr, 4, nullptr,
                        nullptr, 4, work, 9, &info) == HIPSOLVER_STATUS_INVALID_ENUM);
  // Without a workspace the enum is refused before the size query.
  CHECK(hipsolverSormqr(h.get(), HIPBLAS_SIDE_BOTH, HIPSOLVER_OP_T, 4, 3, 2, nullptr, 4, nullptr,
                        nullptr, 4, nullptr, 0, &info) == HIPSOLVER_STATUS_INVALID_ENUM);
}

TEST_CASE("gels' workspace query passes cuSOLVER a NULL device workspace", "[fake]") {
  LiveHandle h;
  FakeCusolverLast* last = fakeLast();
  size_t bytes = 0;
  last->ptr = &bytes;
  REQUIRE(hipsolverSSgels_bufferSize(h.get(), 6, 4, 2, nullptr, 6, nullptr, 6, nullptr, 6, &bytes) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ptr == nullptr);
  CHECK(last->ptr2 == &bytes);
  CHECK(bytes == 999);
  const int want[] = {6, 4, 2};
  for (int i = 0; i < 3; ++i) CHECK(last->ints[i] == want[i]);
  int dwork = 0;
  REQUIRE(hipsolverDnSSgels_bufferSize(h.get(), 6, 4, 2, nullptr, 6, nullptr, 6, nullptr, 6, &dwork,
                                       &bytes) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ptr == &dwork);  // the compatibility API's own argument
}

TEST_CASE("info and params objects, the 64-bit API, deterministic mode", "[fake]") {
  LiveHandle h;
  FakeCusolverLast* last = fakeLast();
  hipsolverGesvdjInfo_t info = nullptr;
  REQUIRE(hipsolverCreateGesvdjInfo(&info) == HIPSOLVER_STATUS_SUCCESS);
  REQUIRE(info != nullptr);
  REQUIRE(hipsolverXgesvdjSetTolerance(info, 1e-9) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->real == 1e-9);  // a double, not an int
  CHECK(hipsolverDnXgesvdjSetTolerance(info, 0.25) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->real == 0.25);
  CHECK(hipsolverDestroyGesvdjInfo(info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(hipsolverDnCreateGesvdjInfo(nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);  // cuSOLVER's answer

  int params = 0;
  REQUIRE(hipsolverDnSetAdvOptions(&params, HIPSOLVERDN_GETRF, HIPSOLVER_ALG_1) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 0);
  CHECK(last->ints[1] == 1);
  CHECK(last->ptr == &params);
  CHECK(hipsolverDnSetAdvOptions(&params, HIPSOLVERDN_GETRF, static_cast<hipsolverAlgMode_t>(0)) ==
        HIPSOLVER_STATUS_INVALID_ENUM);

  int dwork = 0;
  REQUIRE(hipsolverDnXgetrf(h.get(), &params, 1LL << 33, 7, HIP_C_64F, nullptr, 1LL << 33, nullptr,
                            HIP_C_64F, &dwork, 100, nullptr, 20, nullptr) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 5);  // CUDA_C_64F
  CHECK(last->ints[1] == 5);
  CHECK(last->sizes[0] == (1LL << 33));
  CHECK(last->sizes[1] == 7);
  CHECK(last->sizes[3] == 120);
  CHECK(last->ptr2 == &dwork);
  CHECK(hipsolverDnXgetrf(h.get(), &params, 1, 1, HIP_R_8F_E5M2_FNUZ, nullptr, 1, nullptr, HIP_R_32F,
                          nullptr, 0, nullptr, 0, nullptr) == HIPSOLVER_STATUS_INVALID_ENUM);

  REQUIRE(hipsolverSetDeterministicMode(h.get(), HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 2);
  hipsolverDeterministicMode_t mode = HIPSOLVER_DETERMINISTIC_RESULTS;
  REQUIRE(hipsolverDnGetDeterministicMode(h.get(), &mode) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(mode == HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS);
}

TEST_CASE("every cuSOLVER status comes back mapped; a missing symbol is NOT_SUPPORTED", "[fake]") {
  LiveHandle h;
  int lwork;
  for (int s = 0; s <= 31; ++s)  // the fake answers m
    CHECK(hipsolverSgeqrf_bufferSize(h.get(), s, 1, nullptr, s, &lwork) == fromCusolver(s));
  CHECK(hipsolverDnSgeqrf_bufferSize(h.get(), 10, 1, nullptr, 10, &lwork) == HIPSOLVER_STATUS_ZERO_PIVOT);
  // The fake has no Z gesvdj: NOT_SUPPORTED, and one log line naming the entry point.
  hipDoubleComplex work;
  auto call = [&] {
    return hipsolverZgesvdj(h.get(), HIPSOLVER_EIG_MODE_VECTOR, 0, 1, 1, nullptr, 1, nullptr,
                            nullptr, 1, nullptr, 1, &work, 1, nullptr, nullptr);
  };
  hipsolverStatus_t first = HIPSOLVER_STATUS_SUCCESS;
  const std::string log = captureStderr([&] { first = call(); });
  CHECK(first == HIPSOLVER_STATUS_NOT_SUPPORTED);
  CHECK(log == "hipsolver: cusolverDnZgesvdj is not in the loaded cuSOLVER: NOT_SUPPORTED\n");
  CHECK(captureStderr([&] { CHECK(call() == HIPSOLVER_STATUS_NOT_SUPPORTED); }).empty());
}

TEST_CASE("streams: the HIP stream is kept, cuSOLVER gets its native one", "[fake]") {
  LiveHandle h;
  // No device here: the stream cannot be resolved, and the handle keeps its own.
  hipStream_t s = reinterpret_cast<hipStream_t>(0x5);
  CHECK(hipsolverSetStream(h.get(), s) == HIPSOLVER_STATUS_INVALID_VALUE);
  REQUIRE(hipsolverGetStream(h.get(), &s) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(s == nullptr);
}

TEST_CASE("the sparse API: its own handle, cuSOLVER's arguments", "[fake]") {
  LiveHandle sp;
  sp.h.sparse = true;
  LiveHandle dense;
  FakeCusolverLast* last = fakeLast();
  int descr = 0, singularity = 0;
  float b[2] = {};
  REQUIRE(hipsolverSpScsrlsvqr(sp.get(), 2, 3, &descr, nullptr, nullptr, nullptr, b, 0.125f, 1,
                               nullptr, &singularity) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->handle == sp.h.native);
  CHECK(last->real == 0.125);
  const int want[] = {2, 3, 1};
  for (int i = 0; i < 3; ++i) CHECK(last->ints[i] == want[i]);
  CHECK(last->ptr == &descr);
  CHECK(singularity == -1);
  // A dense handle is not a sparse one, nor the other way round.
  CHECK(hipsolverSpScsrlsvqr(dense.get(), 2, 3, &descr, nullptr, nullptr, nullptr, b, 0.1f, 1,
                             nullptr, &singularity) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverSpDestroy(dense.get()) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverDestroy(sp.get()) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverSpSetStream(nullptr, nullptr) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverSpCreate(nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);
}

TEST_CASE("the refactorization API: cuSOLVER's handle and enum values", "[fake]") {
  FakeCusolverLast* last = fakeLast();
  int rf = 0;
  REQUIRE(hipsolverRfSetAlgs(&rf, HIPSOLVERRF_FACTORIZATION_ALG2, HIPSOLVERRF_TRIANGULAR_SOLVE_ALG3) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->handle == &rf);
  CHECK(last->ints[0] == 2);
  CHECK(last->ints[1] == 3);
  CHECK(hipsolverRfSetAlgs(nullptr, HIPSOLVERRF_FACTORIZATION_ALG0, HIPSOLVERRF_TRIANGULAR_SOLVE_ALG1) ==
        HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverRfSetAlgs(&rf, HIPSOLVERRF_FACTORIZATION_ALG0, static_cast<hipsolverRfTriangularSolve_t>(0)) ==
        HIPSOLVER_STATUS_INVALID_ENUM);
  REQUIRE(hipsolverRfSetNumericProperties(&rf, 1e-14, 0.5) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->real == 0.5 + 1e-14);
  CHECK(hipsolverRfCreate(nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);
}

TEST_CASE("an absent cuSOLVER: one log line, NOT_INITIALIZED", "[absent]") {
  // Its first load, with stderr caught.
  std::string why;
  void* so = nullptr;
  const std::string log = captureStderr([&] { so = cusolverLibrary(&why); });
  REQUIRE(so == nullptr);
  CHECK(why.find("/nonexistent/libcusolver.so") != std::string::npos);
  CHECK(log.rfind("hipsolver: cuSOLVER unavailable: ", 0) == 0);
  CHECK(log.find("/nonexistent/libcusolver.so") != std::string::npos);
  CHECK(std::count(log.begin(), log.end(), '\n') == 1);

  LiveHandle live;
  int counted = 0;
  for (const Probe& p : kProbes) {
    INFO(p.name);
    // The no-workspace queries need no library: the probe's NULL lwork is theirs to refuse.
    const hipsolverStatus_t want = p.noLibrary   ? HIPSOLVER_STATUS_INVALID_VALUE
                                   : p.forwarded ? HIPSOLVER_STATUS_NOT_INITIALIZED
                                                 : HIPSOLVER_STATUS_NOT_SUPPORTED;
    CHECK(p.plain(live.get()) == want);
    ++counted;
  }
  CHECK(counted > 510);
  int lwork = -1;
  CHECK(hipsolverSpotrs_bufferSize(live.get(), HIPSOLVER_FILL_MODE_LOWER, 2, 1, nullptr, 2, nullptr,
                                   2, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 0);
  CHECK(hipsolverSetStream(live.get(), nullptr) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  hipsolverDeterministicMode_t mode;
  CHECK(hipsolverGetDeterministicMode(live.get(), &mode) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  hipsolverHandle_t h = nullptr;
  CHECK(hipsolverCreate(&h) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverSpCreate(&h) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverRfCreate(&h) == HIPSOLVER_STATUS_NOT_INITIALIZED);
}

TEST_CASE("sizes are checked before cuSOLVER, after the handle and the enums, as rocSOLVER's", "[fake]") {
  LiveHandle h;
  int lwork = 0;
  CHECK(hipsolverDgetrf_bufferSize(h.get(), -1, 4, nullptr, 4, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDgetrf_bufferSize(h.get(), 4, -1, nullptr, 4, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDgetrf_bufferSize(h.get(), 4, 4, nullptr, 3, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDnDgetrf_bufferSize(h.get(), 4, 4, nullptr, 3, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDpotrf_bufferSize(h.get(), HIPSOLVER_FILL_MODE_LOWER, -1, nullptr, 4, &lwork) ==
        HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverDpotrf_bufferSize(h.get(), HIPSOLVER_FILL_MODE_LOWER, 4, nullptr, 2, &lwork) ==
        HIPSOLVER_STATUS_INVALID_VALUE);
  // The handle, then the enums, come first.
  CHECK(hipsolverDgetrf_bufferSize(nullptr, -1, 4, nullptr, 4, &lwork) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(hipsolverDpotrf_bufferSize(h.get(), static_cast<hipsolverFillMode_t>(-7), -1, nullptr, 4, &lwork) ==
        HIPSOLVER_STATUS_INVALID_ENUM);
  // Sizes in range reach cuSOLVER (the fake's geqrf answers m as its status).
  CHECK(hipsolverSgeqrf_bufferSize(h.get(), 0, 4, nullptr, 4, &lwork) == HIPSOLVER_STATUS_SUCCESS);
}
