// cuSPARSE's and rocSPARSE's status codes to hipsparseStatus_t, by complete tables.
#pragma once

#include <hipsparse/hipsparse.h>

namespace unihip::sparse {

hipsparseStatus_t fromCusparse(int cusparseStatus);
hipsparseStatus_t fromRocsparse(int rocsparseStatus);

}  // namespace unihip::sparse
