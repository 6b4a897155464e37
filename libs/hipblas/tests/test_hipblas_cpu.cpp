// hipBLAS without a GPU: status names and maps, enum tables, argument checks, and the generated
// forwarders run against a fake cuBLAS (fake_cublas.cpp, named by UNIHIP_CUBLAS_LIBRARY) or a
// missing one (tag [absent], run in its own process).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <hipblas/hipblas.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "enum_map.h"
#include "handle.h"
#include "status_map.h"
#include "vendor.h"

using namespace unihip::blas;

namespace {

struct FakeCublasLast {
  void* handle;
  int ints[8];
  int64_t sizes[8];
};

// A live handle on the (fake or absent) cuBLAS, without a device.
struct CudaHandle {
  Handle h;
  CudaHandle() {
    h.vendor = Vendor::cuda;
    h.native = reinterpret_cast<void*>(0x1234);
  }
  hipblasHandle_t get() { return &h; }
};

FakeCublasLast* fakeLast() {
  void* so = vendorLibrary(Vendor::cuda);
  REQUIRE(so != nullptr);
  return static_cast<FakeCublasLast*>(dlsym(so, "fakeCublasLast"));
}

}  // namespace

TEST_CASE("hipblasStatusToString names every status", "[status]") {
  CHECK(std::string(hipblasStatusToString(HIPBLAS_STATUS_SUCCESS)) == "HIPBLAS_STATUS_SUCCESS");
  CHECK(std::string(hipblasStatusToString(HIPBLAS_STATUS_INVALID_ENUM)) ==
        "HIPBLAS_STATUS_INVALID_ENUM");
  CHECK(std::string(hipblasStatusToString(HIPBLAS_STATUS_UNKNOWN)) == "HIPBLAS_STATUS_UNKNOWN");
  CHECK(std::string(hipblasStatusToString(static_cast<hipblasStatus_t>(12))) ==
        "<undefined hipblasStatus_t value>");
}

TEST_CASE("AMD's enum values", "[enums]") {
  STATIC_REQUIRE(HIPBLAS_STATUS_HANDLE_IS_NULLPTR == 9);
  STATIC_REQUIRE(HIPBLAS_OP_C == 113);
  STATIC_REQUIRE(HIPBLAS_FILL_MODE_FULL == 123);
  STATIC_REQUIRE(HIPBLAS_DIAG_UNIT == 132);
  STATIC_REQUIRE(HIPBLAS_SIDE_BOTH == 143);
  STATIC_REQUIRE(HIPBLAS_GEMM_DEFAULT == 160);
  STATIC_REQUIRE(HIPBLAS_COMPUTE_32I_PEDANTIC == 10);
  STATIC_REQUIRE(HIPBLAS_COMPUTE_32F_FAST_8BF8F_FNUZ == 103);
  STATIC_REQUIRE(HIPBLAS_TENSOR_OP_MATH == 5);
  STATIC_REQUIRE(sizeof(hipblasStride) == 8);
}

TEST_CASE("cuBLAS and rocBLAS statuses map completely", "[status]") {
  const int cu[][2] = {{0, HIPBLAS_STATUS_SUCCESS},          {1, HIPBLAS_STATUS_NOT_INITIALIZED},
                       {3, HIPBLAS_STATUS_ALLOC_FAILED},     {7, HIPBLAS_STATUS_INVALID_VALUE},
                       {8, HIPBLAS_STATUS_ARCH_MISMATCH},    {11, HIPBLAS_STATUS_MAPPING_ERROR},
                       {13, HIPBLAS_STATUS_EXECUTION_FAILED}, {14, HIPBLAS_STATUS_INTERNAL_ERROR},
                       {15, HIPBLAS_STATUS_NOT_SUPPORTED},   {16, HIPBLAS_STATUS_UNKNOWN},
                       {2, HIPBLAS_STATUS_UNKNOWN}};
  for (auto& r : cu) CHECK(fromCublas(r[0]) == r[1]);
  const int roc[][2] = {{0, HIPBLAS_STATUS_SUCCESS},        {1, HIPBLAS_STATUS_NOT_INITIALIZED},
                        {2, HIPBLAS_STATUS_NOT_SUPPORTED},  {3, HIPBLAS_STATUS_INVALID_VALUE},
                        {4, HIPBLAS_STATUS_INVALID_VALUE},  {5, HIPBLAS_STATUS_ALLOC_FAILED},
                        {6, HIPBLAS_STATUS_INTERNAL_ERROR}, {9, HIPBLAS_STATUS_SUCCESS},
                        {10, HIPBLAS_STATUS_SUCCESS},       {11, HIPBLAS_STATUS_INVALID_VALUE},
                        {15, HIPBLAS_STATUS_ARCH_MISMATCH}, {7, HIPBLAS_STATUS_UNKNOWN}};
  for (auto& r : roc) CHECK(fromRocblas(r[0]) == r[1]);
}

