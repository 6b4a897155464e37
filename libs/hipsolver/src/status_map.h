// cuSOLVER's and rocBLAS's (rocSOLVER's) status codes to hipsolverStatus_t, by complete tables.
#pragma once

#include <hipsolver/hipsolver.h>

namespace unihip::solver {

hipsolverStatus_t fromCusolver(int cusolverStatus);
hipsolverStatus_t fromRocblas(int rocblasStatus);

}  // namespace unihip::solver
