// hipBLAS's AMD path without a GPU: a handle of the AMD kind made below the device query (its
// rocBLAS handle from the fake rocBLAS, UNIHIP_ROCBLAS_LIBRARY), the generated forwarders run
// against it: arguments, enum values and statuses as rocBLAS sees and answers them.
#include <dlfcn.h>
#include <hipblas/hipblas.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <string>

#include "fake_rocblas.h"
#include "handle.h"
#include "vendor.h"

using namespace unihip::blas;

namespace {

template <class T>
T* rocSymbol(const char* name) {
  void* so = vendorLibrary(Vendor::rocm);
  REQUIRE(so != nullptr);
  auto* p = reinterpret_cast<T*>(dlsym(so, name));
  REQUIRE(p != nullptr);
  return p;
}

// What hipblasCreate makes on an AMD device.
struct AmdHandle {
  Handle h;
  AmdHandle() {
    h.vendor = Vendor::rocm;
    REQUIRE(rocSymbol<int(void**)>("rocblas_create_handle")(&h.native) == 0);
  }
  ~AmdHandle() { rocSymbol<int(void*)>("rocblas_destroy_handle")(h.native); }
  hipblasHandle_t get() { return &h; }
  FakeRocblasHandle* roc() { return static_cast<FakeRocblasHandle*>(h.native); }
};

FakeRocblasLast* last() { return rocSymbol<FakeRocblasLast>("fakeRocblasLast"); }

}  // namespace

TEST_CASE("AMD axpy and its _64 form reach rocBLAS", "[rocm]") {
  AmdHandle h;
  const float alpha = 2, x[3] = {1, 2, 3};
  float y[3] = {10, 20, 30};
  REQUIRE(hipblasSaxpy(h.get(), 3, &alpha, x, 1, y, 1) == HIPBLAS_STATUS_SUCCESS);
  CHECK(std::string(last()->name) == "rocblas_saxpy");
  CHECK(last()->handle == h.h.native);
  CHECK(y[0] == 12);
  CHECK(y[2] == 36);
  // rocBLAS's invalid_size comes back INVALID_VALUE.
  CHECK(hipblasSaxpy(h.get(), -1, &alpha, x, 1, y, 1) == HIPBLAS_STATUS_INVALID_VALUE);
  // The ILP64 form: sizes beyond int arrive whole.
  const int64_t big = int64_t{1} << 33;
  REQUIRE(hipblasSaxpy_64(h.get(), big, &alpha, x, big + 1, y, -big) == HIPBLAS_STATUS_SUCCESS);
  CHECK(std::string(last()->name) == "rocblas_saxpy_64");
  CHECK(last()->sizes[0] == big);
  CHECK(last()->sizes[1] == big + 1);
  CHECK(last()->sizes[2] == -big);
}

TEST_CASE("AMD gemm: rocBLAS's operation values, the product", "[rocm]") {
  AmdHandle h;
  // C = A^T B with A 2x2 (column-major), B 2x1.
  const float A[4] = {1, 2, 3, 4}, B[2] = {1, 1}, one = 1, zero = 0;
  float C[2] = {-1, -1};
  REQUIRE(hipblasSgemm(h.get(), HIPBLAS_OP_T, HIPBLAS_OP_N, 2, 1, 2, &one, A, 2, B, 2, &zero, C,
                       2) == HIPBLAS_STATUS_SUCCESS);
  CHECK(std::string(last()->name) == "rocblas_sgemm");
  CHECK(last()->ints[0] == 112);  // rocblas_operation_transpose
  CHECK(last()->ints[1] == 111);  // rocblas_operation_none
  CHECK(last()->sizes[0] == 2);
  CHECK(last()->sizes[2] == 2);
  CHECK(C[0] == 3);  // (1 + 2)
  CHECK(C[1] == 7);  // (3 + 4)
  // A value outside hipBLAS's operations never reaches rocBLAS.
  std::strcpy(last()->name, "none");
  CHECK(hipblasSgemm(h.get(), static_cast<hipblasOperation_t>(114), HIPBLAS_OP_N, 2, 1, 2, &one, A,
                     2, B, 2, &zero, C, 2) == HIPBLAS_STATUS_INVALID_ENUM);
  CHECK(std::string(last()->name) == "none");
}

TEST_CASE("AMD batched and strided-batched gemm: pointer arrays, strides, batch count", "[rocm]") {
  AmdHandle h;
  const double one = 1;
  double a = 0, b = 0, c = 0;
  const double* As[2] = {&a, &a};
  const double* Bs[2] = {&b, &b};
  double* Cs[2] = {&c, &c};
  REQUIRE(hipblasDgemmBatched(h.get(), HIPBLAS_OP_C, HIPBLAS_OP_T, 4, 5, 6, &one, As, 7, Bs, 8,
                              &one, Cs, 9, 2) == HIPBLAS_STATUS_SUCCESS);
  CHECK(std::string(last()->name) == "rocblas_dgemm_batched");
  CHECK(last()->ints[0] == 113);
  CHECK(last()->ints[1] == 112);
  const int64_t want[] = {4, 5, 6, 7, 8, 9, 2};
  for (int i = 0; i < 7; ++i) CHECK(last()->sizes[i] == want[i]);
  CHECK(last()->ptrs[0] == As);
  CHECK(last()->ptrs[2] == Cs);
  float f = 0;
  const hipblasStride sa = int64_t{1} << 32, sb = 3, sc = 5;
  REQUIRE(hipblasSgemmStridedBatched(h.get(), HIPBLAS_OP_N, HIPBLAS_OP_C, 1, 2, 3, &f, &f, 1, sa,
                                     &f, 3, sb, &f, &f, 1, sc, 4) == HIPBLAS_STATUS_SUCCESS);
  CHECK(std::string(last()->name) == "rocblas_sgemm_strided_batched");
  CHECK(last()->ints[1] == 113);
  CHECK(last()->sizes[3] == sa);
  CHECK(last()->sizes[4] == sb);
  CHECK(last()->sizes[5] == sc);
  CHECK(last()->sizes[6] == 4);
  CHECK(last()->sizes[7] == 1 + 3 + 1);
}

