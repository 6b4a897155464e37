#include "vendor.h"

#include "vendor_library.h"

namespace unihip::sparse {

void* cusparseLibrary(std::string* why) {
  // cuSPARSE 12 is the soname of CUDA 12 and CUDA 13 alike.
  static libs::VendorLibrary cusparse{
      "hipsparse", "cuSPARSE", "UNIHIP_CUSPARSE_LIBRARY",
      {"libcusparse.so.12", "/usr/local/cuda/lib64/libcusparse.so.12", "libcusparse.so"}};
  return cusparse.open(why);
}

}  // namespace unihip::sparse
