// Execution family (exec): launch variants, module extras, function attributes, cooperative and
// occupancy argument checks, kernel names. A kernel registered from the clang-built object
// (tests/cpu/kernels/registered.hip) stands in for a real one.
#include <catch2/catch.hpp>

#include <cstring>
#include <thread>

#include "build_files.h"
#include "hip/hip_ext.h"
#include "install_fake.h"

using namespace unihip::testing;

const void* scaleHostFunction();

namespace {

const char kUnregistered = 0;

hipModule_t loadTestModule() {
  hipModule_t m = nullptr;
  REQUIRE(hipModuleLoad(&m, buildFilePath(UNIHIP_TEST_FATBIN).c_str()) == hipSuccess);
  return m;
}

}  // namespace

TEST_CASE("hipExtLaunchKernel records the events around the launch") {
  auto* fake = installFake(1, "gfx90a");
  const void* k = scaleHostFunction();
  float* x = nullptr;
  float a = 2;
  void* args[] = {&x, &a};
  hipEvent_t start = nullptr, stop = nullptr;
  REQUIRE(hipEventCreate(&start) == hipSuccess);
  REQUIRE(hipEventCreate(&stop) == hipSuccess);
  CHECK(hipExtLaunchKernel(&kUnregistered, dim3(1), dim3(1), args, 0, nullptr, start, stop, 0) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipExtLaunchKernel(k, dim3(0), dim3(1), args, 0, nullptr, nullptr, nullptr, 0) ==
        hipErrorInvalidValue);  // HIP 7: a zero dimension
  int before = fake->launches;
  REQUIRE(hipExtLaunchKernel(k, dim3(2), dim3(32), args, 0, nullptr, start, stop,
                             hipExtAnyOrderLaunch) == hipSuccess);
  CHECK(fake->launches == before + 1);
  CHECK(fake->lastLaunch.grid.x == 2);
  REQUIRE(hipEventSynchronize(stop) == hipSuccess);
  REQUIRE(hipEventDestroy(start) == hipSuccess);
  CHECK(hipExtLaunchKernel(k, dim3(1), dim3(1), args, 0, nullptr, start, nullptr, 0) ==
        hipErrorInvalidHandle);  // a destroyed start event stops the sequence
  CHECK(fake->launches == before + 1);
  REQUIRE(hipEventDestroy(stop) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipSetupArgument + hipConfigureCall + hipLaunchByPtr launch the staged arguments") {
  auto* fake = installFake(1, "gfx90a");
  const void* k = scaleHostFunction();
  float* x = reinterpret_cast<float*>(0x1234);
  float a = 3;
  CHECK(hipSetupArgument(nullptr, 8, 0) == hipErrorInvalidValue);
  CHECK(hipSetupArgument(&x, 8, 4090) == hipErrorInvalidValue);
  CHECK(hipLaunchByPtr(k) == hipErrorMissingConfiguration);  // nothing configured
  REQUIRE(hipConfigureCall(dim3(3), dim3(64)) == hipSuccess);
  REQUIRE(hipSetupArgument(&x, sizeof x, 0) == hipSuccess);
  REQUIRE(hipSetupArgument(&a, sizeof a, 8) == hipSuccess);
  int before = fake->launches;
  REQUIRE(hipLaunchByPtr(k) == hipSuccess);
  CHECK(fake->launches == before + 1);
  CHECK(fake->lastLaunch.grid.x == 3);
  CHECK(fake->lastLaunch.block.x == 64);
  CHECK(fake->lastArg0Value == reinterpret_cast<void*>(0x1234));
  REQUIRE(hipConfigureCall(dim3(1), dim3(1), 0, nullptr) == hipSuccess);
  CHECK(hipLaunchByPtr(&kUnregistered) == hipErrorInvalidDeviceFunction);
  (void)hipGetLastError();
}

TEST_CASE("module extras: hipModuleLoadDataEx, hipModuleGetGlobal, work-item launches") {
  auto* fake = installFake(1, "gfx90a");
  hipModule_t m = loadTestModule();
  hipModule_t m2 = nullptr;
  hipJitOption opt = hipJitOptionMaxRegisters;
  CHECK(hipModuleLoadDataEx(&m2, m, 1, nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipModuleLoadDataEx(nullptr, nullptr, 0, nullptr, nullptr) == hipErrorInvalidValue);
  (void)opt;
  hipDeviceptr_t p = nullptr;
  size_t bytes = 0;
  CHECK(hipModuleGetGlobal(nullptr, nullptr, m, "deviceCounter") == hipErrorInvalidValue);
  CHECK(hipModuleGetGlobal(&p, &bytes, m, nullptr) == hipErrorInvalidValue);
  CHECK(hipModuleGetGlobal(&p, &bytes, nullptr, "deviceCounter") ==
        hipErrorInvalidResourceHandle);
  REQUIRE(hipModuleGetGlobal(&p, &bytes, m, "deviceCounter") == hipSuccess);
  CHECK(p != nullptr);
  CHECK(bytes > 0);
  REQUIRE(hipModuleGetGlobal(nullptr, &bytes, m, "deviceCounter") == hipSuccess);

  hipFunction_t f = nullptr;
  REQUIRE(hipModuleGetFunction(&f, m, "scale") == hipSuccess);
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  CHECK(hipExtModuleLaunchKernel(f, 64, 1, 1, 0, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipExtModuleLaunchKernel(f, 65, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorInvalidValue);  // a partial work-group (AMD's code for uniform work-groups)
  CHECK(hipExtModuleLaunchKernel(nullptr, 64, 1, 1, 32, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorInvalidResourceHandle);
  int before = fake->launches;
  REQUIRE(hipExtModuleLaunchKernel(f, 128, 2, 1, 32, 1, 1, 0, nullptr, args, nullptr) ==
          hipSuccess);
  CHECK(fake->launches == before + 1);
  CHECK(fake->lastLaunch.grid.x == 4);
  CHECK(fake->lastLaunch.grid.y == 2);
  CHECK(fake->lastLaunch.block.x == 32);
  REQUIRE(hipHccModuleLaunchKernel(f, 64, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr) ==
          hipSuccess);
  CHECK(fake->lastLaunch.grid.x == 1);
  CHECK(std::strcmp(hipKernelNameRef(f), "scale") == 0);
  CHECK(hipKernelNameRef(nullptr) == nullptr);
  REQUIRE(hipModuleUnload(m) == hipSuccess);
  CHECK(hipKernelNameRef(f) == nullptr);
  (void)hipGetLastError();
}

// hip-tests' module/hip_module_launch_kernel_common.hh, hipModuleLaunchCooperativeKernel.cc,
// hipHccModuleLaunchKernel.cc, hipGetProcAddress_Module_APIs.cc: the module API answers
// hipErrorInvalidValue for every bad geometry (AMD's ihipLaunchKernel_validate), and the
// work-item launches shrink a block larger than the global size to it (AMD's
// ihipModuleLaunchKernel). The fake device has NVIDIA's limits: blocks (1024, 1024, 64), 1024
// threads, grids (2^31-1, 65535, 65535).
TEST_CASE("module launches: AMD's hipErrorInvalidValue for bad geometry; work-item blocks clamp") {
  auto* fake = installFake(1, "gfx90a");
  fake->cooperative = true;
  hipModule_t m = loadTestModule();
  hipFunction_t f = nullptr;
  REQUIRE(hipModuleGetFunction(&f, m, "scale") == hipSuccess);
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  const struct {
    unsigned gx, gy, gz, bx, by, bz, shared;
  } bad[] = {
      {0, 1, 1, 1, 1, 1, 0},          {1, 1, 1, 0, 1, 1, 0},
      {0x80000000u, 1, 1, 1, 1, 1, 0}, {1, 65536, 1, 1, 1, 1, 0},
      {1, 1, 65536, 1, 1, 1, 0},      {1, 1, 1, 1025, 1, 1, 0},
      {1, 1, 1, 1, 1025, 1, 0},       {1, 1, 1, 1, 1, 65, 0},
      {1, 1, 1, 11, 11, 11, 0},       {1, 1, 1, 1, 1, 1, 227 * 1024 + 1},
  };
  for (const auto& b : bad) {
    INFO("grid " << b.gx << "," << b.gy << "," << b.gz << " block " << b.bx << "," << b.by << ","
                 << b.bz << " shared " << b.shared);
    CHECK(hipModuleLaunchKernel(f, b.gx, b.gy, b.gz, b.bx, b.by, b.bz, b.shared, nullptr, args,
                                nullptr) == hipErrorInvalidValue);
    CHECK(hipModuleLaunchCooperativeKernel(f, b.gx, b.gy, b.gz, b.bx, b.by, b.bz, b.shared,
                                           nullptr, args) == hipErrorInvalidValue);
    // The work-item forms take the block's product as the global size.
    const uint32_t wx = b.gx * b.bx, wy = b.gy * b.by, wz = b.gz * b.bz;
    CHECK(hipExtModuleLaunchKernel(f, wx, wy, wz, b.bx, b.by, b.bz, b.shared, nullptr, args,
                                   nullptr) == hipErrorInvalidValue);
  }
  // The runtime API keeps hipErrorInvalidConfiguration for an oversized block.
  CHECK(hipLaunchKernel(scaleHostFunction(), dim3(1), dim3(1025), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);

  // Work items: each block dimension checked before the block shrinks to the global size.
  CHECK(hipExtModuleLaunchKernel(f, 1, 1, 1, 1, 1, 65, 0, nullptr, args, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipHccModuleLaunchKernel(f, 3, 1, 1, 0xffffffffu, 1, 1, 0, nullptr, args, nullptr,
                                 nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipHccModuleLaunchKernel(f, 3, 1, 1, 3, 1, 1, SIZE_MAX, nullptr, args, nullptr, nullptr,
                                 nullptr) == hipErrorInvalidValue);
  CHECK(hipExtModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, args) ==
        hipErrorInvalidValue);  // kernelParams and extra
  int before = fake->launches;
  REQUIRE(hipExtModuleLaunchKernel(f, 1, 1, 1, 1024, 1, 1, 0, nullptr, args, nullptr) ==
          hipSuccess);
  CHECK(fake->launches == before + 1);
  CHECK(fake->lastLaunch.grid.x == 1);
  CHECK(fake->lastLaunch.block.x == 1);
  REQUIRE(hipHccModuleLaunchKernel(f, 1, 1, 1, 1, 1, 10, 0, nullptr, args, nullptr, nullptr,
                                   nullptr) == hipSuccess);
  CHECK(fake->lastLaunch.block.z == 1);
  REQUIRE(hipExtModuleLaunchKernel(f, 0x7fffffffu, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) ==
          hipSuccess);
  CHECK(fake->lastLaunch.grid.x == 0x7fffffffu);
  // A destroyed stream before any geometry (hip-tests' "Invalid stream" section on NVIDIA).
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipExtModuleLaunchKernel(f, 1, 1, 1, 1, 1, 0, 0, s, args, nullptr) ==
        hipErrorContextIsDestroyed);
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 0, 0, s, args, nullptr) ==
        hipErrorContextIsDestroyed);
  REQUIRE(hipModuleUnload(m) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' module/hipModuleLoad.cc: an empty file name is an invalid value (AMD's).
TEST_CASE("hipModuleLoad: an empty name is hipErrorInvalidValue, a missing file FileNotFound") {
  installFake(1, "gfx90a");
  hipModule_t m = nullptr;
  CHECK(hipModuleLoad(&m, "") == hipErrorInvalidValue);
  CHECK(hipModuleLoad(nullptr, "x") == hipErrorInvalidValue);
  CHECK(hipModuleLoad(&m, nullptr) == hipErrorInvalidValue);
  CHECK(hipModuleLoad(&m, "non existent file") == hipErrorFileNotFound);
  CHECK(m == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("function attributes and hipGetFuncBySymbol") {
  auto* fake = installFake(1, "gfx90a");
  const void* k = scaleHostFunction();
  hipFuncAttributes attr;
  CHECK(hipFuncGetAttributes(nullptr, k) == hipErrorInvalidValue);
  CHECK(hipFuncGetAttributes(&attr, &kUnregistered) == hipErrorInvalidDeviceFunction);
  CHECK(hipFuncGetAttributes(&attr, k) == hipErrorNotSupported);
  CHECK(hipFuncSetAttribute(&kUnregistered, hipFuncAttributeMaxDynamicSharedMemorySize, 0) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipFuncSetAttribute(k, hipFuncAttributeMax, 0) == hipErrorInvalidValue);
  CHECK(hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, -1) ==
        hipErrorInvalidValue);
  CHECK(hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, 1 << 30) ==
        hipErrorInvalidValue);
  CHECK(hipFuncSetAttribute(k, hipFuncAttributePreferredSharedMemoryCarveout, 101) ==
        hipErrorInvalidValue);
  CHECK(hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, 64 << 10) ==
        hipSuccess);
  CHECK(fake->lastFunctionAttribute == hipFuncAttributeMaxDynamicSharedMemorySize);
  CHECK(fake->lastFunctionAttributeValue == 64 << 10);
  CHECK(hipFuncSetAttribute(k, hipFuncAttributePreferredSharedMemoryCarveout, 50) == hipSuccess);
  CHECK(fake->lastFunctionAttribute == hipFuncAttributePreferredSharedMemoryCarveout);
  CHECK(hipFuncSetCacheConfig(&kUnregistered, hipFuncCachePreferL1) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipFuncSetCacheConfig(k, static_cast<hipFuncCache_t>(8)) == hipErrorInvalidValue);
  CHECK(hipFuncSetCacheConfig(k, hipFuncCachePreferL1) == hipSuccess);
  CHECK(hipFuncSetSharedMemConfig(&kUnregistered, hipSharedMemBankSizeDefault) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipFuncSetSharedMemConfig(k, static_cast<hipSharedMemConfig>(5)) == hipErrorInvalidValue);
  CHECK(hipFuncSetSharedMemConfig(k, hipSharedMemBankSizeFourByte) == hipSuccess);

  hipFunction_t f = nullptr, g = nullptr;
  CHECK(hipGetFuncBySymbol(nullptr, k) == hipErrorInvalidValue);
  CHECK(hipGetFuncBySymbol(&f, &kUnregistered) == hipErrorInvalidDeviceFunction);
  REQUIRE(hipGetFuncBySymbol(&f, k) == hipSuccess);
  REQUIRE(hipGetFuncBySymbol(&g, k) == hipSuccess);
  CHECK(f == g);
  CHECK(std::strcmp(hipKernelNameRef(f), hipKernelNameRefByPtr(k, nullptr)) == 0);
  CHECK(hipKernelNameRefByPtr(&kUnregistered, nullptr) == nullptr);
  int v = 0;
  CHECK(hipFuncGetAttribute(nullptr, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f) ==
        hipErrorInvalidValue);
  CHECK(hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_MAX, f) == hipErrorInvalidValue);
  CHECK(hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, nullptr) ==
        hipErrorInvalidResourceHandle);
  REQUIRE(hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f) == hipSuccess);
  CHECK(v == 1024);
  CHECK(hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_NUM_REGS, f) == hipErrorNotSupported);
  // The handle launches through the module API.
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  int before = fake->launches;
  REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) == hipSuccess);
  CHECK(fake->launches == before + 1);
  // The C++ template overload forwards a kernel pointer of any type.
  using ScaleKernel = void (*)(float*, float);
  auto typed = reinterpret_cast<ScaleKernel>(const_cast<void*>(k));
  CHECK(hipFuncSetCacheConfig(typed, hipFuncCachePreferNone) == hipSuccess);
  CHECK(hipFuncGetAttributes(&attr, typed) == hipErrorNotSupported);  // the fake lacks NUM_REGS
  fake->allFunctionAttributes = true;
  REQUIRE(hipFuncGetAttributes(&attr, typed) == hipSuccess);  // every field, from its attribute
  CHECK(attr.maxThreadsPerBlock == 256);
  CHECK(attr.sharedSizeBytes == 101);
  CHECK(attr.constSizeBytes == 102);
  CHECK(attr.localSizeBytes == 103);
  CHECK(attr.numRegs == 104);
  CHECK(attr.ptxVersion == 105);
  CHECK(attr.binaryVersion == 106);
  CHECK(attr.cacheModeCA == 107);
  CHECK(attr.maxDynamicSharedSizeBytes == 108);
  CHECK(attr.preferredShmemCarveout == 109);
  fake->allFunctionAttributes = false;
  (void)hipGetLastError();
}

