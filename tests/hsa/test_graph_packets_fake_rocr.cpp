// Graph launch from pre-built AQL packets (backends/hsa/hsa_graph_exec.h) on the fake ROCr: a
// launch writes one dispatch packet per kernel node plus one closing barrier and rings the
// doorbell once; the kernargs equal a direct launch's; dependencies become barrier bits; exec
// parameter changes reach the next launch without touching one in flight. The other node kinds:
// test_graph_nodes_fake_rocr.cpp. A hidden case loops launches for bench/count_instructions.sh.
#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <hsa/hsa.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "backend.h"
#include "call_counters.h"
#include "core/runtime.h"
#include "hip/hip_runtime_api.h"
#include "seam/graph_ops.h"
#include "graph_path.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;
using unihip::hsa::test::fakeStat;
namespace test = unihip::hsa::test;
using namespace unihip::hsa::test;


TEST_CASE("fake ROCr: a graph of kernels launches as pre-built packets, one doorbell",
          "[hsa][graph][graph-packets]") {
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  constexpr int kNodes = 10;
  NativeGraphNode last = nullptr;
  for (int i = 0; i < kNodes; ++i)
    last = last ? g.add(1.0f, x, y, {last}) : g.add(1.0f, x, y);
  g.instantiate();
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  const int kernels = fakeStat(kKernelsRun), barriers = fakeStat(kBarriersRun);
  const int doorbells = fakeStat(kDoorbells), errors = fakeStat(kKernelErrors);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(fakeStat(kKernelsRun) - kernels == kNodes);
  // The two closing barriers: the exec's own signal, then the stream's.
  CHECK(fakeStat(kBarriersRun) - barriers == 2);
  CHECK(fakeStat(kKernelErrors) == errors);
  CHECK(g.at(y) == float(kNodes));
  CHECK(g.at(y, GraphPath::n - 1) == float(kNodes));

  // Repeated launches, back to back (kernargs are shared by launches in flight).
  const int before = fakeStat(kDoorbells);
  for (int i = 0; i < 20; ++i) REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - before == 20);
  // Every packet of a chain waits for the one before it.
  const std::vector<uint16_t> headers = recentHeaders(kNodes + 2);
  REQUIRE(headers.size() == kNodes + 2);
  for (int i = 0; i < kNodes; ++i) CHECK(typeOf(headers[i]) == HSA_PACKET_TYPE_KERNEL_DISPATCH);
  for (uint16_t h : headers) CHECK(barrierOf(h));
  CHECK(g.at(y) == float(21 * kNodes));
}

