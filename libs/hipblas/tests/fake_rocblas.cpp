// A stand-in for librocblas for the CPU tests of hipBLAS and hipSOLVER (rocSOLVER's fake links
// it, as rocSOLVER links rocBLAS): handles, streams, the device-memory size-query mode and the
// workspace calls, and a few BLAS entry points with rocBLAS's C signatures (enums as int),
// computing on host memory and recording what they were passed.
#include "fake_rocblas.h"

#include <algorithm>
#include <cstdarg>
#include <cstring>
#include <iterator>

#define EXPORT extern "C" __attribute__((visibility("default")))

extern "C" {
__attribute__((visibility("default"))) FakeRocblasLast fakeRocblasLast;
}

namespace {

constexpr uint32_t kLive = 0x726f6362;  // "rocb"

FakeRocblasHandle* live(void* h) {
  auto* p = static_cast<FakeRocblasHandle*>(h);
  return p != nullptr && p->magic == kLive ? p : nullptr;
}

void record(const char* name, void* h) {
  std::memset(&fakeRocblasLast, 0, sizeof fakeRocblasLast);
  std::strncpy(fakeRocblasLast.name, name, sizeof fakeRocblasLast.name - 1);
  fakeRocblasLast.handle = h;
}

}  // namespace

// --- handles (rocblas_status: 0 success, 1 invalid_handle, 3 invalid_pointer, 4 invalid_size,
// 5 memory_error, 8 size_query_mismatch, 10 size_unchanged)
EXPORT int rocblas_create_handle(void** handle) {
  if (handle == nullptr) return 3;
  *handle = new FakeRocblasHandle{kLive, false, 0, nullptr, 0, 0, false, nullptr, 0, 0};
  return 0;
}

EXPORT int rocblas_destroy_handle(void* handle) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  record("rocblas_destroy_handle", handle);
  h->magic = 0;
  delete h;
  return 0;
}

EXPORT int rocblas_set_stream(void* handle, void* stream) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  h->stream = stream;
  return 0;
}

EXPORT int rocblas_get_stream(void* handle, void** stream) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  *stream = h->stream;
  return 0;
}

EXPORT int rocblas_set_atomics_mode(void* handle, int mode) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  h->atomics = mode;
  return 0;
}

EXPORT int rocblas_get_atomics_mode(void* handle, int* mode) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  *mode = h->atomics;
  return 0;
}

EXPORT int rocblas_set_pointer_mode(void* handle, int mode) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  h->pointerMode = mode;
  return 0;
}

EXPORT int rocblas_get_pointer_mode(void* handle, int* mode) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  *mode = h->pointerMode;
  return 0;
}

// --- device memory
EXPORT int rocblas_start_device_memory_size_query(void* handle) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  if (h->querying) return 8;
  h->querying = true;
  h->queried = 0;
  return 0;
}

EXPORT int rocblas_stop_device_memory_size_query(void* handle, size_t* size) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  if (!h->querying) return 8;
  if (size == nullptr) return 3;
  *size = h->queried;
  h->querying = false;
  return 0;
}

EXPORT bool rocblas_is_device_memory_size_query(void* handle) {
  FakeRocblasHandle* h = live(handle);
  return h != nullptr && h->querying;
}

// rocBLAS's rule: each size rounded up to 64 bytes, the sum kept if larger.
EXPORT int rocblas_set_optimal_device_memory_size_impl(void* handle, size_t count, ...) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  if (!h->querying) return 8;
  va_list ap;
  va_start(ap, count);
  size_t total = 0;
  for (size_t i = 0; i < count; ++i) total += (va_arg(ap, size_t) + 63) / 64 * 64;
  va_end(ap);
  if (total <= h->queried) return 10;
  h->queried = total;
  return 9;
}

EXPORT int rocblas_set_workspace(void* handle, void* addr, size_t size) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  record("rocblas_set_workspace", handle);
  fakeRocblasLast.ptrs[0] = addr;
  fakeRocblasLast.sizes[0] = static_cast<int64_t>(size);
  h->workspace = addr;
  h->workspaceBytes = size;
  h->userManaged = addr != nullptr;
  return 0;
}

EXPORT int rocblas_set_device_memory_size(void* handle, size_t size) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  record("rocblas_set_device_memory_size", handle);
  fakeRocblasLast.sizes[0] = static_cast<int64_t>(size);
  h->deviceMemory = size;
  h->workspace = nullptr;
  h->workspaceBytes = 0;
  h->userManaged = size > 0;
  return 0;
}

EXPORT int rocblas_get_device_memory_size(void* handle, size_t* size) {
  FakeRocblasHandle* h = live(handle);
  if (h == nullptr) return 1;
  *size = h->workspace != nullptr ? h->workspaceBytes : h->deviceMemory;
  return 0;
}

