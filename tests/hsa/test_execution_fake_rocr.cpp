// The execution family of HsaBackend on the fake ROCr: occupancy from a real code object's
// metadata, the stack and heap limits, and cooperative launches (co-residency check, the
// cooperative queue, the GWS initialiser and its value, the mg_info block behind
// hidden_multigrid_sync_arg, ordering against the user's stream). What this cannot show: that a
// real GPU's GWS barrier and the device library's grid sync work with these packets.
#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <hsa/hsa.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <cstring>
#include <vector>

#include "backend.h"
#include "code_object.h"
#include "core/runtime.h"
#include "grid_sync.h"
#include "hip/hip_runtime_api.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;
using unihip::hsa::test::fakeStat;
namespace test = unihip::hsa::test;

namespace {

void* fakeLibrary() {
  void* lib = dlopen(UNIHIP_FAKE_HSA_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  return lib;
}

enum { kKernelErrors = 3, kCooperativeQueues = 6, kGwsValue = 7, kGwsInits = 8 };

struct Dispatch {
  hsa_kernel_dispatch_packet_t packet{};
  uint8_t kernarg[512]{};
};
Dispatch lastDispatch() {
  void* lib = fakeLibrary();
  auto get = reinterpret_cast<void (*)(void*, void*, size_t)>(dlsym(lib, "fake_hsa_last_dispatch"));
  REQUIRE(get != nullptr);
  Dispatch d;
  get(&d.packet, d.kernarg, sizeof d.kernarg);
  dlclose(lib);
  return d;
}

struct Loaded {
  std::vector<uint8_t> image;
  NativeModule module = nullptr;
};
void load(Backend& b, Loaded* l) {
  l->image = test::readCodeObject("gfx90a");
  BundleEntry e;
  e.id = "hipv4-amdgcn-amd-amdhsa--gfx90a";
  e.kind = ImageKind::AmdCodeObject;
  e.data = l->image.data();
  e.size = l->image.size();
  REQUIRE(b.loadModule(0, e, &l->module).ok());
}

uint32_t multigridOffset(const std::vector<uint8_t>& image, const char* kernel) {
  hsa::CodeObjectInfo info;
  REQUIRE(hsa::parseCodeObject(image.data(), image.size(), &info).ok());
  const hsa::KernelInfo* k = info.findKernel(kernel);
  REQUIRE(k != nullptr);
  for (const hsa::KernelArg& a : k->args)
    if (a.kind == hsa::ArgKind::HiddenMultigridSyncArg) return a.offset;
  FAIL("no hidden_multigrid_sync_arg");
  return 0;
}

}  // namespace

TEST_CASE("fake ROCr: occupancy of a loaded kernel from its metadata", "[hsa][execution]") {
  auto b = fakeBackend();
  Loaded l;
  load(*b, &l);
  NativeFunction axpy = nullptr;
  REQUIRE(b->getFunction(0, l.module, "axpy", &axpy).ok());
  // Hand-computed in test_occupancy.cpp: 2048 resident threads per CU, 104 CUs.
  int blocks = -1;
  REQUIRE(b->occupancyMaxActiveBlocks(0, axpy, 256, 0, 0, &blocks).ok());
  CHECK(blocks == 8);
  REQUIRE(b->occupancyMaxActiveBlocks(0, axpy, 2048, 0, 0, &blocks).ok());
  CHECK(blocks == 0);
  CHECK(b->occupancyMaxActiveBlocks(0, axpy, 0, 0, 0, &blocks) == hipErrorInvalidValue);
  int grid = -1, block = -1;
  REQUIRE(b->occupancyMaxPotentialBlockSize(0, axpy, 0, 0, 0, &grid, &block).ok());
  CHECK(block == 1024);
  CHECK(grid == 208);
  REQUIRE(b->occupancyMaxPotentialBlockSize(0, axpy, 0, 128, 0, &grid, &block).ok());
  CHECK(block == 128);
  CHECK(grid == 1664);  // 104 * 2048/128
  NativeFunction shared = nullptr;
  REQUIRE(b->getFunction(0, l.module, "_Z13shared_memoryPfi", &shared).ok());
  REQUIRE(b->occupancyMaxActiveBlocks(0, shared, 128, 15360, 0, &blocks).ok());
  CHECK(blocks == 4);
  REQUIRE(b->occupancyMaxPotentialBlockSize(0, shared, 70000, 0, 0, &grid, &block).ok());
  CHECK(grid == 0);
  size_t bytes = 0;
  CHECK(b->occupancyAvailableDynamicShared(0, axpy, 1, 64, &bytes) == hipErrorNotSupported);
  REQUIRE(b->unloadModule(0, l.module).ok());
}

TEST_CASE("fake ROCr: stack and heap limits as AMD's runtime keeps them", "[hsa][execution]") {
  auto b = fakeBackend();
  size_t v = 0;
  REQUIRE(b->getLimit(0, hipLimitStackSize, &v).ok());
  CHECK(v == 1024);
  REQUIRE(b->getLimit(0, hipLimitMallocHeapSize, &v).ok());
  CHECK(v == (size_t{8} << 20));
  CHECK(b->getLimit(0, hipLimitPrintfFifoSize, &v) == hipErrorUnsupportedLimit);
  CHECK(b->setLimit(0, hipLimitPrintfFifoSize, 1 << 20) == hipErrorUnsupportedLimit);

  REQUIRE(b->setLimit(0, hipLimitStackSize, 4096).ok());
  REQUIRE(b->getLimit(0, hipLimitStackSize, &v).ok());
  CHECK(v == 4096);
  REQUIRE(b->setLimit(0, hipLimitStackSize, 128 * 1024 - 16).ok());
  CHECK(b->setLimit(0, hipLimitStackSize, 128 * 1024 - 15) == hipErrorInvalidValue);
  REQUIRE(b->getLimit(0, hipLimitStackSize, &v).ok());
  CHECK(v == 128 * 1024 - 16);  // unchanged by the refused value

  REQUIRE(b->setLimit(0, hipLimitMallocHeapSize, 5 << 20).ok());
  REQUIRE(b->getLimit(0, hipLimitMallocHeapSize, &v).ok());
  CHECK(v == (size_t{6} << 20));  // whole 2 MiB slabs
  REQUIRE(b->setLimit(0, hipLimitMallocHeapSize, 0).ok());
  REQUIRE(b->getLimit(0, hipLimitMallocHeapSize, &v).ok());
  CHECK(v == 0);
  CHECK(b->setLimit(0, hipLimitMallocHeapSize, SIZE_MAX) == hipErrorInvalidValue);
}

TEST_CASE("fake ROCr: cooperative launches", "[hsa][execution]") {
  auto b = fakeBackend();
  CHECK(b->properties(0).cooperativeLaunch == 1);
  CHECK(b->properties(0).cooperativeMultiDeviceLaunch == 1);
  const int errorsBefore = fakeStat(kKernelErrors);
  const int queuesBefore = fakeStat(kCooperativeQueues);
  Loaded l;
  load(*b, &l);
  NativeFunction axpy = nullptr;
  REQUIRE(b->getFunction(0, l.module, "axpy", &axpy).ok());

  constexpr int n = 1000;
  std::vector<float> x(n), y(n, 1.0f);
  for (int i = 0; i < n; ++i) x[i] = float(i);
  void *dx = nullptr, *dy = nullptr;
  REQUIRE(b->malloc(0, n * sizeof(float), &dx).ok());
  REQUIRE(b->malloc(0, n * sizeof(float), &dy).ok());
  REQUIRE(b->memcpy(0, dx, x.data(), n * sizeof(float), CopyDirection::HostToDevice).ok());
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  // Ordered after the copy queued on the same stream, and the copy back after the kernel.
  REQUIRE(b->memcpyAsync(0, dy, y.data(), n * sizeof(float), CopyDirection::HostToDevice, s).ok());
  float a = 3.0f;
  int count = n;
  void* args[] = {&a, &dx, &dy, &count};
  LaunchConfig config;
  config.grid = dim3(4);
  config.block = dim3(256);
  config.stream = s;
  REQUIRE(b->launchCooperative(0, axpy, config, args).ok());
  std::vector<float> back(n, 0.0f);
  REQUIRE(b->memcpyAsync(0, back.data(), dy, n * sizeof(float), CopyDirection::DeviceToHost, s).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  for (int i = 0; i < n; ++i)
    if (back[i] != 3.0f * i + 1.0f) FAIL("y[" << i << "] = " << back[i]);
  CHECK(fakeStat(kCooperativeQueues) == queuesBefore + 1);
  CHECK(fakeStat(kGwsValue) == 3);  // workgroups - 1
  CHECK(fakeStat(kGwsInits) == 1);

  // Co-residency: 104 CUs x 8 blocks of 256 threads (test_occupancy.cpp) fit, one more does not.
  config.grid = dim3(833);
  CHECK(b->launchCooperative(0, axpy, config, args) == hipErrorCooperativeLaunchTooLarge);
  config.grid = dim3(32, 26);  // 832 blocks in two dimensions: fits
  count = 0;                   // the fake's axpy touches nothing
  REQUIRE(b->launchCooperative(0, axpy, config, args).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(fakeStat(kGwsValue) == 831);
  CHECK(fakeStat(kCooperativeQueues) == queuesBefore + 1);  // one queue per device, reused
  config.grid = dim3(1);
  config.sharedMemBytes = 65537;  // more LDS than a CU has: never resident
  CHECK(b->launchCooperative(0, axpy, config, args) == hipErrorCooperativeLaunchTooLarge);
  config.sharedMemBytes = 0;
  CHECK(b->launchCooperative(0, axpy, config, nullptr) == hipErrorInvalidValue);

  // hidden_multigrid_sync_arg points to mg_info right after the kernargs.
  NativeFunction hidden = nullptr;
  REQUIRE(b->getFunction(0, l.module, "_Z17hidden_everythingPyi", &hidden).ok());
  const uint32_t mgOffset = multigridOffset(l.image, "_Z17hidden_everythingPyi");
  unsigned long long* out = nullptr;
  int k = 1;
  void* hiddenArgs[] = {&out, &k};
  config.grid = dim3(2, 3);
  config.block = dim3(64);
  config.stream = nullptr;  // the legacy stream
  REQUIRE(b->launchCooperative(0, hidden, config, hiddenArgs).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  Dispatch d = lastDispatch();
  CHECK(d.packet.grid_size_x == 128);
  CHECK(d.packet.grid_size_y == 3);
  CHECK(d.packet.private_segment_size == 272);
  uint64_t mgAddress = 0;
  std::memcpy(&mgAddress, d.kernarg + mgOffset, 8);
  CHECK(mgAddress == reinterpret_cast<uint64_t>(d.packet.kernarg_address) + 320);  // 272 -> 320
  hsa::MultiGridInfo mg;
  std::memcpy(&mg, reinterpret_cast<const void*>(mgAddress), sizeof mg);
  // A single grid's own barrier counter, right after the block (grid_sync.h), zeroed.
  CHECK(mg.mgsCounter == mgAddress + sizeof(hsa::MultiGridInfo));
  CHECK(*reinterpret_cast<const uint64_t*>(mg.mgsCounter) == 0);
  CHECK(mg.gridId == 0);
  CHECK(mg.numGrids == 1);
  CHECK(mg.prevSum == 0);
  CHECK(mg.allSum == 6 * 64);
  CHECK(mg.numWorkgroups == 6);
  CHECK(mg.sgsCounter[0] == 0);
  CHECK(fakeStat(kGwsValue) == 5);

  // One grid of a multi-device launch: the shared counter and the grid's rank.
  CooperativeGrid g;
  g.gridId = 1;
  g.numGrids = 2;
  g.prevSum = 1000;
  g.allSum = 1000 + 6 * 64;
  REQUIRE(b->launchCooperativeGrid(0, hidden, config, hiddenArgs, g).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  d = lastDispatch();
  std::memcpy(&mgAddress, d.kernarg + mgOffset, 8);
  std::memcpy(&mg, reinterpret_cast<const void*>(mgAddress), sizeof mg);
  CHECK(mg.mgsCounter != 0);  // the process-wide counter shared by the grids
  CHECK(mg.mgsCounter != mgAddress + sizeof(hsa::MultiGridInfo));
  CHECK(*reinterpret_cast<const uint32_t*>(mg.mgsCounter) == 0);
  CHECK(mg.gridId == 1);
  CHECK(mg.numGrids == 2);
  CHECK(mg.prevSum == 1000);
  CHECK(mg.allSum == 1384);

  // A plain launch of the same kernel: no mg_info (grid_group::is_valid() is false).
  REQUIRE(b->launch(0, hidden, config, hiddenArgs).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  d = lastDispatch();
  std::memcpy(&mgAddress, d.kernarg + mgOffset, 8);
  CHECK(mgAddress == 0);

  CHECK(fakeStat(kKernelErrors) == errorsBefore);
  REQUIRE(b->streamDestroy(0, s).ok());
  REQUIRE(b->free(0, dx).ok());
  REQUIRE(b->free(0, dy).ok());
  REQUIRE(b->unloadModule(0, l.module).ok());
}

TEST_CASE("fake ROCr: the stack limit is the scratch of dynamic-stack kernels only",
          "[hsa][execution]") {
  auto b = fakeBackend();
  Loaded l;
  load(*b, &l);
  NativeFunction hidden = nullptr;
  REQUIRE(b->getFunction(0, l.module, "_Z17hidden_everythingPyi", &hidden).ok());
  REQUIRE(b->setLimit(0, hipLimitStackSize, 8192).ok());
  unsigned long long* out = nullptr;
  int k = 1;
  void* args[] = {&out, &k};
  LaunchConfig config;
  config.grid = dim3(1);
  config.block = dim3(64);
  REQUIRE(b->launch(0, hidden, config, args).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  // The kernel's call stack is static (.uses_dynamic_stack false): its own 272 bytes.
  CHECK(lastDispatch().packet.private_segment_size == 272);
  REQUIRE(b->unloadModule(0, l.module).ok());
}

TEST_CASE("fake ROCr through the HIP API: occupancy, limits, cooperative launches",
          "[hsa][execution]") {
  test::FakeRuntime runtime;
  const std::vector<uint8_t> image = test::readCodeObject("gfx90a");
  hipModule_t module = nullptr;
  REQUIRE(hipModuleLoadData(&module, image.data()) == hipSuccess);
  hipFunction_t axpy = nullptr;
  REQUIRE(hipModuleGetFunction(&axpy, module, "axpy") == hipSuccess);

  int blocks = -1;
  REQUIRE(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, axpy, 256, 0) ==
          hipSuccess);
  CHECK(blocks == 8);
  REQUIRE(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
              &blocks, axpy, 512, 0, hipOccupancyDisableCachingOverride) == hipSuccess);
  CHECK(blocks == 4);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, axpy, 512, 0, 2) ==
        hipErrorInvalidValue);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, axpy, 0, 0) ==
        hipErrorInvalidValue);
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, axpy, 64, 0) ==
        hipErrorInvalidValue);
  int grid = -1, block = -1;
  REQUIRE(hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, axpy, 0, 0) == hipSuccess);
  CHECK(block == 1024);
  CHECK(grid == 208);
  REQUIRE(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, axpy, 0, 64, 0) ==
          hipSuccess);
  CHECK(block == 64);
  CHECK(grid == 3328);  // 104 * 2048/64
  CHECK(hipModuleOccupancyMaxPotentialBlockSize(&grid, nullptr, axpy, 0, 0) ==
        hipErrorInvalidValue);

  size_t v = 0;
  REQUIRE(hipDeviceGetLimit(&v, hipLimitStackSize) == hipSuccess);
  CHECK(v == 1024);
  CHECK(hipDeviceGetLimit(&v, hipLimitPrintfFifoSize) == hipErrorUnsupportedLimit);
  CHECK(hipDeviceSetLimit(hipLimitStackSize, size_t{1} << 20) == hipErrorInvalidValue);
  REQUIRE(hipDeviceSetLimit(hipLimitMallocHeapSize, 1) == hipSuccess);
  REQUIRE(hipDeviceGetLimit(&v, hipLimitMallocHeapSize) == hipSuccess);
  CHECK(v == (size_t{2} << 20));

  int attribute = 0;
  REQUIRE(hipDeviceGetAttribute(&attribute, hipDeviceAttributeCooperativeLaunch, 0) == hipSuccess);
  CHECK(attribute == 1);
  float a = 1.0f;
  void* dx = nullptr;
  REQUIRE(hipMalloc(&dx, 4096) == hipSuccess);
  int n = 0;
  void* args[] = {&a, &dx, &dx, &n};
  CHECK(hipModuleLaunchCooperativeKernel(axpy, 833, 1, 1, 256, 1, 1, 0, nullptr, args) ==
        hipErrorCooperativeLaunchTooLarge);
  CHECK(hipModuleLaunchCooperativeKernel(axpy, 832, 1, 1, 256, 1, 1, 0, nullptr, args) ==
        hipSuccess);
  hipFunctionLaunchParams p{};
  p.function = axpy;
  p.gridDimX = p.gridDimY = p.gridDimZ = 1;
  p.blockDimX = 64;
  p.blockDimY = p.blockDimZ = 1;
  p.kernelParams = args;
  CHECK(hipModuleLaunchCooperativeKernelMultiDevice(&p, 1, 0) == hipSuccess);
  p.gridDimX = 100000;
  CHECK(hipModuleLaunchCooperativeKernelMultiDevice(&p, 1, 0) ==
        hipErrorCooperativeLaunchTooLarge);
  CHECK(hipDeviceSynchronize() == hipSuccess);
  CHECK(hipFree(dx) == hipSuccess);
  CHECK(hipModuleUnload(module) == hipSuccess);
}