TEST_CASE("fake ROCr: a pre-built dispatch equals a direct launch's", "[hsa][graph][graph-packets]") {
  GraphPath g;
  float* x = g.buffer(2.0f);
  float* y = g.buffer(1.0f);
  float a = 3.0f;
  auto k = g.args(a, x, y);
  LaunchConfig config;
  config.grid = k.grid;
  config.block = k.block;
  config.stream = g.stream;
  REQUIRE(g.b->launch(0, g.axpy, config, k.args).ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  hsa_kernel_dispatch_packet_t direct{}, built{};
  uint8_t directArgs[256], builtArgs[256];
  lastDispatch(&direct, directArgs, sizeof directArgs);

  g.add(a, x, y);
  g.instantiate();
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  lastDispatch(&built, builtArgs, sizeof builtArgs);
  CHECK(std::memcmp(directArgs, builtArgs, sizeof directArgs) == 0);
  CHECK(built.header == direct.header);
  CHECK(built.setup == direct.setup);
  CHECK(built.workgroup_size_x == direct.workgroup_size_x);
  CHECK(built.grid_size_x == direct.grid_size_x);
  CHECK(built.grid_size_y == direct.grid_size_y);
  CHECK(built.private_segment_size == direct.private_segment_size);
  CHECK(built.group_segment_size == direct.group_segment_size);
  CHECK(built.kernel_object == direct.kernel_object);
  CHECK(built.completion_signal.handle == 0);  // the closing barrier signals the stream
  CHECK(built.kernarg_address != direct.kernarg_address);  // the exec's own block, not the ring
  CHECK(g.at(y) == 1.0f + 2 * 3.0f * 2.0f);
}

TEST_CASE("fake ROCr: pre-built packets order a diamond by barrier bits",
          "[hsa][graph][graph-packets]") {
  GraphPath g;
  float* p = g.buffer(1.0f);
  float* q = g.buffer(0.0f);
  float* r = g.buffer(0.0f);
  float* s = g.buffer(0.0f);
  float* t = g.buffer(0.0f);
  // A: q += p; B: r += 2q (after A); C: s += 3q (after A); D: t += r + s (after B and C).
  NativeGraphNode a = g.add(1.0f, p, q);
  NativeGraphNode b = g.add(2.0f, q, r, {a});
  NativeGraphNode c = g.add(3.0f, q, s, {a});
  NativeGraphNode empty = nullptr;
  REQUIRE(g.ops->addEmptyNode(0, {g.graph, nullptr, 0}, &empty).ok());
  NativeGraphNode deps[] = {b, c, empty};
  NativeGraphNode d = nullptr;
  float one = 1.0f;
  REQUIRE(g.ops->addKernelNode(0, {g.graph, deps, 3}, g.args(one, r, t), &d).ok());
  NativeGraphNode join[] = {d};
  NativeGraphNode e = nullptr;
  REQUIRE(g.ops->addKernelNode(0, {g.graph, join, 1}, g.args(one, s, t), &e).ok());
  g.instantiate();
  const int doorbells = fakeStat(kDoorbells);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  // A B C D E then the closing barriers: A waits for earlier stream work, B for A; C runs beside
  // B (A is done once B started); D waits for B and C, E for D; the barriers for everything.
  const std::vector<uint16_t> h = recentHeaders(7);
  REQUIRE(h.size() == 7);
  for (int i = 0; i < 5; ++i) CHECK(typeOf(h[i]) == HSA_PACKET_TYPE_KERNEL_DISPATCH);
  CHECK(typeOf(h[5]) == HSA_PACKET_TYPE_BARRIER_AND);
  CHECK(typeOf(h[6]) == HSA_PACKET_TYPE_BARRIER_AND);
  CHECK(barrierOf(h[6]));
  CHECK(barrierOf(h[0]));
  CHECK(barrierOf(h[1]));
  CHECK_FALSE(barrierOf(h[2]));
  CHECK(barrierOf(h[3]));
  CHECK(barrierOf(h[4]));
  CHECK(barrierOf(h[5]));
  CHECK(g.at(t) == 2.0f + 3.0f);
}

TEST_CASE("fake ROCr: exec kernel parameters patch the pre-built packets",
          "[hsa][graph][graph-packets]") {
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  float* z = g.buffer(0.0f);
  NativeGraphNode node = g.add(1.0f, x, y);
  g.instantiate();
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(y) == 1.0f);

  // New scale and output: the next launch uses them, still one doorbell.
  float a = 5.0f;
  REQUIRE(g.ops->execSetKernelNodeParams(0, g.exec, node, g.args(a, x, z)).ok());
  int doorbells = fakeStat(kDoorbells);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(g.at(y) == 1.0f);
  CHECK(g.at(z) == 5.0f);

  // New geometry: half the block, so only the first half of z changes.
  a = 1.0f;
  auto k = g.args(a, x, z);
  k.block = dim3(GraphPath::n / 2);
  REQUIRE(g.ops->execSetKernelNodeParams(0, g.exec, node, k).ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(z) == 6.0f);
  CHECK(g.at(z, GraphPath::n - 1) == 5.0f);

  // A change while a launch waits in the queue leaves that launch's kernargs alone: the queue is
  // held by a stream wait on a host word until both launches are queued.
  static uint32_t gate = 0;
  gate = 0;
  REQUIRE(g.b->streamWaitValue(0, g.stream, &gate, 1, ~uint64_t{0}, hipStreamWaitValueEq, false)
              .ok());
  k.block = dim3(GraphPath::n);
  a = 10.0f;
  REQUIRE(g.ops->execSetKernelNodeParams(0, g.exec, node, g.args(a, x, y)).ok());
  REQUIRE(g.launch().ok());  // y += 10
  a = 100.0f;  // the current buffer is busy: the other one takes it
  REQUIRE(g.ops->execSetKernelNodeParams(0, g.exec, node, g.args(a, x, y)).ok());
  REQUIRE(g.launch().ok());  // y += 100
  a = 1000.0f;  // both busy: one is retired, a fresh one takes it
  REQUIRE(g.ops->execSetKernelNodeParams(0, g.exec, node, g.args(a, x, y)).ok());
  REQUIRE(g.launch().ok());  // y += 1000
  __atomic_store_n(&gate, 1u, __ATOMIC_RELEASE);
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(y) == 1111.0f);
  CHECK(g.at(y, GraphPath::n - 1) == 1111.0f);

  // A disabled kernel node acts as an empty one.
  REQUIRE(g.ops->nodeSetEnabled(0, g.exec, node, 0).ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(y) == 1111.0f);
  REQUIRE(g.ops->nodeSetEnabled(0, g.exec, node, 1).ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(y) == 2111.0f);

  // Destroying the exec (or compiling it again) while a launch waits does not wait for it:
  // the kernargs outlive the exec until the launch finished.
  gate = 0;
  REQUIRE(g.b->streamWaitValue(0, g.stream, &gate, 1, ~uint64_t{0}, hipStreamWaitValueEq, false)
              .ok());
  REQUIRE(g.launch().ok());  // y += 1000
  REQUIRE(g.ops->nodeSetEnabled(0, g.exec, node, 0).ok());  // compiled again
  REQUIRE(g.ops->nodeSetEnabled(0, g.exec, node, 1).ok());
  REQUIRE(g.launch().ok());  // y += 1000
  REQUIRE(g.ops->execDestroy(0, g.exec).ok());
  g.exec = nullptr;
  __atomic_store_n(&gate, 1u, __ATOMIC_RELEASE);
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(y) == 4111.0f);
}

