// HIP 7 additions on a real device: libraries and kernels over the --genco bundle
// (module_kernels.hipfb), a module's kernel count, hipInitDevice, hipDeviceGetLuid, entry points
// by name (this executable links libunihip.so, whose dynamic symbols the lookups read).
#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gpu_test_support.h"

namespace {

std::string bundlePath() {
  return (std::filesystem::read_symlink("/proc/self/exe").parent_path() / "module_kernels.hipfb")
      .string();
}

std::vector<char> readBundle() {
  std::ifstream f(bundlePath(), std::ios::binary);
  REQUIRE(f.good());
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("hip7: hipModuleGetFunctionCount and hipModuleLoadFatBinary on the vendor's module") {
  const std::vector<char> image = readBundle();
  hipModule_t m = nullptr;
  HIP_REQUIRE(hipModuleLoadFatBinary(&m, image.data()));
  unsigned int count = 0;
  const hipError_t e = hipModuleGetFunctionCount(&count, m);
  // NVIDIA: CUDA 12.4's cuModuleGetFunctionCount; an older driver answers not supported.
  if (e != hipErrorNotSupported) {
    HIP_CHECK(e);
    CHECK(count == 1);  // moduleScale
  }
  HIP_CHECK(hipModuleUnload(m));
}

TEST_CASE("hip7: a library's kernel runs, names itself and knows its library") {
  hipLibrary_t lib = nullptr;
  HIP_REQUIRE(hipLibraryLoadFromFile(&lib, bundlePath().c_str(), nullptr, nullptr, 0, nullptr,
                                     nullptr, 0));
  hipKernel_t k = nullptr;
  HIP_REQUIRE(hipLibraryGetKernel(&k, lib, "moduleScale"));
  CHECK(hipLibraryGetKernel(&k, lib, "noSuchKernel") == hipErrorNotFound);
  HIP_REQUIRE(hipLibraryGetKernel(&k, lib, "moduleScale"));
  const char* name = nullptr;
  HIP_REQUIRE(hipKernelGetName(&name, k));
  CHECK(std::strcmp(name, "moduleScale") == 0);
  hipLibrary_t owner = nullptr;
  HIP_CHECK(hipKernelGetLibrary(&owner, k));
  CHECK(owner == lib);
  unsigned int count = 0;
  const hipError_t e = hipLibraryGetKernelCount(&count, lib);
  if (e != hipErrorNotSupported) {
    HIP_CHECK(e);
    CHECK(count == 1);
    hipKernel_t all[2] = {};
    HIP_CHECK(hipLibraryEnumerateKernels(all, 2, lib));
    CHECK(all[0] == k);
    CHECK(all[1] == nullptr);
  }
  size_t offset = 1, size = 0;
  const hipError_t pe = hipKernelGetParamInfo(k, 1, &offset, &size);  // float s after float* x
  if (pe != hipErrorNotSupported) {
    HIP_CHECK(pe);
    CHECK(offset == 8);
    CHECK(size == 4);
  }
  int maxThreads = 0;
  HIP_CHECK(hipKernelGetAttribute(&maxThreads, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, k, 0));
  CHECK(maxThreads >= 256);

  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipKernelGetFunction(&f, k));
  constexpr int n = 1000;
  std::vector<float> host(n, 2.0f);
  DeviceBuffer<float> x(host);
  float* px = x.ptr;
  float s = 3.0f;
  int cnt = n;
  void* params[] = {&px, &s, &cnt};
  HIP_CHECK(hipModuleLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, params,
                                  nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  for (float v : x.read()) REQUIRE(v == 6.0f);

  void* counter = nullptr;
  size_t bytes = 0;
  HIP_REQUIRE(hipLibraryGetGlobal(&counter, &bytes, lib, "moduleCounter"));
  CHECK(bytes == sizeof(int));
  int launched = 0;
  HIP_CHECK(hipMemcpy(&launched, counter, sizeof launched, hipMemcpyDeviceToHost));
  CHECK(launched == 7 + 1);
  HIP_CHECK(hipLibraryUnload(lib));
  CHECK(hipKernelGetName(&name, k) == hipErrorInvalidResourceHandle);
}

TEST_CASE("hip7: hipInitDevice keeps the current device; hipDeviceGetLuid is Windows-only") {
  int count = 0;
  HIP_REQUIRE(hipGetDeviceCount(&count));
  HIP_REQUIRE(hipSetDevice(0));
  HIP_CHECK(hipInitDevice(count - 1, hipDeviceScheduleYield, hipInitDeviceFlagsAreValid));
  int current = -1;
  HIP_CHECK(hipGetDevice(&current));
  CHECK(current == 0);
  CHECK(hipInitDevice(count, 0, 0) == hipErrorInvalidDevice);
  char luid[8] = {};
  unsigned int mask = 0;
  CHECK(hipDeviceGetLuid(luid, &mask, 0) == hipErrorNotSupported);
}

TEST_CASE("hip7: hipGetDriverEntryPoint(_spt) and hipGetProcAddress_spt find HIP's functions") {
  void* fn = nullptr;
  hipDriverEntryPointQueryResult st = hipDriverEntryPointSymbolNotFound;
  HIP_CHECK(hipGetDriverEntryPoint("hipMalloc", &fn, hipEnableDefault, &st));
  CHECK(st == hipDriverEntryPointSuccess);
  CHECK(fn == reinterpret_cast<void*>(static_cast<hipError_t (*)(void**, size_t)>(&hipMalloc)));
  HIP_CHECK(hipGetDriverEntryPoint("hipStreamQuery", &fn, hipEnablePerThreadDefaultStream, &st));
  CHECK(fn == reinterpret_cast<void*>(&hipStreamQuery_spt));
  HIP_CHECK(hipGetDriverEntryPoint_spt("hipStreamQuery", &fn, hipEnableDefault, nullptr));
  CHECK(fn == reinterpret_cast<void*>(&hipStreamQuery_spt));
  hipDriverProcAddressQueryResult ps = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  HIP_CHECK(hipGetProcAddress_spt("hipStreamQuery", &fn, 700, 0, &ps));
  CHECK(fn == reinterpret_cast<void*>(&hipStreamQuery_spt));
  CHECK(ps == HIP_GET_PROC_ADDRESS_SUCCESS);
}
