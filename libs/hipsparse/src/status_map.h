// cuSPARSE's status codes to hipsparseStatus_t, by a complete table.
#pragma once

#include <hipsparse/hipsparse.h>

namespace unihip::sparse {

hipsparseStatus_t fromCusparse(int cusparseStatus);

}  // namespace unihip::sparse