TEST_CASE("cooperative launches: checked, then the backend's") {
  auto* fake = installFake(2, "gfx90a");
  const void* k = scaleHostFunction();
  void* args[2] = {};
  CHECK(hipLaunchCooperativeKernel(&kUnregistered, dim3(1), dim3(1), args, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(2048), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);
  // A backend without cooperative launches says so, after the checks.
  CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(1), args, 0, nullptr) ==
        hipErrorNotSupported);
  CHECK(hipLaunchCooperativeKernel_spt(k, dim3(0), dim3(1), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);  // AMD's kZeroGlobal for the cooperative launch
  CHECK(hipLaunchCooperativeKernel_spt(k, dim3(1), dim3(1), args, 0, nullptr) ==
        hipErrorNotSupported);
  CHECK(hipModuleLaunchCooperativeKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, args) ==
        hipErrorInvalidResourceHandle);
  hipFunction_t f = nullptr;
  REQUIRE(hipGetFuncBySymbol(&f, k) == hipSuccess);
  CHECK(hipModuleLaunchCooperativeKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args) ==
        hipErrorNotSupported);
  hipStream_t gone = nullptr;
  REQUIRE(hipStreamCreate(&gone) == hipSuccess);
  REQUIRE(hipStreamDestroy(gone) == hipSuccess);
  CHECK(hipModuleLaunchCooperativeKernel(f, 1, 1, 1, 1, 1, 1, 0, gone, args) ==
        hipErrorInvalidValue);  // AMD's module form: a destroyed stream
  CHECK(fake->launches == 0);

  fake->cooperative = true;
  float x = 1.0f;
  float* px = &x;
  void* real[2] = {&px, &x};
  CHECK(hipLaunchCooperativeKernel(k, dim3(3), dim3(32), real, 16, nullptr) == hipSuccess);
  CHECK(fake->cooperativeLaunches == 1);
  CHECK(fake->lastLaunch.grid.x == 3);
  CHECK(fake->lastLaunch.block.x == 32);
  CHECK(fake->lastLaunch.sharedMemBytes == 16);
  CHECK(fake->lastArg0Value == &x);
  CHECK(hipLaunchCooperativeKernel_spt(k, dim3(1), dim3(1), real, 0, nullptr) == hipSuccess);
  CHECK(hipModuleLaunchCooperativeKernel(f, 2, 1, 1, 8, 1, 1, 0, nullptr, real) == hipSuccess);
  CHECK(fake->cooperativeLaunches == 3);

  hipLaunchParams lp[2] = {};
  lp[0].func = const_cast<void*>(k);
  lp[0].gridDim = dim3(1);
  lp[0].blockDim = dim3(1);
  lp[0].args = real;
  CHECK(hipLaunchCooperativeKernelMultiDevice(nullptr, 1, 0) == hipErrorInvalidValue);
  CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 0, 0) == hipErrorInvalidValue);
  CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 3, 0) == hipErrorInvalidValue);
  CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 1, 0x4) == hipErrorInvalidValue);
  CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 2, 0) == hipErrorInvalidDeviceFunction);
  // Two entries on the same device (both on the null stream of device 0).
  lp[1] = lp[0];
  CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 2, 0) == hipErrorInvalidDevice);
  CHECK(hipExtLaunchMultiKernelMultiDevice(lp, 2, 0) == hipErrorInvalidDevice);
  CHECK(fake->cooperativeLaunches == 3);
  // One per device: device 1's entry on a stream of device 1.
  hipStream_t s1 = nullptr;
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipStreamCreate(&s1) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  lp[1].stream = s1;
  int before = fake->launches;
  CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 2, 0) == hipSuccess);
  CHECK(fake->cooperativeLaunches == 5);
  CHECK(hipLaunchCooperativeKernelMultiDevice(lp, 2, hipCooperativeLaunchMultiDeviceNoPreSync |
                                                         hipCooperativeLaunchMultiDeviceNoPostSync) ==
        hipSuccess);
  CHECK(fake->cooperativeLaunches == 7);
  CHECK(hipExtLaunchMultiKernelMultiDevice(nullptr, 1, 0) == hipErrorInvalidValue);
  CHECK(hipExtLaunchMultiKernelMultiDevice(lp, 2, 0) == hipSuccess);  // plain launches
  CHECK(fake->cooperativeLaunches == 7);
  CHECK(fake->launches == before + 6);

  hipFunctionLaunchParams fp[1] = {};
  fp[0].function = f;
  fp[0].gridDimX = fp[0].gridDimY = fp[0].gridDimZ = 1;
  fp[0].blockDimX = fp[0].blockDimY = fp[0].blockDimZ = 1;
  fp[0].kernelParams = real;
  CHECK(hipModuleLaunchCooperativeKernelMultiDevice(nullptr, 1, 0) == hipErrorInvalidValue);
  CHECK(hipModuleLaunchCooperativeKernelMultiDevice(fp, 0, 0) == hipErrorInvalidValue);
  CHECK(hipModuleLaunchCooperativeKernelMultiDevice(fp, 1, 0) == hipSuccess);
  CHECK(fake->cooperativeLaunches == 8);
  fp[0].function = nullptr;
  CHECK(hipModuleLaunchCooperativeKernelMultiDevice(fp, 1, 0) == hipErrorInvalidResourceHandle);
  fake->cooperative = false;
  CHECK(hipStreamDestroy(s1) == hipSuccess);
  (void)hipGetLastError();
}

