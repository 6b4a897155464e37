// hipblasSet/GetVector and Set/GetMatrix (+Async): strided copies done by the HIP runtime, so
// they need no vendor library and work on either backend. Bad sizes and NULL pointers are
// HIPBLAS_STATUS_INVALID_VALUE (as rocBLAS's and cuBLAS's invalid size / pointer); an empty
// copy succeeds; a failed copy is HIPBLAS_STATUS_MAPPING_ERROR.
#include <hipblas/hipblas.h>

namespace {

hipblasStatus_t copy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind, bool async, hipStream_t stream) {
  const hipError_t e =
      async ? hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream)
            : hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
  return e == hipSuccess ? HIPBLAS_STATUS_SUCCESS : HIPBLAS_STATUS_MAPPING_ERROR;
}

hipblasStatus_t vector(int n, int elemSize, const void* x, int incx, void* y, int incy,
                       hipMemcpyKind kind, bool async, hipStream_t stream) {
  if (n < 0 || elemSize <= 0 || incx <= 0 || incy <= 0) return HIPBLAS_STATUS_INVALID_VALUE;
  if (n == 0) return HIPBLAS_STATUS_SUCCESS;
  if (x == nullptr || y == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  const size_t es = static_cast<size_t>(elemSize);
  return copy2D(y, es * static_cast<size_t>(incy), x, es * static_cast<size_t>(incx), es,
                static_cast<size_t>(n), kind, async, stream);
}

hipblasStatus_t matrix(int rows, int cols, int elemSize, const void* a, int lda, void* b, int ldb,
                       hipMemcpyKind kind, bool async, hipStream_t stream) {
  if (rows < 0 || cols < 0 || elemSize <= 0 || lda <= 0 || ldb <= 0 || lda < rows || ldb < rows)
    return HIPBLAS_STATUS_INVALID_VALUE;
  if (rows == 0 || cols == 0) return HIPBLAS_STATUS_SUCCESS;
  if (a == nullptr || b == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  const size_t es = static_cast<size_t>(elemSize);
  return copy2D(b, es * static_cast<size_t>(ldb), a, es * static_cast<size_t>(lda),
                es * static_cast<size_t>(rows), static_cast<size_t>(cols), kind, async, stream);
}

}  // namespace

extern "C" {

HIPBLAS_EXPORT hipblasStatus_t hipblasSetVector(int n, int elemSize, const void* x, int incx,
                                                void* y, int incy) {
  return vector(n, elemSize, x, incx, y, incy, hipMemcpyHostToDevice, false, nullptr);
}
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVector(int n, int elemSize, const void* x, int incx,
                                                void* y, int incy) {
  return vector(n, elemSize, x, incx, y, incy, hipMemcpyDeviceToHost, false, nullptr);
}
HIPBLAS_EXPORT hipblasStatus_t hipblasSetVectorAsync(int n, int elemSize, const void* x, int incx,
                                                     void* y, int incy, hipStream_t stream) {
  return vector(n, elemSize, x, incx, y, incy, hipMemcpyHostToDevice, true, stream);
}
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVectorAsync(int n, int elemSize, const void* x, int incx,
                                                     void* y, int incy, hipStream_t stream) {
  return vector(n, elemSize, x, incx, y, incy, hipMemcpyDeviceToHost, true, stream);
}
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMatrix(int rows, int cols, int elemSize, const void* AP,
                                                int lda, void* BP, int ldb) {
  return matrix(rows, cols, elemSize, AP, lda, BP, ldb, hipMemcpyHostToDevice, false, nullptr);
}
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMatrix(int rows, int cols, int elemSize, const void* AP,
                                                int lda, void* BP, int ldb) {
  return matrix(rows, cols, elemSize, AP, lda, BP, ldb, hipMemcpyDeviceToHost, false, nullptr);
}
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMatrixAsync(int rows, int cols, int elemSize,
                                                     const void* AP, int lda, void* BP, int ldb,
                                                     hipStream_t stream) {
  return matrix(rows, cols, elemSize, AP, lda, BP, ldb, hipMemcpyHostToDevice, true, stream);
}
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMatrixAsync(int rows, int cols, int elemSize,
                                                     const void* AP, int lda, void* BP, int ldb,
                                                     hipStream_t stream) {
  return matrix(rows, cols, elemSize, AP, lda, BP, ldb, hipMemcpyDeviceToHost, true, stream);
}

}  // extern "C"