TEST_CASE("AMD trsm: side, fill, operation, diagonal values; the status mapped back", "[rocm]") {
  AmdHandle h;
  float f = 1;
  CHECK(hipblasStrsm(h.get(), HIPBLAS_SIDE_RIGHT, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_C,
                     HIPBLAS_DIAG_UNIT, 3, 4, &f, &f, 3, &f,
                     3) == HIPBLAS_STATUS_ALLOC_FAILED);  // memory_error
  CHECK(std::string(last()->name) == "rocblas_strsm");
  CHECK(last()->ints[0] == 142);
  CHECK(last()->ints[1] == 122);
  CHECK(last()->ints[2] == 113);
  CHECK(last()->ints[3] == 132);
  CHECK(last()->sizes[0] == 3);
  CHECK(last()->sizes[1] == 4);
}

TEST_CASE("AMD handle calls: stream, pointer mode; a function the fake lacks", "[rocm]") {
  AmdHandle h;
  // rocBLAS takes the hipStream_t itself (never looked up).
  auto* stream = reinterpret_cast<hipStream_t>(0x5150);
  REQUIRE(hipblasSetStream(h.get(), stream) == HIPBLAS_STATUS_SUCCESS);
  CHECK(h.roc()->stream == stream);
  REQUIRE(hipblasSetPointerMode(h.get(), HIPBLAS_POINTER_MODE_DEVICE) == HIPBLAS_STATUS_SUCCESS);
  CHECK(h.roc()->pointerMode == 1);
  hipblasPointerMode_t mode = HIPBLAS_POINTER_MODE_HOST;
  REQUIRE(hipblasGetPointerMode(h.get(), &mode) == HIPBLAS_STATUS_SUCCESS);
  CHECK(mode == HIPBLAS_POINTER_MODE_DEVICE);
  const double alpha = 1, x = 1;
  double y = 1;
  CHECK(hipblasDaxpy(h.get(), 1, &alpha, &x, 1, &y, 1) == HIPBLAS_STATUS_NOT_SUPPORTED);
}

// In its own process (hipblas.cpu.amd): an AMD device from unihip's fake ROCr
// (UNIHIP_HSA_LIBRARY), so hipblasCreate itself picks rocBLAS.
TEST_CASE("on an AMD device: hipblasCreate makes a rocBLAS handle", "[amd-device]") {
  int count = 0, amd = -1;
  REQUIRE(hipGetDeviceCount(&count) == hipSuccess);
  for (int d = 0; d < count && amd < 0; ++d)
    if (std::strcmp(unihipGetDeviceBackendName(d), "hsa") == 0) amd = d;
  REQUIRE(amd >= 0);
  REQUIRE(hipSetDevice(amd) == hipSuccess);
  hipblasHandle_t handle = nullptr;
  REQUIRE(hipblasCreate(&handle) == HIPBLAS_STATUS_SUCCESS);
  Handle* h = toHandle(handle);
  REQUIRE(h != nullptr);
  CHECK(h->vendor == Vendor::rocm);
  hipStream_t stream = nullptr;
  REQUIRE(hipStreamCreate(&stream) == hipSuccess);
  REQUIRE(hipblasSetStream(handle, stream) == HIPBLAS_STATUS_SUCCESS);
  CHECK(static_cast<FakeRocblasHandle*>(h->native)->stream == stream);
  float* y = nullptr;
  REQUIRE(hipMalloc(&y, 2 * sizeof(float)) == hipSuccess);
  const float x[2] = {1, 2}, y0[2] = {10, 20}, alpha = 3;
  REQUIRE(hipMemcpy(y, y0, sizeof y0, hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipblasSaxpy(handle, 2, &alpha, x, 1, y, 1) == HIPBLAS_STATUS_SUCCESS);
  float got[2];
  REQUIRE(hipMemcpy(got, y, sizeof got, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(got[0] == 13);
  CHECK(got[1] == 26);
  void* native = h->native;
  REQUIRE(hipblasDestroy(handle) == HIPBLAS_STATUS_SUCCESS);
  CHECK(std::string(last()->name) == "rocblas_destroy_handle");
  CHECK(last()->handle == native);
  CHECK(hipFree(y) == hipSuccess);
  CHECK(hipStreamDestroy(stream) == hipSuccess);
}
