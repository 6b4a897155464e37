// hipSOLVER's AMD path without a GPU: a handle of the AMD kind made below the device query (its
// rocBLAS handle from the fake rocBLAS), the generated forwarders run against the fake rocSOLVER
// (UNIHIP_ROCSOLVER_LIBRARY, UNIHIP_ROCBLAS_LIBRARY). No device: a call that zeroes an info on
// the stream, or takes memory on it, meets the runtime's refusal.
#include <dlfcn.h>
#include <hipsolver/hipsolver.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "enum_map.h"
#include "fake_rocblas.h"
#include "fake_rocsolver.h"
#include "handle.h"
#include "status_map.h"
#include "vendor.h"

using namespace unihip::solver;

namespace {

template <class T>
T* fakeSymbol(Lib lib, const char* name) {
  void* so = vendorLibrary(lib);
  REQUIRE(so != nullptr);
  auto* p = reinterpret_cast<T*>(dlsym(so, name));
  REQUIRE(p != nullptr);
  return p;
}

// An AMD handle: what hipsolverCreate makes on an AMD device, with the fake rocBLAS's handle.
struct AmdHandle {
  Handle h;
  AmdHandle() {
    h.vendor = Vendor::rocm;
    auto create = fakeSymbol<int(void**)>(Lib::rocblas, "rocblas_create_handle");
    REQUIRE(create(&h.native) == 0);
  }
  ~AmdHandle() {
    if (h.magic == Handle::kLive)
      fakeSymbol<int(void*)>(Lib::rocblas, "rocblas_destroy_handle")(h.native);
  }
  hipsolverHandle_t get() { return &h; }
  FakeRocblasHandle* roc() { return static_cast<FakeRocblasHandle*>(h.native); }
};

FakeRocsolverLast* solverLast() {
  return fakeSymbol<FakeRocsolverLast>(Lib::rocsolver, "fakeRocsolverLast");
}
FakeRocblasLast* blasLast() { return fakeSymbol<FakeRocblasLast>(Lib::rocblas, "fakeRocblasLast"); }

}  // namespace

TEST_CASE("rocBLAS's statuses map as AMD's hipSOLVER maps them", "[rocm][status]") {
  const int table[][2] = {
      {0, HIPSOLVER_STATUS_SUCCESS},        {1, HIPSOLVER_STATUS_NOT_INITIALIZED},
      {2, HIPSOLVER_STATUS_NOT_SUPPORTED},  {3, HIPSOLVER_STATUS_INVALID_VALUE},
      {4, HIPSOLVER_STATUS_INVALID_VALUE},  {5, HIPSOLVER_STATUS_ALLOC_FAILED},
      {6, HIPSOLVER_STATUS_INTERNAL_ERROR}, {7, HIPSOLVER_STATUS_UNKNOWN},
      {8, HIPSOLVER_STATUS_UNKNOWN},        {9, HIPSOLVER_STATUS_SUCCESS},
      {10, HIPSOLVER_STATUS_SUCCESS},       {11, HIPSOLVER_STATUS_INVALID_VALUE},
      {12, HIPSOLVER_STATUS_UNKNOWN},       {15, HIPSOLVER_STATUS_UNKNOWN},
      {16, HIPSOLVER_STATUS_UNKNOWN},       {-1, HIPSOLVER_STATUS_UNKNOWN}};
  for (auto& r : table) {
    INFO(r[0]);
    CHECK(fromRocblas(r[0]) == r[1]);
  }
}

TEST_CASE("enums map to rocBLAS's and rocSOLVER's values", "[rocm][enums]") {
  CHECK(rocValue(HIPSOLVER_OP_N) == 111);
  CHECK(rocValue(HIPSOLVER_OP_C) == 113);
  CHECK(rocValue(HIPSOLVER_FILL_MODE_UPPER) == 121);
  CHECK(rocValue(HIPSOLVER_FILL_MODE_LOWER) == 122);
  CHECK(rocValue(HIPBLAS_FILL_MODE_FULL) == kInvalid);
  CHECK(rocValue(HIPSOLVER_SIDE_RIGHT) == 142);
  CHECK(rocValue(HIPBLAS_SIDE_BOTH) == kInvalid);
  CHECK(rocValue(HIPSOLVER_EIG_MODE_VECTOR) == 211);
  CHECK(rocValue(HIPSOLVER_EIG_MODE_NOVECTOR) == 213);
  CHECK(rocValue(HIPSOLVER_EIG_TYPE_1) == 221);
  CHECK(rocValue(HIPSOLVER_EIG_TYPE_3) == 223);
  CHECK(rocValue(HIPSOLVER_EIG_RANGE_ALL) == 231);
  CHECK(rocValue(HIPSOLVER_EIG_RANGE_V) == 232);
  CHECK(rocValue(HIPSOLVER_EIG_RANGE_I) == 233);
  CHECK(rocValue(HIPSOLVER_DETERMINISTIC_RESULTS) == 0);
  CHECK(rocValue(HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS) == 1);
  CHECK(rocValue(static_cast<hipsolverEigMode_t>(203)) == kInvalid);
}

