#include "vendor.h"

#include <hip/hip_runtime_api.h>

#include <cstring>

#include "vendor_library.h"

namespace unihip::sparse {

void* vendorLibrary(Vendor v, std::string* why) {
  // cuSPARSE 12 is the soname of CUDA 12 and CUDA 13 alike; rocSPARSE 1 that of ROCm 5 to 7.
  static libs::VendorLibrary cusparse{
      "hipsparse", "cuSPARSE", "UNIHIP_CUSPARSE_LIBRARY",
      {"libcusparse.so.12", "/usr/local/cuda/lib64/libcusparse.so.12", "libcusparse.so"}};
  static libs::VendorLibrary rocsparse{
      "hipsparse", "rocSPARSE", "UNIHIP_ROCSPARSE_LIBRARY",
      {"librocsparse.so.1", "/opt/rocm/lib/librocsparse.so.1", "librocsparse.so"}};
  return (v == Vendor::cuda ? cusparse : rocsparse).open(why);
}

Vendor currentVendor() {
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return Vendor::cuda;
  const char* backend = unihipGetDeviceBackendName(device);
  return backend != nullptr && std::strcmp(backend, "hsa") == 0 ? Vendor::rocm : Vendor::cuda;
}

}  // namespace unihip::sparse