TEST_CASE("enums map to cuBLAS's and rocBLAS's values", "[enums]") {
  CHECK(toCuda(HIPBLAS_OP_N) == 0);
  CHECK(toCuda(HIPBLAS_OP_T) == 1);
  CHECK(toCuda(HIPBLAS_OP_C) == 2);
  CHECK(toRoc(HIPBLAS_OP_C) == 113);
  CHECK(toCuda(HIPBLAS_FILL_MODE_UPPER) == 1);
  CHECK(toCuda(HIPBLAS_FILL_MODE_LOWER) == 0);
  CHECK(toCuda(HIPBLAS_FILL_MODE_FULL) == 2);
  CHECK(toCuda(HIPBLAS_DIAG_NON_UNIT) == 0);
  CHECK(toCuda(HIPBLAS_DIAG_UNIT) == 1);
  CHECK(toCuda(HIPBLAS_SIDE_LEFT) == 0);
  CHECK(toCuda(HIPBLAS_SIDE_RIGHT) == 1);
  CHECK(toCuda(HIP_R_16F) == 2);
  CHECK(toCuda(HIP_R_8F_E4M3_FNUZ) == -1);
  CHECK(toRoc(HIP_R_16F) == 150);
  CHECK(toRoc(HIP_C_64F) == 155);
  CHECK(toRoc(HIP_R_16BF) == 168);
  CHECK(toCuda(HIPBLAS_COMPUTE_16F) == 64);
  CHECK(toCuda(HIPBLAS_COMPUTE_32F) == 68);
  CHECK(toCuda(HIPBLAS_COMPUTE_32F_FAST_TF32) == 77);
  CHECK(toCuda(HIPBLAS_COMPUTE_64F) == 70);
  CHECK(toCuda(HIPBLAS_COMPUTE_32I_PEDANTIC) == 73);
  CHECK(toRoc(HIPBLAS_COMPUTE_32F) == 151);
  CHECK(toCuda(HIPBLAS_GEMM_DEFAULT) == -1);
  CHECK_FALSE(valid(static_cast<hipblasOperation_t>(110)));
  CHECK_FALSE(valid(static_cast<hipblasOperation_t>(HIPBLAS_FILL_MODE_FULL)));
  CHECK_FALSE(valid(static_cast<hipblasFillMode_t>(HIPBLAS_OP_N)));
  CHECK_FALSE(valid(static_cast<hipblasComputeType_t>(11)));
  CHECK_FALSE(valid(static_cast<hipDataType>(34)));
  CHECK_FALSE(valid(static_cast<hipblasGemmAlgo_t>(0)));
}

