// HIP 7 additions on a real device: libraries and kernels over the --genco bundle
// (module_kernels.hipfb), a module's kernel count, hipInitDevice, hipDeviceGetLuid, entry points
// by name (this executable links libunihip.so, whose dynamic symbols the lookups read), batched
// and peer 3D copies, batched prefetches and discards, batch memory operations (on a stream,
// captured, and as graph nodes), the linker (link_device_lib.* beside the executable), dma-buf
// handles of address ranges and mipmapped arrays' memory requirements.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "batch_memops.h"
#include "gpu_test_support.h"

using unihip::testing::memOpWait;
using unihip::testing::memOpWrite;

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

std::string besideExe(const char* name) {
  return (std::filesystem::read_symlink("/proc/self/exe").parent_path() / name).string();
}

// A kernel calling a device function it does not define (link_device_lib.ptx defines it).
const char kLinkKernelPtx[] = R"(
.version 8.0
.target sm_90
.address_size 64
.extern .func (.param .b32 ret) link_twice_plus_one(.param .b32 x);
.visible .entry link_apply(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r2, [n];
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r5, %tid.x;
  mad.lo.s32 %r1, %r3, %r4, %r5;
  setp.ge.u32 %p1, %r1, %r2;
  @%p1 bra DONE;
  {
  .param .b32 pa;
  st.param.b32 [pa], %r1;
  .param .b32 pr;
  call.uni (pr), link_twice_plus_one, (pa);
  ld.param.b32 %r6, [pr];
  }
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r6;
DONE:
  ret;
}
)";

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

