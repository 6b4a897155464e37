#include "vendor.h"

#include "vendor_library.h"

namespace unihip::solver {

void* cusolverLibrary(std::string* why) {
  // cuSOLVER 12 is the soname of CUDA 12 and CUDA 13 alike.
  static libs::VendorLibrary cusolver{
      "hipsolver", "cuSOLVER", "UNIHIP_CUSOLVER_LIBRARY",
      {"libcusolver.so.12", "/usr/local/cuda/lib64/libcusolver.so.12", "libcusolver.so"}};
  return cusolver.open(why);
}

}  // namespace unihip::solver
