// Kernels that need the hostcall service, through unihip's headers and the ROCm device
// libraries: printf (hostcall printf) and malloc/free (__ockl_dm_alloc: hostcall devmem and
// the heap behind hidden_heap_v1). The fake ROCr runs host stand-ins that speak the same
// protocol (tests/hsa/hostcall_device.h); the tests check what the launch puts in the hidden
// arguments and what the service answers.
#include <hip/hip_runtime.h>

extern "C" __global__ void hostcall_printf(int* out, double d, const char* s) {
  out[threadIdx.x] = printf("tid %d %ld %f %s %p %%\n", (int)threadIdx.x, (long)blockIdx.x, d, s, out);
}

extern "C" __global__ void hostcall_malloc(unsigned long long* out) {
  int* p = (int*)malloc(64);
  if (p != nullptr) p[0] = (int)threadIdx.x;
  out[threadIdx.x] = (unsigned long long)p;
  free(p);
}

// assert on AMD prints through hostcall fprintf(stderr) before trapping, as AMD's HIP.
#include <assert.h>
extern "C" __global__ void hostcall_assert(const int* in) { assert(in[threadIdx.x] > 0); }