TEST_CASE("AMD getrf/getrs: size query in bytes, the caller's workspace, the npvt form", "[rocm]") {
  AmdHandle h;
  FakeRocsolverLast* last = solverLast();
  FakeRocblasLast* blas = blasLast();
  int lwork = -1;
  // getrf asks 1000 bytes, getrf_npvt 2000 (the fake's sizes, rounded to 64 by rocBLAS's rule):
  // the query asks both and keeps the larger, and leaves the query mode.
  const int calls = last->calls;
  REQUIRE(hipsolverSgetrf_bufferSize(h.get(), 3, 3, nullptr, 3, &lwork) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 2048);
  CHECK_FALSE(h.roc()->querying);
  CHECK(last->calls == calls);  // nothing ran outside the query
  CHECK(hipsolverSgetrf_bufferSize(h.get(), 3, 3, nullptr, 3, nullptr) ==
        HIPSOLVER_STATUS_INVALID_VALUE);
  // rocSOLVER's size check, its invalid_size mapped; the query mode is left all the same.
  CHECK(hipsolverSgetrf_bufferSize(h.get(), 3, 3, nullptr, 2, &lwork) ==
        HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(lwork == 0);
  CHECK_FALSE(h.roc()->querying);

  // A x = b, x = (1, 2, 3), the first pivot in row 3; the caller's work goes to rocBLAS.
  std::vector<float> a = {1, 2, 4, 2, 1, 3, 3, 5, 1};
  std::vector<float> b(3, 0.0f);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) b[i] += a[i + 3 * j] * (j + 1);
  std::vector<char> work(2048);
  int ipiv[3] = {}, info = -1;
  REQUIRE(hipsolverSgetrf(h.get(), 3, 3, a.data(), 3, reinterpret_cast<float*>(work.data()), 1024,
                          ipiv, &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_sgetrf");
  CHECK(last->handle == h.h.native);
  CHECK(h.roc()->workspace == work.data());
  CHECK(h.roc()->workspaceBytes == 1024);
  CHECK(ipiv[0] == 3);
  CHECK(info == 0);
  // getrs zeroes its info on the stream first (rocSOLVER's getrs has none): no device here, so
  // that is refused and rocSOLVER is not called.
  const int before = last->calls;
  CHECK(hipsolverSgetrs(h.get(), HIPSOLVER_OP_N, 3, 1, a.data(), 3, ipiv, b.data(), 3,
                        reinterpret_cast<float*>(work.data()), 1024,
                        &info) == HIPSOLVER_STATUS_INTERNAL_ERROR);
  CHECK(last->calls == before);
  CHECK(hipsolverSgetrs(h.get(), HIPSOLVER_OP_N, 3, 1, a.data(), 3, ipiv, b.data(), 3,
                        reinterpret_cast<float*>(work.data()), 1024,
                        nullptr) == HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK(hipsolverSgetrs(h.get(), static_cast<hipsolverOperation_t>(7), 3, 1, a.data(), 3, ipiv,
                        b.data(), 3, nullptr, 0, &info) == HIPSOLVER_STATUS_INVALID_ENUM);
  REQUIRE(hipsolverSgetrs_bufferSize(h.get(), HIPSOLVER_OP_T, 3, 1, nullptr, 3, nullptr, nullptr, 3,
                                     &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 320);

  // A NULL devIpiv: rocSOLVER's getrf_npvt. A NULL work: rocBLAS holds the queried size itself
  // (more than the caller's 1024 bytes it had).
  REQUIRE(hipsolverSgetrf(h.get(), 3, 3, a.data(), 3, nullptr, 0, nullptr, &info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_sgetrf_npvt");
  CHECK(last->ptrs[0] == &info);
  CHECK(std::string(blas->name) == "rocblas_set_device_memory_size");
  CHECK(blas->sizes[0] == 2048);
  CHECK(h.roc()->workspace == nullptr);
  // Already that much: not set again.
  std::strcpy(blas->name, "none");
  REQUIRE(hipsolverSgetrf(h.get(), 3, 3, a.data(), 3, nullptr, 0, ipiv, &info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(blas->name) == "none");
  CHECK(std::string(last->name) == "rocsolver_sgetrf");
  // After a caller's work, large enough or not, rocBLAS gets memory of its own again: that work
  // may be gone.
  std::vector<char> big(8192);
  REQUIRE(hipsolverSgetrf(h.get(), 3, 3, a.data(), 3, reinterpret_cast<float*>(big.data()), 8192,
                          ipiv, &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(h.roc()->workspace == big.data());
  REQUIRE(hipsolverSgetrf(h.get(), 3, 3, a.data(), 3, nullptr, 0, ipiv, &info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(blas->name) == "rocblas_set_device_memory_size");
  CHECK(blas->sizes[0] == 2048);
  CHECK(h.roc()->workspace == nullptr);
}

TEST_CASE("AMD potrf, potrfBatched, geqrf, ormqr: enums and info as rocSOLVER sees them",
          "[rocm]") {
  AmdHandle h;
  FakeRocsolverLast* last = solverLast();
  int lwork = 0, info = -1;
  REQUIRE(hipsolverSpotrf_bufferSize(h.get(), HIPSOLVER_FILL_MODE_UPPER, 4, nullptr, 4, &lwork) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 512);
  float a[16] = {}, work[128];
  REQUIRE(hipsolverSpotrf(h.get(), HIPSOLVER_FILL_MODE_UPPER, 4, a, 4, work, 512, &info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_spotrf");
  CHECK(last->ints[0] == 121);
  CHECK(last->ptrs[0] == &info);
  CHECK(info == 0);
  double da[4], dwork[64];
  REQUIRE(hipsolverDpotrf(h.get(), HIPSOLVER_FILL_MODE_LOWER, 2, da, 2, dwork, 512, &info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_dpotrf");
  CHECK(last->ints[0] == 122);
  // hipSOLVER's FULL fill is not rocSOLVER's: refused before any call.
  CHECK(hipsolverSpotrf(h.get(), HIPBLAS_FILL_MODE_FULL, 4, a, 4, work, 512, &info) ==
        HIPSOLVER_STATUS_INVALID_ENUM);
  float* batch[2] = {a, a + 4};
  int infos[2];
  REQUIRE(hipsolverSpotrfBatched_bufferSize(h.get(), HIPSOLVER_FILL_MODE_LOWER, 2, batch, 2, &lwork,
                                            2) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 640);
  REQUIRE(hipsolverSpotrfBatched(h.get(), HIPSOLVER_FILL_MODE_LOWER, 2, batch, 2, work, 512, infos,
                                 2) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_spotrf_batched");
  CHECK(last->ints[0] == 122);
  CHECK(last->ints[3] == 2);  // batch_count
  CHECK(last->ptrs[1] == batch);
  // potrs, potrsBatched, geqrf and ormqr zero their info first: refused without a device.
  CHECK(hipsolverSpotrs(h.get(), HIPSOLVER_FILL_MODE_LOWER, 2, 1, a, 2, a, 2, work, 512, &info) ==
        HIPSOLVER_STATUS_INTERNAL_ERROR);
  CHECK(hipsolverSgeqrf(h.get(), 4, 4, a, 4, a, work, 512, &info) ==
        HIPSOLVER_STATUS_INTERNAL_ERROR);
  REQUIRE(hipsolverSgeqrf_bufferSize(h.get(), 4, 4, nullptr, 4, &lwork) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 448);
  REQUIRE(hipsolverSormqr_bufferSize(h.get(), HIPSOLVER_SIDE_RIGHT, HIPSOLVER_OP_T, 4, 3, 2,
                                     nullptr, 4, nullptr, nullptr, 4,
                                     &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 512);
  CHECK(hipsolverSormqr_bufferSize(h.get(), HIPBLAS_SIDE_BOTH, HIPSOLVER_OP_T, 4, 3, 2, nullptr, 4,
                                   nullptr, nullptr, 4, &lwork) == HIPSOLVER_STATUS_INVALID_ENUM);
  CHECK_FALSE(h.roc()->querying);
}

TEST_CASE("AMD gesvd and syevd: characters, scratch arrays off the workspace", "[rocm]") {
  AmdHandle h;
  FakeRocsolverLast* last = solverLast();
  int lwork = 0, info = -1;
  // rocSOLVER's 700 and the rwork array of min(m, n) floats, each rounded to 64.
  REQUIRE(hipsolverSgesvd_bufferSize(h.get(), 'A', 'N', 6, 5, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 704 + 64);
  CHECK(hipsolverSgesvd_bufferSize(h.get(), 'X', 'N', 6, 5, &lwork) ==
        HIPSOLVER_STATUS_INVALID_VALUE);
  CHECK_FALSE(h.roc()->querying);
  float a[30], s[5], u[36], v[25], rwork[5];
  std::vector<float> work(256);
  REQUIRE(hipsolverSgesvd(h.get(), 'S', 'O', 6, 5, a, 6, s, u, 6, v, 5, work.data(), 1024, nullptr,
                          &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_sgesvd");
  CHECK(last->ints[0] == 192);          // rocblas_svect_singular
  CHECK(last->ints[1] == 193);          // overwrite
  CHECK(last->ints[7] == 201);          // rocblas_outofplace
  CHECK(last->ptrs[0] == work.data());  // rwork from the front of work
  CHECK(h.roc()->workspace == work.data() + 5);
  CHECK(h.roc()->workspaceBytes == 1024 - 5 * sizeof(float));
  REQUIRE(hipsolverSgesvd(h.get(), 'N', 'A', 6, 5, a, 6, s, u, 6, v, 5, work.data(), 1024, rwork,
                          &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(last->ints[0] == 194);
  CHECK(last->ints[1] == 191);
  CHECK(last->ptrs[0] == rwork);  // the caller's
  CHECK(h.roc()->workspace == work.data());
  CHECK(hipsolverSgesvd(h.get(), 'N', 'Q', 6, 5, a, 6, s, u, 6, v, 5, work.data(), 1024, rwork,
                        &info) == HIPSOLVER_STATUS_INVALID_VALUE);
  // Without a workspace the rwork array is taken on the stream: no device here.
  CHECK(hipsolverSgesvd(h.get(), 'N', 'N', 6, 5, a, 6, s, u, 6, v, 5, nullptr, 0, nullptr, &info) ==
        HIPSOLVER_STATUS_ALLOC_FAILED);

  REQUIRE(hipsolverSsyevd_bufferSize(h.get(), HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_LOWER,
                                     4, nullptr, 4, nullptr, &lwork) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(lwork == 960 + 64);
  float d[4];
  REQUIRE(hipsolverSsyevd(h.get(), HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_LOWER, 4, a, 4, d,
                          work.data(), 1024, &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_ssyevd");
  CHECK(last->ints[0] == 211);  // rocblas_evect_original
  CHECK(last->ints[1] == 122);
  CHECK(last->ptrs[0] == work.data());  // E
  CHECK(last->ptrs[1] == &info);
  CHECK(h.roc()->workspace == work.data() + 4);
  hipComplex ca[16], cwork[128];
  REQUIRE(hipsolverCheevd(h.get(), HIPSOLVER_EIG_MODE_NOVECTOR, HIPSOLVER_FILL_MODE_UPPER, 4, ca, 4,
                          d, cwork, 1024, &info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_cheevd");
  CHECK(last->ints[0] == 213);
  CHECK(last->ints[1] == 121);
  CHECK(last->ptrs[0] == cwork);
}

TEST_CASE("AMD handles: stream, deterministic mode, destroy; no rocSOLVER row is NOT_SUPPORTED",
          "[rocm]") {
  AmdHandle h;
  // rocBLAS takes the hipStream_t itself (never looked up: any value reaches it).
  auto* stream = reinterpret_cast<hipStream_t>(0x5150);
  REQUIRE(hipsolverSetStream(h.get(), stream) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(h.roc()->stream == stream);
  hipStream_t got = nullptr;
  REQUIRE(hipsolverGetStream(h.get(), &got) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(got == stream);
  REQUIRE(hipsolverSetDeterministicMode(h.get(), HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(h.roc()->atomics == 1);
  hipsolverDeterministicMode_t mode = HIPSOLVER_DETERMINISTIC_RESULTS;
  REQUIRE(hipsolverGetDeterministicMode(h.get(), &mode) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(mode == HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS);
  CHECK(hipsolverSetDeterministicMode(h.get(), static_cast<hipsolverDeterministicMode_t>(3)) ==
        HIPSOLVER_STATUS_INVALID_ENUM);
  // Functions without a rocSOLVER path, regular and compatibility API.
  float a[4], work[4];
  int ipiv[2], info, lwork;
  CHECK(hipsolverSsytrf(h.get(), HIPSOLVER_FILL_MODE_LOWER, 2, a, 2, ipiv, work, 4, &info) ==
        HIPSOLVER_STATUS_NOT_SUPPORTED);
  CHECK(hipsolverDnSgetrf(h.get(), 2, 2, a, 2, work, ipiv, &info) ==
        HIPSOLVER_STATUS_NOT_SUPPORTED);
  CHECK(hipsolverDnSgetrf_bufferSize(h.get(), 2, 2, a, 2, &lwork) ==
        HIPSOLVER_STATUS_NOT_SUPPORTED);
  // Destroy (a handle as hipsolverCreate allocates it): rocBLAS's handle destroyed.
  auto* made = new Handle{};
  made->vendor = Vendor::rocm;
  REQUIRE(fakeSymbol<int(void**)>(Lib::rocblas, "rocblas_create_handle")(&made->native) == 0);
  FakeRocblasLast* blas = blasLast();
  void* native = made->native;
  REQUIRE(hipsolverDestroy(made) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(blas->name) == "rocblas_destroy_handle");
  CHECK(blas->handle == native);
}

// In its own process (hipsolver.cpu.amd): unihip's fake ROCr (UNIHIP_HSA_LIBRARY) gives an AMD
// device whose "device memory" is host memory, so the whole path runs: hipsolverCreate on it,
// the stream, infos zeroed and scratch arrays taken on the stream.
TEST_CASE("on an AMD device: hipsolverCreate, getrf/getrs, zeroed infos, stream-ordered scratch",
          "[amd-device]") {
  int count = 0, amd = -1;
  REQUIRE(hipGetDeviceCount(&count) == hipSuccess);
  for (int d = 0; d < count && amd < 0; ++d)
    if (std::strcmp(unihipGetDeviceBackendName(d), "hsa") == 0) amd = d;
  REQUIRE(amd >= 0);
  REQUIRE(hipSetDevice(amd) == hipSuccess);
  hipsolverHandle_t handle = nullptr;
  REQUIRE(hipsolverCreate(&handle) == HIPSOLVER_STATUS_SUCCESS);
  Handle* h = toHandle(handle);
  REQUIRE(h != nullptr);
  CHECK(h->vendor == Vendor::rocm);
  auto* roc = static_cast<FakeRocblasHandle*>(h->native);
  hipStream_t stream = nullptr;
  REQUIRE(hipStreamCreate(&stream) == hipSuccess);
  REQUIRE(hipsolverSetStream(handle, stream) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(roc->stream == stream);

  // A x = b, x = (1, 2, 3), in device memory; no workspace given.
  const float a0[9] = {1, 2, 4, 2, 1, 3, 3, 5, 1};
  float b0[3] = {};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) b0[i] += a0[i + 3 * j] * (j + 1);
  float *A = nullptr, *B = nullptr;
  int *ipiv = nullptr, *info = nullptr;
  REQUIRE(hipMalloc(&A, sizeof a0) == hipSuccess);
  REQUIRE(hipMalloc(&B, sizeof b0) == hipSuccess);
  REQUIRE(hipMalloc(&ipiv, 3 * sizeof(int)) == hipSuccess);
  REQUIRE(hipMalloc(&info, 2 * sizeof(int)) == hipSuccess);
  REQUIRE(hipMemcpy(A, a0, sizeof a0, hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipMemcpy(B, b0, sizeof b0, hipMemcpyHostToDevice) == hipSuccess);
  const int seven[2] = {7, 7};
  REQUIRE(hipMemcpy(info, seven, sizeof seven, hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipsolverSgetrf(handle, 3, 3, A, 3, nullptr, 0, ipiv, info) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(roc->deviceMemory == 2048);  // rocBLAS holds the queried size
  REQUIRE(hipStreamSynchronize(stream) == hipSuccess);
  REQUIRE(hipMemcpy(info, seven, sizeof seven, hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipsolverSgetrs(handle, HIPSOLVER_OP_N, 3, 1, A, 3, ipiv, B, 3, nullptr, 0, info) ==
          HIPSOLVER_STATUS_SUCCESS);
  REQUIRE(hipStreamSynchronize(stream) == hipSuccess);
  float x[3];
  int got[2];
  REQUIRE(hipMemcpy(x, B, sizeof x, hipMemcpyDeviceToHost) == hipSuccess);
  REQUIRE(hipMemcpy(got, info, sizeof got, hipMemcpyDeviceToHost) == hipSuccess);
  for (int i = 0; i < 3; ++i) CHECK(std::fabs(x[i] - (i + 1)) < 1e-5f);
  CHECK(got[0] == 0);  // zeroed: rocSOLVER's getrs has no info
  CHECK(got[1] == 7);  // one info, not two

  // potrsBatched zeroes batch_count infos.
  REQUIRE(hipMemcpy(info, seven, sizeof seven, hipMemcpyHostToDevice) == hipSuccess);
  float* As[2] = {A, A};
  FakeRocsolverLast* last = solverLast();
  REQUIRE(hipsolverSpotrsBatched(handle, HIPSOLVER_FILL_MODE_LOWER, 3, 1, As, 3, As, 3, nullptr, 0,
                                 info, 2) == HIPSOLVER_STATUS_SUCCESS);
  REQUIRE(hipStreamSynchronize(stream) == hipSuccess);
  REQUIRE(hipMemcpy(got, info, sizeof got, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(got[0] == 0);
  CHECK(got[1] == 0);
  CHECK(std::string(last->name) == "rocsolver_spotrs_batched");
  CHECK(last->ints[5] == 2);
  // gesvd without a workspace: rwork taken on the stream, given back after the call.
  float s[3], u[9], v[9];
  REQUIRE(hipsolverSgesvd(handle, 'N', 'N', 3, 3, A, 3, s, u, 3, v, 3, nullptr, 0, nullptr, info) ==
          HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(last->name) == "rocsolver_sgesvd");
  CHECK(last->ptrs[0] != nullptr);
  CHECK(hipStreamSynchronize(stream) == hipSuccess);

  // No rocSOLVER path for the sparse and refactorization APIs.
  hipsolverSpHandle_t sp = nullptr;
  CHECK(hipsolverSpCreate(&sp) == HIPSOLVER_STATUS_NOT_SUPPORTED);
  hipsolverRfHandle_t rf = nullptr;
  CHECK(hipsolverRfCreate(&rf) == HIPSOLVER_STATUS_NOT_SUPPORTED);
  FakeRocblasLast* blas = blasLast();
  REQUIRE(hipsolverDestroy(handle) == HIPSOLVER_STATUS_SUCCESS);
  CHECK(std::string(blas->name) == "rocblas_destroy_handle");
  CHECK(hipFree(A) == hipSuccess);
  CHECK(hipFree(B) == hipSuccess);
  CHECK(hipFree(ipiv) == hipSuccess);
  CHECK(hipFree(info) == hipSuccess);
  CHECK(hipStreamDestroy(stream) == hipSuccess);
}

// In hipsolver.cpu.absent: rocBLAS there (the fake), rocSOLVER missing.
TEST_CASE("an absent rocSOLVER: NOT_INITIALIZED, the query mode left", "[absent]") {
  std::string why;
  REQUIRE(vendorLibrary(Lib::rocsolver, &why) == nullptr);
  CHECK(why.find("/nonexistent/librocsolver.so") != std::string::npos);
  AmdHandle h;
  int lwork = -1, info = 0;
  CHECK(hipsolverSgetrf_bufferSize(h.get(), 3, 3, nullptr, 3, &lwork) ==
        HIPSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(lwork == 0);
  CHECK_FALSE(h.roc()->querying);
  float a[9], work[16];
  CHECK(hipsolverSpotrf(h.get(), HIPSOLVER_FILL_MODE_LOWER, 3, a, 3, work, 64, &info) ==
        HIPSOLVER_STATUS_NOT_INITIALIZED);
}
