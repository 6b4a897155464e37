// hiprtc on the GPU: kernels compiled at run time for the current device (NVRTC on NVIDIA),
// loaded with hipModuleLoadData and launched with hipModuleLaunchKernel.
#include <cstring>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "hip/hiprtc.h"

namespace {

#define RTC_REQUIRE(call) REQUIRE((call) == HIPRTC_SUCCESS)

std::string logOf(hiprtcProgram p) {
  size_t n = 0;
  if (hiprtcGetProgramLogSize(p, &n) != HIPRTC_SUCCESS || n == 0) return {};
  std::string log(n, '\0');
  hiprtcGetProgramLog(p, log.data());
  return log;
}

std::vector<char> codeOf(hiprtcProgram p) {
  size_t n = 0;
  REQUIRE(hiprtcGetCodeSize(p, &n) == HIPRTC_SUCCESS);
  REQUIRE(n > 0);
  std::vector<char> code(n);
  RTC_REQUIRE(hiprtcGetCode(p, code.data()));
  return code;
}

// Compiles `src` with `options`, the name expressions registered first; REQUIREs success.
hiprtcProgram compile(const char* src, std::vector<const char*> options,
                      std::vector<const char*> expressions, int numHeaders = 0,
                      const char** headers = nullptr, const char** names = nullptr) {
  hiprtcProgram p = nullptr;
  RTC_REQUIRE(hiprtcCreateProgram(&p, src, "rtc_test.hip", numHeaders, headers, names));
  for (const char* e : expressions) RTC_REQUIRE(hiprtcAddNameExpression(p, e));
  hiprtcResult r = hiprtcCompileProgram(p, static_cast<int>(options.size()), options.data());
  INFO(logOf(p));
  REQUIRE(r == HIPRTC_SUCCESS);
  return p;
}

const char kScaleSource[] = R"(
#include "params.h"
template <typename T, int N>
__global__ void scale(T* out, const T* in, int n) {
  int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  if (i < n) out[i] = in[i] * static_cast<T>(N) + static_cast<T>(BIAS + OFFSET);
}
)";
const char* kParamNames[] = {"params.h"};
const char* kParams[] = {"#pragma once\n#define OFFSET 5\n"};

}  // namespace

