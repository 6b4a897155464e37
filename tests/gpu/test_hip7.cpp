// HIP 7 additions on a real device: libraries and kernels over the --genco bundle
// (module_kernels.hipfb), a module's kernel count, hipInitDevice, hipDeviceGetLuid, entry points
// by name (this executable links libunihip.so, whose dynamic symbols the lookups read), batched
// and peer 3D copies, batched prefetches and discards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
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

TEST_CASE("hip7: hipMemcpyBatchAsync copies 1,000 buffers on a stream, with or without attrs") {
  constexpr size_t kCount = 1000, kBytes = 256;
  std::vector<unsigned char> host(kCount * kBytes), back(kCount * kBytes, 0);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i * 7 + 3);
  void* a = nullptr;
  void* b = nullptr;
  HIP_REQUIRE(hipMalloc(&a, host.size()));
  HIP_REQUIRE(hipMalloc(&b, host.size()));
  HIP_REQUIRE(hipMemcpy(a, host.data(), host.size(), hipMemcpyHostToDevice));
  std::vector<void*> dsts(kCount), srcs(kCount), hostDsts(kCount);
  std::vector<size_t> sizes(kCount, kBytes);
  for (size_t i = 0; i < kCount; ++i) {
    srcs[i] = static_cast<char*>(a) + i * kBytes;
    dsts[i] = static_cast<char*>(b) + (kCount - 1 - i) * kBytes;  // reversed order
    hostDsts[i] = back.data() + i * kBytes;
  }
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  size_t failIdx = 0;
  HIP_CHECK(hipMemcpyBatchAsync(dsts.data(), srcs.data(), sizes.data(), kCount, nullptr, nullptr,
                                0, &failIdx, s));
  CHECK(failIdx == SIZE_MAX);
  // Back to the host, the batch's other direction, with one attribute for all copies.
  hipMemcpyAttributes attr = {};
  attr.srcAccessOrder = hipMemcpySrcAccessOrderStream;
  size_t idx = 0;
  std::vector<void*> fromB(kCount);
  for (size_t i = 0; i < kCount; ++i) fromB[i] = static_cast<char*>(b) + i * kBytes;
  HIP_CHECK(hipMemcpyBatchAsync(hostDsts.data(), fromB.data(), sizes.data(), kCount, &attr, &idx,
                                1, &failIdx, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (size_t i = 0; i < kCount; ++i)
    REQUIRE(std::memcmp(back.data() + (kCount - 1 - i) * kBytes, host.data() + i * kBytes,
                        kBytes) == 0);
  // The legacy default stream: copy by copy, same result.
  std::fill(back.begin(), back.end(), 0);
  HIP_CHECK(hipMemcpyBatchAsync(hostDsts.data(), fromB.data(), sizes.data(), kCount, &attr, &idx,
                                1, &failIdx, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  CHECK(std::memcmp(back.data() + (kCount - 1) * kBytes, host.data(), kBytes) == 0);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipFree(b));
}

TEST_CASE("hip7: hipMemcpy3DBatchAsync and hipMemcpy3DPeer copy pitched boxes on the device") {
  constexpr size_t kW = 32, kH = 8, kD = 4, kRow = 64;
  std::vector<unsigned char> host(kRow * kH * kD), back(kW * kH * kD, 0);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i * 13 + 1);
  void* src = nullptr;
  void* dst = nullptr;
  HIP_REQUIRE(hipMalloc(&src, host.size()));
  HIP_REQUIRE(hipMalloc(&dst, back.size()));
  HIP_REQUIRE(hipMemcpy(src, host.data(), host.size(), hipMemcpyHostToDevice));
  hipMemcpy3DBatchOp op = {};
  op.src.type = hipMemcpyOperandTypePointer;
  op.src.op.ptr.ptr = src;
  op.src.op.ptr.rowLength = kRow;
  op.dst.type = hipMemcpyOperandTypePointer;
  op.dst.op.ptr.ptr = dst;
  op.extent = make_hipExtent(kW, kH, kD);
  op.srcAccessOrder = hipMemcpySrcAccessOrderStream;
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  size_t failIdx = 0;
  HIP_CHECK(hipMemcpy3DBatchAsync(1, &op, &failIdx, 0, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_REQUIRE(hipMemcpy(back.data(), dst, back.size(), hipMemcpyDeviceToHost));
  for (size_t z = 0; z < kD; ++z)
    for (size_t y = 0; y < kH; ++y)
      REQUIRE(std::memcmp(&back[(z * kH + y) * kW], &host[(z * kH + y) * kRow], kW) == 0);

  // The same box between devices (the last device and device 0; one GPU: itself).
  int n = 0;
  HIP_REQUIRE(hipGetDeviceCount(&n));
  void* peer = nullptr;
  HIP_REQUIRE(hipSetDevice(n - 1));
  HIP_REQUIRE(hipMalloc(&peer, back.size()));
  HIP_REQUIRE(hipSetDevice(0));
  hipMemcpy3DPeerParms p = {};
  p.srcPtr = make_hipPitchedPtr(dst, kW, kW, kH);
  p.srcDevice = 0;
  p.dstPtr = make_hipPitchedPtr(peer, kW, kW, kH);
  p.dstDevice = n - 1;
  p.extent = make_hipExtent(kW, kH, kD);
  HIP_CHECK(hipMemcpy3DPeer(&p));
  std::vector<unsigned char> peerBack(back.size(), 0);
  HIP_REQUIRE(hipMemcpy(peerBack.data(), peer, peerBack.size(), hipMemcpyDeviceToHost));
  CHECK(peerBack == back);
  HIP_CHECK(hipFree(peer));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(src));
  HIP_CHECK(hipFree(dst));
}

TEST_CASE("hip7: hipMemPrefetchBatchAsync and hipMemDiscardBatchAsync on managed memory") {
  constexpr size_t kBytes = 1 << 16;
  void* m[2] = {};
  for (auto& p : m) HIP_REQUIRE(hipMallocManaged(&p, kBytes));
  std::memset(m[0], 0x11, kBytes);
  std::memset(m[1], 0x22, kBytes);
  size_t sizes[2] = {kBytes, kBytes};
  hipMemLocation locs[2] = {{hipMemLocationTypeDevice, 0}, {hipMemLocationTypeHost, 0}};
  size_t idxs[2] = {0, 1};
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  const hipError_t e = hipMemPrefetchBatchAsync(m, sizes, 2, locs, idxs, 2, 0, s);
  if (e != hipErrorNotSupported) {  // a device without concurrent managed access
    HIP_CHECK(e);
    HIP_CHECK(hipStreamSynchronize(s));
    int where = -2;
    HIP_CHECK(hipMemRangeGetAttribute(&where, sizeof(where),
                                      hipMemRangeAttributeLastPrefetchLocation, m[0], kBytes));
    CHECK(where == 0);
    CHECK(static_cast<unsigned char*>(m[1])[kBytes - 1] == 0x22);  // contents kept
  }
  // NVIDIA: CUDA 13's cuMemDiscardBatchAsync; an older driver, and AMD, answer not supported.
  const hipError_t d = hipMemDiscardBatchAsync(m, sizes, 2, 0, s);
  CHECK((d == hipSuccess || d == hipErrorNotSupported));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipStreamDestroy(s));
  for (auto& p : m) HIP_CHECK(hipFree(p));
}

TEST_CASE("hip7: hipMemGetDefaultMemPool / hipMemGet/SetMemPool name the device's pools") {
  hipMemLocation dev0{hipMemLocationTypeDevice, 0};
  hipMemPool_t viaLocation = nullptr, viaDevice = nullptr;
  HIP_REQUIRE(hipMemGetDefaultMemPool(&viaLocation, &dev0, hipMemAllocationTypePinned));
  HIP_REQUIRE(hipDeviceGetDefaultMemPool(&viaDevice, 0));
  CHECK(viaLocation == viaDevice);
  hipMemPoolProps props = {};
  props.allocType = hipMemAllocationTypePinned;
  props.location = dev0;
  hipMemPool_t pool = nullptr;
  HIP_REQUIRE(hipMemPoolCreate(&pool, &props));
  HIP_CHECK(hipMemSetMemPool(&dev0, hipMemAllocationTypePinned, pool));
  hipMemPool_t current = nullptr;
  HIP_CHECK(hipMemGetMemPool(&current, &dev0, hipMemAllocationTypePinned));
  CHECK(current == pool);
  void* p = nullptr;  // hipMallocAsync draws from the pool just set
  HIP_CHECK(hipMallocAsync(&p, 4096, nullptr));
  HIP_CHECK(hipFreeAsync(p, nullptr));
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemSetMemPool(&dev0, hipMemAllocationTypePinned, viaDevice));
  HIP_CHECK(hipMemPoolDestroy(pool));
}
