#include "vendor.h"

#include <dlfcn.h>

#include "vendor_library.h"

namespace unihip::blas {

void* vendorLibrary(Vendor v, std::string* why) {
  static libs::VendorLibrary cublas{  // CUDA 13, then 12
      "hipblas", "cuBLAS", "UNIHIP_CUBLAS_LIBRARY",
      {"libcublas.so.13", "libcublas.so.12", "/usr/local/cuda/lib64/libcublas.so.13",
       "/usr/local/cuda/lib64/libcublas.so.12", "libcublas.so"}};
  static libs::VendorLibrary rocblas{
      "hipblas", "rocBLAS", "UNIHIP_ROCBLAS_LIBRARY",
      {"librocblas.so.5", "librocblas.so.4", "/opt/rocm/lib/librocblas.so.5",
       "/opt/rocm/lib/librocblas.so.4", "librocblas.so"}};
  return (v == Vendor::cuda ? cublas : rocblas).open(why);
}

void* vendorSymbol(Vendor v, const char* name) {
  void* so = vendorLibrary(v);
  return so == nullptr || name == nullptr ? nullptr : dlsym(so, name);
}

}  // namespace unihip::blas
