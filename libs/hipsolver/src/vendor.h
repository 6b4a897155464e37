// The vendor libraries, loaded at run time: cuSOLVER on NVIDIA; rocSOLVER and the rocBLAS it
// runs on (handles, streams, its device-memory size queries and workspace) on AMD.
#pragma once

#include <string>

namespace unihip::solver {

enum class Vendor : int { cuda = 0, rocm = 1 };

enum class Lib : int { cusolver = 0, rocsolver = 1, rocblas = 2 };

// The library's handle (dlopen), or nullptr; `why` then lists every path tried and one log line
// has said so. Loaded once, on first use, by any thread. UNIHIP_CUSOLVER_LIBRARY,
// UNIHIP_ROCSOLVER_LIBRARY and UNIHIP_ROCBLAS_LIBRARY, when set, are the only path tried (tests
// point them at a fake or a missing file). rocSOLVER and rocBLAS must be the pair rocSOLVER was
// built with: the rocBLAS that rocSOLVER loads is the one found here when both name one file.
void* vendorLibrary(Lib lib, std::string* why = nullptr);

const char* vendorName(Lib lib);

inline void* cusolverLibrary(std::string* why = nullptr) {
  return vendorLibrary(Lib::cusolver, why);
}

}  // namespace unihip::solver
