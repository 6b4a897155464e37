// unihip's generic graphs (generic/graphs, what AMD's backend hands out) over the fake
// backend: execution order observed through the fake's operation log, kernel arguments owned by
// the node, exec parameters and update, stream capture with fork/join, capture refusals,
// debug dump, user objects, graph memory.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "install_fake.h"

using namespace unihip::testing;

// tests/cpu/kernels/registered.hip: a registered kernel scale(float*, float).
const void* scaleHostFunction();

namespace {

FakeBackend* installGeneric() {
  FakeBackend* fake = installFake();
  fake->useGenericGraphs();
  fake->logOperations = true;
  return fake;
}

void noteHost(void* data) { (void)data; }

// The log's entries of `kind`, their values in order.
std::vector<uintptr_t> logged(const FakeBackend& f, const std::string& kind) {
  std::vector<uintptr_t> out;
  for (const auto& op : f.operations)
    if (op.kind == kind) out.push_back(op.what);
  return out;
}

uintptr_t tag(int i) { return static_cast<uintptr_t>(i); }
void* tagPtr(int i) { return reinterpret_cast<void*>(tag(i)); }

hipGraphNode_t addHost(hipGraph_t g, int id, std::vector<hipGraphNode_t> deps = {}) {
  hipGraphNode_t n = nullptr;
  const hipHostNodeParams p{noteHost, tagPtr(id)};
  REQUIRE(hipGraphAddHostNode(&n, g, deps.data(), deps.size(), &p) == hipSuccess);
  return n;
}

size_t position(const std::vector<uintptr_t>& v, int id) {
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i] == tag(id)) return i;
  return v.size();
}

}  // namespace

