// The HSA backend's graphs family on the fake ROCr: unihip's generic graphs, handed out by the
// backend, capturing what its enqueueing primitives receive on a capturing stream and replaying
// it on launch (fills and copies run by the fake ROCr), stream-ordered allocations captured as
// graph memory, synchronization refused during a capture.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "backend.h"
#include "seam/graph_ops.h"
#include "seam/memory_pool_ops.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;
using unihip::hsa::test::FakeRuntime;

TEST_CASE("fake ROCr: generic graphs capture fills and copies and replay them",
          "[hsa][backend][graph]") {
  auto b = fakeBackend();
  GraphOps* ops = b->graphs();
  REQUIRE(ops != nullptr);
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  void* dev = nullptr;
  REQUIRE(b->malloc(0, 256, &dev).ok());
  REQUIRE(b->memsetAsync(0, dev, 0, 256, s).ok());
  std::vector<uint8_t> host(64, 0);

  REQUIRE(ops->beginCapture(0, s, hipStreamCaptureModeGlobal).ok());
  CHECK(ops->beginCapture(0, s, hipStreamCaptureModeGlobal) == hipErrorIllegalState);
  REQUIRE(b->memsetAsync(0, dev, 0x5A, 256, s).ok());
  REQUIRE(b->memcpyAsync(0, host.data(), dev, 64, CopyDirection::DeviceToHost, s).ok());
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  const NativeGraphNode* deps = nullptr;
  size_t count = 0;
  REQUIRE(ops->captureInfo(0, s, &status, nullptr, nullptr, &deps, &count).ok());
  CHECK(status == hipStreamCaptureStatusActive);
  CHECK(count == 1);
  NativeGraph graph = nullptr;
  REQUIRE(ops->endCapture(0, s, &graph).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(host[10] == 0);  // captured, not run

  std::vector<NativeGraphNode> nodes;
  REQUIRE(ops->graphNodes(0, graph, &nodes).ok());
  REQUIRE(nodes.size() == 2);
  hipGraphNodeType type{};
  REQUIRE(ops->nodeType(0, nodes[0], &type).ok());
  CHECK(type == hipGraphNodeTypeMemset);
  REQUIRE(ops->nodeType(0, nodes[1], &type).ok());
  CHECK(type == hipGraphNodeTypeMemcpy);

  NativeGraphExec exec = nullptr;
  InstantiateResult result;
  REQUIRE(ops->instantiate(0, graph, 0, nullptr, &exec, &result).ok());
  REQUIRE(ops->launchGraph(0, exec, s).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(host[10] == 0x5A);
  CHECK(host[63] == 0x5A);

  // A new value through the exec alone, replayed again.
  hipMemsetParams mp{};
  REQUIRE(ops->memsetNodeParams(0, nodes[0], &mp).ok());
  mp.value = 0x11;
  REQUIRE(ops->execSetMemsetNodeParams(0, exec, nodes[0], mp).ok());
  REQUIRE(ops->launchGraph(0, exec, s).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(host[10] == 0x11);

  // Synchronizing with a capturing stream is refused and ends the capture's validity.
  REQUIRE(ops->beginCapture(0, s, hipStreamCaptureModeRelaxed).ok());
  CHECK(b->streamSynchronize(0, s) == hipErrorStreamCaptureUnsupported);
  NativeGraph none = nullptr;
  CHECK(ops->endCapture(0, s, &none) == hipErrorStreamCaptureInvalidated);
  CHECK(none == nullptr);

  // The legacy stream may not work while a blocking stream captures; a non-blocking one's
  // capture leaves it free.
  NativeStream quiet = nullptr;
  REQUIRE(b->streamCreate(0, hipStreamNonBlocking, 0, &quiet).ok());
  REQUIRE(ops->beginCapture(0, quiet, hipStreamCaptureModeRelaxed).ok());
  REQUIRE(b->memsetAsync(0, dev, 0x22, 256, nullptr).ok());
  REQUIRE(ops->endCapture(0, quiet, &none).ok());
  REQUIRE(ops->graphDestroy(0, none).ok());
  REQUIRE(ops->beginCapture(0, s, hipStreamCaptureModeRelaxed).ok());
  CHECK(b->memsetAsync(0, dev, 0x33, 256, nullptr) == hipErrorStreamCaptureImplicit);
  CHECK(ops->endCapture(0, s, &none) == hipErrorStreamCaptureInvalidated);
  REQUIRE(b->memcpy(0, host.data(), dev, 64, CopyDirection::DeviceToHost).ok());
  CHECK(host[0] == 0x22);
  REQUIRE(b->streamDestroy(0, quiet).ok());

  REQUIRE(ops->execDestroy(0, exec).ok());
  REQUIRE(ops->graphDestroy(0, graph).ok());
  REQUIRE(b->free(0, dev).ok());
  REQUIRE(b->streamDestroy(0, s).ok());
}

TEST_CASE("fake ROCr: stream-ordered allocation in a capture is graph memory",
          "[hsa][backend][graph][mempool]") {
  auto b = fakeBackend();
  GraphOps* ops = b->graphs();
  MemoryPoolOps* pools = b->memoryPools();
  REQUIRE(ops != nullptr);
  REQUIRE(pools != nullptr);
  NativePool pool = nullptr;
  REQUIRE(pools->defaultPool(0, &pool).ok());
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  std::vector<uint8_t> host(32, 0);

  REQUIRE(ops->beginCapture(0, s, hipStreamCaptureModeGlobal).ok());
  void* p = nullptr;
  REQUIRE(pools->mallocFromPool(0, pool, 4096, s, &p).ok());
  REQUIRE(p != nullptr);
  REQUIRE(b->memsetAsync(0, p, 0x77, 4096, s).ok());
  REQUIRE(b->memcpyAsync(0, host.data(), p, 32, CopyDirection::DeviceToHost, s).ok());
  REQUIRE(pools->freeAsync(0, p, s).ok());
  NativeGraph graph = nullptr;
  REQUIRE(ops->endCapture(0, s, &graph).ok());
  std::vector<NativeGraphNode> nodes;
  REQUIRE(ops->graphNodes(0, graph, &nodes).ok());
  REQUIRE(nodes.size() == 4);
  hipGraphNodeType type{};
  REQUIRE(ops->nodeType(0, nodes.front(), &type).ok());
  CHECK(type == hipGraphNodeTypeMemAlloc);
  REQUIRE(ops->nodeType(0, nodes.back(), &type).ok());
  CHECK(type == hipGraphNodeTypeMemFree);
  uint64_t used = 0;
  REQUIRE(ops->graphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used, false).ok());
  CHECK(used == 0);  // allocated by a launch (CUDA's figures)

  NativeGraphExec exec = nullptr;
  InstantiateResult result;
  REQUIRE(ops->instantiate(0, graph, 0, nullptr, &exec, &result).ok());
  REQUIRE(ops->graphDestroy(0, graph).ok());
  REQUIRE(ops->launchGraph(0, exec, s).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(host[31] == 0x77);
  REQUIRE(ops->execDestroy(0, exec).ok());
  REQUIRE(ops->graphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used, false).ok());
  CHECK(used == 0);
  REQUIRE(ops->graphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &used, false).ok());
  CHECK(used == 4096);
  REQUIRE(ops->graphMemAttribute(0, hipGraphMemAttrReservedMemCurrent, &used, false).ok());
  CHECK(used == 4096);  // freed, cached until a trim
  REQUIRE(ops->graphMemTrim(0).ok());
  REQUIRE(ops->graphMemAttribute(0, hipGraphMemAttrReservedMemCurrent, &used, false).ok());
  CHECK(used == 0);
  REQUIRE(b->streamDestroy(0, s).ok());
}

// Issue 35: a captured hipMallocAsync not freed in the graph is freed by hipFree or hipFreeAsync
// after the launch (CUDA and HIP allow both), and blocks a relaunch until then.
TEST_CASE("fake ROCr: captured graph memory freed outside the graph",
          "[hsa][graph][mempool][graphmem]") {
  FakeRuntime rt;
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
  void* p = nullptr;
  REQUIRE(hipMallocAsync(&p, 4096, s) == hipSuccess);
  REQUIRE(hipMemsetAsync(p, 0x5a, 4096, s) == hipSuccess);
  hipGraph_t g = nullptr;
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  hipGraphExec_t e = nullptr;
  REQUIRE(hipGraphInstantiate(&e, g, nullptr, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipGraphLaunch(e, s) == hipSuccess);
  REQUIRE(hipStreamSynchronize(s) == hipSuccess);
  uint8_t byte = 0;
  REQUIRE(hipMemcpy(&byte, p, 1, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(byte == 0x5a);
  size_t used = 0;
  REQUIRE(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used) == hipSuccess);
  CHECK(used == 4096);
  CHECK(hipGraphLaunch(e, s) == hipErrorInvalidValue);  // its allocation still lives
  REQUIRE(hipFree(p) == hipSuccess);
  REQUIRE(hipGraphLaunch(e, s) == hipSuccess);
  REQUIRE(hipFreeAsync(p, s) == hipSuccess);
  REQUIRE(hipStreamSynchronize(s) == hipSuccess);
  REQUIRE(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used) == hipSuccess);
  CHECK(used == 0);
  CHECK(hipFree(p) == hipErrorInvalidValue);
  REQUIRE(hipGraphExecDestroy(e) == hipSuccess);
  REQUIRE(hipDeviceGraphMemTrim(0) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
}
