// Graphs and stream capture against the fake backend: AMD's argument checks (exact HIP codes),
// handles that unihip never issued rejected with hipErrorInvalidValue, then what the fake's
// graphs family answers: unihip's generic graphs (what AMD gets; their semantics in
// test_graph_generic.cpp), a fake family (fake_graphs.h: the API layer's bookkeeping), or none
// (withoutGraphs: hipErrorNotSupported). The native paths: tests/gpu/test_graphs.cpp.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

#include "core/graph/graph_handles.h"
#include "fake_graphs.h"
#include "fake_memory_pools.h"
#include "install_fake.h"

using namespace unihip::testing;

// tests/cpu/kernels/registered.hip: a registered kernel scale(float*, float).
const void* scaleHostFunction();

namespace {
// Handles that pass the null checks but were never issued: rejected without being dereferenced.
const auto G = reinterpret_cast<hipGraph_t>(0x100);
const auto N = reinterpret_cast<hipGraphNode_t>(0x200);
const auto X = reinterpret_cast<hipGraphExec_t>(0x300);
const auto U = reinterpret_cast<hipUserObject_t>(0x400);
const auto E = reinterpret_cast<hipEvent_t>(0x500);
void hostFn(void*) {}
}  // namespace

TEST_CASE("stream capture queries: never capturing; bad handles and pointers rejected") {
  installFake();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  for (hipStream_t stream : {static_cast<hipStream_t>(nullptr), hipStreamLegacy,
                             hipStreamPerThread, s}) {
    hipStreamCaptureStatus st = hipStreamCaptureStatusActive;
    CHECK(hipStreamIsCapturing(stream, &st) == hipSuccess);
    CHECK(st == hipStreamCaptureStatusNone);
    st = hipStreamCaptureStatusActive;
    CHECK(hipStreamIsCapturing_spt(stream, &st) == hipSuccess);
    CHECK(st == hipStreamCaptureStatusNone);
    unsigned long long id = 42;
    st = hipStreamCaptureStatusActive;
    CHECK(hipStreamGetCaptureInfo(stream, &st, &id) == hipSuccess);
    CHECK(st == hipStreamCaptureStatusNone);
    CHECK(id == 42);  // written only while capturing
    st = hipStreamCaptureStatusActive;
    CHECK(hipStreamGetCaptureInfo_spt(stream, &st, nullptr) == hipSuccess);
    CHECK(st == hipStreamCaptureStatusNone);
    hipGraph_t g = G;
    const hipGraphNode_t* deps = &N;
    size_t n = 7;
    st = hipStreamCaptureStatusActive;
    CHECK(hipStreamGetCaptureInfo_v2(stream, &st, &id, &g, &deps, &n) == hipSuccess);
    CHECK(st == hipStreamCaptureStatusNone);
    CHECK(g == G);
    CHECK(n == 7);
    st = hipStreamCaptureStatusActive;
    CHECK(hipStreamGetCaptureInfo_v2(stream, &st) == hipSuccess);  // default arguments
    CHECK(st == hipStreamCaptureStatusNone);
    st = hipStreamCaptureStatusActive;
    CHECK(hipStreamGetCaptureInfo_v2_spt(stream, &st, nullptr, nullptr, nullptr, nullptr) ==
          hipSuccess);
    CHECK(st == hipStreamCaptureStatusNone);
  }
  hipStreamCaptureStatus st;
  CHECK(hipStreamIsCapturing(s, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamIsCapturing_spt(s, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetCaptureInfo(s, nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetCaptureInfo_spt(s, nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetCaptureInfo_v2(s, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamGetCaptureInfo_v2_spt(s, nullptr, nullptr, nullptr, nullptr, nullptr) ==
        hipErrorInvalidValue);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipStreamIsCapturing(s, &st) == hipErrorContextIsDestroyed);
  CHECK(hipStreamIsCapturing_spt(s, &st) == hipErrorContextIsDestroyed);
  CHECK(hipStreamGetCaptureInfo(s, &st, nullptr) == hipErrorContextIsDestroyed);
  CHECK(hipStreamGetCaptureInfo_spt(s, &st, nullptr) == hipErrorContextIsDestroyed);
  CHECK(hipStreamGetCaptureInfo_v2(s, &st) == hipErrorContextIsDestroyed);
  CHECK(hipStreamGetCaptureInfo_v2_spt(s, &st, nullptr, nullptr, nullptr, nullptr) ==
        hipErrorContextIsDestroyed);
  (void)hipGetLastError();
}

TEST_CASE("hipThreadExchangeStreamCaptureMode keeps one mode per thread", "[threads]") {
  CHECK(hipThreadExchangeStreamCaptureMode(nullptr) == hipErrorInvalidValue);
  hipStreamCaptureMode bad = static_cast<hipStreamCaptureMode>(3);
  CHECK(hipThreadExchangeStreamCaptureMode(&bad) == hipErrorInvalidValue);
  CHECK(bad == 3);
  hipStreamCaptureMode m = hipStreamCaptureModeRelaxed;
  REQUIRE(hipThreadExchangeStreamCaptureMode(&m) == hipSuccess);
  CHECK(m == hipStreamCaptureModeGlobal);  // the initial mode
  std::thread([] {
    hipStreamCaptureMode other = hipStreamCaptureModeThreadLocal;
    CHECK(hipThreadExchangeStreamCaptureMode(&other) == hipSuccess);
    CHECK(other == hipStreamCaptureModeGlobal);  // another thread's own mode
  }).join();
  m = hipStreamCaptureModeGlobal;
  REQUIRE(hipThreadExchangeStreamCaptureMode(&m) == hipSuccess);
  CHECK(m == hipStreamCaptureModeRelaxed);
  (void)hipGetLastError();
}

TEST_CASE("capture begin/end/update: AMD's checks, foreign handles, then the generic graphs") {
  installFake();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  const auto global = hipStreamCaptureModeGlobal;
  const auto badMode = static_cast<hipStreamCaptureMode>(7);
  hipGraph_t g = nullptr;
  hipGraphEdgeData edge{};
  // The legacy stream cannot capture; the per-thread stream can.
  CHECK(hipStreamBeginCapture(nullptr, global) == hipErrorStreamCaptureUnsupported);
  CHECK(hipStreamBeginCapture(hipStreamLegacy, global) == hipErrorStreamCaptureUnsupported);
  CHECK(hipStreamBeginCapture(s, badMode) == hipErrorInvalidValue);
  CHECK(hipStreamBeginCapture(s, global) == hipSuccess);
  CHECK(hipStreamBeginCapture(s, global) == hipErrorIllegalState);  // already capturing
  CHECK(hipStreamBeginCapture(hipStreamPerThread, hipStreamCaptureModeRelaxed) == hipSuccess);
  CHECK(hipStreamBeginCapture_spt(nullptr, global) == hipErrorIllegalState);  // the same stream
  CHECK(hipStreamBeginCapture_spt(hipStreamLegacy, global) == hipErrorStreamCaptureUnsupported);
  CHECK(hipStreamBeginCapture_spt(s, badMode) == hipErrorInvalidValue);
  CHECK(hipStreamBeginCaptureToGraph(s, G, nullptr, &edge, 0, global) == hipErrorNotSupported);
  CHECK(hipStreamBeginCaptureToGraph(s, nullptr, nullptr, nullptr, 0, global) ==
        hipErrorInvalidValue);
  CHECK(hipStreamBeginCaptureToGraph(s, G, nullptr, nullptr, 1, global) == hipErrorInvalidValue);
  CHECK(hipStreamBeginCaptureToGraph(s, G, &N, nullptr, 0, global) == hipErrorInvalidValue);
  CHECK(hipStreamBeginCaptureToGraph(nullptr, G, &N, nullptr, 1, global) ==
        hipErrorStreamCaptureUnsupported);
  CHECK(hipStreamBeginCaptureToGraph(s, G, &N, nullptr, 1, badMode) == hipErrorInvalidValue);
  CHECK(hipStreamBeginCaptureToGraph(s, G, &N, nullptr, 1, global) == hipErrorInvalidValue);

  CHECK(hipStreamEndCapture(s, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamEndCapture(nullptr, &g) == hipErrorIllegalState);
  CHECK(hipStreamEndCapture(hipStreamLegacy, &g) == hipErrorIllegalState);
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  REQUIRE(g != nullptr);
  CHECK(hipGraphDestroy(g) == hipSuccess);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorIllegalState);  // no longer capturing
  CHECK(hipStreamEndCapture_spt(s, nullptr) == hipErrorInvalidValue);
  REQUIRE(hipStreamEndCapture_spt(nullptr, &g) == hipSuccess);
  CHECK(hipGraphDestroy(g) == hipSuccess);
  g = nullptr;
  CHECK(hipStreamEndCapture_spt(hipStreamLegacy, &g) == hipErrorIllegalState);

  hipGraphNode_t deps[1] = {N};
  CHECK(hipStreamUpdateCaptureDependencies(s, nullptr, 1) == hipErrorInvalidValue);
  CHECK(hipStreamUpdateCaptureDependencies(s, deps, 1, 2) == hipErrorInvalidValue);
  CHECK(hipStreamUpdateCaptureDependencies(s, deps, 1, hipStreamSetCaptureDependencies) ==
        hipErrorInvalidValue);
  CHECK(hipStreamUpdateCaptureDependencies(s, nullptr, 0) == hipErrorIllegalState);  // not capturing

  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipStreamBeginCapture(s, global) == hipErrorContextIsDestroyed);
  CHECK(hipStreamBeginCapture_spt(s, global) == hipErrorContextIsDestroyed);
  CHECK(hipStreamBeginCaptureToGraph(s, G, nullptr, nullptr, 0, global) ==
        hipErrorContextIsDestroyed);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorContextIsDestroyed);
  CHECK(hipStreamEndCapture_spt(s, &g) == hipErrorContextIsDestroyed);
  CHECK(hipStreamUpdateCaptureDependencies(s, deps, 1) == hipErrorContextIsDestroyed);
  CHECK(g == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("graphs and their edges: null checks, foreign handles, then the generic graphs") {
  hipGraph_t g = nullptr;
  hipGraphNode_t nodes[2] = {N, N};
  size_t n = 2;
  CHECK(hipGraphCreate(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGraphCreate(&g, 1) == hipErrorInvalidValue);
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  CHECK(g != nullptr);
  CHECK(hipGraphDestroy(g) == hipSuccess);
  CHECK(hipGraphDestroy(g) == hipErrorInvalidValue);  // destroyed
  CHECK(hipGraphDestroy(nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphDestroy(G) == hipErrorInvalidValue);
  CHECK(hipGraphClone(nullptr, G) == hipErrorInvalidValue);
  CHECK(hipGraphClone(&g, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphClone(&g, G) == hipErrorInvalidValue);
  CHECK(hipGraphDebugDotPrint(nullptr, "/tmp/g.dot", 0) == hipErrorInvalidValue);
  CHECK(hipGraphDebugDotPrint(G, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGraphDebugDotPrint(G, "/tmp/g.dot", hipGraphDebugDotFlagsVerbose) ==
        hipErrorInvalidValue);
  CHECK(hipGraphGetNodes(nullptr, nodes, &n) == hipErrorInvalidValue);
  CHECK(hipGraphGetNodes(G, nodes, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphGetNodes(G, nullptr, &n) == hipErrorInvalidValue);
  CHECK(hipGraphGetRootNodes(nullptr, nodes, &n) == hipErrorInvalidValue);
  CHECK(hipGraphGetRootNodes(G, nodes, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphGetRootNodes(G, nodes, &n) == hipErrorInvalidValue);
  CHECK(hipGraphGetEdges(nullptr, nullptr, nullptr, &n) == hipErrorInvalidValue);
  CHECK(hipGraphGetEdges(G, nullptr, nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphGetEdges(G, nodes, nullptr, &n) == hipErrorInvalidValue);
  CHECK(hipGraphGetEdges(G, nullptr, nodes, &n) == hipErrorInvalidValue);
  CHECK(hipGraphGetEdges(G, nodes, nodes + 1, &n) == hipErrorInvalidValue);
  CHECK(hipGraphAddDependencies(nullptr, nodes, nodes, 1) == hipErrorInvalidValue);
  CHECK(hipGraphAddDependencies(G, nullptr, nodes, 1) == hipErrorInvalidValue);
  CHECK(hipGraphAddDependencies(G, nodes, nullptr, 1) == hipErrorInvalidValue);
  CHECK(hipGraphAddDependencies(G, nodes, nodes + 1, 1) == hipErrorInvalidValue);
  CHECK(hipGraphRemoveDependencies(nullptr, nodes, nodes, 1) == hipErrorInvalidValue);
  CHECK(hipGraphRemoveDependencies(G, nullptr, nodes, 1) == hipErrorInvalidValue);
  CHECK(hipGraphRemoveDependencies(G, nodes, nullptr, 1) == hipErrorInvalidValue);
  CHECK(hipGraphRemoveDependencies(G, nodes, nodes + 1, 1) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("adding nodes: node, graph, dependency and parameter checks, foreign handles, then NotSupported") {
  hipGraphNode_t node = nullptr;
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(&hostFn);
  hipKernelNodeParams noFunc{};
  hipMemsetParams mp{};
  int buf[16] = {};
  mp.dst = buf;
  mp.elementSize = 4;
  mp.width = 4;
  mp.height = 1;
  hipHostNodeParams hp{hostFn, nullptr};
  hipHostNodeParams noFn{nullptr, nullptr};
  int symbol = 0;

  // The shared checks, once per node kind: null node, null graph, a count without a list.
  struct Add {
    const char* name;
    hipError_t (*add)(hipGraphNode_t*, hipGraph_t, const hipGraphNode_t*, size_t);
  };
  static hipKernelNodeParams s_kp;
  static hipMemsetParams s_mp;
  static hipHostNodeParams s_hp;
  static int s_buf[4];
  static int s_sym;
  s_kp = kp;
  s_mp = mp;
  s_hp = hp;
  const Add adds[] = {
      {"kernel", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddKernelNode(o, g, d, n, &s_kp);
       }},
      {"memcpy1D", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddMemcpyNode1D(o, g, d, n, s_buf, s_buf + 2, 8, hipMemcpyHostToHost);
       }},
      {"fromSymbol", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddMemcpyNodeFromSymbol(o, g, d, n, s_buf, &s_sym, 4, 0,
                                                hipMemcpyDeviceToHost);
       }},
      {"toSymbol", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddMemcpyNodeToSymbol(o, g, d, n, &s_sym, s_buf, 4, 0,
                                              hipMemcpyHostToDevice);
       }},
      {"memset", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddMemsetNode(o, g, d, n, &s_mp);
       }},
      {"host", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddHostNode(o, g, d, n, &s_hp);
       }},
      {"child", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddChildGraphNode(o, g, d, n, G);
       }},
      {"empty", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddEmptyNode(o, g, d, n);
       }},
      {"eventRecord", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddEventRecordNode(o, g, d, n, E);
       }},
      {"eventWait", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddEventWaitNode(o, g, d, n, E);
       }},
      {"memFree", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipGraphAddMemFreeNode(o, g, d, n, s_buf);
       }},
      {"drvMemFree", [](hipGraphNode_t* o, hipGraph_t g, const hipGraphNode_t* d, size_t n) {
         return hipDrvGraphAddMemFreeNode(o, g, d, n, s_buf);
       }},
  };
  for (const Add& a : adds) {
    INFO(a.name);
    CHECK(a.add(nullptr, G, nullptr, 0) == hipErrorInvalidValue);
    CHECK(a.add(&node, nullptr, nullptr, 0) == hipErrorInvalidValue);
    CHECK(a.add(&node, G, nullptr, 1) == hipErrorInvalidValue);
    CHECK(a.add(&node, G, &N, 1) == hipErrorInvalidValue);
    CHECK(node == nullptr);
  }

  // Each kind's own parameters.
  CHECK(hipGraphAddKernelNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddKernelNode(&node, G, nullptr, 0, &noFunc) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode1D(&node, G, nullptr, 0, buf, buf + 4, 0, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode1D(&node, G, nullptr, 0, nullptr, buf, 4, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode1D(&node, G, nullptr, 0, buf, buf + 4, 4,
                                static_cast<hipMemcpyKind>(9)) == hipErrorInvalidMemcpyDirection);
  CHECK(hipGraphAddMemcpyNodeFromSymbol(&node, G, nullptr, 0, buf, nullptr, 4, 0,
                                        hipMemcpyDeviceToHost) == hipErrorInvalidSymbol);
  CHECK(hipGraphAddMemcpyNodeFromSymbol(&node, G, nullptr, 0, nullptr, &symbol, 4, 0,
                                        hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNodeFromSymbol(&node, G, nullptr, 0, buf, &symbol, 0, 0,
                                        hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNodeToSymbol(&node, G, nullptr, 0, nullptr, buf, 4, 0,
                                      hipMemcpyHostToDevice) == hipErrorInvalidSymbol);
  CHECK(hipGraphAddMemcpyNodeToSymbol(&node, G, nullptr, 0, &symbol, nullptr, 4, 0,
                                      hipMemcpyHostToDevice) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemsetNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  hipMemsetParams bad = mp;
  bad.elementSize = 3;
  CHECK(hipGraphAddMemsetNode(&node, G, nullptr, 0, &bad) == hipErrorInvalidValue);
  bad = mp;
  bad.height = 0;
  CHECK(hipGraphAddMemsetNode(&node, G, nullptr, 0, &bad) == hipErrorInvalidValue);
  bad = mp;
  bad.height = 2;
  bad.pitch = 8;  // rows of 16 bytes
  CHECK(hipGraphAddMemsetNode(&node, G, nullptr, 0, &bad) == hipErrorInvalidValue);
  bad.pitch = 16;
  CHECK(hipGraphAddMemsetNode(&node, G, nullptr, 0, &bad) == hipErrorInvalidValue);
  CHECK(hipGraphAddHostNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddHostNode(&node, G, nullptr, 0, &noFn) == hipErrorInvalidValue);
  CHECK(hipGraphAddChildGraphNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddEventRecordNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddEventWaitNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemFreeNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemFreeNode(&node, G, &N, 0, buf) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemFreeNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemFreeNode(&node, G, &N, 0, buf) == hipErrorInvalidValue);
  CHECK(node == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("node queries and parameters: null checks, foreign handles, then NotSupported") {
  hipGraphNodeType type;
  hipGraphNode_t out = nullptr;
  size_t n = 0;
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(&hostFn);
  hipKernelNodeParams noFunc{};
  hipKernelNodeAttrValue value{};
  hipMemsetParams mp{};
  hipHostNodeParams hp{hostFn, nullptr};
  hipHostNodeParams noFn{nullptr, nullptr};
  hipGraph_t child = nullptr;
  hipEvent_t ev = nullptr;
  int buf[8] = {};
  int symbol = 0;
  void* freed = nullptr;
  const auto policy = hipKernelNodeAttributeAccessPolicyWindow;
  const auto badAttr = static_cast<hipKernelNodeAttrID>(5);

  CHECK(hipGraphDestroyNode(nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphDestroyNode(N) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetType(nullptr, &type) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetType(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetType(N, &type) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetDependencies(nullptr, nullptr, &n) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetDependencies(N, nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetDependencies(N, nullptr, &n) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetDependentNodes(nullptr, nullptr, &n) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetDependentNodes(N, nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetDependentNodes(N, nullptr, &n) == hipErrorInvalidValue);
  CHECK(hipGraphNodeFindInClone(nullptr, N, G) == hipErrorInvalidValue);
  CHECK(hipGraphNodeFindInClone(&out, nullptr, G) == hipErrorInvalidValue);
  CHECK(hipGraphNodeFindInClone(&out, N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphNodeFindInClone(&out, N, G) == hipErrorInvalidValue);

  CHECK(hipGraphKernelNodeGetParams(nullptr, &kp) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeGetParams(N, &kp) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeSetParams(nullptr, &kp) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeSetParams(N, &noFunc) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeSetParams(N, &kp) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeGetAttribute(nullptr, policy, &value) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeGetAttribute(N, policy, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeGetAttribute(N, badAttr, &value) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeGetAttribute(N, hipKernelNodeAttributePriority, &value) ==
        hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeSetAttribute(nullptr, policy, &value) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeSetAttribute(N, policy, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeSetAttribute(N, badAttr, &value) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeSetAttribute(N, hipKernelNodeAttributeCooperative, &value) ==
        hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeCopyAttributes(nullptr, N) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeCopyAttributes(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphKernelNodeCopyAttributes(N, N) == hipErrorInvalidValue);

  CHECK(hipGraphMemcpyNodeSetParams1D(nullptr, buf, buf + 2, 4, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParams1D(N, buf, buf, 4, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParams1D(N, buf, buf + 2, 0, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParams1D(N, buf, buf + 2, 4, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParamsFromSymbol(N, buf, nullptr, 4, 0, hipMemcpyDeviceToHost) ==
        hipErrorInvalidSymbol);
  CHECK(hipGraphMemcpyNodeSetParamsFromSymbol(nullptr, buf, &symbol, 4, 0,
                                              hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParamsFromSymbol(N, &symbol, &symbol, 4, 0,
                                              hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParamsFromSymbol(N, buf, &symbol, 4, 0, hipMemcpyDeviceToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParamsToSymbol(N, nullptr, buf, 4, 0, hipMemcpyHostToDevice) ==
        hipErrorInvalidSymbol);
  CHECK(hipGraphMemcpyNodeSetParamsToSymbol(N, &symbol, nullptr, 4, 0, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParamsToSymbol(N, &symbol, buf, 0, 0, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParamsToSymbol(N, &symbol, buf, 4, 0, hipMemcpyHostToDevice) ==
        hipErrorInvalidValue);

  CHECK(hipGraphMemsetNodeGetParams(nullptr, &mp) == hipErrorInvalidValue);
  CHECK(hipGraphMemsetNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphMemsetNodeGetParams(N, &mp) == hipErrorInvalidValue);
  mp.dst = buf;
  mp.elementSize = 4;
  mp.width = 2;
  mp.height = 2;
  mp.pitch = 4;  // rows of 8 bytes do not fit
  CHECK(hipGraphMemsetNodeSetParams(nullptr, &mp) == hipErrorInvalidValue);
  CHECK(hipGraphMemsetNodeSetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphMemsetNodeSetParams(N, &mp) == hipErrorInvalidValue);
  mp.pitch = 8;
  CHECK(hipGraphMemsetNodeSetParams(N, &mp) == hipErrorInvalidValue);
  CHECK(hipGraphHostNodeGetParams(nullptr, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphHostNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphHostNodeGetParams(N, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphHostNodeSetParams(nullptr, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphHostNodeSetParams(N, &noFn) == hipErrorInvalidValue);
  CHECK(hipGraphHostNodeSetParams(N, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphChildGraphNodeGetGraph(nullptr, &child) == hipErrorInvalidValue);
  CHECK(hipGraphChildGraphNodeGetGraph(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphChildGraphNodeGetGraph(N, &child) == hipErrorInvalidValue);
  CHECK(hipGraphEventRecordNodeGetEvent(nullptr, &ev) == hipErrorInvalidValue);
  CHECK(hipGraphEventRecordNodeGetEvent(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphEventRecordNodeGetEvent(N, &ev) == hipErrorInvalidValue);
  CHECK(hipGraphEventRecordNodeSetEvent(nullptr, E) == hipErrorInvalidValue);
  CHECK(hipGraphEventRecordNodeSetEvent(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphEventRecordNodeSetEvent(N, E) == hipErrorInvalidValue);
  CHECK(hipGraphEventWaitNodeGetEvent(nullptr, &ev) == hipErrorInvalidValue);
  CHECK(hipGraphEventWaitNodeGetEvent(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphEventWaitNodeGetEvent(N, &ev) == hipErrorInvalidValue);
  CHECK(hipGraphEventWaitNodeSetEvent(nullptr, E) == hipErrorInvalidValue);
  CHECK(hipGraphEventWaitNodeSetEvent(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphEventWaitNodeSetEvent(N, E) == hipErrorInvalidValue);
  CHECK(hipGraphMemFreeNodeGetParams(nullptr, &freed) == hipErrorInvalidValue);
  CHECK(hipGraphMemFreeNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphMemFreeNodeGetParams(N, &freed) == hipErrorInvalidValue);
  CHECK(out == nullptr);
  CHECK(child == nullptr);
  CHECK(ev == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("executable graphs: null checks, flags, launch streams, foreign handles, then NotSupported") {
  installFake();
  hipGraphExec_t exec = nullptr;
  hipGraphNode_t errNode = nullptr;
  hipGraphExecUpdateResult result;
  unsigned long long flags = 0;
  unsigned int enabled = 0;
  char log[16];
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(&hostFn);
  hipKernelNodeParams noFunc{};
  hipHostNodeParams hp{hostFn, nullptr};
  hipMemsetParams mp{};
  int buf[8] = {};
  int symbol = 0;
  mp.dst = buf;
  mp.elementSize = 1;
  mp.width = 8;
  mp.height = 1;

  CHECK(hipGraphInstantiate(nullptr, G, nullptr, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGraphInstantiate(&exec, nullptr, nullptr, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGraphInstantiate(&exec, G, &errNode, log, sizeof log) == hipErrorInvalidValue);
  CHECK(hipGraphInstantiateWithFlags(nullptr, G, 0) == hipErrorInvalidValue);
  CHECK(hipGraphInstantiateWithFlags(&exec, nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGraphInstantiateWithFlags(&exec, G, hipGraphInstantiateFlagUpload) ==
        hipErrorInvalidValue);
  CHECK(hipGraphInstantiateWithFlags(&exec, G, hipGraphInstantiateFlagAutoFreeOnLaunch) ==
        hipErrorInvalidValue);
  hipGraphInstantiateParams ip{};
  ip.result_out = hipGraphInstantiateSuccess;
  CHECK(hipGraphInstantiateWithParams(nullptr, G, &ip) == hipErrorInvalidValue);
  CHECK(hipGraphInstantiateWithParams(&exec, nullptr, &ip) == hipErrorInvalidValue);
  CHECK(hipGraphInstantiateWithParams(&exec, G, nullptr) == hipErrorInvalidValue);
  ip.flags = 3;
  CHECK(hipGraphInstantiateWithParams(&exec, G, &ip) == hipErrorInvalidValue);
  CHECK(ip.result_out == hipGraphInstantiateError);
  ip.flags = hipGraphInstantiateFlagDeviceLaunch;
  ip.result_out = hipGraphInstantiateSuccess;
  CHECK(hipGraphInstantiateWithParams(&exec, G, &ip) == hipErrorInvalidValue);
  CHECK(ip.result_out == hipGraphInstantiateError);
  CHECK(exec == nullptr);

  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  CHECK(hipGraphLaunch(nullptr, s) == hipErrorInvalidValue);
  CHECK(hipGraphLaunch(X, s) == hipErrorInvalidValue);
  CHECK(hipGraphLaunch(X, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphLaunch_spt(nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphLaunch_spt(X, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphUpload(nullptr, s) == hipErrorInvalidValue);
  CHECK(hipGraphUpload(X, s) == hipErrorInvalidValue);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipGraphLaunch(X, s) == hipErrorContextIsDestroyed);
  CHECK(hipGraphLaunch_spt(X, s) == hipErrorContextIsDestroyed);

  CHECK(hipGraphExecDestroy(nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecDestroy(X) == hipErrorInvalidValue);
  CHECK(hipGraphExecGetFlags(nullptr, &flags) == hipErrorInvalidValue);
  CHECK(hipGraphExecGetFlags(X, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecGetFlags(X, &flags) == hipErrorInvalidValue);
  CHECK(hipGraphExecUpdate(nullptr, G, &errNode, &result) == hipErrorInvalidValue);
  CHECK(hipGraphExecUpdate(X, nullptr, &errNode, &result) == hipErrorInvalidValue);
  CHECK(hipGraphExecUpdate(X, G, nullptr, &result) == hipErrorInvalidValue);
  CHECK(hipGraphExecUpdate(X, G, &errNode, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecUpdate(X, G, &errNode, &result) == hipErrorInvalidValue);

  CHECK(hipGraphExecKernelNodeSetParams(nullptr, N, &kp) == hipErrorInvalidValue);
  CHECK(hipGraphExecKernelNodeSetParams(X, nullptr, &kp) == hipErrorInvalidValue);
  CHECK(hipGraphExecKernelNodeSetParams(X, N, &noFunc) == hipErrorInvalidValue);
  CHECK(hipGraphExecKernelNodeSetParams(X, N, &kp) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams1D(nullptr, N, buf, buf + 2, 4, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams1D(X, N, buf, buf, 4, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams1D(X, N, buf, buf + 2, 4, hipMemcpyHostToHost) ==
        hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParamsFromSymbol(X, N, buf, nullptr, 4, 0,
                                                  hipMemcpyDeviceToHost) == hipErrorInvalidSymbol);
  CHECK(hipGraphExecMemcpyNodeSetParamsFromSymbol(nullptr, N, buf, &symbol, 4, 0,
                                                  hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParamsFromSymbol(X, N, buf, &symbol, 4, 0,
                                                  hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParamsToSymbol(X, N, nullptr, buf, 4, 0,
                                                hipMemcpyHostToDevice) == hipErrorInvalidSymbol);
  CHECK(hipGraphExecMemcpyNodeSetParamsToSymbol(X, N, &symbol, nullptr, 4, 0,
                                                hipMemcpyHostToDevice) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParamsToSymbol(X, N, &symbol, buf, 4, 0,
                                                hipMemcpyHostToDevice) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemsetNodeSetParams(nullptr, N, &mp) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemsetNodeSetParams(X, N, nullptr) == hipErrorInvalidValue);
  hipMemsetParams noDst = mp;
  noDst.dst = nullptr;
  CHECK(hipGraphExecMemsetNodeSetParams(X, N, &noDst) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemsetNodeSetParams(X, N, &mp) == hipErrorInvalidValue);
  CHECK(hipGraphExecHostNodeSetParams(nullptr, N, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphExecHostNodeSetParams(X, N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecHostNodeSetParams(X, N, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphExecChildGraphNodeSetParams(nullptr, N, G) == hipErrorInvalidValue);
  CHECK(hipGraphExecChildGraphNodeSetParams(X, N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecChildGraphNodeSetParams(X, N, G) == hipErrorInvalidValue);
  CHECK(hipGraphExecEventRecordNodeSetEvent(nullptr, N, E) == hipErrorInvalidValue);
  CHECK(hipGraphExecEventRecordNodeSetEvent(X, N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecEventRecordNodeSetEvent(X, N, E) == hipErrorInvalidValue);
  CHECK(hipGraphExecEventWaitNodeSetEvent(X, nullptr, E) == hipErrorInvalidValue);
  CHECK(hipGraphExecEventWaitNodeSetEvent(X, N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecEventWaitNodeSetEvent(X, N, E) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetEnabled(nullptr, N, 1) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetEnabled(X, nullptr, 1) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetEnabled(X, N, 0) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetEnabled(nullptr, N, &enabled) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetEnabled(X, N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphNodeGetEnabled(X, N, &enabled) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("graph memory and user objects: device, attribute and count checks, foreign handles, then the generic graphs") {
  installFake();
  uint64_t v = 0;
  CHECK(hipDeviceGetGraphMemAttribute(1, hipGraphMemAttrUsedMemCurrent, &v) ==
        hipErrorInvalidDevice);
  CHECK(hipDeviceGetGraphMemAttribute(-1, hipGraphMemAttrUsedMemCurrent, &v) ==
        hipErrorInvalidDevice);
  CHECK(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipDeviceGetGraphMemAttribute(0, static_cast<hipGraphMemAttributeType>(4), &v) ==
        hipErrorInvalidValue);
  v = 1;
  CHECK(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &v) == hipSuccess);
  CHECK(v == 0);  // no graph memory yet
  CHECK(hipDeviceSetGraphMemAttribute(3, hipGraphMemAttrUsedMemHigh, &v) ==
        hipErrorInvalidDevice);
  CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &v) ==
        hipErrorInvalidValue);  // only the high watermarks can be reset
  CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &v) == hipSuccess);
  CHECK(hipDeviceGraphMemTrim(1) == hipErrorInvalidDevice);
  CHECK(hipDeviceGraphMemTrim(0) == hipSuccess);

  hipUserObject_t obj = nullptr;
  int payload = 0;
  const unsigned sync = hipUserObjectNoDestructorSync;
  CHECK(hipUserObjectCreate(nullptr, &payload, hostFn, 1, sync) == hipErrorInvalidValue);
  CHECK(hipUserObjectCreate(&obj, &payload, nullptr, 1, sync) == hipErrorInvalidValue);
  CHECK(hipUserObjectCreate(&obj, &payload, hostFn, 0, sync) == hipErrorInvalidValue);
  CHECK(hipUserObjectCreate(&obj, &payload, hostFn, 0x80000000u, sync) == hipErrorInvalidValue);
  CHECK(hipUserObjectCreate(&obj, &payload, hostFn, 1, 0) == hipErrorInvalidValue);
  REQUIRE(hipUserObjectCreate(&obj, &payload, hostFn, 1, sync) == hipSuccess);
  CHECK(obj != nullptr);
  // As AMD: releasing more than held, or a destroyed object, does nothing and succeeds.
  CHECK(hipUserObjectRelease(obj, 2) == hipSuccess);  // holds one
  CHECK(hipUserObjectRelease(obj) == hipSuccess);
  CHECK(hipUserObjectRelease(obj) == hipSuccess);  // gone
  CHECK(hipUserObjectRetain(obj) == hipSuccess);   // gone
  CHECK(hipUserObjectRetain(nullptr) == hipErrorInvalidValue);
  CHECK(hipUserObjectRetain(U, 0) == hipErrorInvalidValue);
  CHECK(hipUserObjectRetain(U) == hipErrorInvalidValue);  // default count 1
  CHECK(hipUserObjectRelease(nullptr) == hipErrorInvalidValue);
  CHECK(hipUserObjectRelease(U, 0x80000000u) == hipErrorInvalidValue);
  CHECK(hipUserObjectRelease(U, 2) == hipErrorInvalidValue);
  CHECK(hipGraphRetainUserObject(nullptr, U) == hipErrorInvalidValue);
  CHECK(hipGraphRetainUserObject(G, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphRetainUserObject(G, U, 0) == hipErrorInvalidValue);
  CHECK(hipGraphRetainUserObject(G, U, 1, 2) == hipErrorInvalidValue);
  CHECK(hipGraphRetainUserObject(G, U, 1, hipGraphUserObjectMove) == hipErrorInvalidValue);
  CHECK(hipGraphReleaseUserObject(nullptr, U) == hipErrorInvalidValue);
  CHECK(hipGraphReleaseUserObject(G, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphReleaseUserObject(G, U, 0) == hipErrorInvalidValue);
  CHECK(hipGraphReleaseUserObject(G, U) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("copy, allocation, external-semaphore and generic nodes: checks, foreign handles, then NotSupported") {
  installFake();
  hipGraphNode_t node = nullptr;
  int buf[8] = {};
  hipMemcpy3DParms copy{};
  copy.srcPtr.ptr = buf;
  copy.dstPtr.ptr = buf + 4;
  copy.extent = {4, 1, 1};
  copy.kind = hipMemcpyHostToHost;
  hipMemcpy3DParms noDst = copy;
  noDst.dstPtr.ptr = nullptr;
  CHECK(hipGraphAddMemcpyNode(nullptr, G, nullptr, 0, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode(&node, nullptr, nullptr, 0, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode(&node, G, nullptr, 1, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode(&node, G, nullptr, 0, &noDst) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemcpyNode(&node, G, &N, 1, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeGetParams(nullptr, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeGetParams(N, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParams(nullptr, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphMemcpyNodeSetParams(N, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams(nullptr, N, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams(X, nullptr, &copy) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams(X, N, &noDst) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams(X, N, &copy) == hipErrorInvalidValue);
  HIP_MEMCPY3D drv{};
  CHECK(hipDrvGraphMemcpyNodeGetParams(nullptr, &drv) == hipErrorInvalidValue);
  CHECK(hipDrvGraphMemcpyNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvGraphMemcpyNodeGetParams(N, &drv) == hipErrorInvalidValue);
  CHECK(hipDrvGraphMemcpyNodeSetParams(nullptr, &drv) == hipErrorInvalidValue);
  CHECK(hipDrvGraphMemcpyNodeSetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvGraphMemcpyNodeSetParams(N, &drv) == hipErrorInvalidValue);

  hipMemAllocNodeParams alloc{};
  alloc.poolProps.allocType = hipMemAllocationTypePinned;
  alloc.poolProps.location.type = hipMemLocationTypeDevice;
  alloc.poolProps.location.id = 0;
  alloc.bytesize = 64;
  alloc.dptr = buf;
  CHECK(hipGraphAddMemAllocNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemAllocNode(nullptr, G, nullptr, 0, &alloc) == hipErrorInvalidValue);
  CHECK(alloc.dptr == buf);  // untouched when the call fails before looking at it
  hipMemAllocNodeParams badAlloc = alloc;
  badAlloc.bytesize = 0;
  CHECK(hipGraphAddMemAllocNode(&node, G, nullptr, 0, &badAlloc) == hipErrorInvalidValue);
  CHECK(badAlloc.dptr == nullptr);  // cleared, as AMD's runtime does
  badAlloc = alloc;
  badAlloc.poolProps.location.id = 1;  // the fake has one device
  CHECK(hipGraphAddMemAllocNode(&node, G, nullptr, 0, &badAlloc) == hipErrorInvalidValue);
  badAlloc = alloc;
  badAlloc.poolProps.allocType = hipMemAllocationTypeInvalid;
  CHECK(hipGraphAddMemAllocNode(&node, G, nullptr, 0, &badAlloc) == hipErrorInvalidValue);
  CHECK(hipGraphAddMemAllocNode(&node, G, nullptr, 0, &alloc) == hipErrorInvalidValue);
  CHECK(alloc.dptr == nullptr);
  CHECK(hipGraphMemAllocNodeGetParams(nullptr, &alloc) == hipErrorInvalidValue);
  CHECK(hipGraphMemAllocNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphMemAllocNodeGetParams(N, &alloc) == hipErrorInvalidValue);

  hipExternalSemaphoreSignalNodeParams sig{};
  hipExternalSemaphoreWaitNodeParams wait{};
  CHECK(hipGraphAddExternalSemaphoresSignalNode(&node, G, nullptr, 0, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipGraphAddExternalSemaphoresSignalNode(&node, G, nullptr, 2, &sig) ==
        hipErrorInvalidValue);
  // No semaphores, or a node of another type: hipErrorInvalidValue.
  CHECK(hipGraphAddExternalSemaphoresSignalNode(&node, G, nullptr, 0, &sig) ==
        hipErrorInvalidValue);
  CHECK(hipGraphAddExternalSemaphoresWaitNode(nullptr, G, nullptr, 0, &wait) ==
        hipErrorInvalidValue);
  CHECK(hipGraphAddExternalSemaphoresWaitNode(&node, G, nullptr, 0, &wait) ==
        hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresSignalNodeGetParams(nullptr, &sig) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresSignalNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresSignalNodeGetParams(N, &sig) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresSignalNodeSetParams(nullptr, &sig) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresSignalNodeSetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresSignalNodeSetParams(N, &sig) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresWaitNodeGetParams(nullptr, &wait) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresWaitNodeGetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresWaitNodeGetParams(N, &wait) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresWaitNodeSetParams(nullptr, &wait) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresWaitNodeSetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresWaitNodeSetParams(N, &wait) == hipErrorInvalidValue);
  CHECK(hipGraphExecExternalSemaphoresSignalNodeSetParams(nullptr, N, &sig) ==
        hipErrorInvalidValue);
  CHECK(hipGraphExecExternalSemaphoresSignalNodeSetParams(X, N, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipGraphExecExternalSemaphoresSignalNodeSetParams(X, N, &sig) == hipErrorInvalidValue);
  CHECK(hipGraphExecExternalSemaphoresWaitNodeSetParams(X, nullptr, &wait) ==
        hipErrorInvalidValue);
  CHECK(hipGraphExecExternalSemaphoresWaitNodeSetParams(X, N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecExternalSemaphoresWaitNodeSetParams(X, N, &wait) == hipErrorInvalidValue);

  // hipGraphAddNode / hipGraph(Exec)NodeSetParams: the per-type checks.
  hipGraphNodeParams p{};
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetParams(N, nullptr) == hipErrorInvalidValue);
  CHECK(hipGraphExecNodeSetParams(X, N, nullptr) == hipErrorInvalidValue);
  p.type = hipGraphNodeTypeKernel;  // no function
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetParams(N, &p) == hipErrorInvalidValue);
  p.kernel.func = reinterpret_cast<void*>(&hostFn);
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetParams(N, &p) == hipErrorInvalidValue);
  CHECK(hipGraphExecNodeSetParams(X, N, &p) == hipErrorInvalidValue);
  p = {};
  p.type = hipGraphNodeTypeHost;
  p.host.fn = hostFn;  // AMD's set path also wants user data
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetParams(N, &p) == hipErrorInvalidValue);
  p = {};
  p.type = hipGraphNodeTypeEventRecord;
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphExecNodeSetParams(X, N, &p) == hipErrorInvalidValue);
  p.type = hipGraphNodeTypeExtSemaphoreSignal;
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, &p) == hipErrorInvalidValue);
  p.type = hipGraphNodeTypeMemFree;
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, &p) == hipErrorInvalidValue);
  CHECK(hipGraphNodeSetParams(N, &p) == hipErrorNotSupported);
  p.type = hipGraphNodeTypeEmpty;  // not a type hipGraphAddNode takes
  CHECK(hipGraphAddNode(&node, G, nullptr, 0, &p) == hipErrorInvalidValue);
  p.type = hipGraphNodeTypeCount;
  CHECK(hipGraphNodeSetParams(N, &p) == hipErrorInvalidValue);
  CHECK(node == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("driver-style copy and memset nodes: context, copy and memset checks, foreign handles, then NotSupported") {
  const auto ctx = reinterpret_cast<struct ihipCtx_t*>(0x600);
  hipGraphNode_t node = nullptr;
  int buf[8] = {};
  HIP_MEMCPY3D copy{};
  copy.srcHost = buf;
  copy.dstHost = buf + 4;
  copy.WidthInBytes = 16;
  copy.Height = 1;
  copy.Depth = 1;
  HIP_MEMCPY3D noSrc = copy;
  noSrc.srcHost = nullptr;
  hipMemsetParams mp{};
  mp.dst = buf;
  mp.elementSize = 2;
  mp.width = 4;
  mp.height = 1;
  hipMemsetParams badSize = mp;
  badSize.elementSize = 8;

  CHECK(hipDrvGraphAddMemcpyNode(nullptr, G, nullptr, 0, &copy, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemcpyNode(&node, nullptr, nullptr, 0, &copy, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemcpyNode(&node, G, nullptr, 3, &copy, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemcpyNode(&node, G, nullptr, 0, &copy, nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemcpyNode(&node, G, nullptr, 0, nullptr, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemcpyNode(&node, G, nullptr, 0, &noSrc, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemcpyNode(&node, G, &N, 1, &copy, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemsetNode(nullptr, G, nullptr, 0, &mp, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemsetNode(&node, G, nullptr, 0, nullptr, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemsetNode(&node, G, nullptr, 0, &badSize, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphAddMemsetNode(&node, G, nullptr, 0, &mp, nullptr) == hipErrorInvalidValue);
  CHECK(hipDrvGraphExecMemcpyNodeSetParams(nullptr, N, &copy, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphExecMemcpyNodeSetParams(X, nullptr, &copy, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphExecMemcpyNodeSetParams(X, N, &noSrc, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphExecMemcpyNodeSetParams(X, N, &copy, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphExecMemsetNodeSetParams(nullptr, N, &mp, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphExecMemsetNodeSetParams(X, N, &badSize, ctx) == hipErrorInvalidValue);
  CHECK(hipDrvGraphExecMemsetNodeSetParams(X, N, &mp, ctx) == hipErrorInvalidValue);
  CHECK(node == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("graph handles: stack, heap and near-miss pointers are rejected without a crash") {
  installFake();
  int onStack = 0;
  auto heap = std::make_unique<char[]>(256);
  const void* bogus[] = {&onStack, heap.get(), reinterpret_cast<void*>(0xFFFF),
                         reinterpret_cast<void*>(~uintptr_t{0} - 64)};
  for (const void* p : bogus) {
    auto g = static_cast<hipGraph_t>(const_cast<void*>(p));
    auto n = static_cast<hipGraphNode_t>(const_cast<void*>(p));
    auto x = static_cast<hipGraphExec_t>(const_cast<void*>(p));
    auto u = static_cast<hipUserObject_t>(const_cast<void*>(p));
    size_t count = 0;
    hipGraphNodeType type;
    CHECK(hipGraphDestroy(g) == hipErrorInvalidValue);
    CHECK(hipGraphGetNodes(g, nullptr, &count) == hipErrorInvalidValue);
    CHECK(hipGraphAddEmptyNode(&n, g, nullptr, 0) == hipErrorInvalidValue);
    CHECK(hipGraphNodeGetType(n, &type) == hipErrorInvalidValue);
    CHECK(hipGraphDestroyNode(n) == hipErrorInvalidValue);
    CHECK(hipGraphLaunch(x, nullptr) == hipErrorInvalidValue);
    CHECK(hipGraphExecDestroy(x) == hipErrorInvalidValue);
    CHECK(hipUserObjectRelease(u, 1) == hipErrorInvalidValue);
    CHECK(hipGetLastError() == hipErrorInvalidValue);
  }
}

// ---- Over a fake graphs family (tests/support/fake_graphs.h): the API layer's own work ----

namespace {
std::atomic<int> g_hostCalls{0};
void countHost(void*) { ++g_hostCalls; }
void countHostTwice(void*) { g_hostCalls += 2; }
std::atomic<int> g_destroyed{0};
void destroyObject(void*) { ++g_destroyed; }
hipMemsetParams memsetOf(void* dst) {
  hipMemsetParams p{};
  p.dst = dst;
  p.elementSize = 4;
  p.width = 16;
  p.height = 1;
  p.value = 7;
  return p;
}
}  // namespace

TEST_CASE("graphs over a fake family: node lists, queries, edges, destroyed handles", "[graph]") {
  FakeGraphOps ops;
  installFakeGraphs(&ops);
  int buf[16];
  hipGraph_t g = nullptr, other = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  REQUIRE(hipGraphCreate(&other, 0) == hipSuccess);
  hipGraphNode_t a = nullptr, b = nullptr, c = nullptr, d = nullptr, x = nullptr;
  const hipMemsetParams mp = memsetOf(buf);
  REQUIRE(hipGraphAddMemsetNode(&a, g, nullptr, 0, &mp) == hipSuccess);
  REQUIRE(hipGraphAddEmptyNode(&b, g, &a, 1) == hipSuccess);
  const hipHostNodeParams hp{countHost, nullptr};
  REQUIRE(hipGraphAddHostNode(&c, g, &b, 1, &hp) == hipSuccess);
  REQUIRE(hipGraphAddEmptyNode(&d, g, &a, 1) == hipSuccess);
  CHECK(hipGraphAddEmptyNode(&x, other, &a, 1) == hipErrorInvalidValue);  // a is g's

  size_t count = 0;
  REQUIRE(hipGraphGetNodes(g, nullptr, &count) == hipSuccess);
  CHECK(count == 4);
  hipGraphNode_t nodes[6];
  count = 6;
  REQUIRE(hipGraphGetNodes(g, nodes, &count) == hipSuccess);
  CHECK(count == 4);
  CHECK(nodes[0] == a);
  CHECK(nodes[2] == c);
  CHECK(nodes[4] == nullptr);
  CHECK(nodes[5] == nullptr);
  count = 2;
  REQUIRE(hipGraphGetNodes(g, nodes, &count) == hipSuccess);
  CHECK(count == 2);  // as AMD and CUDA: two written, the count stays
  count = 6;
  REQUIRE(hipGraphGetRootNodes(g, nodes, &count) == hipSuccess);
  CHECK(count == 1);
  CHECK(nodes[0] == a);
  hipGraphNode_t from[4], to[4];
  count = 4;
  REQUIRE(hipGraphGetEdges(g, from, to, &count) == hipSuccess);
  CHECK(count == 3);
  CHECK(from[0] == a);
  CHECK(to[0] == b);
  count = 4;
  REQUIRE(hipGraphNodeGetDependentNodes(a, nodes, &count) == hipSuccess);
  CHECK(count == 2);
  count = 4;
  REQUIRE(hipGraphNodeGetDependencies(c, nodes, &count) == hipSuccess);
  CHECK(count == 1);
  CHECK(nodes[0] == b);
  hipGraphNodeType type = hipGraphNodeTypeCount;
  REQUIRE(hipGraphNodeGetType(c, &type) == hipSuccess);
  CHECK(type == hipGraphNodeTypeHost);
  hipHostNodeParams gotHost{};
  REQUIRE(hipGraphHostNodeGetParams(c, &gotHost) == hipSuccess);
  CHECK(gotHost.fn == &countHost);
  hipKernelNodeParams kp{};
  CHECK(hipGraphKernelNodeGetParams(c, &kp) == hipErrorInvalidValue);  // not a kernel node
  hipMemsetParams gotSet{};
  REQUIRE(hipGraphMemsetNodeGetParams(a, &gotSet) == hipSuccess);
  CHECK(gotSet.dst == buf);
  CHECK(gotSet.value == 7);

  REQUIRE(hipGraphRemoveDependencies(g, &a, &d, 1) == hipSuccess);
  REQUIRE(hipGraphGetRootNodes(g, nullptr, &count) == hipSuccess);
  CHECK(count == 2);
  REQUIRE(hipGraphAddDependencies(g, &a, &d, 1) == hipSuccess);
  CHECK(hipGraphAddDependencies(g, &a, &x, 1) == hipErrorInvalidValue);
  REQUIRE(hipGraphDestroyNode(d) == hipSuccess);
  CHECK(hipGraphNodeGetType(d, &type) == hipErrorInvalidValue);
  CHECK(hipGraphDestroyNode(d) == hipErrorInvalidValue);
  CHECK(hipGraphAddEmptyNode(&x, g, &d, 1) == hipErrorInvalidValue);
  REQUIRE(hipGraphGetNodes(g, nullptr, &count) == hipSuccess);
  CHECK(count == 3);

  // Clones and their nodes.
  hipGraph_t clone = nullptr;
  REQUIRE(hipGraphClone(&clone, g) == hipSuccess);
  hipGraphNode_t cc = nullptr;
  REQUIRE(hipGraphNodeFindInClone(&cc, c, clone) == hipSuccess);
  CHECK(cc != c);
  REQUIRE(hipGraphNodeGetType(cc, &type) == hipSuccess);
  CHECK(type == hipGraphNodeTypeHost);
  CHECK(hipGraphNodeFindInClone(&cc, c, other) == hipErrorInvalidValue);

  const int live = ops.liveGraphs;
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  CHECK(ops.liveGraphs == live - 1);
  for (hipGraphNode_t n : {a, b, c}) CHECK(hipGraphNodeGetType(n, &type) == hipErrorInvalidValue);
  CHECK(hipGraphGetNodes(g, nullptr, &count) == hipErrorInvalidValue);
  CHECK(hipGraphDestroy(g) == hipErrorInvalidValue);
  REQUIRE(hipGraphNodeGetType(cc, &type) == hipSuccess);  // the clone's are its own
  CHECK(hipGraphDestroy(clone) == hipSuccess);
  CHECK(hipGraphDestroy(other) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("executable graphs over a fake family: launch, flags, parameters, update", "[graph]") {
  FakeGraphOps ops;
  installFakeGraphs(&ops);
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  hipGraphNode_t e = nullptr, h = nullptr;
  REQUIRE(hipGraphAddEmptyNode(&e, g, nullptr, 0) == hipSuccess);
  const hipHostNodeParams hp{countHost, nullptr};
  REQUIRE(hipGraphAddHostNode(&h, g, &e, 1, &hp) == hipSuccess);
  hipGraphExec_t exec = nullptr;
  hipGraphNode_t errorNode = reinterpret_cast<hipGraphNode_t>(1);
  char log[8] = "x";
  REQUIRE(hipGraphInstantiate(&exec, g, &errorNode, log, sizeof log) == hipSuccess);
  CHECK(errorNode == nullptr);
  CHECK(log[0] == '\0');
  g_hostCalls = 0;
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  for (hipStream_t stream : {s, static_cast<hipStream_t>(nullptr), hipStreamPerThread})
    REQUIRE(hipGraphLaunch(exec, stream) == hipSuccess);
  REQUIRE(hipGraphLaunch_spt(exec, nullptr) == hipSuccess);
  REQUIRE(hipGraphUpload(exec, s) == hipSuccess);
  CHECK(g_hostCalls == 4);
  CHECK(ops.launchesOf(exec->native) == 4);
  unsigned long long flags = 99;
  REQUIRE(hipGraphExecGetFlags(exec, &flags) == hipSuccess);
  CHECK(flags == 0);

  // Parameters in the executable graph only.
  const hipHostNodeParams twice{countHostTwice, nullptr};
  REQUIRE(hipGraphExecHostNodeSetParams(exec, h, &twice) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, s) == hipSuccess);
  CHECK(g_hostCalls == 6);
  hipHostNodeParams got{};
  REQUIRE(hipGraphHostNodeGetParams(h, &got) == hipSuccess);
  CHECK(got.fn == &countHost);
  REQUIRE(hipGraphNodeSetEnabled(exec, h, 0) == hipSuccess);
  unsigned enabled = 9;
  REQUIRE(hipGraphNodeGetEnabled(exec, h, &enabled) == hipSuccess);
  CHECK(enabled == 0);
  REQUIRE(hipGraphLaunch(exec, s) == hipSuccess);
  CHECK(g_hostCalls == 6);
  // Through hipGraphExecNodeSetParams / hipGraphNodeSetParams.
  hipGraphNodeParams np{};
  np.type = hipGraphNodeTypeHost;
  np.host = twice;
  CHECK(hipGraphNodeSetParams(h, &np) == hipErrorInvalidValue);  // AMD: no null user data
  int userData = 0;
  np.host.userData = &userData;
  REQUIRE(hipGraphNodeSetParams(h, &np) == hipSuccess);
  REQUIRE(hipGraphHostNodeGetParams(h, &got) == hipSuccess);
  CHECK(got.fn == &countHostTwice);
  np.type = hipGraphNodeTypeMemset;
  np.memset = memsetOf(&flags);
  CHECK(hipGraphExecNodeSetParams(exec, h, &np) == hipErrorInvalidValue);  // a host node

  // Update: same kinds take the new parameters; others are refused with the reason.
  hipGraph_t same = nullptr, bigger = nullptr, changed = nullptr;
  hipGraphNode_t n1 = nullptr, n2 = nullptr;
  REQUIRE(hipGraphCreate(&same, 0) == hipSuccess);
  REQUIRE(hipGraphAddEmptyNode(&n1, same, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphAddHostNode(&n2, same, &n1, 1, &twice) == hipSuccess);
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  REQUIRE(hipGraphExecUpdate(exec, same, &errorNode, &result) == hipSuccess);
  CHECK(result == hipGraphExecUpdateSuccess);
  CHECK(errorNode == nullptr);
  REQUIRE(hipGraphClone(&bigger, same) == hipSuccess);
  REQUIRE(hipGraphAddEmptyNode(&n1, bigger, nullptr, 0) == hipSuccess);
  CHECK(hipGraphExecUpdate(exec, bigger, &errorNode, &result) == hipErrorGraphExecUpdateFailure);
  CHECK(result == hipGraphExecUpdateErrorTopologyChanged);
  REQUIRE(hipGraphCreate(&changed, 0) == hipSuccess);
  REQUIRE(hipGraphAddEmptyNode(&n1, changed, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphAddEmptyNode(&n2, changed, &n1, 1) == hipSuccess);
  CHECK(hipGraphExecUpdate(exec, changed, &errorNode, &result) == hipErrorGraphExecUpdateFailure);
  CHECK(result == hipGraphExecUpdateErrorNodeTypeChanged);
  CHECK(errorNode == n2);
  CHECK(hipGraphExecUpdate(exec, g, nullptr, &result) == hipErrorInvalidValue);

  // Flags as instantiated; destroyed executable graphs.
  hipGraphExec_t autoFree = nullptr;
  REQUIRE(hipGraphInstantiateWithFlags(&autoFree, g, hipGraphInstantiateFlagAutoFreeOnLaunch) ==
          hipSuccess);
  REQUIRE(hipGraphExecGetFlags(autoFree, &flags) == hipSuccess);
  CHECK(flags == hipGraphInstantiateFlagAutoFreeOnLaunch);
  hipGraphInstantiateParams ip{};
  ip.flags = hipGraphInstantiateFlagUpload;
  ip.uploadStream = s;
  hipGraphExec_t uploaded = nullptr;
  REQUIRE(hipGraphInstantiateWithParams(&uploaded, g, &ip) == hipSuccess);
  CHECK(ip.result_out == hipGraphInstantiateSuccess);
  REQUIRE(hipGraphExecGetFlags(uploaded, &flags) == hipSuccess);
  CHECK(flags == hipGraphInstantiateFlagUpload);
  for (hipGraphExec_t x : {exec, autoFree, uploaded}) REQUIRE(hipGraphExecDestroy(x) == hipSuccess);
  CHECK(hipGraphLaunch(exec, s) == hipErrorInvalidValue);
  CHECK(hipGraphExecDestroy(exec) == hipErrorInvalidValue);
  CHECK(hipGraphExecGetFlags(autoFree, &flags) == hipErrorInvalidValue);
  hipStream_t dead = nullptr;
  REQUIRE(hipStreamCreate(&dead) == hipSuccess);
  REQUIRE(hipStreamDestroy(dead) == hipSuccess);
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  CHECK(hipGraphLaunch(exec, dead) == hipErrorContextIsDestroyed);
  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  for (hipGraph_t x : {g, same, bigger, changed}) REQUIRE(hipGraphDestroy(x) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("child graphs, kernel, event, allocation nodes over a fake family", "[graph]") {
  FakeGraphOps ops;
  installFakeGraphs(&ops);
  hipGraph_t g = nullptr, child = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  REQUIRE(hipGraphCreate(&child, 0) == hipSuccess);
  hipGraphNode_t n = nullptr, sub = nullptr;
  REQUIRE(hipGraphAddEmptyNode(&n, child, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphAddChildGraphNode(&sub, g, nullptr, 0, child) == hipSuccess);
  hipGraph_t inner = nullptr;
  REQUIRE(hipGraphChildGraphNodeGetGraph(sub, &inner) == hipSuccess);
  CHECK(inner != child);  // the node's own copy
  hipGraph_t again = nullptr;
  REQUIRE(hipGraphChildGraphNodeGetGraph(sub, &again) == hipSuccess);
  CHECK(again == inner);
  size_t count = 0;
  REQUIRE(hipGraphGetNodes(inner, nullptr, &count) == hipSuccess);
  CHECK(count == 1);
  CHECK(hipGraphDestroy(inner) == hipErrorInvalidValue);  // the node's, not the caller's

  // Kernel nodes: a registered host function, resolved on the current device.
  float* x = nullptr;
  float scale = 2;
  void* args[] = {&x, &scale};
  hipKernelNodeParams kp{};
  kp.func = const_cast<void*>(scaleHostFunction());
  kp.gridDim = dim3(4);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  hipGraphNode_t k = nullptr;
  REQUIRE(hipGraphAddKernelNode(&k, g, &sub, 1, &kp) == hipSuccess);
  hipKernelNodeParams got{};
  REQUIRE(hipGraphKernelNodeGetParams(k, &got) == hipSuccess);
  CHECK(got.func == scaleHostFunction());
  CHECK(got.gridDim.x == 4);
  CHECK(got.blockDim.x == 64);
  CHECK(got.kernelParams == args);
  static const char notAKernel = 0;
  hipKernelNodeParams bad = kp;
  bad.func = const_cast<char*>(&notAKernel);
  CHECK(hipGraphAddKernelNode(&n, g, nullptr, 0, &bad) == hipErrorInvalidDeviceFunction);
  CHECK(hipGraphKernelNodeSetParams(k, &bad) == hipErrorInvalidDeviceFunction);
  bad = kp;
  bad.blockDim = dim3(4096);
  CHECK(hipGraphAddKernelNode(&n, g, nullptr, 0, &bad) != hipSuccess);
  hipKernelNodeAttrValue v{};
  REQUIRE(hipGraphKernelNodeGetAttribute(k, hipKernelNodeAttributePriority, &v) == hipSuccess);
  CHECK(hipGraphKernelNodeGetAttribute(sub, hipKernelNodeAttributePriority, &v) ==
        hipErrorInvalidValue);

  // Event nodes answer the hipEvent_t.
  hipEvent_t ev = nullptr;
  REQUIRE(hipEventCreate(&ev) == hipSuccess);
  hipGraphNode_t rec = nullptr, wait = nullptr;
  REQUIRE(hipGraphAddEventRecordNode(&rec, g, &k, 1, ev) == hipSuccess);
  REQUIRE(hipGraphAddEventWaitNode(&wait, g, &rec, 1, ev) == hipSuccess);
  hipEvent_t gotEvent = nullptr;
  REQUIRE(hipGraphEventRecordNodeGetEvent(rec, &gotEvent) == hipSuccess);
  CHECK(gotEvent == ev);
  REQUIRE(hipGraphEventWaitNodeGetEvent(wait, &gotEvent) == hipSuccess);
  CHECK(gotEvent == ev);
  CHECK(hipGraphEventWaitNodeGetEvent(rec, &gotEvent) == hipErrorInvalidValue);
  hipEvent_t destroyed = nullptr;
  REQUIRE(hipEventCreate(&destroyed) == hipSuccess);
  REQUIRE(hipEventDestroy(destroyed) == hipSuccess);
  CHECK(hipGraphAddEventRecordNode(&n, g, nullptr, 0, destroyed) == hipErrorInvalidValue);
  CHECK(hipGraphEventRecordNodeSetEvent(rec, destroyed) == hipErrorInvalidValue);

  // Allocation and free nodes.
  int payloadArea[16];
  hipMemAllocNodeParams ap{};
  ap.poolProps.allocType = hipMemAllocationTypePinned;
  ap.poolProps.location.type = hipMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = 256;
  hipGraphNode_t alloc = nullptr, freeNode = nullptr;
  REQUIRE(hipGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == hipSuccess);
  CHECK(ap.dptr != nullptr);
  REQUIRE(hipGraphAddMemFreeNode(&freeNode, g, &alloc, 1, ap.dptr) == hipSuccess);
  void* freed = nullptr;
  REQUIRE(hipGraphMemFreeNodeGetParams(freeNode, &freed) == hipSuccess);
  CHECK(freed == ap.dptr);
  hipMemAllocNodeParams gotAlloc{};
  REQUIRE(hipGraphMemAllocNodeGetParams(alloc, &gotAlloc) == hipSuccess);
  CHECK(gotAlloc.bytesize == 256);

  // hipGraphAddNode by type.
  hipGraphNodeParams np{};
  np.type = hipGraphNodeTypeEmpty;
  CHECK(hipGraphAddNode(&n, g, &wait, 1, &np) == hipErrorInvalidValue);  // as AMD's runtime
  np.type = hipGraphNodeTypeMemset;
  np.memset = memsetOf(&payloadArea);
  REQUIRE(hipGraphAddNode(&n, g, &wait, 1, &np) == hipSuccess);
  hipGraphNodeType type = hipGraphNodeTypeCount;
  REQUIRE(hipGraphNodeGetType(n, &type) == hipSuccess);
  CHECK(type == hipGraphNodeTypeMemset);

  // A clone's kernel node still answers the host function.
  hipGraph_t clone = nullptr;
  REQUIRE(hipGraphClone(&clone, g) == hipSuccess);
  hipGraphNode_t cloneNodes[16];
  count = 16;
  REQUIRE(hipGraphGetNodes(clone, cloneNodes, &count) == hipSuccess);
  int kernels = 0;
  for (size_t i = 0; i < count; ++i) {
    REQUIRE(hipGraphNodeGetType(cloneNodes[i], &type) == hipSuccess);
    if (type != hipGraphNodeTypeKernel) continue;
    ++kernels;
    REQUIRE(hipGraphKernelNodeGetParams(cloneNodes[i], &got) == hipSuccess);
    CHECK(got.func == scaleHostFunction());
  }
  CHECK(kernels == 1);
  REQUIRE(hipGraphDestroy(clone) == hipSuccess);

  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  CHECK(hipGraphGetNodes(inner, nullptr, &count) == hipErrorInvalidValue);  // went with g
  REQUIRE(hipGraphDestroy(child) == hipSuccess);
  REQUIRE(hipEventDestroy(ev) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("user objects over a fake family: references, moves, graphs' release", "[graph]") {
  FakeGraphOps ops;
  installFakeGraphs(&ops);
  g_destroyed = 0;
  int payload = 0;
  hipUserObject_t obj = nullptr;
  REQUIRE(hipUserObjectCreate(&obj, &payload, destroyObject, 1, hipUserObjectNoDestructorSync) ==
          hipSuccess);
  REQUIRE(hipUserObjectRetain(obj, 2) == hipSuccess);
  // As AMD's runtime: more than held, or a destroyed object, is no error and does nothing.
  CHECK(hipUserObjectRelease(obj, 4) == hipSuccess);  // only three held
  CHECK(g_destroyed == 0);
  REQUIRE(hipUserObjectRelease(obj, 3) == hipSuccess);
  CHECK(g_destroyed == 1);
  CHECK(hipUserObjectRetain(obj, 1) == hipSuccess);  // gone
  CHECK(g_destroyed == 1);

  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  REQUIRE(hipUserObjectCreate(&obj, &payload, destroyObject, 1, hipUserObjectNoDestructorSync) ==
          hipSuccess);
  REQUIRE(hipGraphRetainUserObject(g, obj, 1, hipGraphUserObjectMove) == hipSuccess);
  CHECK(hipUserObjectRelease(obj, 1) == hipSuccess);  // moved to the graph: nothing held
  CHECK(g_destroyed == 1);
  REQUIRE(hipGraphRetainUserObject(g, obj, 2, 0) == hipSuccess);
  REQUIRE(hipGraphReleaseUserObject(g, obj, 2) == hipSuccess);
  CHECK(hipGraphReleaseUserObject(g, obj, 5) == hipSuccess);  // holds one: nothing happens
  CHECK(g_destroyed == 1);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  CHECK(g_destroyed == 2);
  CHECK(hipUserObjectRelease(obj, 1) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("stream capture over a fake family: state, graph, dependencies, refusals", "[graph]") {
  FakeGraphOps ops;
  installFakeGraphs(&ops);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  hipGraph_t g = nullptr;
  CHECK(hipStreamEndCapture(s, &g) == hipErrorIllegalState);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
  CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipErrorIllegalState);
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusActive);
  unsigned long long id = 0;
  REQUIRE(hipStreamGetCaptureInfo(s, &status, &id) == hipSuccess);
  CHECK(id != 0);
  ops.captureEmpty(s->native);
  ops.captureEmpty(s->native);
  hipGraph_t during = nullptr;
  const hipGraphNode_t* deps = nullptr;
  size_t numDeps = 0;
  REQUIRE(hipStreamGetCaptureInfo_v2(s, &status, &id, &during, &deps, &numDeps) == hipSuccess);
  REQUIRE(numDeps == 1);
  hipGraphNodeType type = hipGraphNodeTypeCount;
  REQUIRE(hipGraphNodeGetType(deps[0], &type) == hipSuccess);
  CHECK(type == hipGraphNodeTypeEmpty);
  hipGraphNode_t last = deps[0];
  CHECK(hipGraphDestroy(during) == hipErrorInvalidValue);  // the capture's until it ends
  REQUIRE(hipStreamUpdateCaptureDependencies(s, nullptr, 0, hipStreamSetCaptureDependencies) ==
          hipSuccess);
  REQUIRE(hipStreamGetCaptureInfo_v2(s, &status, nullptr, nullptr, &deps, &numDeps) ==
          hipSuccess);
  CHECK(numDeps == 0);
  REQUIRE(hipStreamUpdateCaptureDependencies(s, &last, 1, hipStreamAddCaptureDependencies) ==
          hipSuccess);
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  CHECK(g == during);
  size_t count = 0;
  REQUIRE(hipGraphGetNodes(g, nullptr, &count) == hipSuccess);
  CHECK(count == 2);
  REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusNone);

  // hipStreamAddCallback refuses a capturing stream and invalidates the capture.
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
  auto callback = [](hipStream_t, hipError_t, void*) { ++g_hostCalls; };
  g_hostCalls = 0;
  CHECK(hipStreamAddCallback(s, callback, nullptr, 0) == hipErrorStreamCaptureUnsupported);
  CHECK(g_hostCalls == 0);
  REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusInvalidated);
  hipGraph_t none = reinterpret_cast<hipGraph_t>(1);
  CHECK(hipStreamEndCapture(s, &none) == hipErrorStreamCaptureInvalidated);
  CHECK(none == nullptr);
  REQUIRE(hipStreamAddCallback(s, callback, nullptr, 0) == hipSuccess);
  CHECK(g_hostCalls == 1);

  // Capture into an existing graph, after one of its nodes.
  hipGraphNode_t first = nullptr;
  hipGraph_t mine = nullptr;
  REQUIRE(hipGraphCreate(&mine, 0) == hipSuccess);
  REQUIRE(hipGraphAddEmptyNode(&first, mine, nullptr, 0) == hipSuccess);
  CHECK(hipStreamBeginCaptureToGraph(s, mine, &last, nullptr, 1, hipStreamCaptureModeGlobal) ==
        hipErrorInvalidValue);  // `last` is a node of g
  REQUIRE(hipStreamBeginCaptureToGraph(s, mine, &first, nullptr, 1,
                                       hipStreamCaptureModeGlobal) == hipSuccess);
  ops.captureEmpty(s->native);
  hipGraph_t out = nullptr;
  REQUIRE(hipStreamEndCapture(s, &out) == hipSuccess);
  CHECK(out == mine);
  REQUIRE(hipGraphGetNodes(mine, nullptr, &count) == hipSuccess);
  CHECK(count == 2);

  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  REQUIRE(hipThreadExchangeStreamCaptureMode(&mode) == hipSuccess);
  CHECK(mode == hipStreamCaptureModeGlobal);
  REQUIRE(hipThreadExchangeStreamCaptureMode(&mode) == hipSuccess);
  CHECK(mode == hipStreamCaptureModeRelaxed);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipGraphDestroy(mine) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("external semaphore nodes over a fake family: add, get, set, exec set", "[graph]") {
  FakeGraphOps ops;
  FakeBackend* fake = installFakeGraphs(&ops);
  FakeMemoryPoolOps pools;
  fake->pools = &pools;
  hipExternalSemaphoreHandleDesc desc{};
  desc.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  desc.handle.fd = 3;
  hipExternalSemaphore_t s1 = nullptr, s2 = nullptr;
  REQUIRE(hipImportExternalSemaphore(&s1, &desc) == hipSuccess);
  REQUIRE(hipImportExternalSemaphore(&s2, &desc) == hipSuccess);
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);

  hipExternalSemaphore_t sems[2] = {s1, s2};
  hipExternalSemaphoreSignalParams signal[2]{};
  signal[0].params.fence.value = 5;
  signal[1].params.fence.value = 6;
  hipExternalSemaphoreSignalNodeParams sp{sems, signal, 2};
  hipGraphNode_t sn = nullptr, wn = nullptr;
  REQUIRE(hipGraphAddExternalSemaphoresSignalNode(&sn, g, nullptr, 0, &sp) == hipSuccess);
  hipGraphNodeType type{};
  REQUIRE(hipGraphNodeGetType(sn, &type) == hipSuccess);
  CHECK(type == hipGraphNodeTypeExtSemaphoreSignal);
  hipExternalSemaphoreWaitParams wait[1]{};
  wait[0].params.fence.value = 5;
  hipExternalSemaphoreWaitNodeParams wp{&s2, wait, 1};
  REQUIRE(hipGraphAddExternalSemaphoresWaitNode(&wn, g, &sn, 1, &wp) == hipSuccess);

  // The arrays come back as given (copies the node keeps), natively the semaphores' handles.
  hipExternalSemaphoreSignalNodeParams got{};
  REQUIRE(hipGraphExternalSemaphoresSignalNodeGetParams(sn, &got) == hipSuccess);
  REQUIRE(got.numExtSems == 2);
  CHECK(got.extSemArray != sems);
  CHECK(got.extSemArray[0] == s1);
  CHECK(got.extSemArray[1] == s2);
  CHECK(got.paramsArray[1].params.fence.value == 6);
  CHECK(FakeGraphOps::nodeSemaphores(sn->native).size() == 2);
  hipExternalSemaphoreWaitNodeParams gotWait{};
  REQUIRE(hipGraphExternalSemaphoresWaitNodeGetParams(wn, &gotWait) == hipSuccess);
  CHECK(gotWait.numExtSems == 1);
  CHECK(gotWait.extSemArray[0] == s2);
  // The other kind's getter on each node, and wait params on a signal node: not that node.
  CHECK(hipGraphExternalSemaphoresWaitNodeGetParams(sn, &gotWait) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresSignalNodeGetParams(wn, &got) == hipErrorInvalidValue);
  CHECK(hipGraphExternalSemaphoresWaitNodeSetParams(sn, &wp) == hipErrorInvalidValue);

  // Set: one semaphore now.
  hipExternalSemaphoreSignalNodeParams one{&s2, signal, 1};
  REQUIRE(hipGraphExternalSemaphoresSignalNodeSetParams(sn, &one) == hipSuccess);
  REQUIRE(hipGraphExternalSemaphoresSignalNodeGetParams(sn, &got) == hipSuccess);
  CHECK(got.numExtSems == 1);
  CHECK(got.extSemArray[0] == s2);
  CHECK(FakeGraphOps::nodeSemaphores(sn->native).size() == 1);

  // Exec set: the executable copy changes, the graph's node does not.
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, sn, &sp) == hipSuccess);
  CHECK(ops.execSemaphores(exec->native, sn->native).size() == 2);
  REQUIRE(hipGraphExternalSemaphoresSignalNodeGetParams(sn, &got) == hipSuccess);
  CHECK(got.numExtSems == 1);
  REQUIRE(hipGraphExecExternalSemaphoresWaitNodeSetParams(exec, wn, &wp) == hipSuccess);
  CHECK(hipGraphExecExternalSemaphoresWaitNodeSetParams(exec, sn, &wp) == hipErrorInvalidValue);

  // Bad semaphores: null arrays, zero count, a destroyed semaphore.
  hipExternalSemaphoreSignalNodeParams bad{nullptr, signal, 1};
  hipGraphNode_t x = nullptr;
  CHECK(hipGraphAddExternalSemaphoresSignalNode(&x, g, nullptr, 0, &bad) == hipErrorInvalidValue);
  bad = {sems, nullptr, 2};
  CHECK(hipGraphAddExternalSemaphoresSignalNode(&x, g, nullptr, 0, &bad) == hipErrorInvalidValue);
  bad = {sems, signal, 0};
  CHECK(hipGraphExternalSemaphoresSignalNodeSetParams(sn, &bad) == hipErrorInvalidValue);
  REQUIRE(hipDestroyExternalSemaphore(s1) == hipSuccess);
  CHECK(hipGraphAddExternalSemaphoresSignalNode(&x, g, nullptr, 0, &sp) == hipErrorInvalidValue);
  CHECK(hipGraphExecExternalSemaphoresSignalNodeSetParams(exec, sn, &sp) == hipErrorInvalidValue);

  // The generic forms: hipGraphAddNode, hipGraphNodeSetParams, hipGraphExecNodeSetParams.
  hipGraphNodeParams generic{};
  generic.type = hipGraphNodeTypeExtSemaphoreWait;
  generic.extSemWait = wp;
  hipGraphNode_t gn = nullptr;
  REQUIRE(hipGraphAddNode(&gn, g, nullptr, 0, &generic) == hipSuccess);
  REQUIRE(hipGraphExternalSemaphoresWaitNodeGetParams(gn, &gotWait) == hipSuccess);
  CHECK(gotWait.extSemArray[0] == s2);
  generic.type = hipGraphNodeTypeExtSemaphoreSignal;
  generic.extSemSignal = one;
  CHECK(hipGraphNodeSetParams(sn, &generic) == hipSuccess);
  CHECK(hipGraphNodeSetParams(gn, &generic) == hipErrorInvalidValue);  // a wait node
  CHECK(hipGraphExecNodeSetParams(exec, sn, &generic) == hipSuccess);
  CHECK(ops.execSemaphores(exec->native, sn->native).size() == 1);

  // A destroyed node forgets its arrays.
  REQUIRE(hipGraphDestroyNode(wn) == hipSuccess);
  CHECK(hipGraphExternalSemaphoresWaitNodeGetParams(wn, &gotWait) == hipErrorInvalidValue);
  CHECK(hipGraphExecDestroy(exec) == hipSuccess);
  CHECK(hipGraphDestroy(g) == hipSuccess);
  CHECK(hipDestroyExternalSemaphore(s2) == hipSuccess);
  fake->pools = nullptr;
  (void)hipGetLastError();
}

TEST_CASE("a vendor without a graphs family: hipErrorNotSupported after the checks", "[graph]") {
  installFake()->withoutGraphs = true;
  hipGraph_t g = nullptr;
  CHECK(hipGraphCreate(&g, 1) == hipErrorInvalidValue);
  CHECK(hipGraphCreate(&g, 0) == hipErrorNotSupported);
  CHECK(g == nullptr);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipErrorNotSupported);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorNotSupported);
  CHECK(hipStreamUpdateCaptureDependencies(s, nullptr, 0) == hipErrorNotSupported);
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusNone);
  uint64_t v = 0;
  CHECK(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &v) == hipErrorNotSupported);
  CHECK(hipDeviceGraphMemTrim(0) == hipErrorNotSupported);
  hipUserObject_t obj = nullptr;
  int payload = 0;
  CHECK(hipUserObjectCreate(&obj, &payload, hostFn, 1, hipUserObjectNoDestructorSync) ==
        hipErrorNotSupported);
  CHECK(obj == nullptr);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}