TEST_CASE("fake ROCr: child graphs are inlined into the pre-built packets",
          "[hsa][graph][graph-packets]") {
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  float* z = g.buffer(0.0f);
  // Child: y += x twice (a chain). Parent: child, then z += y.
  NativeGraph child = nullptr;
  REQUIRE(g.ops->graphCreate(0, &child).ok());
  NativeGraph parent = g.graph;
  g.graph = child;
  NativeGraphNode c1 = g.add(1.0f, x, y);
  g.add(1.0f, x, y, {c1});
  g.graph = parent;
  NativeGraphNode sub = nullptr;
  REQUIRE(g.ops->addChildGraphNode(0, {g.graph, nullptr, 0}, child, &sub).ok());
  REQUIRE(g.ops->graphDestroy(0, child).ok());  // the node holds its own copy
  g.add(1.0f, y, z, {sub});
  g.instantiate();
  const int doorbells = fakeStat(kDoorbells), kernels = fakeStat(kKernelsRun);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(fakeStat(kKernelsRun) - kernels == 3);
  const std::vector<uint16_t> h = recentHeaders(5);
  REQUIRE(h.size() == 5);
  for (uint16_t header : h) CHECK(barrierOf(header));  // a chain throughout
  CHECK(g.at(y) == 2.0f);
  CHECK(g.at(z) == 2.0f);
}