TEST_CASE("hip7: hipStreamBatchMemOp writes then waits; captured as one batch node and replayed") {
  uint32_t* host = nullptr;  // pinned: the host releases the stream's wait
  HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&host), 2 * sizeof(uint32_t), 0));
  host[0] = host[1] = 0;
  void* dev = nullptr;
  HIP_REQUIRE(hipMalloc(&dev, 16));
  HIP_REQUIRE(hipMemset(dev, 0, 16));
  auto* word32 = static_cast<uint32_t*>(dev);
  auto* word64 = reinterpret_cast<uint64_t*>(static_cast<char*>(dev) + 8);
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));

  // One batch: write, wait for that write, a 64-bit write, then wait for the host's word.
  hipStreamBatchMemOpParams ops[4] = {memOpWrite(word32, 5, false),
                                      memOpWait(word32, 5, hipStreamWaitValueEq),
                                      memOpWrite(word64, 0x0123456789abcdefull, true),
                                      memOpWait(&host[0], 3, hipStreamWaitValueGte)};
  HIP_REQUIRE(hipStreamBatchMemOp(s, 4, ops, 0));
  hipStreamBatchMemOpParams done[1] = {memOpWrite(&host[1], 1, false)};
  HIP_REQUIRE(hipStreamBatchMemOp(s, 1, done, 0));
  CHECK(hipStreamQuery(s) == hipErrorNotReady);  // held by the wait on host[0]
  CHECK(__atomic_load_n(&host[1], __ATOMIC_ACQUIRE) == 0);
  __atomic_store_n(&host[0], 3u, __ATOMIC_RELEASE);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK(__atomic_load_n(&host[1], __ATOMIC_ACQUIRE) == 1);
  uint32_t v32 = 0;
  uint64_t v64 = 0;
  auto readBack = [&] {
    HIP_CHECK(hipMemcpy(&v32, word32, sizeof v32, hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&v64, word64, sizeof v64, hipMemcpyDeviceToHost));
  };
  auto replay = [&](hipGraphExec_t e) {
    HIP_CHECK(hipGraphLaunch(e, s));
    HIP_CHECK(hipStreamSynchronize(s));
    readBack();
  };
  readBack();
  CHECK(v32 == 5);
  CHECK(v64 == 0x0123456789abcdefull);

  // Captured: one batch memory operation node, as CUDA captures cuStreamBatchMemOp.
  hipGraph_t g = nullptr;
  HIP_REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  hipStreamBatchMemOpParams captured[2] = {memOpWrite(word32, 7, false),
                                           memOpWrite(word64, 8, true)};
  HIP_CHECK(hipStreamBatchMemOp(s, 2, captured, 0));
  HIP_REQUIRE(hipStreamEndCapture(s, &g));
  size_t count = 0;
  HIP_REQUIRE(hipGraphGetNodes(g, nullptr, &count));
  REQUIRE(count == 1);
  hipGraphNode_t node = nullptr;
  HIP_REQUIRE(hipGraphGetNodes(g, &node, &count));
  hipGraphNodeType type = hipGraphNodeTypeCount;
  HIP_CHECK(hipGraphNodeGetType(node, &type));
  CHECK(type == hipGraphNodeTypeBatchMemOp);
  hipBatchMemOpNodeParams got = {};
  HIP_REQUIRE(hipGraphBatchMemOpNodeGetParams(node, &got));
  hipCtx_t primary = nullptr;
  HIP_REQUIRE(hipDevicePrimaryCtxRetain(&primary, 0));
  CHECK(got.ctx == primary);
  REQUIRE(got.count == 2);
  CHECK(got.paramArray[0].writeValue.value == 7);
  CHECK(got.paramArray[1].writeValue.value64 == 8);

  hipGraphExec_t exec = nullptr;
  HIP_REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0));
  replay(exec);
  CHECK(v32 == 7);
  CHECK(v64 == 8);
  // New values on the executable graph's node (the graph's own keeps its values).
  captured[0].writeValue.value = 70;
  captured[1].writeValue.value64 = 80;
  hipBatchMemOpNodeParams updated = {primary, 2, captured, 0};
  HIP_CHECK(hipGraphExecBatchMemOpNodeSetParams(exec, node, &updated));
  replay(exec);
  CHECK(v32 == 70);
  CHECK(v64 == 80);
  HIP_CHECK(hipGraphExecDestroy(exec));
  HIP_CHECK(hipGraphDestroy(g));

  // Added by hand after a memset node; its parameters set again before instantiation.
  HIP_REQUIRE(hipGraphCreate(&g, 0));
  hipMemsetParams ms = {};
  ms.dst = dev;
  ms.elementSize = 4;
  ms.width = 4;
  ms.height = 1;
  ms.value = 0;
  hipGraphNode_t clear = nullptr, batch = nullptr;
  HIP_REQUIRE(hipGraphAddMemsetNode(&clear, g, nullptr, 0, &ms));
  hipStreamBatchMemOpParams one[1] = {memOpWrite(word32, 11, false)};
  hipBatchMemOpNodeParams p = {primary, 1, one, 0};
  HIP_REQUIRE(hipGraphAddBatchMemOpNode(&batch, g, &clear, 1, &p));
  one[0].writeValue.value = 12;
  HIP_CHECK(hipGraphBatchMemOpNodeSetParams(batch, &p));
  HIP_REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0));
  replay(exec);
  CHECK(v32 == 12);
  HIP_CHECK(hipGraphExecDestroy(exec));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipDevicePrimaryCtxRelease(0));
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(dev));
  HIP_CHECK(hipHostFree(host));
}