EXPORT bool rocblas_is_user_managing_device_memory(void* handle) {
  FakeRocblasHandle* h = live(handle);
  return h != nullptr && h->userManaged;
}

// --- BLAS (rocblas_operation N/T = 111/112)
EXPORT int rocblas_saxpy(void* h, int n, const float* alpha, const float* x, int incx, float* y,
                         int incy) {
  if (live(h) == nullptr) return 1;
  record("rocblas_saxpy", h);
  fakeRocblasLast.sizes[0] = n;
  if (n < 0) return 4;
  for (int i = 0; i < n; ++i) y[i * incy] += *alpha * x[i * incx];
  return 0;
}

EXPORT int rocblas_saxpy_64(void* h, int64_t n, const float* alpha, const float* x, int64_t incx,
                            float* y, int64_t incy) {
  if (live(h) == nullptr) return 1;
  record("rocblas_saxpy_64", h);
  fakeRocblasLast.sizes[0] = n;
  fakeRocblasLast.sizes[1] = incx;
  fakeRocblasLast.sizes[2] = incy;
  if (n > 1024) return 0;  // a size only int64_t holds: recorded, not run
  for (int64_t i = 0; i < n; ++i) y[i * incy] += *alpha * x[i * incx];
  return 0;
}

EXPORT int rocblas_sgemm(void* h, int ta, int tb, int m, int n, int k, const float* alpha,
                         const float* A, int lda, const float* B, int ldb, const float* beta,
                         float* C, int ldc) {
  if (live(h) == nullptr) return 1;
  record("rocblas_sgemm", h);
  fakeRocblasLast.ints[0] = ta;
  fakeRocblasLast.ints[1] = tb;
  fakeRocblasLast.sizes[0] = m;
  fakeRocblasLast.sizes[1] = n;
  fakeRocblasLast.sizes[2] = k;
  if (ta < 111 || ta > 113 || tb < 111 || tb > 113) return 11;  // invalid_value
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0;
      for (int l = 0; l < k; ++l) {
        const float a = ta == 111 ? A[i + l * lda] : A[l + i * lda];
        const float b = tb == 111 ? B[l + j * ldb] : B[j + l * ldb];
        s += a * b;
      }
      C[i + j * ldc] = *alpha * s + *beta * C[i + j * ldc];
    }
  return 0;
}

EXPORT int rocblas_dgemm_batched(void* h, int ta, int tb, int m, int n, int k, const double* alpha,
                                 const double* const A[], int lda, const double* const B[], int ldb,
                                 const double* beta, double* const C[], int ldc, int batch) {
  if (live(h) == nullptr) return 1;
  record("rocblas_dgemm_batched", h);
  fakeRocblasLast.ints[0] = ta;
  fakeRocblasLast.ints[1] = tb;
  const int64_t sizes[] = {m, n, k, lda, ldb, ldc, batch};
  std::copy(std::begin(sizes), std::end(sizes), fakeRocblasLast.sizes);
  fakeRocblasLast.ptrs[0] = A;
  fakeRocblasLast.ptrs[1] = B;
  fakeRocblasLast.ptrs[2] = C;
  (void)alpha;
  (void)beta;
  return 0;
}

EXPORT int rocblas_sgemm_strided_batched(void* h, int ta, int tb, int m, int n, int k,
                                         const float* alpha, const float* A, int lda, int64_t sa,
                                         const float* B, int ldb, int64_t sb, const float* beta,
                                         float* C, int ldc, int64_t sc, int batch) {
  if (live(h) == nullptr) return 1;
  record("rocblas_sgemm_strided_batched", h);
  fakeRocblasLast.ints[0] = ta;
  fakeRocblasLast.ints[1] = tb;
  const int64_t sizes[] = {m, n, k, sa, sb, sc, batch, lda + ldb + ldc};
  std::copy(std::begin(sizes), std::end(sizes), fakeRocblasLast.sizes);
  (void)alpha;
  (void)A;
  (void)B;
  (void)beta;
  (void)C;
  return 0;
}

EXPORT int rocblas_strsm(void* h, int side, int uplo, int trans, int diag, int m, int n,
                         const float*, const float*, int, float*, int) {
  if (live(h) == nullptr) return 1;
  record("rocblas_strsm", h);
  const int ints[] = {side, uplo, trans, diag};
  std::copy(std::begin(ints), std::end(ints), fakeRocblasLast.ints);
  fakeRocblasLast.sizes[0] = m;
  fakeRocblasLast.sizes[1] = n;
  return 5;  // memory_error: the status must come back mapped
}
