// hipSPARSE without a GPU: AMD's values, the status and enum tables, the handle checks of every
// generated function (probes.inc), and the forwarders run against a fake cuSPARSE
// (fake_cusparse.cpp, named by UNIHIP_CUSPARSE_LIBRARY) or a missing one (tag [absent], run in
// its own process).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <hipsparse/hipsparse.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "enum_map.h"
#include "fake_cusparse.h"
#include "handle.h"
#include "status_map.h"
#include "vendor.h"

using namespace unihip::sparse;

#include "probes.inc"

namespace {

// A live handle on the (fake or absent) cuSPARSE, without a device.
struct LiveHandle {
  Handle h;
  LiveHandle() { h.native = reinterpret_cast<void*>(0x1234); }
  hipsparseHandle_t get() { return &h; }
};

FakeCusparseLast* fakeLast() {
  void* so = cusparseLibrary();
  REQUIRE(so != nullptr);
  auto* last = static_cast<FakeCusparseLast*>(dlsym(so, "fakeCusparseLast"));
  REQUIRE(last != nullptr);
  return last;
}

}  // namespace

TEST_CASE("AMD's enum values", "[enums]") {
  STATIC_REQUIRE(HIPSPARSE_STATUS_NOT_SUPPORTED == 10);
  STATIC_REQUIRE(HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES == 11);
  STATIC_REQUIRE(HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE == 2);
  STATIC_REQUIRE(HIPSPARSE_MATRIX_TYPE_TRIANGULAR == 3);
  STATIC_REQUIRE(HIPSPARSE_HYB_PARTITION_MAX == 2);
  STATIC_REQUIRE(HIPSPARSE_DIRECTION_COLUMN == 1);
  STATIC_REQUIRE(HIPSPARSE_CSR2CSC_ALG2 == 2);
  STATIC_REQUIRE(HIPSPARSE_FORMAT_BLOCKED_ELL == 5);
  STATIC_REQUIRE(HIPSPARSE_ORDER_ROW == 2);
  STATIC_REQUIRE(HIPSPARSE_INDEX_64I == 3);
  STATIC_REQUIRE(HIPSPARSE_SPMV_COO_ALG2 == 4);
  STATIC_REQUIRE(HIPSPARSE_SPMM_COO_ALG4 == 5);
  STATIC_REQUIRE(HIPSPARSE_SPMM_CSR_ALG3 == 12);
  STATIC_REQUIRE(HIPSPARSE_SPMM_BLOCKED_ELL_ALG1 == 13);
  STATIC_REQUIRE(HIPSPARSE_SPGEMM_ALG3 == 5);
  STATIC_REQUIRE(HIPSPARSE_SPMAT_DIAG_TYPE == 1);
  STATIC_REQUIRE(hipsparseVersionMajor == 4);
}

TEST_CASE("cuSPARSE's statuses map completely", "[status]") {
  const int rows[][2] = {{0, HIPSPARSE_STATUS_SUCCESS},
                         {1, HIPSPARSE_STATUS_NOT_INITIALIZED},
                         {2, HIPSPARSE_STATUS_ALLOC_FAILED},
                         {3, HIPSPARSE_STATUS_INVALID_VALUE},
                         {4, HIPSPARSE_STATUS_ARCH_MISMATCH},
                         {5, HIPSPARSE_STATUS_MAPPING_ERROR},
                         {6, HIPSPARSE_STATUS_EXECUTION_FAILED},
                         {7, HIPSPARSE_STATUS_INTERNAL_ERROR},
                         {8, HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED},
                         {9, HIPSPARSE_STATUS_ZERO_PIVOT},
                         {10, HIPSPARSE_STATUS_NOT_SUPPORTED},
                         {11, HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES},
                         {12, HIPSPARSE_STATUS_INTERNAL_ERROR},
                         {-1, HIPSPARSE_STATUS_INTERNAL_ERROR}};
  for (auto& r : rows) CHECK(fromCusparse(r[0]) == r[1]);
}