// hipModuleLaunchKernel keeps what a thread's last launch resolved (hip_module.cpp); nothing it
// keeps may outlive the handles it came from, and every argument is still read afresh.
TEST_CASE("hipModuleLaunchKernel's cache: each launch's own geometry, dropped with its handles") {
  auto* fake = installFake(2, "gfx90a");
  REQUIRE(hipSetDevice(0) == hipSuccess);
  hipModule_t m = loadTestModule();
  hipFunction_t f = nullptr;
  REQUIRE(hipModuleGetFunction(&f, m, "scale") == hipSuccess);
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  const int before = fake->launches;
  REQUIRE(hipModuleLaunchKernel(f, 3, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr) == hipSuccess);
  REQUIRE(hipModuleLaunchKernel(f, 5, 2, 1, 32, 2, 1, 16, nullptr, args, nullptr) == hipSuccess);
  CHECK(fake->launches == before + 2);
  CHECK(fake->lastLaunch.grid.x == 5);
  CHECK(fake->lastLaunch.grid.y == 2);
  CHECK(fake->lastLaunch.block.y == 2);
  CHECK(fake->lastLaunch.sharedMemBytes == 16);
  // Out of the device's limits after a cached launch: the full checks answer, as on a first call.
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 4096, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorInvalidValue);  // the module API's code (AMD's)
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 1u << 30, nullptr, args, nullptr) ==
        hipErrorInvalidValue);
  // Another device current: the null stream is that device's, which the function is not.
  REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorInvalidHandle);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  // A destroyed stream, launched on just before.
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr) ==
        hipErrorContextIsDestroyed);
  // Another thread has its own cache.
  hipError_t other = hipErrorUnknown;
  std::thread([&] {
    (void)hipSetDevice(0);
    other = hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr);
  }).join();
  CHECK(other == hipSuccess);
  // An unloaded module's function, launched on just before.
  REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) == hipSuccess);
  const int launched = fake->launches;
  REQUIRE(hipModuleUnload(m) == hipSuccess);
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorInvalidResourceHandle);
  CHECK(fake->launches == launched);
  (void)hipGetLastError();
}

