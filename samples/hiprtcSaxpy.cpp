// Runtime compilation: a templated SAXPY compiled with hiprtc for the current device (NVRTC on
// NVIDIA, clang on AMD), the instantiation found through a name expression, then loaded and
// launched through the module API. Plain C++: no device code is compiled ahead of time; links
// -lhiprtc as HIP programs do.
#include <hip/hiprtc.h>

#include <cmath>
#include <string>
#include <vector>

#include "sample_support.h"

#define RTC_CHECK(call)                                                              \
  do {                                                                               \
    hiprtcResult rtc_err_ = (call);                                                  \
    if (rtc_err_ != HIPRTC_SUCCESS) {                                                \
      std::fprintf(stderr, "%s:%d: %s returned %s\n", __FILE__, __LINE__, #call,     \
                   hiprtcGetErrorString(rtc_err_));                                  \
      std::printf("FAILED\n");                                                       \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

static const char kSource[] = R"(
#include <hip/hip_runtime.h>
template <typename T>
__global__ void saxpy(T a, const T* x, T* y, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n) y[i] = a * x[i] + y[i] + static_cast<T>(EXTRA);
}
)";

int main() {
  skipWithoutGpu("hiprtcSaxpy");
  hiprtcProgram prog = nullptr;
  RTC_CHECK(hiprtcCreateProgram(&prog, kSource, "saxpy.hip", 0, nullptr, nullptr));
  RTC_CHECK(hiprtcAddNameExpression(prog, "saxpy<float>"));
  const char* options[] = {"-DEXTRA=1", "-O3"};
  hiprtcResult compiled = hiprtcCompileProgram(prog, 2, options);
  size_t logSize = 0;
  RTC_CHECK(hiprtcGetProgramLogSize(prog, &logSize));
  if (logSize > 1) {
    std::string log(logSize, '\0');
    RTC_CHECK(hiprtcGetProgramLog(prog, log.data()));
    std::fprintf(stderr, "%s\n", log.c_str());
  }
  RTC_CHECK(compiled);
  size_t codeSize = 0;
  RTC_CHECK(hiprtcGetCodeSize(prog, &codeSize));
  std::vector<char> code(codeSize);
  RTC_CHECK(hiprtcGetCode(prog, code.data()));
  const char* lowered = nullptr;
  RTC_CHECK(hiprtcGetLoweredName(prog, "saxpy<float>", &lowered));
  std::string kernelName = lowered;  // owned by the program
  RTC_CHECK(hiprtcDestroyProgram(&prog));
  std::printf("hiprtcSaxpy: %zu bytes of code, kernel %s\n", codeSize, kernelName.c_str());

  hipModule_t module = nullptr;
  hipFunction_t kernel = nullptr;
  SAMPLE_CHECK(hipModuleLoadData(&module, code.data()));
  SAMPLE_CHECK(hipModuleGetFunction(&kernel, module, kernelName.c_str()));

  const int n = 1 << 20;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 1000);
    y[i] = 2.0f;
  }
  float *dx = nullptr, *dy = nullptr;
  SAMPLE_CHECK(hipMalloc(&dx, n * sizeof(float)));
  SAMPLE_CHECK(hipMalloc(&dy, n * sizeof(float)));
  SAMPLE_CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
  SAMPLE_CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
  float a = 3.0f;
  int count = n;
  void* args[] = {&a, &dx, &dy, &count};
  SAMPLE_CHECK(hipModuleLaunchKernel(kernel, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, args,
                                     nullptr));
  SAMPLE_CHECK(hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += std::fabs(y[i] - (3.0f * (i % 1000) + 3.0f)) > 1e-3f;
  SAMPLE_CHECK(hipFree(dx));
  SAMPLE_CHECK(hipFree(dy));
  SAMPLE_CHECK(hipModuleUnload(module));
  return verdict(wrong == 0);
}
