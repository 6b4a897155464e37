// Vendor status codes to hipblasStatus_t, by complete tables.
#pragma once

#include <hipblas/hipblas.h>

namespace unihip::blas {

hipblasStatus_t fromCublas(int cublasStatus);
hipblasStatus_t fromRocblas(int rocblasStatus);

}  // namespace unihip::blas