TEST_CASE("hip7: hipLink* links a PTX kernel and a cubin into a module whose kernel runs") {
  const hipDeviceProp_t props = deviceProperties();
  // The device function as a relocatable sm_90 cubin where ptxas made one and the GPU is an
  // sm_90 one (H100, H200), else as PTX.
  std::string lib = besideExe("link_device_lib.sm_90.cubin");
  hipJitInputType libType = hipJitInputCubin;
  if (props.major * 10 + props.minor != 90 || !std::filesystem::exists(lib)) {
    WARN("linking PTX to PTX: no sm_90 cubin for this device (" << lib << ")");
    lib = besideExe("link_device_lib.ptx");
    libType = hipJitInputPtx;
  }
  char errorLog[4096] = {};
  hipJitOption options[2] = {hipJitOptionErrorLogBuffer, hipJitOptionErrorLogBufferSizeBytes};
  void* values[2] = {errorLog, reinterpret_cast<void*>(uintptr_t{sizeof errorLog})};
  // The driver's error log (the options' values are CUDA's) with a failed step's assertion.
  auto logged = [&](hipError_t e) {
    if (e != hipSuccess) UNSCOPED_INFO("linker log: " << errorLog);
    return e;
  };
  hipLinkState_t link = nullptr;
  HIP_REQUIRE(hipLinkCreate(2, options, values, &link));
  HIP_REQUIRE(logged(hipLinkAddData(link, hipJitInputPtx, const_cast<char*>(kLinkKernelPtx),
                                    sizeof kLinkKernelPtx, "link_kernel.ptx", 0, nullptr,
                                    nullptr)));
  HIP_REQUIRE(logged(hipLinkAddFile(link, libType, lib.c_str(), 0, nullptr, nullptr)));
  CHECK(hipLinkAddData(link, hipJitInputLLVMBitcode, const_cast<char*>(kLinkKernelPtx),
                       sizeof kLinkKernelPtx, "ir.bc", 0, nullptr, nullptr) ==
        hipErrorNotSupported);  // AMD's inputs: not on NVIDIA
  void* image = nullptr;
  size_t size = 0;
  HIP_REQUIRE(logged(hipLinkComplete(link, &image, &size)));
  REQUIRE(size > 4);
  CHECK(std::memcmp(image, "\x7f" "ELF", 4) == 0);

  hipModule_t m = nullptr;
  HIP_REQUIRE(hipModuleLoadData(&m, image));
  HIP_CHECK(hipLinkDestroy(link));  // the module has its own copy of the image
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipModuleGetFunction(&f, m, "link_apply"));
  constexpr unsigned n = 1000;
  DeviceBuffer<uint32_t> out(n);
  uint32_t* po = out.ptr;
  unsigned cnt = n;
  void* params[] = {&po, &cnt};
  HIP_REQUIRE(hipModuleLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, params,
                                    nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  const std::vector<uint32_t> got = out.read();
  for (unsigned i = 0; i < n; ++i) REQUIRE(got[i] == 2 * i + 1);
  HIP_CHECK(hipModuleUnload(m));
}

TEST_CASE("hip7: hipMemGetHandleForAddressRange: a dma-buf of device memory, or not supported") {
  // A range aligned to the host's pages inside one allocation, as the driver wants.
  constexpr size_t kBytes = 1 << 20;
  void* base = nullptr;
  HIP_REQUIRE(hipMalloc(&base, 4 * kBytes));
  void* p = reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(base) + kBytes - 1) &
                                    ~uintptr_t{kBytes - 1});
  int fd = -1;
  const hipError_t e =
      hipMemGetHandleForAddressRange(&fd, p, kBytes, hipMemRangeHandleTypeDmaBufFd, 0);
  if (e == hipErrorNotSupported) {
    WARN("the driver exports no dma-buf here (CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED)");
  } else {
    HIP_REQUIRE(e);
    REQUIRE(fd >= 0);
    struct stat st = {};
    CHECK(fstat(fd, &st) == 0);
    CHECK(close(fd) == 0);
    int other = -1;  // a range not aligned to the host's pages: the driver refuses it
    const hipError_t refused =
        hipMemGetHandleForAddressRange(&other, p, 4097, hipMemRangeHandleTypeDmaBufFd, 0);
    CHECK((refused == hipErrorInvalidValue || refused == hipErrorNotSupported));
  }
  HIP_CHECK(hipFree(base));
}

TEST_CASE("hip7: hipMipmappedArrayGetMemoryRequirements covers every level") {
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipMipmappedArray_t m = nullptr;
  HIP_REQUIRE(hipMallocMipmappedArray(&m, &desc, make_hipExtent(256, 256, 0), 4, 0));
  hipArrayMemoryRequirements r = {};
  const hipError_t e = hipMipmappedArrayGetMemoryRequirements(&r, m, 0);
  if (e == hipErrorNotSupported) {
    WARN("no deferred-mapping arrays on this device: no memory requirements");
  } else {
    HIP_CHECK(e);
    CHECK(r.size >= (256 * 256 + 128 * 128 + 64 * 64 + 32 * 32) * sizeof(float));
    CHECK(r.alignment > 0);
    CHECK((r.alignment & (r.alignment - 1)) == 0);
  }
  HIP_CHECK(hipFreeMipmappedArray(m));
}
