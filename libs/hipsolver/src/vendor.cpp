#include "vendor.h"

#include "vendor_library.h"

namespace unihip::solver {

void* vendorLibrary(Lib lib, std::string* why) {
  // cuSOLVER 12 is the soname of CUDA 12 and CUDA 13 alike.
  static libs::VendorLibrary cusolver{
      "hipsolver", "cuSOLVER", "UNIHIP_CUSOLVER_LIBRARY",
      {"libcusolver.so.12", "/usr/local/cuda/lib64/libcusolver.so.12", "libcusolver.so"}};
  // rocSOLVER 3 (ROCm 6 and 7) keeps soname 0.
  static libs::VendorLibrary rocsolver{
      "hipsolver", "rocSOLVER", "UNIHIP_ROCSOLVER_LIBRARY",
      {"librocsolver.so.0", "/opt/rocm/lib/librocsolver.so.0", "librocsolver.so"}};
  static libs::VendorLibrary rocblas{
      "hipsolver", "rocBLAS", "UNIHIP_ROCBLAS_LIBRARY",
      {"librocblas.so.5", "librocblas.so.4", "/opt/rocm/lib/librocblas.so.5",
       "/opt/rocm/lib/librocblas.so.4", "librocblas.so"}};
  switch (lib) {
    case Lib::cusolver: return cusolver.open(why);
    case Lib::rocsolver: return rocsolver.open(why);
    case Lib::rocblas: return rocblas.open(why);
  }
  return nullptr;
}

const char* vendorName(Lib lib) {
  switch (lib) {
    case Lib::cusolver: return "cuSOLVER";
    case Lib::rocsolver: return "rocSOLVER";
    case Lib::rocblas: return "rocBLAS";
  }
  return "?";
}

}  // namespace unihip::solver