TEST_CASE("hipModuleLaunchKernel's extra: one packed argument buffer, exactly as HIP spells it") {
  auto* fake = installFake(1, "gfx90a");
  hipFunction_t f = nullptr;
  REQUIRE(hipGetFuncBySymbol(&f, scaleHostFunction()) == hipSuccess);
  struct {
    float* x;
    float a;
  } packed{nullptr, 3.0f};
  size_t size = sizeof packed;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   HIP_LAUNCH_PARAM_END};
  REQUIRE(hipModuleLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, nullptr, nullptr, extra) == hipSuccess);
  REQUIRE(fake->lastPacked.size() == sizeof packed);
  CHECK(std::memcmp(fake->lastPacked.data(), &packed, sizeof packed) == 0);
  CHECK(fake->lastLaunch.grid.x == 2);
  CHECK(fake->lastLaunch.block.x == 64);
  // hipExtModuleLaunchKernel forwards it.
  REQUIRE(hipExtModuleLaunchKernel(f, 64, 1, 1, 64, 1, 1, 0, nullptr, nullptr, extra) ==
          hipSuccess);
  CHECK(fake->lastLaunch.grid.x == 1);

  void* args[] = {&packed.x, &packed.a};
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, extra) ==
        hipErrorInvalidValue);  // both forms at once
  void* noEnd[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   nullptr};
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, noEnd) ==
        hipErrorInvalidValue);
  void* swapped[] = {HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                     HIP_LAUNCH_PARAM_END};
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, swapped) ==
        hipErrorInvalidValue);
  void* nullSize[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                      nullptr, HIP_LAUNCH_PARAM_END};
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullSize) ==
        hipErrorInvalidValue);
  void* nullBuffer[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, nullptr, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                        &size, HIP_LAUNCH_PARAM_END};
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullBuffer) ==
        hipErrorInvalidValue);
  CHECK(hipModuleLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra) ==
        hipErrorInvalidResourceHandle);
  (void)hipGetLastError();
}