TEST_CASE("handles: NULL and destroyed ones are refused", "[handle]") {
  CHECK(hipblasCreate(nullptr) == HIPBLAS_STATUS_HANDLE_IS_NULLPTR);
  CHECK(hipblasDestroy(nullptr) == HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasSetStream(nullptr, nullptr) == HIPBLAS_STATUS_NOT_INITIALIZED);
  hipStream_t s;
  CHECK(hipblasGetStream(nullptr, &s) == HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasSetPointerMode(nullptr, HIPBLAS_POINTER_MODE_HOST) ==
        HIPBLAS_STATUS_NOT_INITIALIZED);
  float a = 1, x = 1, y = 1;
  CHECK(hipblasSaxpy(nullptr, 1, &a, &x, 1, &y, 1) == HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(hipblasSgemm(nullptr, HIPBLAS_OP_N, HIPBLAS_OP_N, 1, 1, 1, &a, &x, 1, &x, 1, &a, &y, 1) ==
        HIPBLAS_STATUS_NOT_INITIALIZED);
  CudaHandle h;
  h.h.magic = 0;  // what hipblasDestroy leaves
  CHECK(hipblasSaxpy(h.get(), 1, &a, &x, 1, &y, 1) == HIPBLAS_STATUS_NOT_INITIALIZED);
  CudaHandle live;
  CHECK(hipblasGetStream(live.get(), nullptr) == HIPBLAS_STATUS_INVALID_VALUE);
  hipblasMath_t m;
  CHECK(hipblasGetMathMode(live.get(), nullptr) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetMathMode(live.get(), static_cast<hipblasMath_t>(6)) ==
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasSetMathMode(live.get(), HIPBLAS_XF32_XDL_MATH) == HIPBLAS_STATUS_NOT_SUPPORTED);
  (void)m;
}

TEST_CASE("hipblasCreate without a device is NOT_INITIALIZED", "[handle]") {
  int count = 0;
  if (hipGetDeviceCount(&count) == hipSuccess && count > 0) return;  // covered by hipblas.gpu
  hipblasHandle_t h = reinterpret_cast<hipblasHandle_t>(0x1);
  CHECK(hipblasCreate(&h) == HIPBLAS_STATUS_NOT_INITIALIZED);
  CHECK(h == reinterpret_cast<hipblasHandle_t>(0x1));  // untouched on failure
}

TEST_CASE("Set/GetVector and Set/GetMatrix check their arguments", "[transfer]") {
  float h[4] = {};
  void* d = h;  // never reached: every call below fails its checks or copies nothing
  CHECK(hipblasSetVector(-1, 4, h, 1, d, 1) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetVector(4, 0, h, 1, d, 1) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetVector(4, 4, h, 0, d, 1) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasGetVector(4, 4, h, 1, d, -1) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetVector(4, 4, nullptr, 1, d, 1) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasGetVectorAsync(4, 4, h, 1, nullptr, 1, nullptr) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetVector(0, 4, nullptr, 1, nullptr, 1) == HIPBLAS_STATUS_SUCCESS);
  CHECK(hipblasSetMatrix(2, 2, 4, h, 1, d, 2) == HIPBLAS_STATUS_INVALID_VALUE);  // lda < rows
  CHECK(hipblasGetMatrix(2, 2, 4, h, 2, d, 1) == HIPBLAS_STATUS_INVALID_VALUE);  // ldb < rows
  CHECK(hipblasSetMatrix(-1, 2, 4, h, 2, d, 2) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetMatrix(2, -1, 4, h, 2, d, 2) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetMatrixAsync(2, 2, 0, h, 2, d, 2, nullptr) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasGetMatrixAsync(2, 2, 4, nullptr, 2, d, 2, nullptr) == HIPBLAS_STATUS_INVALID_VALUE);
  CHECK(hipblasSetMatrix(0, 2, 4, nullptr, 1, nullptr, 1) == HIPBLAS_STATUS_SUCCESS);
}

TEST_CASE("generated forwarders reach cuBLAS with mapped arguments", "[fake]") {
  CudaHandle h;
  FakeCublasLast* last = fakeLast();
  REQUIRE(last != nullptr);

  float alpha = 2, x[3] = {1, 2, 3}, y[3] = {10, 20, 30};
  REQUIRE(hipblasSaxpy(h.get(), 3, &alpha, x, 1, y, 1) == HIPBLAS_STATUS_SUCCESS);
  CHECK(last->handle == h.h.native);
  CHECK(y[0] == 12);
  CHECK(y[2] == 36);
  REQUIRE(hipblasSaxpy_64(h.get(), int64_t{3}, &alpha, x, 1, y, 1) == HIPBLAS_STATUS_SUCCESS);
  CHECK(last->sizes[0] == 3);
  CHECK(y[1] == 28);
  CHECK(hipblasSaxpy(h.get(), -1, &alpha, x, 1, y, 1) == HIPBLAS_STATUS_INVALID_VALUE);

  // Enums reach cuBLAS in its numbering; its status comes back mapped.
  CHECK(hipblasStrsm(h.get(), HIPBLAS_SIDE_RIGHT, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_C,
                     HIPBLAS_DIAG_UNIT, 5, 6, &alpha, x, 5, y, 5) ==
        HIPBLAS_STATUS_EXECUTION_FAILED);
  CHECK(last->ints[0] == 1);
  CHECK(last->ints[1] == 0);
  CHECK(last->ints[2] == 2);
  CHECK(last->ints[3] == 1);
  CHECK(last->sizes[0] == 5);
  CHECK(last->sizes[1] == 6);

  REQUIRE(hipblasGemmStridedBatchedEx(h.get(), HIPBLAS_OP_T, HIPBLAS_OP_N, 4, 5, 6, &alpha, x,
                                      HIP_R_16F, 7, 100, y, HIP_R_16F, 8, 200, &alpha, y,
                                      HIP_R_32F, 9, 300, 3, HIPBLAS_COMPUTE_32F,
                                      HIPBLAS_GEMM_DEFAULT) == HIPBLAS_STATUS_SUCCESS);
  const int wantInts[] = {1, 0, 2, 2, 0, 68, -1};
  for (int i = 0; i < 7; ++i) CHECK(last->ints[i] == wantInts[i]);
  const int64_t wantSizes[] = {4, 5, 6, 7, 8, 9, 600, 3};
  for (int i = 0; i < 8; ++i) CHECK(last->sizes[i] == wantSizes[i]);

  hipblasPointerMode_t mode = HIPBLAS_POINTER_MODE_HOST;
  REQUIRE(hipblasGetPointerMode(h.get(), &mode) == HIPBLAS_STATUS_SUCCESS);
  CHECK(mode == HIPBLAS_POINTER_MODE_DEVICE);
}

TEST_CASE("bad enums are INVALID_ENUM before the vendor is called", "[fake]") {
  CudaHandle h;
  float a = 1, x = 1;
  CHECK(hipblasStrsm(h.get(), static_cast<hipblasSideMode_t>(HIPBLAS_OP_N),
                     HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, HIPBLAS_DIAG_UNIT, 1, 1, &a, &x, 1,
                     &x, 1) == HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasSgemm(h.get(), static_cast<hipblasOperation_t>(HIPBLAS_FILL_MODE_FULL),
                     HIPBLAS_OP_N, 1, 1, 1, &a, &x, 1, &x, 1, &a, &x, 1) ==
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasGemmEx(h.get(), HIPBLAS_OP_N, HIPBLAS_OP_N, 1, 1, 1, &a, &x, HIP_R_32F, 1, &x,
                      HIP_R_32F, 1, &a, &x, HIP_R_32F, 1,
                      static_cast<hipblasComputeType_t>(42), HIPBLAS_GEMM_DEFAULT) ==
        HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(hipblasSetPointerMode(h.get(), static_cast<hipblasPointerMode_t>(2)) ==
        HIPBLAS_STATUS_INVALID_ENUM);
}

TEST_CASE("a function the loaded cuBLAS lacks is NOT_SUPPORTED", "[fake]") {
  CudaHandle h;
  float a = 1, x = 1;
  CHECK(hipblasSgemm(h.get(), HIPBLAS_OP_N, HIPBLAS_OP_N, 1, 1, 1, &a, &x, 1, &x, 1, &a, &x, 1) ==
        HIPBLAS_STATUS_NOT_SUPPORTED);
  CHECK(hipblasSetStream(h.get(), nullptr) == HIPBLAS_STATUS_NOT_SUPPORTED);
  // A row with no rocBLAS counterpart, on an AMD handle (test_hipblas_rocm.cpp has the rest).
  Handle amd;
  amd.vendor = Vendor::rocm;
  CHECK(hipblasGemmEx(&amd, HIPBLAS_OP_N, HIPBLAS_OP_N, 1, 1, 1, &a, &x, HIP_R_32F, 1, &x,
                      HIP_R_32F, 1, &a, &x, HIP_R_32F, 1, HIPBLAS_COMPUTE_32F,
                      HIPBLAS_GEMM_DEFAULT) == HIPBLAS_STATUS_NOT_SUPPORTED);
}

TEST_CASE("an absent cuBLAS: NOT_SUPPORTED, with the paths tried", "[absent]") {
  std::string why;
  REQUIRE(vendorLibrary(Vendor::cuda, &why) == nullptr);
  CHECK(why.find("/nonexistent/libcublas.so") != std::string::npos);
  CudaHandle h;
  float a = 1, x = 1, y = 1;
  CHECK(hipblasSaxpy(h.get(), 1, &a, &x, 1, &y, 1) == HIPBLAS_STATUS_NOT_SUPPORTED);
}
