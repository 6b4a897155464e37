// hipSPARSE's AMD side without a GPU: an AMD device from unihip's fake ROCr (UNIHIP_HSA_LIBRARY
// names tests/hsa's fake), so hipsparseCreate takes the real device query and picks rocSPARSE;
// the forwarders run against a fake rocSPARSE (fake_rocsparse.cpp, UNIHIP_ROCSPARSE_LIBRARY) or a
// missing one (tag [absent], run in its own process).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <hipsparse/hipsparse.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "fake_rocsparse.h"
#include "handle.h"
#include "roc_map.h"
#include "status_map.h"
#include "vendor.h"

using namespace unihip::sparse;

#include "probes.inc"

namespace {

// A handle made by hipsparseCreate on the fake ROCr's device.
struct AmdHandle {
  hipsparseHandle_t h = nullptr;
  AmdHandle() { REQUIRE(hipsparseCreate(&h) == HIPSPARSE_STATUS_SUCCESS); }
  ~AmdHandle() { CHECK(hipsparseDestroy(h) == HIPSPARSE_STATUS_SUCCESS); }
  Handle* raw() { return static_cast<Handle*>(h); }
};

FakeRocsparseLast* fakeLast() {
  void* so = vendorLibrary(Vendor::rocm);
  REQUIRE(so != nullptr);
  auto* last = static_cast<FakeRocsparseLast*>(dlsym(so, "fakeRocsparseLast"));
  REQUIRE(last != nullptr);
  return last;
}

int* fakeStatus() {
  auto* s = static_cast<int*>(dlsym(vendorLibrary(Vendor::rocm), "fakeRocsparseStatus"));
  REQUIRE(s != nullptr);
  return s;
}

}  // namespace

TEST_CASE("the fake ROCr's device is an AMD one", "[device]") {
  int device = -1;
  REQUIRE(hipGetDevice(&device) == hipSuccess);
  REQUIRE(std::string(unihipGetDeviceBackendName(device)) == "hsa");
  CHECK(currentVendor() == Vendor::rocm);
}

TEST_CASE("rocSPARSE's statuses map completely, as AMD's hipSPARSE maps them", "[status]") {
  const int rows[][2] = {{0, HIPSPARSE_STATUS_SUCCESS},          {1, HIPSPARSE_STATUS_INVALID_VALUE},
                         {2, HIPSPARSE_STATUS_NOT_SUPPORTED},    {3, HIPSPARSE_STATUS_INVALID_VALUE},
                         {4, HIPSPARSE_STATUS_INVALID_VALUE},    {5, HIPSPARSE_STATUS_ALLOC_FAILED},
                         {6, HIPSPARSE_STATUS_INTERNAL_ERROR},   {7, HIPSPARSE_STATUS_INVALID_VALUE},
                         {8, HIPSPARSE_STATUS_ARCH_MISMATCH},    {9, HIPSPARSE_STATUS_ZERO_PIVOT},
                         {10, HIPSPARSE_STATUS_NOT_INITIALIZED}, {11, HIPSPARSE_STATUS_INTERNAL_ERROR},
                         {12, HIPSPARSE_STATUS_INTERNAL_ERROR},  {13, HIPSPARSE_STATUS_INTERNAL_ERROR},
                         {14, HIPSPARSE_STATUS_SUCCESS},         {15, HIPSPARSE_STATUS_INTERNAL_ERROR},
                         {-1, HIPSPARSE_STATUS_INTERNAL_ERROR}};
  for (auto& r : rows) CHECK(fromRocsparse(r[0]) == r[1]);
  // And through a forwarded call: every rocSPARSE status the fake answers comes back mapped.
  AmdHandle h;
  int* status = fakeStatus();
  float y[1] = {}, x[1] = {};
  int ind[1] = {};
  for (auto& r : rows) {
    INFO(r[0]);
    *status = r[0];
    CHECK(hipsparseSgthr(h.h, 1, y, x, ind, HIPSPARSE_INDEX_BASE_ZERO) == r[1]);
  }
  *status = 0;
}