TEST_CASE("occupancy queries: checked, then the backend's answer") {
  auto* fake = installFake(1, "gfx90a");
  const void* k = scaleHostFunction();
  int n = 0, grid = 0, block = 0;
  size_t smem = 0;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, k, 64, 0) == hipErrorInvalidValue);
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, &kUnregistered, 64, 0) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, 0, 0) == hipErrorInvalidValue);
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, 64, 0) == hipSuccess);
  CHECK(n == 32);
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, k, 64, 0, 2) ==
        hipErrorInvalidValue);
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &n, k, 128, 512, hipOccupancyDisableCachingOverride) == hipSuccess);
  CHECK(n == 16);
  CHECK(fake->lastOccupancyFlags == hipOccupancyDisableCachingOverride);
  CHECK(fake->lastDynamicShared == 512);
  CHECK(hipOccupancyMaxPotentialBlockSize(nullptr, &block, k, 0, 0) == hipErrorInvalidValue);
  CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k, 0, -1) == hipErrorInvalidValue);
  CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, &kUnregistered, 0, 0) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, k, 0, 128) == hipSuccess);
  CHECK(block == 128);
  CHECK(grid == 208);
  CHECK(hipOccupancyAvailableDynamicSMemPerBlock(nullptr, k, 1, 64) == hipErrorInvalidValue);
  CHECK(hipOccupancyAvailableDynamicSMemPerBlock(&smem, k, 0, 64) == hipErrorInvalidValue);
  CHECK(hipOccupancyAvailableDynamicSMemPerBlock(&smem, k, 4, 64) == hipSuccess);
  CHECK(smem == 16384);
  // The C++ templates forward to the same checks.
  CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, scaleHostFunction()) == hipSuccess);
  CHECK(block == 256);
  // The variable-shared-memory form is computed in the header from hipFuncGetAttributes, which
  // the fake answers only when asked to.
  CHECK(hipOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, scaleHostFunction(),
                                                      [](int) { return 0; }) ==
        hipErrorNotSupported);
  fake->allFunctionAttributes = true;
  CHECK(hipOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, scaleHostFunction(),
                                                      [](int) { return 0; }) == hipSuccess);
  CHECK(block > 0);
  CHECK(block <= 256);
  fake->allFunctionAttributes = false;
  hipFunction_t f = nullptr;
  REQUIRE(hipGetFuncBySymbol(&f, k) == hipSuccess);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, nullptr, 64, 0) ==
        hipErrorInvalidResourceHandle);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, f, 64, 0) ==
        hipErrorInvalidValue);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, 64, 0) == hipSuccess);
  CHECK(n == 32);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, f, -3, 0, 0) ==
        hipErrorInvalidValue);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, f, 256, 0, 0) ==
        hipSuccess);
  CHECK(n == 8);
  CHECK(hipModuleOccupancyMaxPotentialBlockSize(&grid, nullptr, f, 0, 0) == hipErrorInvalidValue);
  CHECK(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, nullptr, 0, 0) ==
        hipErrorInvalidResourceHandle);
  CHECK(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0) == hipSuccess);
  CHECK(block == 256);
  CHECK(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, 0, 0, 8) ==
        hipErrorInvalidValue);
  CHECK(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, 64, 512, 0) ==
        hipSuccess);
  CHECK(block == 512);
  CHECK(fake->lastDynamicShared == 64);
  (void)hipGetLastError();
}

