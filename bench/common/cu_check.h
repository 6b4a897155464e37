// CU_CHECK for the benchmarks that call the CUDA driver directly: a failed call ends the
// program with the call, the error's name and where it happened.
#pragma once

#include <cuda.h>

#include <cstdio>
#include <cstdlib>

#define CU_CHECK(expr)                                                                   \
  do {                                                                                   \
    CUresult cu_check_r_ = (expr);                                                       \
    if (cu_check_r_ != CUDA_SUCCESS) {                                                   \
      const char* cu_check_name_ = "unknown";                                            \
      cuGetErrorName(cu_check_r_, &cu_check_name_);                                      \
      std::fprintf(stderr, "%s failed: %s (%d) at %s:%d\n", #expr, cu_check_name_,        \
                   static_cast<int>(cu_check_r_), __FILE__, __LINE__);                   \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)
