// HIP 7's batch memory operations (hipStreamBatchMemOp and its graph nodes), handles of address
// ranges, mipmapped arrays' memory requirements and the linker (hipLink*) against the fake
// backend: AMD's codes for bad input, what reaches the vendor, and its answers as HIP gives them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "api_cases.h"
#include "batch_memops.h"
#include "cuda/cuda_link.h"
#include "fake_graphs.h"
#include "fake_images.h"
#include "install_fake.h"

using namespace unihip::testing;

namespace {

hipStream_t garbageStream() { return reinterpret_cast<hipStream_t>(-1); }

std::string tempPath(const char* name) {
  return (std::filesystem::temp_directory_path() /
          (std::to_string(getpid()) + "_" + name)).string();
}

}  // namespace

TEST_CASE("hipStreamBatchMemOp: AMD's checks, then the operations in order", "[hip7]") {
  auto* fake = installFake();
  fake->streamMemOps = true;
  alignas(8) uint64_t words[2] = {0, 0};
  hipStreamBatchMemOpParams ops[3] = {memOpWrite(&words[0], 7, false),
                                      memOpWait(&words[0], 7, hipStreamWaitValueEq),
                                      memOpWrite(&words[1], 0x1122334455667788ull, true)};
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);

  CHECK(hipStreamBatchMemOp(s, 3, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipStreamBatchMemOp(s, 0, ops, 0) == hipErrorInvalidValue);
  CHECK(hipStreamBatchMemOp(s, 257, ops, 0) == hipErrorInvalidValue);
  CHECK(hipStreamBatchMemOp(s, static_cast<unsigned>(-4), ops, 0) == hipErrorInvalidValue);
  CHECK(hipStreamBatchMemOp(s, 3, ops, 1) == hipErrorInvalidValue);
  CHECK(hipStreamBatchMemOp(garbageStream(), 3, ops, 0) == hipErrorContextIsDestroyed);
  CHECK(hipStreamBatchMemOp(destroyedStream(), 3, ops, 0) == hipErrorContextIsDestroyed);
  // AMD's order: the batch's shape before the stream, the stream before the operations.
  CHECK(hipStreamBatchMemOp(destroyedStream(), 3, ops, 2) == hipErrorInvalidValue);
  hipStreamBatchMemOpParams bad[2] = {ops[0], memOpOf(hipStreamMemOpBarrier)};
  CHECK(hipStreamBatchMemOp(destroyedStream(), 2, bad, 0) == hipErrorContextIsDestroyed);
  CHECK(hipStreamBatchMemOp(s, 2, bad, 0) == hipErrorInvalidValue);
  bad[1] = memOpOf(hipStreamMemOpFlushRemoteWrites);
  CHECK(hipStreamBatchMemOp(s, 2, bad, 0) == hipErrorInvalidValue);
  bad[1] = memOpOf(static_cast<hipStreamBatchMemOpType>(9));
  CHECK(hipStreamBatchMemOp(s, 2, bad, 0) == hipErrorInvalidValue);
  bad[1] = memOpWrite(nullptr, 1, false);
  CHECK(hipStreamBatchMemOp(s, 2, bad, 0) == hipErrorInvalidValue);
  bad[1] = memOpWrite(reinterpret_cast<char*>(&words[0]) + 4, 1, true);  // 4-, not 8-byte aligned
  CHECK(hipStreamBatchMemOp(s, 2, bad, 0) == hipErrorInvalidValue);
  bad[1] = memOpWait(reinterpret_cast<char*>(&words[0]) + 2, 1, hipStreamWaitValueEq);
  CHECK(hipStreamBatchMemOp(s, 2, bad, 0) == hipErrorInvalidValue);
  bad[1] = memOpWait(&words[0], 1, hipStreamWaitValueNor + 1);
  CHECK(hipStreamBatchMemOp(s, 2, bad, 0) == hipErrorInvalidValue);
  CHECK(fake->memOps.empty());  // nothing refused reached the stream, the first write neither
  CHECK(words[0] == 0);

  REQUIRE(hipStreamBatchMemOp(s, 3, ops, 0) == hipSuccess);
  REQUIRE(fake->memOps.size() == 3);
  CHECK_FALSE(fake->memOps[0].wait);
  CHECK(fake->memOps[0].ptr == &words[0]);
  CHECK(fake->memOps[0].value == 7);
  CHECK_FALSE(fake->memOps[0].is64);
  CHECK(fake->memOps[1].wait);
  CHECK(fake->memOps[1].flags == hipStreamWaitValueEq);
  CHECK(fake->memOps[2].is64);
  CHECK(fake->memOps[2].value == 0x1122334455667788ull);
  CHECK(words[0] == 7);
  CHECK(words[1] == 0x1122334455667788ull);

  std::vector<hipStreamBatchMemOpParams> many(256, memOpWrite(&words[0], 9, false));
  CHECK(hipStreamBatchMemOp(hipStreamPerThread, 256, many.data(), 0) == hipSuccess);
  CHECK(fake->memOps.size() == 3 + 256);
  CHECK(hipStreamBatchMemOp(nullptr, 1, ops, 0) == hipSuccess);
  fake->streamMemOps = false;  // a vendor without stream memory operations
  CHECK(hipStreamBatchMemOp(s, 3, ops, 0) == hipErrorNotSupported);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipGraphAddBatchMemOpNode and its parameters: AMD's checks, the vendor's node",
          "[hip7]") {
  FakeGraphOps graphs;
  auto* fake = installFake(2);
  fake->graphOps = &graphs;
  alignas(8) uint64_t words[2] = {0, 0};
  hipStreamBatchMemOpParams ops[2] = {memOpWrite(&words[0], 5, false),
                                      memOpWrite(&words[1], 6, true)};
  hipCtx_t ctx1 = nullptr;
  REQUIRE(hipDevicePrimaryCtxRetain(&ctx1, 1) == hipSuccess);
  hipGraph_t g = nullptr, other = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  REQUIRE(hipGraphCreate(&other, 0) == hipSuccess);
  hipBatchMemOpNodeParams p = {ctx1, 2, ops, 0};
  hipGraphNode_t n = nullptr, empty = nullptr;
  REQUIRE(hipGraphAddEmptyNode(&empty, g, nullptr, 0) == hipSuccess);

  CHECK(hipGraphAddBatchMemOpNode(nullptr, g, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphAddBatchMemOpNode(&n, nullptr, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphAddBatchMemOpNode(&n, g, nullptr, 1, &p) == hipErrorInvalidValue);
  CHECK(hipGraphAddBatchMemOpNode(&n, g, nullptr, 0, nullptr) == hipErrorInvalidValue);
  auto refused = [&](hipBatchMemOpNodeParams q) {
    return hipGraphAddBatchMemOpNode(&n, g, nullptr, 0, &q) == hipErrorInvalidValue;
  };
  CHECK(refused({ctx1, 0, ops, 0}));
  CHECK(refused({ctx1, 257, ops, 0}));
  CHECK(refused({ctx1, 2, nullptr, 0}));
  CHECK(refused({ctx1, 2, ops, 1}));
  CHECK(refused({nullptr, 2, ops, 0}));
  CHECK(refused({reinterpret_cast<hipCtx_t>(&words[0]), 2, ops, 0}));  // not a context
  hipStreamBatchMemOpParams barrier[1] = {memOpOf(hipStreamMemOpBarrier)};
  CHECK(refused({ctx1, 1, barrier, 0}));
  hipGraphNode_t foreign = nullptr;
  REQUIRE(hipGraphAddEmptyNode(&foreign, other, nullptr, 0) == hipSuccess);
  CHECK(hipGraphAddBatchMemOpNode(&n, g, &foreign, 1, &p) == hipErrorInvalidValue);

  REQUIRE(hipGraphAddBatchMemOpNode(&n, g, &empty, 1, &p) == hipSuccess);
  hipGraphNodeType type = hipGraphNodeTypeCount;
  CHECK(hipGraphNodeGetType(n, &type) == hipSuccess);
  CHECK(type == hipGraphNodeTypeBatchMemOp);
  ops[0].writeValue.value = 99;  // the node keeps its own copy
  hipBatchMemOpNodeParams got = {};
  REQUIRE(hipGraphBatchMemOpNodeGetParams(n, &got) == hipSuccess);
  CHECK(got.ctx == ctx1);
  CHECK(got.count == 2);
  CHECK(got.flags == 0);
  REQUIRE(got.paramArray != nullptr);
  CHECK(got.paramArray != ops);
  CHECK(got.paramArray[0].writeValue.value == 5);
  CHECK(got.paramArray[1].writeValue.value64 == 6);
  CHECK(hipGraphBatchMemOpNodeGetParams(nullptr, &got) == hipErrorInvalidValue);
  CHECK(hipGraphBatchMemOpNodeGetParams(n, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphBatchMemOpNodeGetParams(empty, &got) == hipErrorInvalidValue);  // another kind

  ops[0].writeValue.value = 11;
  CHECK(hipGraphBatchMemOpNodeSetParams(nullptr, &p) == hipErrorInvalidValue);
  CHECK(hipGraphBatchMemOpNodeSetParams(n, nullptr) == hipErrorInvalidValue);
  hipBatchMemOpNodeParams badSet = {ctx1, 2, ops, 3};
  CHECK(hipGraphBatchMemOpNodeSetParams(n, &badSet) == hipErrorInvalidValue);
  CHECK(hipGraphBatchMemOpNodeSetParams(empty, &p) == hipErrorInvalidValue);
  REQUIRE(hipGraphBatchMemOpNodeSetParams(n, &p) == hipSuccess);
  REQUIRE(hipGraphBatchMemOpNodeGetParams(n, &got) == hipSuccess);
  CHECK(got.paramArray[0].writeValue.value == 11);

  // Replayed: each launch performs the writes; the executable graph's copy takes new values.
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  CHECK(words[0] == 11);
  CHECK(words[1] == 6);
  ops[0].writeValue.value = 12;
  CHECK(hipGraphExecBatchMemOpNodeSetParams(nullptr, n, &p) == hipErrorInvalidValue);
  CHECK(hipGraphExecBatchMemOpNodeSetParams(exec, nullptr, &p) == hipErrorInvalidValue);
  CHECK(hipGraphExecBatchMemOpNodeSetParams(exec, n, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecBatchMemOpNodeSetParams(exec, n, &badSet) == hipErrorInvalidValue);
  CHECK(hipGraphExecBatchMemOpNodeSetParams(exec, empty, &p) == hipErrorInvalidValue);
  CHECK(hipGraphExecBatchMemOpNodeSetParams(reinterpret_cast<hipGraphExec_t>(&words[0]), n,
                                            &p) == hipErrorInvalidValue);
  REQUIRE(hipGraphExecBatchMemOpNodeSetParams(exec, n, &p) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  CHECK(words[0] == 12);
  REQUIRE(hipGraphBatchMemOpNodeGetParams(n, &got) == hipSuccess);
  CHECK(got.paramArray[0].writeValue.value == 11);  // the graph's own node is unchanged

  CHECK(hipGraphExecDestroy(exec) == hipSuccess);
  CHECK(hipGraphExecBatchMemOpNodeSetParams(exec, n, &p) == hipErrorInvalidValue);
  CHECK(hipGraphDestroyNode(n) == hipSuccess);
  CHECK(hipGraphBatchMemOpNodeGetParams(n, &got) == hipErrorInvalidValue);
  CHECK(hipGraphBatchMemOpNodeSetParams(n, &p) == hipErrorInvalidValue);
  CHECK(hipGraphDestroy(g) == hipSuccess);
  CHECK(hipGraphAddBatchMemOpNode(&n, g, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphDestroy(other) == hipSuccess);
  CHECK(hipDevicePrimaryCtxRelease(1) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("batch memory operation nodes on AMD's generic graphs: checked, then not supported",
          "[hip7]") {
  installFake();
  alignas(8) uint64_t word = 0;
  hipStreamBatchMemOpParams op = memOpWrite(&word, 1, false);
  hipCtx_t ctx = nullptr;
  REQUIRE(hipDevicePrimaryCtxRetain(&ctx, 0) == hipSuccess);
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  hipGraphNode_t n = nullptr;
  hipBatchMemOpNodeParams p = {ctx, 1, &op, 0};
  hipBatchMemOpNodeParams noCtx = {nullptr, 1, &op, 0};
  CHECK(hipGraphAddBatchMemOpNode(&n, g, nullptr, 0, &noCtx) == hipErrorInvalidValue);
  CHECK(hipGraphAddBatchMemOpNode(&n, g, nullptr, 0, &p) == hipErrorNotSupported);
  CHECK(hipGraphDestroy(g) == hipSuccess);
  CHECK(hipDevicePrimaryCtxRelease(0) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipMemGetHandleForAddressRange: AMD's checks, the vendor's dma-buf or its refusal",
          "[hip7]") {
  auto* fake = installFake(2);
  void* p = nullptr;
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipMalloc(&p, 8192) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  int fd = -1;
  const auto dmaBuf = hipMemRangeHandleTypeDmaBufFd;
  CHECK(hipMemGetHandleForAddressRange(nullptr, p, 4096, dmaBuf, 0) == hipErrorInvalidValue);
  CHECK(hipMemGetHandleForAddressRange(&fd, nullptr, 4096, dmaBuf, 0) == hipErrorInvalidValue);
  CHECK(hipMemGetHandleForAddressRange(&fd, p, 0, dmaBuf, 0) == hipErrorInvalidValue);
  CHECK(hipMemGetHandleForAddressRange(&fd, p, 4096, hipMemRangeHandleTypeMax, 0) ==
        hipErrorInvalidValue);
  CHECK(hipMemGetHandleForAddressRange(&fd, p, 4096, dmaBuf,
                                       hipMemRangeFlagDmaBufMappingTypePcie) ==
        hipErrorInvalidValue);  // AMD's runtime takes no flags
  CHECK(fake->lastRangeHandlePtr == nullptr);

  CHECK(hipMemGetHandleForAddressRange(&fd, p, 4096, dmaBuf, 0) == hipErrorNotSupported);
  CHECK(fake->lastRangeHandleDevice == 1);  // the allocation's device, not the current one
  fake->rangeHandleAnswer = hipErrorOutOfMemory;  // any other refusal: AMD's code
  CHECK(hipMemGetHandleForAddressRange(&fd, p, 4096, dmaBuf, 0) == hipErrorInvalidValue);
  fake->rangeHandleAnswer = unihip::kOk;
  fake->dmaBufFd = 42;
  CHECK(hipMemGetHandleForAddressRange(&fd, static_cast<char*>(p) + 4096, 4096, dmaBuf, 0) ==
        hipSuccess);
  CHECK(fd == 42);
  CHECK(fake->lastRangeHandlePtr == static_cast<char*>(p) + 4096);
  int stack = 0;  // memory the runtime does not know: the current device is asked
  CHECK(hipMemGetHandleForAddressRange(&fd, &stack, 4, dmaBuf, 0) == hipSuccess);
  CHECK(fake->lastRangeHandleDevice == 0);
  CHECK(hipFree(p) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("hipMipmappedArrayGetMemoryRequirements: AMD's codes, the vendor's figures", "[hip7]") {
  FakeImageOps images;
  auto* fake = installFake(2);
  fake->imageOps = &images;
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipMipmappedArray_t m = nullptr;
  REQUIRE(hipMallocMipmappedArray(&m, &desc, make_hipExtent(64, 32, 0), 3, 0) == hipSuccess);
  hipArrayMemoryRequirements r = {7, 7};
  CHECK(hipMipmappedArrayGetMemoryRequirements(nullptr, m, 0) == hipErrorInvalidValue);
  CHECK(hipMipmappedArrayGetMemoryRequirements(&r, nullptr, 0) == hipErrorInvalidHandle);
  CHECK(hipMipmappedArrayGetMemoryRequirements(
            &r, reinterpret_cast<hipMipmappedArray_t>(&desc), 0) == hipErrorInvalidValue);
  CHECK(r.size == 7);

  REQUIRE(hipMipmappedArrayGetMemoryRequirements(&r, m, 0) == hipSuccess);
  CHECK(r.size == (64 * 32 + 32 * 16 + 16 * 8) * 4);
  CHECK(r.alignment == 512);
  CHECK(images.lastRequirementsDevice == 0);
  CHECK(hipMipmappedArrayGetMemoryRequirements(&r, m, 1) == hipSuccess);
  CHECK(images.lastRequirementsDevice == 1);
  CHECK(hipMipmappedArrayGetMemoryRequirements(&r, m, 9) == hipSuccess);  // AMD: ignored
  CHECK(images.lastRequirementsDevice == 0);
  REQUIRE(hipFreeMipmappedArray(m) == hipSuccess);
  CHECK(hipMipmappedArrayGetMemoryRequirements(&r, m, 0) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("hipLink*: AMD's checks, the vendor's linker, its refusals as AMD's", "[hip7]") {
  auto* fake = installFake();
  hipLinkState_t link = nullptr;
  hipJitOption opts[2] = {hipJitOptionInfoLogBufferSizeBytes, hipJitOptionIRtoISAOptExt};
  void* vals[2] = {reinterpret_cast<void*>(uintptr_t{64}), nullptr};
  CHECK(hipLinkCreate(0, nullptr, nullptr, &link) == hipErrorNotSupported);  // no linker
  fake->linker = true;
  CHECK(hipLinkCreate(0, nullptr, nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipLinkCreate(2, nullptr, vals, &link) == hipErrorInvalidValue);
  CHECK(hipLinkCreate(2, opts, nullptr, &link) == hipErrorInvalidValue);
  hipJitOption notOne[1] = {hipJitOptionNumOptions};
  CHECK(hipLinkCreate(1, notOne, vals, &link) == hipErrorInvalidValue);
  CHECK(link == nullptr);
  REQUIRE(hipLinkCreate(2, opts, vals, &link) == hipSuccess);
  REQUIRE(fake->lastLink != nullptr);
  CHECK(fake->lastLink->options.size() == 2);

  char ptx[] = ".version 8.0\n.target sm_90\n";
  char cubin[] = "\x7f" "ELF cubin";
  char refused[] = "bad input";
  hipJitOption one[1] = {hipJitOptionMaxRegisters};
  CHECK(hipLinkAddData(link, hipJitInputPtx, nullptr, 4, "a", 0, nullptr, nullptr) ==
        hipErrorInvalidImage);
  CHECK(hipLinkAddData(link, hipJitInputPtx, ptx, 0, "a", 0, nullptr, nullptr) ==
        hipErrorInvalidImage);
  CHECK(hipLinkAddData(link, hipJitNumLegacyInputTypes, ptx, 4, "a", 0, nullptr, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipLinkAddData(link, hipJitNumInputTypes, ptx, 4, "a", 0, nullptr, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipLinkAddData(link, static_cast<hipJitInputType>(104), ptx, 4, "a", 0, nullptr,
                       nullptr) == hipErrorInvalidValue);
  CHECK(hipLinkAddData(link, hipJitInputPtx, ptx, 4, "a", 1, one, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipLinkAddData(nullptr, hipJitInputPtx, ptx, 4, "a", 0, nullptr, nullptr) ==
        hipErrorInvalidHandle);
  CHECK(hipLinkAddData(reinterpret_cast<hipLinkState_t>(ptx), hipJitInputPtx, ptx, 4, "a", 0,
                       nullptr, nullptr) == hipErrorInvalidHandle);
  CHECK(hipLinkAddData(link, hipJitInputLLVMBitcode, ptx, 4, "a", 0, nullptr, nullptr) ==
        hipErrorNotSupported);
  CHECK(hipLinkAddData(link, hipJitInputPtx, refused, sizeof refused, "a", 0, nullptr,
                       nullptr) == hipErrorInvalidConfiguration);
  REQUIRE(hipLinkAddData(link, hipJitInputPtx, ptx, sizeof ptx, "kernel.ptx", 1, one, vals) ==
          hipSuccess);

  const std::string path = tempPath("unihip_link_input.cubin");
  const std::string emptyPath = tempPath("unihip_link_empty.cubin");
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    std::fwrite(cubin, 1, sizeof cubin, f);
    std::fclose(f);
    std::FILE* e = std::fopen(emptyPath.c_str(), "wb");
    REQUIRE(e != nullptr);
    std::fclose(e);
  }
  CHECK(hipLinkAddFile(nullptr, hipJitInputCubin, path.c_str(), 0, nullptr, nullptr) ==
        hipErrorInvalidHandle);
  CHECK(hipLinkAddFile(link, hipJitNumLegacyInputTypes, path.c_str(), 0, nullptr, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipLinkAddFile(link, hipJitInputCubin, nullptr, 0, nullptr, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipLinkAddFile(link, hipJitInputCubin, path.c_str(), 1, nullptr, vals) ==
        hipErrorInvalidValue);
  CHECK(hipLinkAddFile(reinterpret_cast<hipLinkState_t>(ptx), hipJitInputCubin, path.c_str(), 0,
                       nullptr, nullptr) == hipErrorInvalidValue);  // AMD: not InvalidHandle
  CHECK(hipLinkAddFile(link, hipJitInputCubin, "/nonexistent/unihip.cubin", 0, nullptr,
                       nullptr) == hipErrorInvalidConfiguration);
  CHECK(hipLinkAddFile(link, hipJitInputCubin, emptyPath.c_str(), 0, nullptr, nullptr) ==
        hipErrorInvalidConfiguration);
  REQUIRE(hipLinkAddFile(link, hipJitInputCubin, path.c_str(), 0, nullptr, nullptr) ==
          hipSuccess);
  REQUIRE(fake->lastLink->names.size() == 2);
  CHECK(fake->lastLink->names[0] == "kernel.ptx");
  CHECK(fake->lastLink->names[1] == path);
  CHECK(fake->lastLink->types[1] == hipJitInputCubin);

  void* image = nullptr;
  size_t size = 0;
  CHECK(hipLinkComplete(link, nullptr, &size) == hipErrorInvalidValue);
  CHECK(hipLinkComplete(link, &image, nullptr) == hipErrorInvalidValue);
  CHECK(hipLinkComplete(reinterpret_cast<hipLinkState_t>(ptx), &image, &size) ==
        hipErrorInvalidValue);
  REQUIRE(hipLinkComplete(link, &image, &size) == hipSuccess);
  REQUIRE(size == sizeof ptx + sizeof cubin);
  CHECK(std::memcmp(image, ptx, sizeof ptx) == 0);
  CHECK(std::memcmp(static_cast<char*>(image) + sizeof ptx, cubin, sizeof cubin) == 0);

  hipLinkState_t nothing = nullptr;  // a link of no inputs: the vendor refuses it
  REQUIRE(hipLinkCreate(0, nullptr, nullptr, &nothing) == hipSuccess);
  CHECK(hipLinkComplete(nothing, &image, &size) == hipErrorInvalidConfiguration);
  CHECK(hipLinkDestroy(nothing) == hipSuccess);

  CHECK(hipLinkDestroy(nullptr) == hipErrorInvalidValue);
  CHECK(hipLinkDestroy(reinterpret_cast<hipLinkState_t>(ptx)) == hipErrorInvalidValue);
  CHECK(hipLinkDestroy(link) == hipSuccess);
  CHECK(fake->liveLinks == 0);
  CHECK(hipLinkDestroy(link) == hipErrorInvalidValue);
  CHECK(hipLinkAddData(link, hipJitInputPtx, ptx, sizeof ptx, "a", 0, nullptr, nullptr) ==
        hipErrorInvalidHandle);
  CHECK(hipLinkAddFile(link, hipJitInputCubin, path.c_str(), 0, nullptr, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipLinkComplete(link, &image, &size) == hipErrorInvalidValue);
  std::remove(path.c_str());
  std::remove(emptyPath.c_str());
  (void)hipGetLastError();
}

TEST_CASE("hipLink* on NVIDIA: HIP's JIT options and input types as the driver's", "[hip7]") {
  using unihip::cu::cudaJitInputType;
  using unihip::cu::cudaJitOption;
  CHECK(cudaJitOption(hipJitOptionMaxRegisters) == 0);
  CHECK(cudaJitOption(hipJitOptionInfoLogBuffer) == 3);
  CHECK(cudaJitOption(hipJitOptionFma) == 24);
  CHECK(cudaJitOption(hipJitOptionPositionIndependentCode) == 30);
  CHECK(cudaJitOption(hipJitOptionMinCTAPerSM) == 31);
  CHECK(cudaJitOption(hipJitOptionMaxThreadsPerBlock) == 32);
  CHECK(cudaJitOption(hipJitOptionOverrideDirectiveValues) == 33);
  CHECK(cudaJitOption(hipJitOptionIRtoISAOptExt) == -1);
  CHECK(cudaJitOption(hipJitOptionIRtoISAOptCountExt) == -1);
  CHECK(cudaJitOption(hipJitOptionNumOptions) == -1);
  CHECK(cudaJitInputType(hipJitInputCubin) == 0);
  CHECK(cudaJitInputType(hipJitInputPtx) == 1);
  CHECK(cudaJitInputType(hipJitInputLibrary) == 4);
  CHECK(cudaJitInputType(hipJitInputNvvm) == 5);
  CHECK(cudaJitInputType(hipJitInputLLVMBitcode) == -1);
  CHECK(cudaJitInputType(hipJitInputSpirv) == -1);
}