TEST_CASE("fake ROCr: memset nodes become fill-kernel packets, one per row",
          "[hsa][graph][graph-packets]") {
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(7.0f);
  // 2D byte memset of y's first 3 rows of 32 bytes (pitch 64): rows of words; then y += x.
  hipMemsetParams m{};
  m.dst = y;
  m.pitch = 64;
  m.value = 0;
  m.elementSize = 1;
  m.width = 32;
  m.height = 3;
  NativeGraphNode set = nullptr;
  REQUIRE(g.ops->addMemsetNode(0, {g.graph, nullptr, 0}, m, &set).ok());
  // An unaligned byte memset beside it (the byte kernel): the last float of y, bytes 1..3.
  hipMemsetParams tail = m;
  tail.dst = reinterpret_cast<char*>(y + GraphPath::n - 1) + 1;
  tail.width = 3;
  tail.height = 1;
  NativeGraphNode bytes = nullptr;
  REQUIRE(g.ops->addMemsetNode(0, {g.graph, nullptr, 0}, tail, &bytes).ok());
  NativeGraphNode deps[] = {set, bytes};
  NativeGraphNode k = nullptr;
  float one = 1.0f;
  REQUIRE(g.ops->addKernelNode(0, {g.graph, deps, 2}, g.args(one, x, y), &k).ok());
  g.instantiate();
  const int doorbells = fakeStat(kDoorbells), kernels = fakeStat(kKernelsRun);
  const int errors = fakeStat(kKernelErrors);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(fakeStat(kKernelsRun) - kernels == 5);  // 3 rows, 1 row, axpy
  CHECK(fakeStat(kKernelErrors) == errors);
  const std::vector<uint16_t> h = recentHeaders(7);
  REQUIRE(h.size() == 7);
  CHECK(barrierOf(h[0]));
  for (int i = 1; i < 4; ++i) CHECK_FALSE(barrierOf(h[i]));  // the rows run side by side
  CHECK(barrierOf(h[4]));                                    // axpy waits for them all
  std::vector<float> host(GraphPath::n);
  REQUIRE(g.b->memcpy(0, host.data(), y, sizeof(float) * GraphPath::n,
                      CopyDirection::DeviceToHost).ok());
  CHECK(host[0] == 1.0f);   // row 0 zeroed, then +1
  CHECK(host[7] == 1.0f);
  CHECK(host[8] == 8.0f);   // between rows (pitch 64, width 32): untouched
  CHECK(host[16] == 1.0f);  // row 1
  CHECK(host[32] == 1.0f);  // row 2: floats 32..39
  CHECK(host[39] == 1.0f);
  CHECK(host[40] == 8.0f);
  float expected = 7.0f;
  std::memset(reinterpret_cast<char*>(&expected) + 1, 0, 3);
  CHECK(host[GraphPath::n - 1] == expected + 1.0f);

  // A new memset value compiles the exec again: still packets.
  m.value = 0x40;  // bytes 0x40404040 = 3.0047...f
  REQUIRE(g.ops->execSetMemsetNodeParams(0, g.exec, set, m).ok());
  const int again = fakeStat(kDoorbells);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - again == 1);
  float filled = 0;
  const uint32_t word = 0x40404040u;
  std::memcpy(&filled, &word, 4);
  CHECK(g.at(y) == filled + 1.0f);

  // 16-bit elements: pre-built too (words; test_graph_nodes_fake_rocr.cpp has the odd rows).
  m.elementSize = 2;
  m.value = 0;
  m.width = 16;
  REQUIRE(g.ops->execSetMemsetNodeParams(0, g.exec, set, m).ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(y) == 1.0f);
}