TEST_CASE("fake ROCr: a cooperative-groups kernel (unihip's header, ROCm device libraries)",
          "[hsa][execution]") {
  const std::string path = UNIHIP_HSA_COOPERATIVE_CODE_OBJECT;
  if (path.empty()) {
    WARN("no ROCm device libraries at build time: kernels/cooperative.hip was not compiled");
    return;
  }
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  const std::vector<uint8_t> image{std::istreambuf_iterator<char>(in), {}};
  // The header's grid_group asks for the multigrid argument (is_valid, the GWS barrier).
  const uint32_t mgOffset = multigridOffset(image, "grid_sum");

  auto b = fakeBackend();
  const int errorsBefore = fakeStat(kKernelErrors);
  NativeModule module = test::loadGfx90aModule(*b, image);
  NativeFunction sum = nullptr;
  REQUIRE(b->getFunction(0, module, "grid_sum", &sum).ok());
  int* none = nullptr;
  void* args[] = {&none, &none, &none};
  LaunchConfig config;
  config.grid = dim3(16);
  config.block = dim3(128);
  REQUIRE(b->launchCooperative(0, sum, config, args).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  CHECK(fakeStat(kGwsValue) == 15);
  Dispatch d = lastDispatch();
  uint64_t mgAddress = 0;
  std::memcpy(&mgAddress, d.kernarg + mgOffset, 8);
  REQUIRE(mgAddress != 0);  // __ockl_grid_is_valid: true
  hsa::MultiGridInfo mg;
  std::memcpy(&mg, reinterpret_cast<const void*>(mgAddress), sizeof mg);
  CHECK(mg.numGrids == 1);
  CHECK(mg.allSum == 16 * 128);
  CHECK(mg.numWorkgroups == 16);
  // A plain launch leaves it 0: is_valid() false, and sync() traps instead of hanging.
  REQUIRE(b->launch(0, sum, config, args).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  d = lastDispatch();
  std::memcpy(&mgAddress, d.kernarg + mgOffset, 8);
  CHECK(mgAddress == 0);

  // multi_grid_group: one grid of two, with the shared counter and its rank.
  const uint32_t mgRanksOffset = multigridOffset(image, "multi_grid_ranks");
  NativeFunction ranks = nullptr;
  REQUIRE(b->getFunction(0, module, "multi_grid_ranks", &ranks).ok());
  void* rankArgs[] = {&none};
  CooperativeGrid g;
  g.gridId = 1;
  g.numGrids = 2;
  g.prevSum = 2048;
  g.allSum = 4096;
  REQUIRE(b->launchCooperativeGrid(0, ranks, config, rankArgs, g).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  d = lastDispatch();
  std::memcpy(&mgAddress, d.kernarg + mgRanksOffset, 8);
  REQUIRE(mgAddress > 1);  // __ockl_multi_grid_is_valid: the argument is above 1
  std::memcpy(&mg, reinterpret_cast<const void*>(mgAddress), sizeof mg);
  CHECK(mg.gridId == 1);
  CHECK(mg.numGrids == 2);
  CHECK(mg.prevSum == 2048);
  CHECK(mg.allSum == 4096);
  CHECK(mg.mgsCounter != 0);
  CHECK(fakeStat(kKernelErrors) == errorsBefore);
  REQUIRE(b->unloadModule(0, module).ok());
}