TEST_CASE("generic graphs: a launch runs every node after its dependencies", "[graph][generic]") {
  FakeBackend* fake = installGeneric();
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  // Added in an order the edges contradict: 4 first, then 1 -> {2, 3} -> 4.
  hipGraphNode_t n4 = addHost(g, 4);
  hipGraphNode_t n1 = addHost(g, 1);
  hipGraphNode_t n2 = addHost(g, 2, {n1});
  hipGraphNode_t n3 = addHost(g, 3, {n1});
  hipGraphNode_t from[] = {n2, n3};
  hipGraphNode_t to[] = {n4, n4};
  REQUIRE(hipGraphAddDependencies(g, from, to, 2) == hipSuccess);
  // Cycles, self edges and repeated edges are refused; the graph is unchanged.
  CHECK(hipGraphAddDependencies(g, &n4, &n1, 1) == hipErrorInvalidValue);
  CHECK(hipGraphAddDependencies(g, &n2, &n2, 1) == hipErrorInvalidValue);
  CHECK(hipGraphAddDependencies(g, &n1, &n2, 1) == hipErrorInvalidValue);
  size_t edges = 0;
  REQUIRE(hipGraphGetEdges(g, nullptr, nullptr, &edges) == hipSuccess);
  CHECK(edges == 4);

  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  CHECK(fake->operations.empty());  // instantiation runs nothing
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  auto order = logged(*fake, "host");
  REQUIRE(order.size() == 4);
  CHECK(order.front() == tag(1));
  CHECK(order.back() == tag(4));
  // The exec is a copy: the graph's later changes do not reach it.
  addHost(g, 5);
  fake->operations.clear();
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  CHECK(logged(*fake, "host").size() == 4);
  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  CHECK(hipGraphLaunch(exec, nullptr) == hipErrorInvalidValue);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("generic graphs: copies, fills, kernels, child graphs and their parameters",
          "[graph][generic]") {
  FakeBackend* fake = installGeneric();
  int* src = nullptr;
  int* dst = nullptr;
  REQUIRE(hipMalloc(&src, 64 * sizeof(int)) == hipSuccess);
  REQUIRE(hipMalloc(&dst, 64 * sizeof(int)) == hipSuccess);
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);

  // A 2-D fill of 4 rows of 8 ints (pitch 16 ints), then a copy of the whole buffer.
  hipMemsetParams mp{};
  mp.dst = src;
  mp.elementSize = 4;
  mp.width = 8;
  mp.height = 4;
  mp.pitch = 16 * sizeof(int);
  mp.value = 7;
  REQUIRE(hipMemset(src, 0, 64 * sizeof(int)) == hipSuccess);
  hipGraphNode_t fill = nullptr, copy = nullptr, kernel = nullptr;
  REQUIRE(hipGraphAddMemsetNode(&fill, g, nullptr, 0, &mp) == hipSuccess);
  REQUIRE(hipGraphAddMemcpyNode1D(&copy, g, &fill, 1, dst, src, 64 * sizeof(int),
                                  hipMemcpyDeviceToDevice) == hipSuccess);

  // A kernel node owns its arguments: the caller's may change or go.
  float* x = reinterpret_cast<float*>(0x1234);
  float scale = 2;
  void* args[] = {&x, &scale};
  hipKernelNodeParams kp{};
  kp.func = const_cast<void*>(scaleHostFunction());
  kp.gridDim = dim3(3);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  REQUIRE(hipGraphAddKernelNode(&kernel, g, &copy, 1, &kp) == hipSuccess);
  x = nullptr;
  hipKernelNodeParams got{};
  REQUIRE(hipGraphKernelNodeGetParams(kernel, &got) == hipSuccess);
  REQUIRE(got.kernelParams != nullptr);
  CHECK(*static_cast<float**>(got.kernelParams[0]) == reinterpret_cast<float*>(0x1234));
  CHECK(*static_cast<float*>(got.kernelParams[1]) == 2.0f);
  CHECK(got.gridDim.x == 3);

  // A kernel that takes arguments cannot be added without them.
  hipKernelNodeParams noArgs = kp;
  noArgs.kernelParams = nullptr;
  hipGraphNode_t bad = nullptr;
  CHECK(hipGraphAddKernelNode(&bad, g, nullptr, 0, &noArgs) == hipErrorInvalidValue);
  size_t nodeCount = 0;
  REQUIRE(hipGraphGetNodes(g, nullptr, &nodeCount) == hipSuccess);
  CHECK(nodeCount == 3);

  // A child graph: its copy is taken when added.
  hipGraph_t child = nullptr;
  REQUIRE(hipGraphCreate(&child, 0) == hipSuccess);
  addHost(child, 11);
  hipGraphNode_t sub = nullptr;
  REQUIRE(hipGraphAddChildGraphNode(&sub, g, &kernel, 1, child) == hipSuccess);
  addHost(child, 12);  // not in the node's copy

  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiateWithFlags(&exec, g, 0) == hipSuccess);
  const int launchesBefore = fake->launches;
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 16; ++col) CHECK(dst[row * 16 + col] == (col < 8 ? 7 : 0));
  CHECK(fake->launches == launchesBefore + 1);
  CHECK(fake->lastArg0Value == reinterpret_cast<void*>(0x1234));
  CHECK(fake->lastLaunch.grid.x == 3);
  CHECK(logged(*fake, "host") == std::vector<uintptr_t>{tag(11)});
  std::vector<std::string> kinds;
  for (const auto& op : fake->operations)
    if (kinds.empty() || kinds.back() != op.kind) kinds.push_back(op.kind);
  CHECK(kinds == std::vector<std::string>{"memset", "copy", "launch", "host"});

  // Exec parameters: the exec's alone.
  float* y = reinterpret_cast<float*>(0x5678);
  void* args2[] = {&y, &scale};
  kp.kernelParams = args2;
  kp.gridDim = dim3(5);
  REQUIRE(hipGraphExecKernelNodeSetParams(exec, kernel, &kp) == hipSuccess);
  mp.value = 9;
  REQUIRE(hipGraphExecMemsetNodeSetParams(exec, fill, &mp) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  CHECK(fake->lastArg0Value == reinterpret_cast<void*>(0x5678));
  CHECK(fake->lastLaunch.grid.x == 5);
  CHECK(dst[0] == 9);
  REQUIRE(hipGraphKernelNodeGetParams(kernel, &got) == hipSuccess);
  CHECK(got.gridDim.x == 3);  // the graph's node is unchanged

  // Nodes the exec does not have, or of another kind, are refused.
  hipGraph_t other = nullptr;
  REQUIRE(hipGraphCreate(&other, 0) == hipSuccess);
  hipGraphNode_t foreign = addHost(other, 50);
  const hipHostNodeParams hp{noteHost, tagPtr(51)};
  CHECK(hipGraphExecHostNodeSetParams(exec, foreign, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphExecHostNodeSetParams(exec, fill, &hp) == hipErrorInvalidValue);
  CHECK(hipGraphExecChildGraphNodeSetParams(exec, sub, other) == hipSuccess);  // same shape
  addHost(other, 52);
  CHECK(hipGraphExecChildGraphNodeSetParams(exec, sub, other) == hipErrorInvalidValue);
  fake->operations.clear();
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  CHECK(logged(*fake, "host") == std::vector<uintptr_t>{tag(50)});  // the child's new node
  REQUIRE(hipGraphDestroy(other) == hipSuccess);

  // A disabled node is skipped; host nodes cannot be disabled.
  REQUIRE(hipGraphNodeSetEnabled(exec, kernel, 0) == hipSuccess);
  unsigned int enabled = 1;
  REQUIRE(hipGraphNodeGetEnabled(exec, kernel, &enabled) == hipSuccess);
  CHECK(enabled == 0);
  const int launches = fake->launches;
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  CHECK(fake->launches == launches);
  CHECK(hipGraphNodeSetEnabled(exec, sub, 0) == hipErrorInvalidValue);
  REQUIRE(hipGraphNodeSetEnabled(exec, kernel, 1) == hipSuccess);

  // Whole-graph update: same shape takes the parameters; another shape is refused.
  hipGraph_t same = nullptr;
  REQUIRE(hipGraphClone(&same, g) == hipSuccess);
  hipGraphNode_t sameFill = nullptr;
  REQUIRE(hipGraphNodeFindInClone(&sameFill, fill, same) == hipSuccess);
  mp.value = 3;
  REQUIRE(hipGraphMemsetNodeSetParams(sameFill, &mp) == hipSuccess);
  hipGraphNode_t errorNode = nullptr;
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  REQUIRE(hipGraphExecUpdate(exec, same, &errorNode, &result) == hipSuccess);
  CHECK(result == hipGraphExecUpdateSuccess);
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  CHECK(dst[0] == 3);
  addHost(same, 99);
  CHECK(hipGraphExecUpdate(exec, same, &errorNode, &result) == hipErrorGraphExecUpdateFailure);
  CHECK(result == hipGraphExecUpdateErrorTopologyChanged);

  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  REQUIRE(hipGraphDestroy(same) == hipSuccess);
  REQUIRE(hipGraphDestroy(child) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipFree(src) == hipSuccess);
  REQUIRE(hipFree(dst) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("generic graphs: capture records launches, copies, fills, host functions in order",
          "[graph][generic]") {
  FakeBackend* fake = installGeneric();
  int* buf = nullptr;
  int* out = nullptr;
  REQUIRE(hipMalloc(&buf, 256) == hipSuccess);
  REQUIRE(hipMalloc(&out, 256) == hipSuccess);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
  float* x = reinterpret_cast<float*>(0x42);
  float scale = 1;
  void* args[] = {&x, &scale};
  const int launches = fake->launches;
  REQUIRE(hipMemsetAsync(buf, 5, 256, s) == hipSuccess);
  REQUIRE(hipLaunchKernel(scaleHostFunction(), dim3(7), dim3(32), args, 0, s) == hipSuccess);
  REQUIRE(hipMemcpyAsync(out, buf, 256, hipMemcpyDeviceToDevice, s) == hipSuccess);
  REQUIRE(hipLaunchHostFunc(s, noteHost, tagPtr(21)) == hipSuccess);
  x = nullptr;  // the node copied it
  CHECK(fake->launches == launches);  // nothing ran
  CHECK(fake->operations.empty());
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  const hipGraphNode_t* deps = nullptr;
  size_t numDeps = 0;
  REQUIRE(hipStreamGetCaptureInfo_v2(s, &status, nullptr, nullptr, &deps, &numDeps) ==
          hipSuccess);
  CHECK(status == hipStreamCaptureStatusActive);
  REQUIRE(numDeps == 1);
  hipGraphNodeType type = hipGraphNodeTypeCount;
  REQUIRE(hipGraphNodeGetType(deps[0], &type) == hipSuccess);
  CHECK(type == hipGraphNodeTypeHost);
  hipGraph_t g = nullptr;
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  REQUIRE(g != nullptr);
  size_t count = 0;
  REQUIRE(hipGraphGetNodes(g, nullptr, &count) == hipSuccess);
  CHECK(count == 4);
  REQUIRE(hipGraphGetEdges(g, nullptr, nullptr, &count) == hipSuccess);
  CHECK(count == 3);  // a chain
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  for (int i = 0; i < 2; ++i) {
    std::memset(out, 0, 256);
    fake->operations.clear();
    REQUIRE(hipGraphLaunch(exec, s) == hipSuccess);
    std::vector<std::string> kinds;
    for (const auto& op : fake->operations) kinds.push_back(op.kind);
    CHECK(kinds == std::vector<std::string>{"memset", "launch", "copy", "host"});
    CHECK(static_cast<unsigned char*>(static_cast<void*>(out))[255] == 5);
    CHECK(fake->lastArg0Value == reinterpret_cast<void*>(0x42));
    CHECK(fake->lastLaunch.grid.x == 7);
  }
  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  REQUIRE(hipFree(buf) == hipSuccess);
  REQUIRE(hipFree(out) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("generic graphs: capture forks and joins across streams through events",
          "[graph][generic]") {
  FakeBackend* fake = installGeneric();
  hipStream_t s1 = nullptr, s2 = nullptr;
  REQUIRE(hipStreamCreate(&s1) == hipSuccess);
  REQUIRE(hipStreamCreate(&s2) == hipSuccess);
  hipEvent_t fork = nullptr, join = nullptr;
  REQUIRE(hipEventCreate(&fork) == hipSuccess);
  REQUIRE(hipEventCreate(&join) == hipSuccess);

  REQUIRE(hipStreamBeginCapture(s1, hipStreamCaptureModeGlobal) == hipSuccess);
  REQUIRE(hipLaunchHostFunc(s1, noteHost, tagPtr(1)) == hipSuccess);
  REQUIRE(hipEventRecord(fork, s1) == hipSuccess);
  REQUIRE(hipStreamWaitEvent(s2, fork, 0) == hipSuccess);
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  REQUIRE(hipStreamIsCapturing(s2, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusActive);  // s2 joined the capture
  unsigned long long id1 = 0, id2 = 0;
  REQUIRE(hipStreamGetCaptureInfo(s1, &status, &id1) == hipSuccess);
  REQUIRE(hipStreamGetCaptureInfo(s2, &status, &id2) == hipSuccess);
  CHECK(id1 == id2);
  REQUIRE(hipLaunchHostFunc(s2, noteHost, tagPtr(2)) == hipSuccess);
  REQUIRE(hipLaunchHostFunc(s1, noteHost, tagPtr(3)) == hipSuccess);
  // Ending before s2 joins back: unjoined.
  {
    hipGraph_t g = nullptr;
    hipStream_t s3 = nullptr;
    REQUIRE(hipStreamCreate(&s3) == hipSuccess);
    hipEvent_t e = nullptr;
    REQUIRE(hipEventCreate(&e) == hipSuccess);
    REQUIRE(hipStreamBeginCapture(s3, hipStreamCaptureModeRelaxed) == hipSuccess);
    hipStream_t s4 = nullptr;
    REQUIRE(hipStreamCreate(&s4) == hipSuccess);
    REQUIRE(hipEventRecord(e, s3) == hipSuccess);
    REQUIRE(hipStreamWaitEvent(s4, e, 0) == hipSuccess);
    REQUIRE(hipLaunchHostFunc(s4, noteHost, tagPtr(9)) == hipSuccess);
    CHECK(hipStreamEndCapture(s4, &g) == hipErrorStreamCaptureUnmatched);  // not the origin
    CHECK(hipStreamEndCapture(s3, &g) == hipErrorStreamCaptureUnjoined);
    CHECK(g == nullptr);
    REQUIRE(hipStreamIsCapturing(s4, &status) == hipSuccess);
    CHECK(status == hipStreamCaptureStatusNone);
    REQUIRE(hipEventDestroy(e) == hipSuccess);
    REQUIRE(hipStreamDestroy(s3) == hipSuccess);
    REQUIRE(hipStreamDestroy(s4) == hipSuccess);
  }
  REQUIRE(hipEventRecord(join, s2) == hipSuccess);
  REQUIRE(hipStreamWaitEvent(s1, join, 0) == hipSuccess);
  REQUIRE(hipLaunchHostFunc(s1, noteHost, tagPtr(4)) == hipSuccess);
  CHECK(fake->operations.empty());
  hipGraph_t g = nullptr;
  REQUIRE(hipStreamEndCapture(s1, &g) == hipSuccess);
  REQUIRE(hipStreamIsCapturing(s2, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusNone);  // left with the capture

  // 1 -> {2, 3} -> 4.
  size_t count = 0;
  REQUIRE(hipGraphGetRootNodes(g, nullptr, &count) == hipSuccess);
  CHECK(count == 1);
  REQUIRE(hipGraphGetEdges(g, nullptr, nullptr, &count) == hipSuccess);
  CHECK(count == 4);
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, s1) == hipSuccess);
  auto order = logged(*fake, "host");
  REQUIRE(order.size() == 4);
  CHECK(order.front() == tag(1));
  CHECK(order.back() == tag(4));
  CHECK(position(order, 2) < 3);
  // Recording the event outside a capture makes it an ordinary one again.
  REQUIRE(hipEventRecord(fork, s1) == hipSuccess);
  REQUIRE(hipStreamWaitEvent(s2, fork, 0) == hipSuccess);
  REQUIRE(hipStreamIsCapturing(s2, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusNone);

  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipEventDestroy(fork) == hipSuccess);
  REQUIRE(hipEventDestroy(join) == hipSuccess);
  REQUIRE(hipStreamDestroy(s1) == hipSuccess);
  REQUIRE(hipStreamDestroy(s2) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("generic graphs: calls illegal during capture invalidate it; modes; wrong thread",
          "[graph][generic]") {
  installGeneric();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  hipGraph_t g = nullptr;

  for (int which = 0; which < 2; ++which) {
    REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
    CHECK((which == 0 ? hipStreamSynchronize(s) : hipStreamQuery(s)) ==
          hipErrorStreamCaptureUnsupported);
    REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
    CHECK(status == hipStreamCaptureStatusInvalidated);
    CHECK(hipLaunchHostFunc(s, noteHost, nullptr) == hipErrorStreamCaptureInvalidated);
    CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
    CHECK(g == nullptr);
    CHECK(hipStreamSynchronize(s) == hipSuccess);  // usable again
  }

  // Work on the legacy stream while a blocking stream captures: refused, capture invalidated.
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
  CHECK(hipLaunchHostFunc(nullptr, noteHost, nullptr) == hipErrorStreamCaptureImplicit);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
  REQUIRE(hipLaunchHostFunc(nullptr, noteHost, nullptr) == hipSuccess);

  // Synchronous copies and fills are refused in every mode, and every capture invalidated.
  hipStream_t other = nullptr;
  REQUIRE(hipStreamCreate(&other) == hipSuccess);
  int word = 0, copy = 1;
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(other, hipStreamCaptureModeRelaxed) == hipSuccess);
  CHECK(hipMemcpy(&copy, &word, sizeof word, hipMemcpyHostToHost) ==
        hipErrorStreamCaptureImplicit);
  CHECK(copy == 1);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
  CHECK(hipStreamEndCapture(other, &g) == hipErrorStreamCaptureInvalidated);
  REQUIRE(hipMemcpy(&copy, &word, sizeof word, hipMemcpyHostToHost) == hipSuccess);
  CHECK(copy == 0);
  REQUIRE(hipStreamDestroy(other) == hipSuccess);

  // Allocation is "unsafe" in global and thread-local modes, allowed in relaxed mode.
  void* p = nullptr;
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
  CHECK(hipMalloc(&p, 64) == hipErrorStreamCaptureUnsupported);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipFree(p) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal) == hipSuccess);
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  REQUIRE(hipThreadExchangeStreamCaptureMode(&mode) == hipSuccess);
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);  // this thread chose relaxed
  REQUIRE(hipThreadExchangeStreamCaptureMode(&mode) == hipSuccess);
  CHECK(mode == hipStreamCaptureModeRelaxed);
  REQUIRE(hipFree(p) == hipSuccess);  // a sync-free fake free; no capture refusal
  // Another thread may not end a thread-local-mode capture; the capture goes on.
  hipError_t fromOther = hipSuccess;
  hipGraph_t otherGraph = nullptr;
  std::thread([&] { fromOther = hipStreamEndCapture(s, &otherGraph); }).join();
  CHECK(fromOther == hipErrorStreamCaptureWrongThread);
  REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusActive);
  CHECK(hipDeviceSynchronize() == hipErrorStreamCaptureUnsupported);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
  CHECK(hipDeviceSynchronize() == hipSuccess);

  // Capture into an existing graph after one of its nodes.
  hipGraph_t mine = nullptr;
  REQUIRE(hipGraphCreate(&mine, 0) == hipSuccess);
  hipGraphNode_t first = addHost(mine, 1);
  REQUIRE(hipStreamBeginCaptureToGraph(s, mine, &first, nullptr, 1,
                                       hipStreamCaptureModeGlobal) == hipSuccess);
  CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipErrorIllegalState);
  CHECK(hipGraphDestroy(mine) == hipErrorIllegalState);  // the capture's until it ends
  REQUIRE(hipLaunchHostFunc(s, noteHost, tagPtr(2)) == hipSuccess);
  hipGraph_t out = nullptr;
  REQUIRE(hipStreamEndCapture(s, &out) == hipSuccess);
  CHECK(out == mine);
  size_t count = 0;
  REQUIRE(hipGraphGetEdges(mine, nullptr, nullptr, &count) == hipSuccess);
  CHECK(count == 1);
  REQUIRE(hipGraphDestroy(mine) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}

namespace {
std::atomic<int> g_destroyed{0};
void destroyObject(void*) { ++g_destroyed; }
}  // namespace

TEST_CASE("generic graphs: dot dump, user objects, graph memory", "[graph][generic]") {
  installGeneric();
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  hipGraphNode_t a = addHost(g, 1);
  addHost(g, 2, {a});
  const std::string path = "/tmp/unihip_generic_graph_" + std::to_string(::getpid()) + ".dot";
  REQUIRE(hipGraphDebugDotPrint(g, path.c_str(), hipGraphDebugDotFlagsVerbose) == hipSuccess);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().find("digraph") != std::string::npos);
  CHECK(text.str().find("\"node0\" -> \"node1\"") != std::string::npos);
  CHECK(text.str().find("HOST") != std::string::npos);
  std::remove(path.c_str());
  CHECK(hipGraphDebugDotPrint(g, "/nonexistent/dir/x.dot", 0) != hipSuccess);

  // User objects: destroyed once the caller's and the graphs' references are gone.
  g_destroyed = 0;
  hipUserObject_t obj = nullptr;
  REQUIRE(hipUserObjectCreate(&obj, nullptr, destroyObject, 1, hipUserObjectNoDestructorSync) ==
          hipSuccess);
  REQUIRE(hipGraphRetainUserObject(g, obj, 1, hipGraphUserObjectMove) == hipSuccess);
  hipGraph_t clone = nullptr;
  REQUIRE(hipGraphClone(&clone, g) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  CHECK(g_destroyed == 0);  // the clone holds one
  REQUIRE(hipGraphDestroy(clone) == hipSuccess);
  CHECK(g_destroyed == 1);

  // Graph memory: an allocation node's memory is the graph's; the figures count what a launch
  // allocated (tests below: "graph memory as CUDA's").
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  hipMemAllocNodeParams ap{};
  ap.poolProps.allocType = hipMemAllocationTypePinned;
  ap.poolProps.location.type = hipMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = 4096;
  hipGraphNode_t alloc = nullptr, freeNode = nullptr;
  REQUIRE(hipGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == hipSuccess);
  REQUIRE(ap.dptr != nullptr);
  REQUIRE(hipGraphAddMemFreeNode(&freeNode, g, &alloc, 1, ap.dptr) == hipSuccess);
  uint64_t used = 0;
  REQUIRE(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used) == hipSuccess);
  CHECK(used == 0);  // nothing launched yet
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used) == hipSuccess);
  CHECK(used == 0);  // the graph freed it
  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  REQUIRE(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &used) == hipSuccess);
  CHECK(used == 4096);
  uint64_t zero = 0;
  REQUIRE(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero) == hipSuccess);
  REQUIRE(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &used) == hipSuccess);
  CHECK(used == 0);
  REQUIRE(hipDeviceGraphMemTrim(0) == hipSuccess);
  (void)hipGetLastError();
}

