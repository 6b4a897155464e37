// The status table: AMD's hipSOLVER's mapping of cuSOLVER's codes (the IRS ones folded into
// their plain kind; anything else, such as INVALID_LICENSE, is UNKNOWN).
#include "status_map.h"

namespace unihip::solver {
namespace {

struct StatusRow {
  int vendor;  // the vendor's value (cusolverStatus_t, rocblas_status)
  hipsolverStatus_t hip;
};

constexpr StatusRow kStatus[] = {
    {0, HIPSOLVER_STATUS_SUCCESS},
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
    {13, HIPSOLVER_STATUS_INVALID_VALUE},   // IRS_PARAMS_INVALID
    {20, HIPSOLVER_STATUS_INTERNAL_ERROR},  // IRS_INTERNAL_ERROR
    {21, HIPSOLVER_STATUS_NOT_SUPPORTED},   // IRS_NOT_SUPPORTED
};

// rocblas_status, as AMD's hipSOLVER maps it (rocSOLVER answers rocBLAS's statuses).
constexpr StatusRow kRocblasStatus[] = {
    {0, HIPSOLVER_STATUS_SUCCESS},          // success
    {1, HIPSOLVER_STATUS_NOT_INITIALIZED},  // invalid_handle
    {2, HIPSOLVER_STATUS_NOT_SUPPORTED},    // not_implemented
    {3, HIPSOLVER_STATUS_INVALID_VALUE},    // invalid_pointer
    {4, HIPSOLVER_STATUS_INVALID_VALUE},    // invalid_size
    {5, HIPSOLVER_STATUS_ALLOC_FAILED},     // memory_error
    {6, HIPSOLVER_STATUS_INTERNAL_ERROR},   // internal_error
    {7, HIPSOLVER_STATUS_UNKNOWN},          // perf_degraded
    {8, HIPSOLVER_STATUS_UNKNOWN},          // size_query_mismatch
    {9, HIPSOLVER_STATUS_SUCCESS},          // size_increased
    {10, HIPSOLVER_STATUS_SUCCESS},         // size_unchanged
    {11, HIPSOLVER_STATUS_INVALID_VALUE},   // invalid_value
    {12, HIPSOLVER_STATUS_UNKNOWN},         // continue
    {13, HIPSOLVER_STATUS_UNKNOWN},         // check_numerics_fail
    {14, HIPSOLVER_STATUS_UNKNOWN},         // excluded_from_build
    {15, HIPSOLVER_STATUS_UNKNOWN},         // arch_mismatch
};

}  // namespace

hipsolverStatus_t fromRocblas(int s) {
  for (const StatusRow& r : kRocblasStatus)
    if (r.vendor == s) return r.hip;
  return HIPSOLVER_STATUS_UNKNOWN;
}

hipsolverStatus_t fromCusolver(int s) {
  for (const StatusRow& r : kStatus)
    if (r.vendor == s) return r.hip;
  return HIPSOLVER_STATUS_UNKNOWN;
}

}  // namespace unihip::solver
