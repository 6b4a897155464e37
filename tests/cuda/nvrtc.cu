// NVRTC and the driver API: a kernel compiled at run time (nvrtc.h over hiprtc), loaded with
// cuModuleLoadData and launched with cuLaunchKernel.
#include <cuda.h>
#include <nvrtc.h>
#include <vector>
#include "cuda_check.h"

static const char* kSource = R"(
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
})";

int main() {
  skip_without_gpu("nvrtc");
  nvrtcProgram prog;
  EXPECT(nvrtcCreateProgram(&prog, kSource, "saxpy.cu", 0, nullptr, nullptr) == NVRTC_SUCCESS);
  nvrtcResult r = nvrtcCompileProgram(prog, 0, nullptr);
  if (r != NVRTC_SUCCESS) {
    size_t n = 0;
    (void)nvrtcGetProgramLogSize(prog, &n);
    std::vector<char> log(n + 1);
    (void)nvrtcGetProgramLog(prog, log.data());
    std::printf("nvrtcCompileProgram: %s\n%s\n", nvrtcGetErrorString(r), log.data());
    if (!cuda_test_runs_kernels) {  // the fake's gfx90a code needs clang where it runs
      skip_part("nvrtc", "the rest", "no compiler for the device's code here");
      return 77;
    }
    std::printf("FAILED\n");
    return 1;
  }
  size_t size = 0;
  EXPECT(nvrtcGetCUBINSize(prog, &size) == NVRTC_SUCCESS && size > 0);
  std::vector<char> image(size);
  EXPECT(nvrtcGetCUBIN(prog, image.data()) == NVRTC_SUCCESS);
  EXPECT(nvrtcDestroyProgram(&prog) == NVRTC_SUCCESS);

  CUmodule mod;
  CUfunction fn;
  EXPECT(cuModuleLoadData(&mod, image.data()) == CUDA_SUCCESS);
  EXPECT(cuModuleGetFunction(&fn, mod, "saxpy") == CUDA_SUCCESS);
  const int n = 1000;
  std::vector<float> hx(n, 1.0f), hy(n, 2.0f);
  float *x, *y;
  CHECK(cudaMalloc(&x, n * sizeof(float)));
  CHECK(cudaMalloc(&y, n * sizeof(float)));
  CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  float a = 3.0f;
  int count = n;
  void* args[] = {&a, &x, &y, &count};
  EXPECT(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr) ==
         CUDA_SUCCESS);
  CHECK(cudaMemcpy(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (float v : hy) ok = ok && v == 5.0f;
  EXPECT_RESULT(ok);
  EXPECT(cuModuleUnload(mod) == CUDA_SUCCESS);
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  return finish("nvrtc");
}
