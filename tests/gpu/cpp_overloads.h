// Results of exercising HIP's C++ overloads and default arguments (cpp_overloads.hip).
#pragma once

#include <hip/hip_runtime_api.h>

#include <vector>

struct OverloadResult {
  const char* what;
  hipError_t status;
  int value;  // what the call read back, where it reads something
};

std::vector<OverloadResult> exerciseCppOverloads();
