// The vendor BLAS libraries, loaded at run time: cuBLAS on NVIDIA, rocBLAS on AMD.
#pragma once

#include <string>

namespace unihip::blas {

enum class Vendor : int { cuda = 0, rocm = 1 };

// The library's handle (dlopen), or nullptr; `why` then lists every path tried. Loaded once,
// on first use, by any thread. UNIHIP_CUBLAS_LIBRARY / UNIHIP_ROCBLAS_LIBRARY, when set, are
// the only path tried (tests point them at a missing file).
void* vendorLibrary(Vendor v, std::string* why = nullptr);

// A symbol of the vendor library; nullptr when the library or the symbol is missing.
void* vendorSymbol(Vendor v, const char* name);

}  // namespace unihip::blas