TEST_CASE("fake ROCr: a pre-built graph launch takes no allocation and no lock",
          "[hsa][graph][graph-packets][hot-path]") {
  if (!test::CallCounter::available()) {
    WARN("sanitizer build: the interposers are off, nothing counted");
    return;
  }
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  NativeGraphNode a = g.add(1.0f, x, y);
  g.add(1.0f, x, y, {a});
  g.instantiate();
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  constexpr int kLaunches = 16;
  Status results[kLaunches];
  int allocations = -1, locks = -1;
  {
    test::CallCounter counter;
    for (Status& r : results) r = g.launch();
    allocations = counter.allocations();
    locks = counter.locks();
  }
  for (const Status& r : results) REQUIRE(r.ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(allocations == 0);
  CHECK(locks == 0);
  CHECK(g.at(y) == 2.0f * (kLaunches + 1));
}

TEST_CASE("fake ROCr through the HIP API: graph launch, stream order and bad handles",
          "[hsa][graph][graph-packets]") {
  test::FakeRuntime runtime;
  const std::vector<uint8_t> image = test::readCodeObject("gfx90a");
  hipModule_t module = nullptr;
  REQUIRE(hipModuleLoadData(&module, image.data()) == hipSuccess);
  hipFunction_t axpy = nullptr;
  REQUIRE(hipModuleGetFunction(&axpy, module, "axpy") == hipSuccess);
  constexpr int n = 32;
  float *x = nullptr, *y = nullptr;
  REQUIRE(hipMalloc(&x, n * sizeof(float)) == hipSuccess);
  REQUIRE(hipMalloc(&y, n * sizeof(float)) == hipSuccess);
  std::vector<float> host(n, 1.0f);
  REQUIRE(hipMemcpy(x, host.data(), n * sizeof(float), hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipMemset(y, 0, n * sizeof(float)) == hipSuccess);
  hipStream_t stream = nullptr;
  REQUIRE(hipStreamCreate(&stream) == hipSuccess);

  float a = 2.0f;
  int count = n;
  void* args[] = {&a, &x, &y, &count};
  hipKernelNodeParams kp{};
  kp.func = reinterpret_cast<void*>(axpy);
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(n);
  kp.kernelParams = args;
  hipGraph_t graph = nullptr;
  REQUIRE(hipGraphCreate(&graph, 0) == hipSuccess);
  hipGraphNode_t k1 = nullptr, k2 = nullptr;
  REQUIRE(hipGraphAddKernelNode(&k1, graph, nullptr, 0, &kp) == hipSuccess);
  REQUIRE(hipGraphAddKernelNode(&k2, graph, &k1, 1, &kp) == hipSuccess);
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0) == hipSuccess);
  hipEvent_t done = nullptr;
  REQUIRE(hipEventCreate(&done) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, stream) == hipSuccess);
  REQUIRE(hipEventRecord(done, stream) == hipSuccess);
  REQUIRE(hipEventSynchronize(done) == hipSuccess);
  REQUIRE(hipMemcpy(host.data(), y, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(host[0] == 4.0f);
  CHECK(host[n - 1] == 4.0f);
  REQUIRE(hipGraphLaunch(exec, nullptr) == hipSuccess);  // the legacy stream
  REQUIRE(hipStreamSynchronize(nullptr) == hipSuccess);
  REQUIRE(hipMemcpy(host.data(), y, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(host[0] == 8.0f);

  // A destroyed stream, then a destroyed exec: AMD's codes, nothing enqueued.
  REQUIRE(hipStreamDestroy(stream) == hipSuccess);
  CHECK(hipGraphLaunch(exec, stream) == hipErrorContextIsDestroyed);
  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  CHECK(hipGraphLaunch(exec, nullptr) == hipErrorInvalidValue);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  REQUIRE(hipMemcpy(host.data(), y, n * sizeof(float), hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(host[0] == 8.0f);

  CHECK(hipEventDestroy(done) == hipSuccess);
  CHECK(hipGraphDestroy(graph) == hipSuccess);
  CHECK(hipFree(x) == hipSuccess);
  CHECK(hipFree(y) == hipSuccess);
  CHECK(hipModuleUnload(module) == hipSuccess);
}

// For bench/count_instructions.sh: UNIHIP_HSA_CALLS launches of a graph of UNIHIP_HSA_GRAPH_NODES
// chained kernel nodes (one work-item each), synchronizing before the queue could fill, so no
// launch waits for room; callgrind collects inside GraphPath::launch.
TEST_CASE("fake ROCr: graph launch loop for the instruction count", "[.hsa-graph-instructions]") {
  const char* calls = std::getenv("UNIHIP_HSA_CALLS");
  const char* nodes = std::getenv("UNIHIP_HSA_GRAPH_NODES");
  const int launches = calls ? std::atoi(calls) : 1000;
  const int kNodes = nodes ? std::atoi(nodes) : 10;
  GraphPath g;
  g.count = 1;
  float* x = g.buffer(0.0f);
  float* y = g.buffer(0.0f);
  NativeGraphNode last = nullptr;
  for (int i = 0; i < kNodes; ++i) {
    float a = 1.0f;
    auto k = g.args(a, x, y);
    k.block = dim3(1);
    NativeGraphNode node = nullptr;
    REQUIRE(g.ops->addKernelNode(0, {g.graph, &last, last ? 1u : 0u}, k, &node).ok());
    last = node;
  }
  g.instantiate();
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  const int perSync = std::max(1, 256 / (kNodes + 1));
  int failures = 0;
  for (int i = 0; i < launches; ++i) {
    failures += !g.launch().ok();
    if (i % perSync == perSync - 1) failures += !g.b->streamSynchronize(0, g.stream).ok();
  }
  CHECK(failures == 0);
}
