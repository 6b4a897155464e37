#include "status_map.h"

namespace unihip::blas {

hipblasStatus_t fromCublas(int s) {
  switch (s) {  // cublasStatus_t's values
    case 0: return HIPBLAS_STATUS_SUCCESS;
    case 1: return HIPBLAS_STATUS_NOT_INITIALIZED;
    case 3: return HIPBLAS_STATUS_ALLOC_FAILED;
    case 7: return HIPBLAS_STATUS_INVALID_VALUE;
    case 8: return HIPBLAS_STATUS_ARCH_MISMATCH;
    case 11: return HIPBLAS_STATUS_MAPPING_ERROR;
    case 13: return HIPBLAS_STATUS_EXECUTION_FAILED;
    case 14: return HIPBLAS_STATUS_INTERNAL_ERROR;
    case 15: return HIPBLAS_STATUS_NOT_SUPPORTED;
    default: return HIPBLAS_STATUS_UNKNOWN;  // 16 (license error) and anything newer
  }
}

hipblasStatus_t fromRocblas(int s) {
  switch (s) {  // rocblas_status's values
    case 0:   // success
    case 9:   // size_increased
    case 10:  // size_unchanged
      return HIPBLAS_STATUS_SUCCESS;
    case 1: return HIPBLAS_STATUS_NOT_INITIALIZED;  // invalid_handle
    case 2: return HIPBLAS_STATUS_NOT_SUPPORTED;    // not_implemented
    case 3:                                         // invalid_pointer
    case 4:                                         // invalid_size
    case 11:                                        // invalid_value
      return HIPBLAS_STATUS_INVALID_VALUE;
    case 5: return HIPBLAS_STATUS_ALLOC_FAILED;     // memory_error
    case 6: return HIPBLAS_STATUS_INTERNAL_ERROR;   // internal_error
    case 15: return HIPBLAS_STATUS_ARCH_MISMATCH;   // arch_mismatch
    default: return HIPBLAS_STATUS_UNKNOWN;
  }
}

}  // namespace unihip::blas

extern "C" HIPBLAS_EXPORT const char* hipblasStatusToString(hipblasStatus_t status) {
  switch (status) {
#define UNIHIP_BLAS_NAME(s) \
  case s: return #s;
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_SUCCESS)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_NOT_INITIALIZED)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_ALLOC_FAILED)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_INVALID_VALUE)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_MAPPING_ERROR)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_EXECUTION_FAILED)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_INTERNAL_ERROR)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_NOT_SUPPORTED)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_ARCH_MISMATCH)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_HANDLE_IS_NULLPTR)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_INVALID_ENUM)
    UNIHIP_BLAS_NAME(HIPBLAS_STATUS_UNKNOWN)
#undef UNIHIP_BLAS_NAME
  }
  return "<undefined hipblasStatus_t value>";
}