TEST_CASE("launches with attributes: hipLaunchKernelExC, hipDrvLaunchKernelEx, hipLaunchKernelEx") {
  auto* fake = installFake(1, "gfx90a");
  const void* k = scaleHostFunction();
  float x = 1.0f;
  float* px = &x;
  void* args[2] = {&px, &x};
  hipLaunchConfig_t config{};
  config.gridDim = dim3(5);
  config.blockDim = dim3(64);
  config.dynamicSmemBytes = 32;

  // AMD's argument order: the function, then the configuration.
  CHECK(hipLaunchKernelExC(&config, nullptr, args) == hipErrorInvalidDeviceFunction);
  CHECK(hipLaunchKernelExC(nullptr, k, args) == hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernelExC(&config, &kUnregistered, args) == hipErrorInvalidDeviceFunction);
  int before = fake->launches;
  REQUIRE(hipLaunchKernelExC(&config, k, args) == hipSuccess);  // no attribute: a plain launch
  CHECK(fake->launches == before + 1);
  CHECK(fake->lastLaunch.grid.x == 5);
  CHECK(fake->lastLaunch.block.x == 64);
  CHECK(fake->lastLaunch.sharedMemBytes == 32);
  config.blockDim = dim3(0);
  CHECK(hipLaunchKernelExC(&config, k, args) == hipErrorInvalidValue);  // HIP 7: zero dimension
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  config.blockDim = dim3(64);

  // Attributes: a set cooperative one makes a cooperative launch; anything else is refused.
  hipLaunchAttribute attrs[2] = {};
  attrs[0].id = hipLaunchAttributePriority;
  attrs[0].val.priority = 1;
  attrs[1].id = hipLaunchAttributeCooperative;
  attrs[1].val.cooperative = 1;
  config.attrs = attrs;
  config.numAttrs = 1;
  before = fake->launches;
  CHECK(hipLaunchKernelExC(&config, k, args) == hipErrorInvalidConfiguration);
  config.numAttrs = 2;
  CHECK(hipLaunchKernelExC(&config, k, args) == hipErrorNotSupported);  // the fake: no cooperative
  fake->cooperative = true;
  REQUIRE(hipLaunchKernelExC(&config, k, args) == hipSuccess);
  CHECK(fake->cooperativeLaunches == 1);
  attrs[1].val.cooperative = 0;
  CHECK(hipLaunchKernelExC(&config, k, args) == hipErrorInvalidConfiguration);
  CHECK(fake->launches == before + 1);
  config.attrs = nullptr;
  CHECK(hipLaunchKernelExC(&config, k, args) == hipErrorInvalidValue);

  // The typed template converts each argument to the kernel's parameter type.
  using ScaleKernel = void (*)(float*, float);
  auto typed = reinterpret_cast<ScaleKernel>(const_cast<void*>(k));
  config.attrs = nullptr;
  config.numAttrs = 0;
  before = fake->launches;
  REQUIRE(hipLaunchKernelEx(&config, typed, px, 2) == hipSuccess);  // int 2 -> float
  CHECK(fake->launches == before + 1);
  CHECK(fake->lastArg0Value == px);

  // The driver form: a function handle, sizes by field.
  hipFunction_t f = nullptr;
  REQUIRE(hipGetFuncBySymbol(&f, k) == hipSuccess);
  HIP_LAUNCH_CONFIG drv{};
  drv.gridDimX = drv.gridDimY = drv.gridDimZ = 1;
  drv.blockDimX = 32;
  drv.blockDimY = drv.blockDimZ = 1;
  CHECK(hipDrvLaunchKernelEx(&drv, nullptr, args, nullptr) == hipErrorInvalidResourceHandle);
  CHECK(hipDrvLaunchKernelEx(nullptr, f, args, nullptr) == hipErrorInvalidValue);
  before = fake->launches;
  REQUIRE(hipDrvLaunchKernelEx(&drv, f, args, nullptr) == hipSuccess);
  CHECK(fake->launches == before + 1);
  CHECK(fake->lastLaunch.block.x == 32);
  drv.gridDimY = 0;
  CHECK(hipDrvLaunchKernelEx(&drv, f, args, nullptr) == hipErrorInvalidConfiguration);
  drv.gridDimY = 1;
  attrs[1].val.cooperative = 1;
  drv.attrs = attrs;
  drv.numAttrs = 1;
  CHECK(hipDrvLaunchKernelEx(&drv, f, args, nullptr) == hipErrorInvalidConfiguration);
  drv.numAttrs = 2;
  const int cooperative = fake->cooperativeLaunches;
  REQUIRE(hipDrvLaunchKernelEx(&drv, f, args, nullptr) == hipSuccess);
  CHECK(fake->cooperativeLaunches == cooperative + 1);
  drv.attrs = nullptr;
  CHECK(hipDrvLaunchKernelEx(&drv, f, args, nullptr) == hipErrorInvalidValue);
  (void)hipGetLastError();
}