// hip-tests' hipGraphRetainUserObject cases, with what AMD's runtime answers.
TEST_CASE("generic graphs: user objects released past their references, moves past the caller's",
          "[graph][generic]") {
  installGeneric();
  const unsigned sync = hipUserObjectNoDestructorSync;
  g_destroyed = 0;
  hipGraph_t g = nullptr;
  hipUserObject_t obj = nullptr;
  // The graph takes the only reference and releases it: the caller's release then finds the
  // object destroyed, which is no error.
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  REQUIRE(hipUserObjectCreate(&obj, nullptr, destroyObject, 1, sync) == hipSuccess);
  REQUIRE(hipGraphRetainUserObject(g, obj, 1, hipGraphUserObjectMove) == hipSuccess);
  REQUIRE(hipGraphReleaseUserObject(g, obj) == hipSuccess);
  CHECK(g_destroyed == 1);
  CHECK(hipUserObjectRelease(obj) == hipSuccess);
  CHECK(hipGraphRetainUserObject(g, obj, 1, 0) == hipSuccess);  // destroyed: nothing happens
  CHECK(hipGraphReleaseUserObject(g, obj) == hipSuccess);
  CHECK(g_destroyed == 1);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);

  // A move of more references than the caller has; releases past what is held do nothing.
  g_destroyed = 0;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  REQUIRE(hipUserObjectCreate(&obj, nullptr, destroyObject, 1, sync) == hipSuccess);
  REQUIRE(hipGraphRetainUserObject(g, obj, 2, hipGraphUserObjectMove) == hipSuccess);
  CHECK(hipGraphReleaseUserObject(g, obj, 4) == hipSuccess);
  REQUIRE(hipGraphRetainUserObject(g, obj, 8, 0) == hipSuccess);
  REQUIRE(hipGraphReleaseUserObject(g, obj, 1) == hipSuccess);
  CHECK(hipUserObjectRelease(obj, 1) == hipSuccess);  // the caller moved its one
  CHECK(g_destroyed == 0);                            // the graph holds nine
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  CHECK(g_destroyed == 1);

  // The caller keeps what it did not move; an over-release keeps the object alive.
  g_destroyed = 0;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  REQUIRE(hipUserObjectCreate(&obj, nullptr, destroyObject, 2, sync) == hipSuccess);
  REQUIRE(hipUserObjectRetain(obj, 3) == hipSuccess);
  REQUIRE(hipGraphRetainUserObject(g, obj, 3, hipGraphUserObjectMove) == hipSuccess);
  CHECK(hipUserObjectRelease(obj, 5) == hipSuccess);  // holds two: nothing happens
  REQUIRE(hipGraphReleaseUserObject(g, obj, 3) == hipSuccess);
  CHECK(g_destroyed == 0);
  REQUIRE(hipUserObjectRelease(obj, 2) == hipSuccess);
  CHECK(g_destroyed == 1);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  CHECK(hipUserObjectRelease(reinterpret_cast<hipUserObject_t>(0x400)) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

// hip-tests' hipGraphGetRootNodes / graph_dependency_common.hh: a short list keeps its count.
TEST_CASE("generic graphs: node and edge lists shorter or longer than the graph's",
          "[graph][generic]") {
  installGeneric();
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  hipGraphNode_t a = addHost(g, 1), b = addHost(g, 2), c = addHost(g, 3);
  addHost(g, 4, {a, b, c});
  hipGraphNode_t list[5] = {};
  size_t n = 2;
  REQUIRE(hipGraphGetRootNodes(g, list, &n) == hipSuccess);
  CHECK(n == 2);
  CHECK(list[0] != nullptr);
  CHECK(list[1] != nullptr);
  CHECK(list[2] == nullptr);
  n = 5;
  list[3] = a;
  list[4] = a;
  REQUIRE(hipGraphGetRootNodes(g, list, &n) == hipSuccess);
  CHECK(n == 3);
  CHECK(list[3] == nullptr);
  CHECK(list[4] == nullptr);
  n = 0;
  REQUIRE(hipGraphGetRootNodes(g, nullptr, &n) == hipSuccess);
  CHECK(n == 3);
  n = 3;
  REQUIRE(hipGraphGetNodes(g, list, &n) == hipSuccess);
  CHECK(n == 3);
  n = 5;
  REQUIRE(hipGraphGetNodes(g, list, &n) == hipSuccess);
  CHECK(n == 4);
  hipGraphNode_t from[4] = {}, to[4] = {};
  n = 1;
  REQUIRE(hipGraphGetEdges(g, from, to, &n) == hipSuccess);
  CHECK(n == 1);
  CHECK(from[0] != nullptr);
  CHECK(to[1] == nullptr);
  n = 4;
  REQUIRE(hipGraphGetEdges(g, from, to, &n) == hipSuccess);
  CHECK(n == 3);
  CHECK(from[3] == nullptr);
  n = 0;
  REQUIRE(hipGraphGetEdges(g, nullptr, nullptr, &n) == hipSuccess);
  CHECK(n == 3);
  hipGraphNode_t d = nullptr;
  n = 1;
  list[0] = nullptr;
  REQUIRE(hipGraphNodeGetDependentNodes(a, &d, &n) == hipSuccess);
  CHECK(n == 1);
  CHECK(d != nullptr);
  n = 2;
  REQUIRE(hipGraphNodeGetDependencies(d, list, &n) == hipSuccess);
  CHECK(n == 2);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  (void)hipGetLastError();
}

namespace {

hipMemAllocNodeParams allocParams(size_t bytes) {
  hipMemAllocNodeParams ap{};
  ap.poolProps.allocType = hipMemAllocationTypePinned;
  ap.poolProps.location.type = hipMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = bytes;
  return ap;
}

uint64_t graphMem(hipGraphMemAttributeType attr) {
  uint64_t v = ~uint64_t{0};
  REQUIRE(hipDeviceGetGraphMemAttribute(0, attr, &v) == hipSuccess);
  return v;
}

// An executable graph whose one node allocates `bytes` (freed outside it); *ptr its address.
hipGraphExec_t allocatingGraph(size_t bytes, void** ptr, unsigned long long flags = 0) {
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  hipMemAllocNodeParams ap = allocParams(bytes);
  hipGraphNode_t alloc = nullptr;
  REQUIRE(hipGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == hipSuccess);
  *ptr = ap.dptr;
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiateWithFlags(&exec, g, flags) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  return exec;
}

void resetGraphMem() {
  uint64_t zero = 0;
  REQUIRE(hipDeviceGraphMemTrim(0) == hipSuccess);
  REQUIRE(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero) == hipSuccess);
  REQUIRE(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &zero) == hipSuccess);
}

}  // namespace

