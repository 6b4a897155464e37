// The status table: AMD's hipSOLVER's mapping of cuSOLVER's codes (the IRS ones folded into
// their plain kind; anything else, such as INVALID_LICENSE, is UNKNOWN).
#include "status_map.h"

namespace unihip::solver {
namespace {

struct StatusRow {
  int cusolver;  // cusolverStatus_t's value
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

}  // namespace

hipsolverStatus_t fromCusolver(int s) {
  for (const StatusRow& r : kStatus)
    if (r.cusolver == s) return r.hip;
  return HIPSOLVER_STATUS_UNKNOWN;
}

}  // namespace unihip::solver
