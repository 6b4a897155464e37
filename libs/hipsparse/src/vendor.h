// The vendor sparse libraries, loaded at run time: cuSPARSE on NVIDIA, rocSPARSE on AMD.
#pragma once

#include <string>

namespace unihip::sparse {

enum class Vendor : int { cuda = 0, rocm = 1 };

// The library's handle (dlopen), or nullptr; `why` then lists every path tried and one log line
// has said so. Loaded once, on first use, by any thread. UNIHIP_CUSPARSE_LIBRARY /
// UNIHIP_ROCSPARSE_LIBRARY, when set, is the only path tried (tests point them at a fake or a
// missing file).
void* vendorLibrary(Vendor v, std::string* why = nullptr);
inline void* cusparseLibrary(std::string* why = nullptr) { return vendorLibrary(Vendor::cuda, why); }

// The backend of the current device, for the calls without a handle (descriptors, info
// objects): rocSPARSE when it is an AMD device, cuSPARSE otherwise (also without a device).
Vendor currentVendor();

}  // namespace unihip::sparse