TEST_CASE("hiprtc: template kernel, name expressions, -D and a named header, run on the device",
          "[hiprtc]") {
  hiprtcProgram p = compile(kScaleSource, {"-DBIAS=10", "-std=c++17"},
                            {"scale<float, 3>", "scale<int, 2>"}, 1, kParams, kParamNames);
  const char* floatName = nullptr;
  const char* intName = nullptr;
  RTC_REQUIRE(hiprtcGetLoweredName(p, "scale<float, 3>", &floatName));
  RTC_REQUIRE(hiprtcGetLoweredName(p, "scale<int, 2>", &intName));
  CHECK(std::string(floatName) == "_Z5scaleIfLi3EEvPT_PKS0_i");
  std::vector<char> code = codeOf(p);
  hipModule_t module = nullptr;
  HIP_REQUIRE(hipModuleLoadData(&module, code.data()));
  hipFunction_t fk = nullptr, ik = nullptr;
  HIP_REQUIRE(hipModuleGetFunction(&fk, module, floatName));
  HIP_REQUIRE(hipModuleGetFunction(&ik, module, intName));
  RTC_REQUIRE(hiprtcDestroyProgram(&p));  // the module outlives the program

  constexpr int n = 1000;
  std::vector<float> hin(n);
  for (int i = 0; i < n; ++i) hin[i] = static_cast<float>(i);
  float *in = nullptr, *out = nullptr;
  HIP_REQUIRE(hipMalloc(&in, n * sizeof(float)));
  HIP_REQUIRE(hipMalloc(&out, n * sizeof(float)));
  HIP_REQUIRE(hipMemcpy(in, hin.data(), n * sizeof(float), hipMemcpyHostToDevice));
  int count = n;
  void* args[] = {&out, &in, &count};
  HIP_REQUIRE(hipModuleLaunchKernel(fk, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
  std::vector<float> hout(n);
  HIP_REQUIRE(hipMemcpy(hout.data(), out, n * sizeof(float), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += hout[i] != 3.0f * i + 15.0f;
  CHECK(wrong == 0);

  int *iin = nullptr, *iout = nullptr;
  HIP_REQUIRE(hipMalloc(&iin, n * sizeof(int)));
  HIP_REQUIRE(hipMalloc(&iout, n * sizeof(int)));
  std::vector<int> hi(n);
  for (int i = 0; i < n; ++i) hi[i] = i;
  HIP_REQUIRE(hipMemcpy(iin, hi.data(), n * sizeof(int), hipMemcpyHostToDevice));
  void* iargs[] = {&iout, &iin, &count};
  HIP_REQUIRE(hipModuleLaunchKernel(ik, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, iargs, nullptr));
  HIP_REQUIRE(hipMemcpy(hi.data(), iout, n * sizeof(int), hipMemcpyDeviceToHost));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += hi[i] != 2 * i + 15;
  CHECK(wrong == 0);
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipFree(iin));
  HIP_CHECK(hipFree(iout));
  HIP_CHECK(hipModuleUnload(module));
}

TEST_CASE("hiprtc: HIP device names (hip/hip_runtime.h) under the runtime compiler", "[hiprtc]") {
  const char* src = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void warpSums(int* out, const int* in) {
  HIP_DYNAMIC_SHARED(int, partial)
  int v = in[hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x];
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  if (__lane_id() == 0) partial[hipThreadIdx_x / warpSize] = v;
  __syncthreads();
  if (hipThreadIdx_x == 0) {
    int sum = 0;
    for (int w = 0; w < hipBlockDim_x / warpSize; ++w) sum += partial[w];
    atomicAdd(out, sum);
  }
}
)";
  hiprtcProgram p = compile(src, {"-O3"}, {});
  std::vector<char> code = codeOf(p);
  RTC_REQUIRE(hiprtcDestroyProgram(&p));
  hipModule_t module = nullptr;
  HIP_REQUIRE(hipModuleLoadData(&module, code.data()));
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipModuleGetFunction(&f, module, "warpSums"));
  constexpr int n = 4096;
  std::vector<int> hin(n);
  long long expect = 0;
  for (int i = 0; i < n; ++i) expect += (hin[i] = i % 97);
  int *in = nullptr, *out = nullptr;
  HIP_REQUIRE(hipMalloc(&in, n * sizeof(int)));
  HIP_REQUIRE(hipMalloc(&out, sizeof(int)));
  HIP_REQUIRE(hipMemcpy(in, hin.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemset(out, 0, sizeof(int)));
  void* args[] = {&out, &in};
  HIP_REQUIRE(hipModuleLaunchKernel(f, n / 256, 1, 1, 256, 1, 1, 256 / 32 * sizeof(int), nullptr,
                                    args, nullptr));
  int sum = 0;
  HIP_REQUIRE(hipMemcpy(&sum, out, sizeof(int), hipMemcpyDeviceToHost));
  CHECK(sum == expect);
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipModuleUnload(module));
}

TEST_CASE("hiprtc: -fgpu-rdc programs linked with hiprtcLink*, run on the device", "[hiprtc]") {
  const char* lib = R"(
__device__ int twice(int x) { return 2 * x; }
)";
  const char* main = R"(
extern __device__ int twice(int x);
extern "C" __global__ void useTwice(int* out) { out[threadIdx.x] = twice(threadIdx.x) + 1; }
)";
  std::vector<std::vector<char>> bitcodes;
  for (const char* src : {lib, main}) {
    hiprtcProgram p = compile(src, {"-fgpu-rdc"}, {});
    size_t n = 0;
    RTC_REQUIRE(hiprtcGetBitcodeSize(p, &n));
    REQUIRE(n > 0);
    bitcodes.emplace_back(n);
    RTC_REQUIRE(hiprtcGetBitcode(p, bitcodes.back().data()));
    RTC_REQUIRE(hiprtcDestroyProgram(&p));
  }
  hiprtcLinkState state = nullptr;
  RTC_REQUIRE(hiprtcLinkCreate(0, nullptr, nullptr, &state));
  for (auto& bc : bitcodes)
    RTC_REQUIRE(hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_LLVM_BITCODE, bc.data(), bc.size(),
                                  nullptr, 0, nullptr, nullptr));
  void* bin = nullptr;
  size_t size = 0;
  RTC_REQUIRE(hiprtcLinkComplete(state, &bin, &size));
  REQUIRE(size > 0);
  hipModule_t module = nullptr;
  HIP_REQUIRE(hipModuleLoadData(&module, bin));
  RTC_REQUIRE(hiprtcLinkDestroy(state));
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipModuleGetFunction(&f, module, "useTwice"));
  int* out = nullptr;
  HIP_REQUIRE(hipMalloc(&out, 64 * sizeof(int)));
  void* args[] = {&out};
  HIP_REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr));
  std::vector<int> h(64);
  HIP_REQUIRE(hipMemcpy(h.data(), out, 64 * sizeof(int), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += h[i] != 2 * i + 1;
  CHECK(wrong == 0);
  HIP_CHECK(hipFree(out));
  HIP_CHECK(hipModuleUnload(module));
}

TEST_CASE("hiprtc: PTX for compute_XX loads (driver JIT); compile errors and bad options",
          "[hiprtc]") {
  hipDeviceProp_t props;
  HIP_REQUIRE(hipGetDeviceProperties(&props, 0));
  if (std::strncmp(props.gcnArchName, "sm_", 3) != 0) {
    WARN("not an NVIDIA device: the PTX case is skipped");
  } else {
    std::string arch = "--gpu-architecture=compute_" + std::string(props.gcnArchName + 3);
    hiprtcProgram p =
        compile("extern \"C\" __global__ void one(int* o) { *o = 1; }", {arch.c_str()}, {});
    std::vector<char> ptx = codeOf(p);
    CHECK(std::string(ptx.data()).find(".entry one") != std::string::npos);
    RTC_REQUIRE(hiprtcDestroyProgram(&p));
    hipModule_t module = nullptr;
    HIP_REQUIRE(hipModuleLoadData(&module, ptx.data()));
    hipFunction_t f = nullptr;
    HIP_REQUIRE(hipModuleGetFunction(&f, module, "one"));
    int* out = nullptr;
    HIP_REQUIRE(hipMalloc(&out, sizeof(int)));
    void* args[] = {&out};
    HIP_REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr));
    int v = 0;
    HIP_REQUIRE(hipMemcpy(&v, out, sizeof(int), hipMemcpyDeviceToHost));
    CHECK(v == 1);
    HIP_CHECK(hipFree(out));
    HIP_CHECK(hipModuleUnload(module));
  }
  hiprtcProgram bad = nullptr;
  RTC_REQUIRE(hiprtcCreateProgram(&bad, "__global__ void k() { undeclared(); }", "bad.hip", 0,
                                  nullptr, nullptr));
  CHECK(hiprtcCompileProgram(bad, 0, nullptr) == HIPRTC_ERROR_COMPILATION);
  CHECK(logOf(bad).find("undeclared") != std::string::npos);
  size_t n = 1;
  RTC_REQUIRE(hiprtcGetCodeSize(bad, &n));
  CHECK(n == 0);
  const char* unknown[] = {"--definitely-not-an-option"};
  CHECK(hiprtcCompileProgram(bad, 1, unknown) == HIPRTC_ERROR_INVALID_OPTION);
  RTC_REQUIRE(hiprtcDestroyProgram(&bad));
}