// Issue 35: CUDA's (and HIP's) graph memory. hipFree and hipFreeAsync end a launch's
// allocation; an unfreed one stops a relaunch; freed memory stays reserved until a trim.
TEST_CASE("generic graphs: graph memory as CUDA's", "[graph][generic][graphmem]") {
  installGeneric();
  resetGraphMem();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);

  SECTION("hipFree after the launch, and footprint figures") {
    void* p1 = nullptr;
    void* p2 = nullptr;
    hipGraphExec_t e1 = allocatingGraph(4096, &p1);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 0);
    CHECK(hipFree(p1) == hipErrorInvalidValue);  // not allocated before a launch
    REQUIRE(hipGraphLaunch(e1, s) == hipSuccess);
    REQUIRE(hipStreamSynchronize(s) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 4096);
    CHECK(graphMem(hipGraphMemAttrReservedMemCurrent) == 4096);
    // The memory is ordinary device memory to copies and fills.
    CHECK(hipMemset(p1, 7, 4096) == hipSuccess);
    hipGraphExec_t e2 = allocatingGraph(8192, &p2);
    REQUIRE(hipGraphLaunch(e2, s) == hipSuccess);
    REQUIRE(hipStreamSynchronize(s) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 12288);
    CHECK(graphMem(hipGraphMemAttrUsedMemHigh) == 12288);
    // Launched again while its allocation lives: refused (CUDA's cudaErrorInvalidValue).
    CHECK(hipGraphLaunch(e1, s) == hipErrorInvalidValue);
    REQUIRE(hipFree(p1) == hipSuccess);
    CHECK(hipFree(p1) == hipErrorInvalidValue);  // already freed
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 8192);
    CHECK(graphMem(hipGraphMemAttrReservedMemCurrent) == 12288);  // cached until a trim
    // Relaunched after the free: the same address, allocated again, freed again.
    REQUIRE(hipGraphLaunch(e1, s) == hipSuccess);
    REQUIRE(hipStreamSynchronize(s) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 12288);
    CHECK(graphMem(hipGraphMemAttrReservedMemCurrent) == 12288);  // the cache was reused
    REQUIRE(hipFree(p1) == hipSuccess);
    REQUIRE(hipFreeAsync(p2, s) == hipSuccess);
    REQUIRE(hipStreamSynchronize(s) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 0);
    REQUIRE(hipGraphExecDestroy(e1) == hipSuccess);
    REQUIRE(hipGraphExecDestroy(e2) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrReservedMemCurrent) == 12288);
    REQUIRE(hipDeviceGraphMemTrim(0) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrReservedMemCurrent) == 0);
    CHECK(graphMem(hipGraphMemAttrUsedMemHigh) == 12288);
    CHECK(graphMem(hipGraphMemAttrReservedMemHigh) == 12288);
    uint64_t zero = 0;
    REQUIRE(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemHigh) == 0);
    CHECK(graphMem(hipGraphMemAttrReservedMemHigh) == 12288);  // each mark resets alone
  }

  SECTION("a live allocation outlives its graph and executable graph") {
    void* p = nullptr;
    hipGraphExec_t e = allocatingGraph(4096, &p);
    REQUIRE(hipGraphLaunch(e, s) == hipSuccess);
    REQUIRE(hipStreamSynchronize(s) == hipSuccess);
    REQUIRE(hipGraphExecDestroy(e) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 4096);
    CHECK(hipMemset(p, 1, 4096) == hipSuccess);
    REQUIRE(hipFree(p) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 0);
    // Gone with its last holder: the address names nothing now.
    CHECK(hipFree(p) == hipErrorInvalidValue);
    CHECK(hipMemset(p, 1, 4096) == hipErrorInvalidValue);
  }

  SECTION("freed by another graph's free node; auto-free on launch") {
    void* p = nullptr;
    hipGraphExec_t e = allocatingGraph(4096, &p);
    hipGraph_t fg = nullptr;
    REQUIRE(hipGraphCreate(&fg, 0) == hipSuccess);
    hipGraphNode_t freeNode = nullptr;
    REQUIRE(hipGraphAddMemFreeNode(&freeNode, fg, nullptr, 0, p) == hipSuccess);
    hipGraphExec_t fe = nullptr;
    REQUIRE(hipGraphInstantiate(&fe, fg, nullptr, nullptr, 0) == hipSuccess);
    REQUIRE(hipGraphLaunch(e, s) == hipSuccess);
    REQUIRE(hipGraphLaunch(fe, s) == hipSuccess);
    REQUIRE(hipStreamSynchronize(s) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 0);
    REQUIRE(hipGraphLaunch(e, s) == hipSuccess);  // freed: may run again
    REQUIRE(hipFree(p) == hipSuccess);
    REQUIRE(hipGraphExecDestroy(fe) == hipSuccess);
    REQUIRE(hipGraphDestroy(fg) == hipSuccess);
    REQUIRE(hipGraphExecDestroy(e) == hipSuccess);

    hipGraphExec_t autoFree =
        allocatingGraph(4096, &p, hipGraphInstantiateFlagAutoFreeOnLaunch);
    REQUIRE(hipGraphLaunch(autoFree, s) == hipSuccess);
    REQUIRE(hipGraphLaunch(autoFree, s) == hipSuccess);  // the first launch's is freed
    REQUIRE(hipStreamSynchronize(s) == hipSuccess);
    CHECK(graphMem(hipGraphMemAttrUsedMemCurrent) == 4096);
    REQUIRE(hipFree(p) == hipSuccess);
    REQUIRE(hipGraphExecDestroy(autoFree) == hipSuccess);
  }

  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  resetGraphMem();
  (void)hipGetLastError();
}

TEST_CASE("generic graphs: a capture left open is given back with its backend", "[graph][generic]") {
  installGeneric();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
  REQUIRE(hipLaunchHostFunc(s, noteHost, tagPtr(1)) == hipSuccess);
  hipMemAllocNodeParams ap{};
  ap.poolProps.allocType = hipMemAllocationTypePinned;
  ap.poolProps.location.type = hipMemLocationTypeDevice;
  ap.bytesize = 64;
  hipGraph_t g = nullptr;
  const hipGraphNode_t* deps = nullptr;
  size_t n = 0;
  hipStreamCaptureStatus status{};
  REQUIRE(hipStreamGetCaptureInfo_v2(s, &status, nullptr, &g, &deps, &n) == hipSuccess);
  hipGraphNode_t alloc = nullptr;
  REQUIRE(hipGraphAddMemAllocNode(&alloc, g, deps, n, &ap) == hipSuccess);
  // No end: the next fake replaces this one, whose teardown frees the graph and its memory
  // (the sanitizer runs report any leak).
  installGeneric();
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
  CHECK(status == hipStreamCaptureStatusNone);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}
