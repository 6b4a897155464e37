// cuSOLVER's status codes to hipsolverStatus_t, by a complete table.
#pragma once

#include <hipsolver/hipsolver.h>

namespace unihip::solver {

hipsolverStatus_t fromCusolver(int cusolverStatus);

}  // namespace unihip::solver
