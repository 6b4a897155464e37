// The status table, and hipsparseGetErrorName/String (which answer without cuSPARSE loaded).
#include "status_map.h"

namespace unihip::sparse {
namespace {

struct StatusRow {
  int cusparse;  // cusparseStatus_t's value
  hipsparseStatus_t hip;
  const char* name;  // what cusparseGetErrorName says
  const char* description;
};

constexpr StatusRow kStatus[] = {
    {0, HIPSPARSE_STATUS_SUCCESS, "CUSPARSE_STATUS_SUCCESS", "success"},
    {1, HIPSPARSE_STATUS_NOT_INITIALIZED, "CUSPARSE_STATUS_NOT_INITIALIZED",
     "the library was not initialized"},
    {2, HIPSPARSE_STATUS_ALLOC_FAILED, "CUSPARSE_STATUS_ALLOC_FAILED",
     "resource allocation failed"},
    {3, HIPSPARSE_STATUS_INVALID_VALUE, "CUSPARSE_STATUS_INVALID_VALUE",
     "an unsupported value or parameter was passed to the function"},
    {4, HIPSPARSE_STATUS_ARCH_MISMATCH, "CUSPARSE_STATUS_ARCH_MISMATCH",
     "the function requires a feature absent from the device architecture"},
    {5, HIPSPARSE_STATUS_MAPPING_ERROR, "CUSPARSE_STATUS_MAPPING_ERROR",
     "access to GPU memory space failed"},
    {6, HIPSPARSE_STATUS_EXECUTION_FAILED, "CUSPARSE_STATUS_EXECUTION_FAILED",
     "the GPU program failed to execute"},
    {7, HIPSPARSE_STATUS_INTERNAL_ERROR, "CUSPARSE_STATUS_INTERNAL_ERROR",
     "an internal operation failed"},
    {8, HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED, "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED",
     "the matrix type is not supported by this function"},
    {9, HIPSPARSE_STATUS_ZERO_PIVOT, "CUSPARSE_STATUS_ZERO_PIVOT", "zero pivot was computed"},
    {10, HIPSPARSE_STATUS_NOT_SUPPORTED, "CUSPARSE_STATUS_NOT_SUPPORTED",
     "the operation or data type combination is not supported"},
    {11, HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES, "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES",
     "the resources for the computation, such as GPU global or shared memory, are not sufficient"},
};

const StatusRow* byHip(hipsparseStatus_t s) {
  for (const StatusRow& r : kStatus)
    if (r.hip == s) return &r;
  return nullptr;
}

// rocsparse_status, as AMD's hipSPARSE maps it (rocSPARSEStatusToHIPStatus).
constexpr hipsparseStatus_t kRocStatus[] = {
    HIPSPARSE_STATUS_SUCCESS,          // 0 success
    HIPSPARSE_STATUS_INVALID_VALUE,    // 1 invalid_handle
    HIPSPARSE_STATUS_NOT_SUPPORTED,    // 2 not_implemented
    HIPSPARSE_STATUS_INVALID_VALUE,    // 3 invalid_pointer
    HIPSPARSE_STATUS_INVALID_VALUE,    // 4 invalid_size
    HIPSPARSE_STATUS_ALLOC_FAILED,     // 5 memory_error
    HIPSPARSE_STATUS_INTERNAL_ERROR,   // 6 internal_error
    HIPSPARSE_STATUS_INVALID_VALUE,    // 7 invalid_value
    HIPSPARSE_STATUS_ARCH_MISMATCH,    // 8 arch_mismatch
    HIPSPARSE_STATUS_ZERO_PIVOT,       // 9 zero_pivot
    HIPSPARSE_STATUS_NOT_INITIALIZED,  // 10 not_initialized
    HIPSPARSE_STATUS_INTERNAL_ERROR,   // 11 type_mismatch
    HIPSPARSE_STATUS_INTERNAL_ERROR,   // 12 requires_sorted_storage
    HIPSPARSE_STATUS_INTERNAL_ERROR,   // 13 thrown_exception
    HIPSPARSE_STATUS_SUCCESS,          // 14 continue
};

}  // namespace

hipsparseStatus_t fromRocsparse(int s) {
  if (s < 0 || s >= static_cast<int>(sizeof(kRocStatus) / sizeof(kRocStatus[0])))
    return HIPSPARSE_STATUS_INTERNAL_ERROR;  // a status newer than this table (AMD's throws)
  return kRocStatus[s];
}

hipsparseStatus_t fromCusparse(int s) {
  for (const StatusRow& r : kStatus)
    if (r.cusparse == s) return r.hip;
  return HIPSPARSE_STATUS_INTERNAL_ERROR;  // a status newer than this table
}

}  // namespace unihip::sparse

using unihip::sparse::byHip;

extern "C" HIPSPARSE_EXPORT const char* hipsparseGetErrorName(hipsparseStatus_t status) {
  const auto* r = byHip(status);
  return r != nullptr ? r->name : "Unrecognized status code";
}

extern "C" HIPSPARSE_EXPORT const char* hipsparseGetErrorString(hipsparseStatus_t status) {
  const auto* r = byHip(status);
  return r != nullptr ? r->description : "Unrecognized status code";
}