TEST_CASE("enums map to rocSPARSE's values by table", "[enums]") {
  CHECK(rocValue(HIPSPARSE_OPERATION_NON_TRANSPOSE) == 111);
  CHECK(rocValue(HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE) == 113);
  CHECK(rocValue(static_cast<hipsparseOperation_t>(3)) == kInvalid);
  CHECK(rocValue(HIPSPARSE_ORDER_ROW) == 0);
  CHECK(rocValue(HIPSPARSE_ORDER_COL) == 1);
  CHECK(rocValue(static_cast<hipsparseOrder_t>(0)) == kInvalid);
  CHECK(rocValue(HIPSPARSE_INDEX_16U) == kAbsent);
  CHECK(rocValue(HIPSPARSE_INDEX_32I) == 2);
  CHECK(rocValue(HIPSPARSE_FORMAT_CSR) == 2);
  CHECK(rocValue(HIPSPARSE_FORMAT_COO) == 0);
  CHECK(rocValue(HIPSPARSE_FORMAT_BLOCKED_ELL) == 5);
  CHECK(rocValue(HIP_R_32F) == 151);
  CHECK(rocValue(HIP_C_64F) == 155);
  CHECK(rocValue(HIP_R_8I) == kAbsent);
  CHECK(rocValue(HIP_R_8F_E4M3_FNUZ) == kAbsent);
  CHECK(rocValue(static_cast<hipDataType>(-7)) == kInvalid);
  CHECK(rocValue(HIPSPARSE_SPMV_COO_ALG2) == 1);
  CHECK(rocValue(HIPSPARSE_SPMV_CSR_ALG1) == 2);
  CHECK(rocValue(HIPSPARSE_SPMV_CSR_ALG2) == 3);
  CHECK(rocValue(HIPSPARSE_SPMM_COO_ALG1) == 3);
  CHECK(rocValue(HIPSPARSE_SPMM_CSR_ALG1) == 4);
  CHECK(rocValue(HIPSPARSE_SPMM_CSR_ALG3) == 1);
  CHECK(rocValue(HIPSPARSE_SPMM_BLOCKED_ELL_ALG1) == 7);
  CHECK(rocValue(static_cast<hipsparseSpMMAlg_t>(7)) == kInvalid);
  CHECK(rocValue(HIPSPARSE_SPGEMM_ALG3) == 0);
  CHECK(rocValue(HIPSPARSE_SOLVE_POLICY_USE_LEVEL) == 0);
  CHECK(rocValue(HIPSPARSE_CSR2CSC_ALG2) == 0);  // checked, then ignored
  CHECK(rocValue(static_cast<hipsparseCsr2CscAlg_t>(3)) == kInvalid);
  CHECK(rocCheck(HIP_R_16F) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  CHECK(rocCheck(static_cast<hipsparseSpSVAlg_t>(1)) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(rocCheck(3.5) == HIPSPARSE_STATUS_SUCCESS);  // not an enum: passes
  // The way back.
  CHECK(hipFromRoc<hipsparseOperation_t>(112) == HIPSPARSE_OPERATION_TRANSPOSE);
  CHECK(hipFromRoc<hipsparseOrder_t>(0) == HIPSPARSE_ORDER_ROW);
  CHECK(hipFromRoc<hipsparseFormat_t>(1) == HIPSPARSE_FORMAT_COO_AOS);
  CHECK(hipFromRoc<hipsparseFormat_t>(4) == kInvalid);  // ELL: no hipSPARSE name
  CHECK(hipFromRoc<hipDataType>(154) == HIP_C_32F);
  CHECK(hipFromRoc<hipDataType>(0) == kInvalid);
}

TEST_CASE("hipsparseCreate on an AMD device makes a rocSPARSE handle", "[handle]") {
  FakeRocsparseLast* last = fakeLast();
  hipsparseHandle_t h = nullptr;
  REQUIRE(hipsparseCreate(&h) == HIPSPARSE_STATUS_SUCCESS);
  Handle* raw = static_cast<Handle*>(h);
  CHECK(raw->vendor == Vendor::rocm);
  CHECK(std::string(last->function) == "rocsparse_create_handle");
  CHECK(last->handle == raw->native);
  // rocSPARSE gets the hipStream_t itself.
  hipStream_t s = reinterpret_cast<hipStream_t>(0x5678);
  REQUIRE(hipsparseSetStream(h, s) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_set_stream");
  CHECK(last->ptr == s);
  hipStream_t got = nullptr;
  REQUIRE(hipsparseGetStream(h, &got) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(got == s);
  int version = 0;
  REQUIRE(hipsparseGetVersion(h, &version) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(version == 400200);
  char rev[64];
  REQUIRE(hipsparseGetGitRevision(h, rev) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(rev) == "unihip (rocSPARSE 3.3.0-fake)");
  void* native = raw->native;
  REQUIRE(hipsparseDestroy(h) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_destroy_handle");
  CHECK(last->handle == native);
  CHECK(hipsparseDestroy(h) == HIPSPARSE_STATUS_INVALID_VALUE);  // destroyed
}

TEST_CASE("pointer mode goes to rocSPARSE and comes back mapped", "[fake]") {
  AmdHandle h;
  FakeRocsparseLast* last = fakeLast();
  REQUIRE(hipsparseSetPointerMode(h.h, HIPSPARSE_POINTER_MODE_DEVICE) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_set_pointer_mode");
  CHECK(last->handle == h.raw()->native);
  CHECK(last->ints[0] == 1);
  hipsparsePointerMode_t mode = HIPSPARSE_POINTER_MODE_HOST;
  REQUIRE(hipsparseGetPointerMode(h.h, &mode) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(mode == HIPSPARSE_POINTER_MODE_DEVICE);
  // NULL stays NULL: rocSPARSE's refusal (invalid_pointer) comes back as INVALID_VALUE.
  CHECK(hipsparseGetPointerMode(h.h, nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  const int calls = last->calls;
  CHECK(hipsparseSetPointerMode(h.h, static_cast<hipsparsePointerMode_t>(2)) ==
        HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(last->calls == calls);  // never reached rocSPARSE
}

TEST_CASE("matrix descriptors and info objects are rocSPARSE's on an AMD device", "[fake]") {
  FakeRocsparseLast* last = fakeLast();
  hipsparseMatDescr_t a = nullptr, b = nullptr;
  REQUIRE(hipsparseCreateMatDescr(&a) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_create_mat_descr");
  CHECK(last->ptr == a);
  REQUIRE(hipsparseCreateMatDescr(&b) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseCreateMatDescr(nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);  // invalid_pointer
  CHECK(hipsparseSetMatType(a, HIPSPARSE_MATRIX_TYPE_TRIANGULAR) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_set_mat_type");
  CHECK(hipsparseSetMatFillMode(a, HIPSPARSE_FILL_MODE_UPPER) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseSetMatDiagType(a, HIPSPARSE_DIAG_TYPE_UNIT) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseSetMatIndexBase(a, HIPSPARSE_INDEX_BASE_ONE) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseGetMatType(a) == HIPSPARSE_MATRIX_TYPE_TRIANGULAR);
  CHECK(hipsparseGetMatFillMode(a) == HIPSPARSE_FILL_MODE_UPPER);
  CHECK(hipsparseGetMatDiagType(a) == HIPSPARSE_DIAG_TYPE_UNIT);
  CHECK(hipsparseGetMatIndexBase(a) == HIPSPARSE_INDEX_BASE_ONE);
  REQUIRE(hipsparseCopyMatDescr(b, a) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_copy_mat_descr");
  CHECK(last->ptr == b);
  CHECK(last->ptr2 == a);
  CHECK(hipsparseGetMatType(b) == HIPSPARSE_MATRIX_TYPE_TRIANGULAR);
  CHECK(hipsparseGetMatIndexBase(b) == HIPSPARSE_INDEX_BASE_ONE);
  CHECK(hipsparseDestroyMatDescr(a) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_destroy_mat_descr");
  CHECK(hipsparseDestroyMatDescr(b) == HIPSPARSE_STATUS_SUCCESS);
  // Every info object is a rocsparse_mat_info, as in AMD's hipSPARSE.
  csrilu02Info_t info = nullptr;
  REQUIRE(hipsparseCreateCsrilu02Info(&info) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_create_mat_info");
  CHECK(*static_cast<int*>(static_cast<void*>(info)) == 42);
  CHECK(hipsparseDestroyCsrilu02Info(info) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_destroy_mat_info");
  // AMD's own csru2csr info is not done: not rocSPARSE's.
  csru2csrInfo_t u = nullptr;
  CHECK(hipsparseCreateCsru2csrInfo(&u) == HIPSPARSE_STATUS_NOT_SUPPORTED);
}

TEST_CASE("generic SpMV: three stages of one rocSPARSE call", "[fake]") {
  AmdHandle h;
  FakeRocsparseLast* last = fakeLast();
  // [[1 0 2], [0 3 0]] in one-based CSR.
  int rowPtr[] = {1, 3, 4}, colInd[] = {1, 3, 2};
  float values[] = {1, 2, 3}, x[] = {1, 10, 100}, y[] = {5, 7};
  hipsparseSpMatDescr_t A = nullptr;
  hipsparseDnVecDescr_t X = nullptr, Y = nullptr;
  REQUIRE(hipsparseCreateCsr(&A, 2, 3, 3, rowPtr, colInd, values, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ONE, HIP_R_32F) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_create_csr_descr");
  CHECK(last->ints[0] == 2);    // i32
  CHECK(last->ints[2] == 1);    // base one
  CHECK(last->ints[3] == 151);  // f32_r
  CHECK(last->sizes[2] == 3);
  REQUIRE(hipsparseCreateDnVec(&X, 3, x, HIP_R_32F) == HIPSPARSE_STATUS_SUCCESS);
  REQUIRE(hipsparseCreateDnVec(&Y, 2, y, HIP_R_32F) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[0] == 151);
  const float alpha = 2, beta = -1;
  size_t bytes = 0;
  REQUIRE(hipsparseSpMV_bufferSize(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
                                   HIP_R_32F, HIPSPARSE_SPMV_CSR_ALG1, &bytes) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_spmv");
  CHECK(last->handle == h.raw()->native);
  CHECK(last->ints[0] == 111);
  CHECK(last->ints[1] == 151);
  CHECK(last->ints[2] == 2);  // CSR_ALG1: csr_adaptive
  CHECK(last->ints[3] == 1);  // stage buffer_size
  CHECK(last->ptr2 == &bytes);
  CHECK(bytes == 256);
  int buffer = 0;
  REQUIRE(hipsparseSpMV_preprocess(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
                                   HIP_R_32F, HIPSPARSE_SPMV_CSR_ALG2, &buffer) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[2] == 3);  // CSR_ALG2: csr_stream
  CHECK(last->ints[3] == 2);  // stage preprocess
  CHECK(last->ptr == &buffer);
  CHECK(last->ptr2 != nullptr);  // a scratch size: rocSPARSE refuses NULL
  CHECK(y[0] == 5);              // preprocess computes nothing
  REQUIRE(hipsparseSpMV(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, HIP_R_32F,
                        HIPSPARSE_SPMV_ALG_DEFAULT, &buffer) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[2] == 0);
  CHECK(last->ints[3] == 3);  // stage compute
  CHECK(y[0] == 2 * 201 - 5);
  CHECK(y[1] == 2 * 30 - 7);
  // rocSPARSE's own refusal (not_implemented) comes back mapped.
  CHECK(hipsparseSpMV(h.h, HIPSPARSE_OPERATION_TRANSPOSE, &alpha, A, X, &beta, Y, HIP_R_32F,
                      HIPSPARSE_SPMV_ALG_DEFAULT, nullptr) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  CHECK(last->ints[0] == 112);
  // Types rocSPARSE's table lacks, and values outside hipSPARSE's, never reach it.
  const int calls = last->calls;
  CHECK(hipsparseSpMV(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, HIP_R_16F,
                      HIPSPARSE_SPMV_ALG_DEFAULT, nullptr) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  CHECK(hipsparseSpMV(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, HIP_R_32F,
                      static_cast<hipsparseSpMVAlg_t>(9), nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(last->calls == calls);
  // rocSPARSE refuses a NULL size (invalid_pointer): INVALID_VALUE.
  CHECK(hipsparseSpMV_bufferSize(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
                                 HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, nullptr) ==
        HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(last->ptr2 == nullptr);
  CHECK(hipsparseSpMV(nullptr, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y,
                      HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, nullptr) ==
        HIPSPARSE_STATUS_INVALID_VALUE);
  // Results come back in hipSPARSE's numbers.
  int64_t rows = 0, cols = 0, nnz = 0;
  void *p = nullptr, *q = nullptr, *v = nullptr;
  hipsparseIndexType_t rowType = HIPSPARSE_INDEX_16U, colType = HIPSPARSE_INDEX_16U;
  hipsparseIndexBase_t base = HIPSPARSE_INDEX_BASE_ZERO;
  hipDataType type = HIP_R_64F;
  REQUIRE(hipsparseCsrGet(A, &rows, &cols, &nnz, &p, &q, &v, &rowType, &colType, &base, &type) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(rows == 2);
  CHECK(nnz == 3);
  CHECK(p == rowPtr);
  CHECK(rowType == HIPSPARSE_INDEX_32I);
  CHECK(colType == HIPSPARSE_INDEX_32I);
  CHECK(base == HIPSPARSE_INDEX_BASE_ONE);
  CHECK(type == HIP_R_32F);
  hipsparseFormat_t format = HIPSPARSE_FORMAT_COO;
  REQUIRE(hipsparseSpMatGetFormat(A, &format) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(format == HIPSPARSE_FORMAT_CSR);
  // A format hipSPARSE cannot name (rocSPARSE's ELL) is NOT_SUPPORTED, the result untouched.
  *static_cast<int*>(static_cast<void*>(A)) = 4;
  format = HIPSPARSE_FORMAT_COO;
  CHECK(hipsparseSpMatGetFormat(A, &format) == HIPSPARSE_STATUS_NOT_SUPPORTED);
  CHECK(format == HIPSPARSE_FORMAT_COO);
  CHECK(hipsparseDestroySpMat(A) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_destroy_spmat_descr");
  CHECK(hipsparseDestroyDnVec(X) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseDestroyDnVec(Y) == HIPSPARSE_STATUS_SUCCESS);
}

TEST_CASE("generic SpMM: three stages of one rocSPARSE call", "[fake]") {
  AmdHandle h;
  FakeRocsparseLast* last = fakeLast();
  int rowPtr[] = {0, 1}, colInd[] = {0};
  float values[] = {1}, b[] = {1}, c[] = {0};
  hipsparseSpMatDescr_t A = nullptr;
  hipsparseDnMatDescr_t B = nullptr, C = nullptr;
  REQUIRE(hipsparseCreateCsr(&A, 1, 1, 1, rowPtr, colInd, values, HIPSPARSE_INDEX_32I,
                             HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F) ==
          HIPSPARSE_STATUS_SUCCESS);
  REQUIRE(hipsparseCreateDnMat(&B, 1, 1, 1, b, HIP_R_32F, HIPSPARSE_ORDER_COL) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_create_dnmat_descr");
  CHECK(last->ints[1] == 1);  // rocSPARSE's column order
  REQUIRE(hipsparseCreateDnMat(&C, 1, 1, 1, c, HIP_R_32F, HIPSPARSE_ORDER_ROW) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[1] == 0);  // rocSPARSE's row order
  const float alpha = 1, beta = 0;
  size_t bytes = 0;
  REQUIRE(hipsparseSpMM_bufferSize(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                   HIPSPARSE_OPERATION_TRANSPOSE, &alpha, A, B, &beta, C,
                                   HIP_R_32F, HIPSPARSE_SPMM_CSR_ALG1, &bytes) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_spmm");
  CHECK(last->ints[0] == 111);
  CHECK(last->ints[1] == 112);
  CHECK(last->ints[2] == 151);
  CHECK(last->ints[3] == 4);  // CSR_ALG1: csr_row_split
  CHECK(last->ints[4] == 1);
  CHECK(bytes == 512);
  int buffer = 0;
  REQUIRE(hipsparseSpMM_preprocess(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                   HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, B, &beta, C,
                                   HIP_R_32F, HIPSPARSE_SPMM_CSR_ALG3, &buffer) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[3] == 1);  // CSR_ALG3: csr
  CHECK(last->ints[4] == 2);
  CHECK(last->ptr == &buffer);
  REQUIRE(hipsparseSpMM(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                        &alpha, A, B, &beta, C, HIP_R_32F, HIPSPARSE_SPMM_COO_ALG4, &buffer) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[3] == 6);  // COO_ALG4: coo_segmented_atomic
  CHECK(last->ints[4] == 3);
  CHECK(hipsparseDestroySpMat(A) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseDestroyDnMat(B) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(hipsparseDestroyDnMat(C) == HIPSPARSE_STATUS_SUCCESS);
}

TEST_CASE("legacy calls: csrmv with rocSPARSE's null info, axpyi", "[fake]") {
  AmdHandle h;
  FakeRocsparseLast* last = fakeLast();
  hipsparseMatDescr_t d = nullptr;
  REQUIRE(hipsparseCreateMatDescr(&d) == HIPSPARSE_STATUS_SUCCESS);
  int rowPtr[] = {0, 2, 3}, colInd[] = {0, 2, 1};
  float values[] = {1, 2, 3}, x[] = {1, 10, 100}, y[] = {5, 7};
  const float alpha = 1, beta = 1;
  REQUIRE(hipsparseScsrmv(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, 2, 3, 3, &alpha, d, values,
                          rowPtr, colInd, x, &beta, y) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_scsrmv");
  CHECK(last->ints[0] == 111);
  CHECK(last->ints[3] == 3);
  CHECK(last->ptr == nullptr);  // the info
  CHECK(last->ptr2 == d);
  CHECK(y[0] == 201 + 5);
  CHECK(y[1] == 30 + 7);
  float xv[] = {1, 2};
  int xi[] = {2, 1};
  float dense[] = {0, 0, 0};
  const float two = 2;
  REQUIRE(hipsparseSaxpyi(h.h, 2, &two, xv, xi, dense, HIPSPARSE_INDEX_BASE_ONE) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ints[1] == 1);
  CHECK(dense[0] == 4);
  CHECK(dense[1] == 2);
  CHECK(dense[2] == 0);
  CHECK(hipsparseDestroyMatDescr(d) == HIPSPARSE_STATUS_SUCCESS);
}

TEST_CASE("rocSPARSE's argument order, narrowed sizes and NULL arguments", "[fake]") {
  AmdHandle h;
  FakeRocsparseLast* last = fakeLast();
  // csc2dense: hipSPARSE's (cscRowInd, cscColPtr) are rocSPARSE's (csc_col_ptr, csc_row_ind).
  int rowInd[1] = {}, colPtr[2] = {};
  float val[1] = {}, dense[1] = {};
  REQUIRE(hipsparseScsc2dense(h.h, 1, 1, nullptr, val, rowInd, colPtr, dense, 1) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_scsc2dense");
  CHECK(last->ptr == colPtr);
  CHECK(last->ptr2 == rowInd);
  // gemvi's size: rocSPARSE writes a size_t, hipSPARSE answers an int.
  int size = -1;
  REQUIRE(hipsparseSgemvi_bufferSize(h.h, HIPSPARSE_OPERATION_TRANSPOSE, 3, 4, 5, &size) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_sgemvi_buffer_size");
  CHECK(last->ints[0] == 112);
  CHECK(last->ptr != &size);
  CHECK(size == 4321);
  CHECK(hipsparseSgemvi_bufferSize(h.h, HIPSPARSE_OPERATION_TRANSPOSE, 3, 4, 5, nullptr) ==
        HIPSPARSE_STATUS_INVALID_VALUE);  // NULL stays NULL: rocSPARSE's invalid_pointer
  CHECK(last->ptr == nullptr);
  // SparseToDense: the size query passes a NULL buffer, the conversion a NULL size.
  size_t bytes = 0;
  int buffer = 0;
  REQUIRE(hipsparseSparseToDense_bufferSize(h.h, nullptr, nullptr,
                                            HIPSPARSE_SPARSETODENSE_ALG_DEFAULT, &bytes) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_sparse_to_dense");
  CHECK(last->ptr == nullptr);
  CHECK(last->ptr2 == &bytes);
  CHECK(bytes == 64);
  REQUIRE(hipsparseSparseToDense(h.h, nullptr, nullptr, HIPSPARSE_SPARSETODENSE_ALG_DEFAULT,
                                 &buffer) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(last->ptr == &buffer);
  CHECK(last->ptr2 == nullptr);
  // SpVV computes only with a buffer: a NULL one is refused before rocSPARSE.
  float result = 0;
  const int calls = last->calls;
  CHECK(hipsparseSpVV(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, nullptr, nullptr, &result,
                      HIP_R_32F, nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(last->calls == calls);
  REQUIRE(hipsparseSpVV(h.h, HIPSPARSE_OPERATION_NON_TRANSPOSE, nullptr, nullptr, &result,
                        HIP_R_32F, &buffer) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_spvv");
  CHECK(last->ints[1] == 151);
  CHECK(last->ptr == &buffer);
  CHECK(last->ptr2 != nullptr);
  CHECK(result == 3);
}

TEST_CASE("csr2csc takes rocSPARSE's work buffer; Csr2cscEx2 picks the precision", "[fake]") {
  AmdHandle h;
  FakeRocsparseLast* last = fakeLast();
  int rowPtr[3] = {}, colInd[2] = {}, cscRowInd[2] = {}, cscColPtr[4] = {};
  float val[2] = {}, cscVal[2] = {};
  REQUIRE(hipsparseScsr2csc(h.h, 2, 3, 2, val, rowPtr, colInd, cscVal, cscRowInd, cscColPtr,
                            HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ONE) ==
          HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_scsr2csc");
  CHECK(last->ints[2] == 2);
  CHECK(last->ints[3] == 1);  // numeric
  CHECK(last->ints[4] == 1);  // base one
  CHECK(last->ptr == cscRowInd);
  CHECK(last->ptr2 == cscColPtr);
  CHECK(last->sizes[0] == 1);  // a buffer was given
  const int calls = last->calls;
  CHECK(hipsparseScsr2csc(h.h, 2, 3, 2, val, rowPtr, colInd, cscVal, cscRowInd, cscColPtr,
                          HIPSPARSE_ACTION_NUMERIC, static_cast<hipsparseIndexBase_t>(2)) ==
        HIPSPARSE_STATUS_INVALID_VALUE);
  CHECK(last->calls == calls + 1);  // the size query only: no conversion, no allocation
  size_t bytes = 0;
  REQUIRE(hipsparseCsr2cscEx2_bufferSize(h.h, 2, 3, 2, val, rowPtr, colInd, cscVal, cscColPtr,
                                         cscRowInd, HIP_C_64F, HIPSPARSE_ACTION_SYMBOLIC,
                                         HIPSPARSE_INDEX_BASE_ZERO, HIPSPARSE_CSR2CSC_ALG2,
                                         &bytes) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_csr2csc_buffer_size");
  CHECK(last->ints[3] == 0);  // symbolic
  CHECK(bytes == 128);
  int buffer = 0;
  REQUIRE(hipsparseCsr2cscEx2(h.h, 2, 3, 2, val, rowPtr, colInd, cscVal, cscColPtr, cscRowInd,
                              HIP_C_64F, HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ZERO,
                              HIPSPARSE_CSR2CSC_ALG1, &buffer) == HIPSPARSE_STATUS_SUCCESS);
  CHECK(std::string(last->function) == "rocsparse_zcsr2csc");
  CHECK(last->ptr == cscRowInd);
  CHECK(last->ptr2 == cscColPtr);
  CHECK(hipsparseCsr2cscEx2(h.h, 2, 3, 2, val, rowPtr, colInd, cscVal, cscColPtr, cscRowInd,
                            HIP_R_8I, HIPSPARSE_ACTION_NUMERIC, HIPSPARSE_INDEX_BASE_ZERO,
                            HIPSPARSE_CSR2CSC_ALG1, &buffer) == HIPSPARSE_STATUS_NOT_SUPPORTED);
}

TEST_CASE("on AMD every function refuses bad enums first, and what is not done says so", "[handle]") {
  AmdHandle h;
  FakeRocsparseLast* last = fakeLast();
  int withEnum = 0, notDone = 0, done = 0;
  for (const Probe& p : kProbes) {
    INFO(p.name);
    if (p.hasHandle) {
      CHECK(p.plain(nullptr) == HIPSPARSE_STATUS_INVALID_VALUE);
    }
    if (p.badEnum != nullptr) {
      ++withEnum;
      const int calls = last->calls;
      CHECK(p.badEnum(h.h) == HIPSPARSE_STATUS_INVALID_VALUE);
      CHECK(last->calls == calls);
    }
    if (!p.onAmd) {
      ++notDone;
      const int calls = last->calls;
      CHECK(p.plain(h.h) == HIPSPARSE_STATUS_NOT_SUPPORTED);
      CHECK(last->calls == calls);
    } else {
      ++done;
    }
  }
  CHECK(withEnum > 250);
  CHECK(done > 240);
  CHECK(notDone > 200);
}

TEST_CASE("an absent rocSPARSE: one log line, NOT_INITIALIZED", "[absent]") {
  // Its first load, with stderr caught in a file.
  char path[] = "/tmp/hipsparse_rocm_absent_XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  std::fflush(stderr);
  const int saved = dup(2);
  dup2(fd, 2);
  std::string why;
  void* so = vendorLibrary(Vendor::rocm, &why);
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  std::ifstream in(path);
  const std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(path);
  REQUIRE(so == nullptr);
  CHECK(why.find("/nonexistent/librocsparse.so.1") != std::string::npos);
  CHECK(log.rfind("hipsparse: rocSPARSE unavailable: ", 0) == 0);
  CHECK(log.find("/nonexistent/librocsparse.so.1") != std::string::npos);
  CHECK(std::count(log.begin(), log.end(), '\n') == 1);

  hipsparseHandle_t h = reinterpret_cast<hipsparseHandle_t>(0x1);
  CHECK(hipsparseCreate(&h) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(h == reinterpret_cast<hipsparseHandle_t>(0x1));  // untouched on failure
  hipsparseMatDescr_t d = nullptr;
  CHECK(hipsparseCreateMatDescr(&d) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  // A handle as rocSPARSE would have made it: every forwarded function answers NOT_INITIALIZED.
  Handle live;
  live.vendor = Vendor::rocm;
  live.native = reinterpret_cast<void*>(0x1234);
  for (const Probe& p : kProbes) {
    if (!p.hasHandle) continue;
    INFO(p.name);
    const hipsparseStatus_t want =
        p.onAmd ? HIPSPARSE_STATUS_NOT_INITIALIZED : HIPSPARSE_STATUS_NOT_SUPPORTED;
    CHECK(p.plain(&live) == want);
  }
  CHECK(hipsparseSetStream(&live, nullptr) == HIPSPARSE_STATUS_NOT_INITIALIZED);
  char rev[64];
  CHECK(hipsparseGetGitRevision(&live, rev) == HIPSPARSE_STATUS_NOT_INITIALIZED);
}
