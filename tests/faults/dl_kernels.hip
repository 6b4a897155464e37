// A shared library with device code (unihipcc -shared -fPIC), dlopen'ed and dlclose'd by the
// teardown test `dlclose_kernels` of unihip_fault_tests. Its fat binary registers when it is
// loaded and unregisters when it is unloaded (clang's module constructor and destructor).
#include <hip/hip_runtime.h>

#include <cstdint>

__global__ void dlScale(uint32_t* data, size_t n, uint32_t factor) {
  size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * factor + 7u;
}

extern "C" {
// data[i] = data[i] * factor + 7 on `stream`; returns the launch's status.
hipError_t dlLaunchScale(uint32_t* data, size_t n, uint32_t factor, hipStream_t stream) {
  dlScale<<<static_cast<unsigned>((n + 255) / 256), 256, 0, stream>>>(data, n, factor);
  return hipGetLastError();
}
// The kernel's host stub: what hipLaunchKernel takes.
const void* dlScaleStub() { return reinterpret_cast<const void*>(&dlScale); }
}