TEST_CASE("hipsparseGetErrorName and GetErrorString", "[status]") {
  CHECK(std::string(hipsparseGetErrorName(HIPSPARSE_STATUS_SUCCESS)) == "CUSPARSE_STATUS_SUCCESS");
  CHECK(std::string(hipsparseGetErrorName(HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES)) ==
        "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES");
  CHECK(std::string(hipsparseGetErrorName(static_cast<hipsparseStatus_t>(12))) ==
        "Unrecognized status code");
  CHECK(std::string(hipsparseGetErrorString(HIPSPARSE_STATUS_ZERO_PIVOT)) == "zero pivot was computed");
  CHECK(std::string(hipsparseGetErrorString(static_cast<hipsparseStatus_t>(-1))) ==
        "Unrecognized status code");
}

TEST_CASE("enums map to cuSPARSE's values by table", "[enums]") {
  // The one enum cuSPARSE numbers differently.
  CHECK(cudaValue(HIPSPARSE_CSR2CSC_ALG_DEFAULT) == 1);
  CHECK(cudaValue(HIPSPARSE_CSR2CSC_ALG1) == 1);
  CHECK(cudaValue(HIPSPARSE_CSR2CSC_ALG2) == kAbsent);
  CHECK(cudaValue(static_cast<hipsparseCsr2CscAlg_t>(3)) == kInvalid);
  // Values hipSPARSE has and cuSPARSE 12 does not.
  CHECK(cudaValue(HIPSPARSE_FORMAT_COO_AOS) == kAbsent);
  CHECK(cudaValue(HIPSPARSE_HYB_PARTITION_USER) == kAbsent);
  CHECK(cudaValue(HIP_R_8F_E4M3_FNUZ) == kAbsent);
  CHECK(check(HIP_R_8F_E5M2_FNUZ) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  // The shared ones, at their ends and just past them.
  CHECK(cudaValue(HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE) == 2);
  CHECK(cudaValue(static_cast<hipsparseOperation_t>(3)) == kInvalid);
  CHECK(cudaValue(HIPSPARSE_ORDER_ROW) == 2);
  CHECK(cudaValue(static_cast<hipsparseOrder_t>(0)) == kInvalid);
  CHECK(cudaValue(HIPSPARSE_INDEX_16U) == 1);
  CHECK(cudaValue(static_cast<hipsparseIndexType_t>(4)) == kInvalid);
  CHECK(cudaValue(HIPSPARSE_SPMM_CSR_ALG3) == 12);
  CHECK(cudaValue(HIPSPARSE_SPMM_BLOCKED_ELL_ALG1) == 13);
  CHECK(cudaValue(static_cast<hipsparseSpMMAlg_t>(7)) == kInvalid);
  CHECK(cudaValue(HIPSPARSE_SPGEMM_ALG3) == 5);
  CHECK(cudaValue(static_cast<hipsparseSpGEMMAlg_t>(6)) == kInvalid);
  CHECK(cudaValue(HIP_R_4F_E2M1) == 33);
  CHECK(cudaValue(HIP_C_64F) == 5);
  CHECK(check(static_cast<hipDataType>(34)) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(check(static_cast<hipsparseSpSVAlg_t>(1)) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(check(3.5) == HIPSPARSE_STATUS_SUCCESS);  // not an enum: passes
}

TEST_CASE("every function with a handle refuses a NULL or destroyed one", "[handle]") {
  LiveHandle dead;
  dead.h.magic = 0;  // what hipsparseDestroy leaves
  int withHandle = 0;
  for (const Probe& p : kProbes) {
    if (!p.hasHandle) continue;
    ++withHandle;
    INFO(p.name);
    CHECK(p.plain(nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
    CHECK(p.plain(dead.get()) == HIPSPARSE_STATUS_INVALID_VALUE);
  }
  CHECK(withHandle > 300);
  CHECK(hipsparseCreate(nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseDestroy(nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseDestroy(dead.get()) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseSetStream(nullptr, nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  hipStream_t s = nullptr;
  CHECK(hipsparseGetStream(nullptr, &s) == HIPSPARSE_STATUS_INVALID_VALUE);
  int version = 0;
  char rev[64];
  CHECK(hipsparseGetVersion(nullptr, &version) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(hipsparseGetGitRevision(nullptr, rev) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  LiveHandle live;
  CHECK(hipsparseGetStream(live.get(), nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseGetVersion(live.get(), nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseGetGitRevision(live.get(), nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  REQUIRE(hipsparseGetVersion(live.get(), &version) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(version == 400200);
}

TEST_CASE("every function refuses an enum out of range before calling cuSPARSE", "[enums]") {
  LiveHandle live;
  int withEnum = 0;
  for (const Probe& p : kProbes) {
    if (p.badEnum == nullptr) continue;
    ++withEnum;
    INFO(p.name);
    CHECK(p.badEnum(live.get()) == HIPSPARSE_STATUS_INVALID_VALUE);
  }
  CHECK(withEnum > 250);
}

TEST_CASE("a function cuSPARSE 12 lacks is NOT_SUPPORTED", "[handle]") {
  LiveHandle live;
  int unsupported = 0;
  for (const Probe& p : kProbes) {
    if (p.forwarded) continue;
    ++unsupported;
    INFO(p.name);
    CHECK(p.plain(live.get()) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  }
  CHECK(unsupported > 100);
}

TEST_CASE("hipsparseCreate without a device is NOT_INITIALIZED", "[handle]") {
  int count = 0;
  if (hipGetDeviceCount(&count) == hipSuccess && count > 0) return;  // covered by hipsparse.gpu
  hipsparseHandle_t h = reinterpret_cast<hipsparseHandle_t>(0x1);
  CHECK(hipsparseCreate(&h) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(h == reinterpret_cast<hipsparseHandle_t>(0x1));  // untouched on failure
}

TEST_CASE("matrix descriptors: NULL ones and the manual calls", "[descr]") {
  CHECK(hipsparseGetMatType(nullptr) == HIPSPARSE_MATRIX_TYPE_GENERAL);
  CHECK(hipsparseGetMatFillMode(nullptr) == HIPSPARSE_FILL_MODE_LOWER);
  CHECK(hipsparseGetMatDiagType(nullptr) == HIPSPARSE_DIAG_TYPE_NON_UNIT);
  CHECK(hipsparseGetMatIndexBase(nullptr) == HIPSPARSE_INDEX_BASE_ZERO);
  int x = 0;
  CHECK(hipsparseCopyMatDescr(nullptr, &x) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseCopyMatDescr(&x, nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseCopyMatDescr(&x, &x) == HIPSPARSE_STATUS_INVALID_VALUE);
}

TEST_CASE("descriptors go to cuSPARSE and come back mapped", "[fake]") {
  hipsparseMatDescr_t a = nullptr, b = nullptr;
  REQUIRE(hipsparseCreateMatDescr(&a) == HIPSPARSE_STATUS_SUCCESS);
  REQUIRE(hipsparseCreateMatDescr(&b) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseCreateMatDescr(nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);  // cuSPARSE's answer
  CHECK(hipsparseSetMatType(a, HIPSPARSE_MATRIX_TYPE_TRIANGULAR) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseSetMatFillMode(a, HIPSPARSE_FILL_MODE_UPPER) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseSetMatDiagType(a, HIPSPARSE_DIAG_TYPE_UNIT) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseSetMatIndexBase(a, HIPSPARSE_INDEX_BASE_ONE) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseGetMatType(a) == HIPSPARSE_MATRIX_TYPE_TRIANGULAR);
  CHECK(hipsparseGetMatFillMode(a) == HIPSPARSE_FILL_MODE_UPPER);
  CHECK(hipsparseGetMatDiagType(a) == HIPSPARSE_DIAG_TYPE_UNIT);
  CHECK(hipsparseGetMatIndexBase(a) == HIPSPARSE_INDEX_BASE_ONE);
  REQUIRE(hipsparseCopyMatDescr(b, a) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseGetMatType(b) == HIPSPARSE_MATRIX_TYPE_TRIANGULAR);
  CHECK(hipsparseGetMatFillMode(b) == HIPSPARSE_FILL_MODE_UPPER);
  CHECK(hipsparseGetMatDiagType(b) == HIPSPARSE_DIAG_TYPE_UNIT);
  CHECK(hipsparseGetMatIndexBase(b) == HIPSPARSE_INDEX_BASE_ONE);
  CHECK(hipsparseSetMatType(nullptr, HIPSPARSE_MATRIX_TYPE_GENERAL) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(hipsparseDestroyMatDescr(a) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseDestroyMatDescr(b) == HIPSPARSE_STATUS_SUCCESS);
}

TEST_CASE("generic SpMV reaches cuSPARSE with its arguments", "[fake]") {
  LiveHandle h;
  FakeCusparseLast* last = fakeLast();
  // [[1 0 2], [0 3 0]] in one-based CSR.
  int rowPtr[] = {1, 3, 4}, colInd[] = {1, 3, 2};
  float values[] = {1, 2, 3}, x[] = {1, 10, 100}, y[] = {5, 7};
  hipsparseSpMatDescr_t A = nullptr;
  hipsparseDnVecDescr_t X = nullptr, Y = nullptr;
  REQUIRE(hipsparseCreateCsr(&A, 2, 3, 3, rowPtr, colInd, values, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ONE, HIP_R_32F) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[0] == 2);
  CHECK(last->ints[2] == 1);
  CHECK(last->ints[3] == 0);
  REQUIRE(hipsparseCreateDnVec(&X, 3, x, HIP_R_32F) == HIPSPARSE_STATUS_SUCCESS);
  REQUIRE(hipsparseCreateDnVec(&Y, 2, y, HIP_R_32F) == HIPSPARSE_STATUS_SUCCESS);
  const float alpha = 2, beta = -1;
  int buffer = 0;
  REQUIRE(hipsparseSpMV(h.get(), HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
                        HIP_R_32F, HIPSPARSE_SPMV_CSR_ALG2, &buffer) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->handle == h.h.native);
  CHECK(last->ints[2] == 3);  // CSR_ALG2
  CHECK(last->ptr == &buffer);
  CHECK(y[0] == 2 * 201 - 5);
  CHECK(y[1] == 2 * 30 - 7);
  // cuSPARSE's own refusal comes back mapped.
  CHECK(hipsparseSpMV(h.get(), HIPSPARSE_OPERATION_TRANSPOSE, &alpha, A, X, &beta, Y, HIP_R_32F,
                      HIPSPARSE_SPMV_ALG_DEFAULT, nullptr) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  CHECK(last->ints[0] == 1);
  // A type cuSPARSE lacks never reaches it.
  last->ints[1] = -1;
  CHECK(hipsparseSpMV(h.get(), HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
                      HIP_R_8F_E4M3_FNUZ, HIPSPARSE_SPMV_ALG_DEFAULT, nullptr) ==
        HIPSPARSE_STATUS_NOT_SUPPORTED);
  CHECK(last->ints[1] == -1);
  CHECK(hipsparseDestroySpMat(A) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseDestroyDnVec(X) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseDestroyDnVec(Y) == HIPSPARSE_STATUS_SUCCESS);
}

TEST_CASE("Csr2cscEx2's algorithm is renumbered for cuSPARSE", "[fake]") {
  LiveHandle h;
  FakeCusparseLast* last = fakeLast();
  size_t size = 0;
  REQUIRE(hipsparseCsr2cscEx2_bufferSize(h.get(), 4, 5, 6, nullptr, nullptr, nullptr, nullptr,
                                         nullptr, nullptr, HIP_C_64F, HIPSPARSE_ACTION_NUMERIC,
                                         HIPSPARSE_INDEX_BASE_ONE, HIPSPARSE_CSR2CSC_ALG_DEFAULT,
                                         &size) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(size == 4096);
  const int want[] = {5, 1, 1, 1};  // CUDA_C_64F, NUMERIC, base one, CUSPARSE_CSR2CSC_ALG1
  for (int i = 0; i < 4; ++i) CHECK(last->ints[i] == want[i]);
  CHECK(last->sizes[2] == 6);
  CHECK(hipsparseCsr2cscEx2_bufferSize(h.get(), 4, 5, 6, nullptr, nullptr, nullptr, nullptr,
                                       nullptr, nullptr, HIP_R_32F, HIPSPARSE_ACTION_NUMERIC,
                                       HIPSPARSE_INDEX_BASE_ZERO, HIPSPARSE_CSR2CSC_ALG2,
                                       &size) == HIPSPARSE_STATUS_NOT_SUPPORTED);
}

TEST_CASE("csr2csc is Csr2cscEx2 with its buffer on the handle's stream", "[fake]") {
  LiveHandle h;
  FakeCusparseLast* last = fakeLast();
  int rowInd = 0, colPtr = 0;
  // No entries: no buffer needed, both calls reach cuSPARSE.
  REQUIRE(hipsparseScsr2csc(h.get(), 4, 5, 0, nullptr, nullptr, nullptr, nullptr, &rowInd, &colPtr,
                            HIPSPARSE_ACTION_SYMBOLIC, HIPSPARSE_INDEX_BASE_ONE) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ptr == &colPtr);  // Ex2 takes the column pointers first
  CHECK(last->ptr2 == &rowInd);
  const int want[] = {0, 0, 1, 1};  // CUDA_R_32F, SYMBOLIC, base one, CUSPARSE_CSR2CSC_ALG1
  for (int i = 0; i < 4; ++i) CHECK(last->ints[i] == want[i]);
  REQUIRE(hipsparseZcsr2csc(h.get(), 4, 5, 0, nullptr, nullptr, nullptr, nullptr, &rowInd, &colPtr,
                            HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ZERO) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[0] == 5);  // CUDA_C_64F
  CHECK(last->ints[1] == 1);
  // A buffer is needed and no device can give one.
  CHECK(hipsparseDcsr2csc(h.get(), 4, 5, 6, nullptr, nullptr, nullptr, nullptr, &rowInd, &colPtr,
                          HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ZERO) ==
        HIPSPARSE_STATUS_ALLOC_FAILED);
}

TEST_CASE("legacy calls cuSPARSE 12 still has: coo2csr, pointer mode, nnz", "[fake]") {
  LiveHandle h;
  FakeCusparseLast* last = fakeLast();
  const int coo[] = {0, 0, 2, 3, 3};
  int csr[5] = {};
  REQUIRE(hipsparseXcoo2csr(h.get(), coo, 5, 4, csr, HIPSPARSE_INDEX_BASE_ZERO) ==
          HIPSPARSE_STATUS_SUCCESS);
  const int want[] = {0, 2, 2, 3, 5};
  for (int i = 0; i < 5; ++i) CHECK(csr[i] == want[i]);
  CHECK(hipsparseXcoo2csr(h.get(), coo, -1, 4, csr, HIPSPARSE_INDEX_BASE_ZERO) ==
        HIPSPARSE_STATUS_INVALID_VALUE);
  REQUIRE(hipsparseSetPointerMode(h.get(), HIPSPARSE_POINTER_MODE_DEVICE) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[0] == 1);
  hipsparsePointerMode_t mode = HIPSPARSE_POINTER_MODE_HOST;
  REQUIRE(hipsparseGetPointerMode(h.get(), &mode) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(mode == HIPSPARSE_POINTER_MODE_DEVICE);
  // Every cuSPARSE status comes back through the forwarder mapped (the fake answers m).
  for (int s = 0; s <= 11; ++s) {
    CHECK(hipsparseSnnz(h.get(), HIPSPARSE_DIRECTION_COLUMN, s, 1, nullptr, nullptr, 1, nullptr,
                        nullptr) == fromCusparse(s));
    CHECK(last->ints[0] == 1);
  }
}

TEST_CASE("widened, cast and dropped arguments", "[fake]") {
  LiveHandle h;
  FakeCusparseLast* last = fakeLast();
  size_t size = 0;
  REQUIRE(hipsparseScsrilu02_bufferSizeExt(h.get(), 8, 9, nullptr, nullptr, nullptr, nullptr,
                                           nullptr, &size) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(size == 12345);
  CHECK(last->ints[1] == 9);
  CHECK(hipsparseScsrilu02_bufferSizeExt(h.get(), 8, 9, nullptr, nullptr, nullptr, nullptr,
                                         nullptr, nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  REQUIRE(hipsparseDpruneDense2csrByPercentage_bufferSizeExt(h.get(), 3, 4, nullptr, 5, 37.5,
                                                             nullptr, nullptr, nullptr, nullptr,
                                                             nullptr, &size) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->real == 37.5);  // arrived as a float, not as a double's bits
  CHECK(last->ints[2] == 5);
  CHECK(size == 77);
  int descrStandIn = 0, buffer = 0;
  REQUIRE(hipsparseSpSM_solve(h.get(), HIPSPARSE_OPERATION_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                              nullptr, nullptr, nullptr, nullptr, HIP_R_64F, HIPSPARSE_SPSM_ALG_DEFAULT,
                              reinterpret_cast<hipsparseSpSMDescr_t>(&descrStandIn),
                              &buffer) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ptr == &descrStandIn);  // the buffer is not passed on
  const int want[] = {1, 0, 1, 0};
  for (int i = 0; i < 4; ++i) CHECK(last->ints[i] == want[i]);
}

TEST_CASE("the revision names cuSPARSE's version", "[fake]") {
  LiveHandle h;
  char rev[64] = {};
  REQUIRE(hipsparseGetGitRevision(h.get(), rev) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(rev) == "unihip (cuSPARSE 12.6.3)");
  // No device here: the stream cannot be resolved, and the handle keeps its own.
  hipStream_t s = reinterpret_cast<hipStream_t>(0x5);
  CHECK(hipsparseSetStream(h.get(), s) == HIPSPARSE_STATUS_INVALID_VALUE);
  REQUIRE(hipsparseGetStream(h.get(), &s) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(s == nullptr);
}

TEST_CASE("an absent cuSPARSE: one log line, NOT_INITIALIZED", "[absent]") {
  // Its first load, with stderr caught in a file.
  char path[] = "/tmp/hipsparse_absent_XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  std::fflush(stderr);
  const int saved = dup(2);
  dup2(fd, 2);
  std::string why;
  void* so = cusparseLibrary(&why);
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  std::ifstream in(path);
  const std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(path);
  REQUIRE(so == nullptr);
  CHECK(why.find("/nonexistent/libcusparse.so") != std::string::npos);
  CHECK(log.rfind("hipsparse: cuSPARSE unavailable: ", 0) == 0);
  CHECK(log.find("/nonexistent/libcusparse.so") != std::string::npos);
  CHECK(std::count(log.begin(), log.end(), '\n') == 1);

  LiveHandle live;
  for (const Probe& p : kProbes) {
    INFO(p.name);
    const hipsparseStatus_t want =
        p.forwarded ? HIPSPARSE_STATUS_NOT_INITIALIZED : HIPSPARSE_STATUS_NOT_SUPPORTED;
    CHECK(p.plain(live.get()) == want);
  }
  hipsparseMatDescr_t d = nullptr;
  CHECK(hipsparseCreateMatDescr(&d) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(hipsparseGetMatType(&live) == HIPSPARSE_MATRIX_TYPE_GENERAL);
  char rev[64];
  CHECK(hipsparseGetGitRevision(live.get(), rev) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(hipsparseSetStream(live.get(), nullptr) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  int x = 0, y = 0;
  CHECK(hipsparseCopyMatDescr(&x, &y) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  hipsparseHandle_t h = nullptr;
  CHECK(hipsparseCreate(&h) == HIPSPARSE_STATUS_NOT_INITIALIZED);
}
