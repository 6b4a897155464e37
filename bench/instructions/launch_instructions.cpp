// The runtime's own cost per launch, without a GPU: launches of a registered kernel into a
// FakeBackend whose launch() only records the call. bench/count_instructions.sh runs this under
// callgrind for two launch counts and divides the difference, so one-time work (the first
// launch's module load, process start-up) cancels out.
//
//   bench_launch_instructions <launches> direct|stub|module
//
//   direct: hipLaunchKernel, as hipLaunchKernelGGL-style code and every launch's tail call it;
//   stub:   __hipPushCallConfiguration at the call site, then __hipPopCallConfiguration and
//           hipLaunchKernel in the kernel's stub: what clang emits for <<<>>>;
//   module: hipModuleLaunchKernel of the same kernel from hipModuleLoadData's module.
// The script collects only inside those runtime entry points (--toggle-collect).
//
// Two builds: bench_launch_instructions links bench_unihip_fake, a shared library made of the
// runtime's objects like libunihip.so (the figure that counts); bench_launch_instructions_static
// links unihip_static, where the linker turns thread-local accesses into plain loads.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "hip/hip_runtime_api.h"

extern "C" {
void** __hipRegisterFatBinary(const void* wrapper);
void __hipRegisterFunction(void** handle, const void* hostFunction, char* deviceFunction,
                           const char* deviceName, unsigned int threadLimit, void* tid, void* bid,
                           dim3* blockDim, dim3* gridDim, int* wSize);
hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, hipStream_t stream);
hipError_t __hipPopCallConfiguration(dim3* grid, dim3* block, size_t* shmem, hipStream_t* stream);
// instructions/fake_install.cpp
void benchInstallFakeBackend();
int benchFakeLaunchCount();
}

namespace {

// Stands in for the constant global clang emits per kernel (the host-side kernel handle).
const char g_kernelHandle = 0;

struct Wrapper {
  uint32_t magic, version;
  const void* binary;
  const void* unused;
};

void appendU64(std::vector<char>* out, uint64_t v) {
  out->insert(out->end(), reinterpret_cast<char*>(&v), reinterpret_cast<char*>(&v) + 8);
}

// A bundle with one sm_90 entry; the fake backend selects by target name only.
std::vector<char> makeBundle() {
  const std::string id = "hip-nvptx64-nvidia-cuda--sm_90";
  std::vector<char> out(24);
  std::memcpy(out.data(), "__CLANG_OFFLOAD_BUNDLE__", 24);
  appendU64(&out, 1);
  size_t offset = 24 + 8 + 24 + id.size();
  appendU64(&out, offset);
  appendU64(&out, 64);
  appendU64(&out, id.size());
  out.insert(out.end(), id.begin(), id.end());
  out.resize(out.size() + 64, 0);
  return out;
}

// The arguments of bench_args4 (24 bytes): what a launch site passes.
struct Args4 {
  float* out = nullptr;
  const float* in = nullptr;
  int n = 1;
  float scale = 2.0f;
};

__attribute__((noinline)) hipError_t launchDirect(hipStream_t s, Args4& a) {
  void* args[] = {&a.out, &a.in, &a.n, &a.scale};
  return hipLaunchKernel(&g_kernelHandle, dim3(1), dim3(32), args, 0, s);
}

// The sequence clang's <<<>>> emits: push at the call site, pop and launch in the stub.
__attribute__((noinline)) hipError_t launchLikeClang(hipStream_t s, Args4& a) {
  hipError_t e = __hipPushCallConfiguration(dim3(1), dim3(32), 0, s);
  if (e != hipSuccess) return e;
  dim3 grid, block;
  size_t shmem;
  hipStream_t stream;
  e = __hipPopCallConfiguration(&grid, &block, &shmem, &stream);
  if (e != hipSuccess) return e;
  void* args[] = {&a.out, &a.in, &a.n, &a.scale};
  return hipLaunchKernel(&g_kernelHandle, grid, block, args, shmem, stream);
}

hipFunction_t g_moduleFunction = nullptr;

__attribute__((noinline)) hipError_t launchModule(hipStream_t s, Args4& a) {
  void* args[] = {&a.out, &a.in, &a.n, &a.scale};
  return hipModuleLaunchKernel(g_moduleFunction, 1, 1, 1, 32, 1, 1, 0, s, args, nullptr);
}

}  // namespace

int main(int argc, char** argv) {
  long launches = argc > 2 ? std::strtol(argv[1], nullptr, 10) : 0;
  const std::string path = argc > 2 ? argv[2] : "";
  if (launches <= 0 || (path != "direct" && path != "stub" && path != "module")) {
    std::fprintf(stderr, "usage: %s <launches> direct|stub|module\n", argv[0]);
    return 2;
  }
  benchInstallFakeBackend();
  static std::vector<char> bundle = makeBundle();
  static Wrapper wrapper{0x48495046u, 1, bundle.data(), nullptr};
  void** handle = __hipRegisterFatBinary(&wrapper);
  __hipRegisterFunction(handle, &g_kernelHandle, const_cast<char*>("bench_args4"), "bench_args4",
                        static_cast<unsigned>(-1), nullptr, nullptr, nullptr, nullptr, nullptr);
  hipStream_t stream = nullptr;
  if (hipStreamCreate(&stream) != hipSuccess) {
    std::fprintf(stderr, "hipStreamCreate failed on the fake backend\n");
    return 1;
  }
  if (path == "module") {
    hipModule_t module = nullptr;
    if (hipModuleLoadData(&module, bundle.data()) != hipSuccess ||
        hipModuleGetFunction(&g_moduleFunction, module, "bench_args4") != hipSuccess) {
      std::fprintf(stderr, "hipModuleLoadData / hipModuleGetFunction failed on the fake backend\n");
      return 1;
    }
  }
  Args4 args;
  // The first launch loads the module and caches the function: not part of the steady state.
  auto launch = path == "stub" ? launchLikeClang : path == "module" ? launchModule : launchDirect;
  for (long i = 0; i <= launches; ++i) {
    hipError_t e = launch(stream, args);
    if (e != hipSuccess) {
      std::fprintf(stderr, "launch %ld failed: %s\n", i, hipGetErrorString(e));
      return 1;
    }
  }
  if (benchFakeLaunchCount() != launches + 1) {
    std::fprintf(stderr, "the fake backend saw %d launches, expected %ld\n",
                 benchFakeLaunchCount(), launches + 1);
    return 1;
  }
  std::printf("%ld launches (%s) recorded by the fake backend\n", launches + 1, path.c_str());
  return 0;
}
