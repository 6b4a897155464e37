// compat-flags: -std=c++20
// hip_runtime.h under -std=c++20 (CMake projects set CMAKE_HIP_STANDARD 20): its implicit
// standard headers (<array> reaches <new> there) must still compile.
#include <hip/hip_runtime.h>
#include <span>

__global__ void scale(float* data, float factor) {
  float* scratch = new float[1];
  data[threadIdx.x] *= factor;
  delete[] scratch;
}

int main() {
  std::array<float, 4> host{1, 2, 3, 4};
  std::span<float> view(host);
  float* device = nullptr;
  if (hipMalloc(&device, view.size_bytes()) != hipSuccess) return 0;
  scale<<<1, 4>>>(device, 2.0f);
  (void)hipFree(device);
  return 0;
}
