// hip_runtime.h alone makes std::array, std::complex, std::min/std::max and placement new
// available (HIP's headers and clang's HIP wrapper include <array>, <algorithm>, <complex>,
// <new>); real programs rely on it. new/delete in kernels go to the device malloc/free.
#include <hip/hip_runtime.h>

struct Pair {
  int a, b;
};

__global__ void clampKernel(int* out, int lo, int hi) {
  int v = static_cast<int>(threadIdx.x);
  out[threadIdx.x] = std::min(std::max(v, lo), hi);
  alignas(Pair) unsigned char storage[sizeof(Pair)];
  Pair* p = new (storage) Pair{1, 2};
  out[threadIdx.x] += p->a + p->b;
  int* heap = new int[2];
  Pair* single = new Pair{3, 4};
  if (heap != nullptr) heap[0] = single->a;
  delete single;
  delete[] heap;
}

int main() {
  std::array<int, 4> host{};
  std::complex<float> z(1.0f, 2.0f);
  host[0] = static_cast<int>(std::abs(z * z));
  int* d = nullptr;
  if (hipMalloc(&d, sizeof(int) * host.size()) != hipSuccess) return 1;
  hipLaunchKernelGGL(clampKernel, dim3(1), dim3(4), 0, 0, d, 1, 2);
  (void)hipMemcpy(host.data(), d, sizeof(int) * host.size(), hipMemcpyDeviceToHost);
  (void)hipFree(d);
  return host[0] == 0;
}
