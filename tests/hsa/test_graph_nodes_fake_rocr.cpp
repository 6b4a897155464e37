// The node kinds beyond kernels as pre-built AQL packets (backends/hsa/hsa_graph_exec.h) on the
// fake ROCr: memsets of every element size, copies between memory the GPU reaches, event record
// and wait, host functions and graph memory. Each launch rings the doorbell once; the effect
// equals the stream operations' (computed on the host alongside); a launch of a graph mixing
// them all takes no allocation and no lock. Copies of pageable memory are replayed.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "call_counters.h"
#include "graph_path.h"
#include "hip/hip_runtime_api.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa::test;
namespace test = unihip::hsa::test;

namespace {

enum { kCopies = 2, kHandlersRun = 5 };

// `n` device bytes, each `value`.
uint8_t* deviceBytes(GraphPath& g, size_t n, uint8_t value) {
  void* p = nullptr;
  REQUIRE(g.b->malloc(0, n, &p).ok());
  std::vector<uint8_t> host(n, value);
  REQUIRE(g.b->memcpy(0, p, host.data(), n, CopyDirection::HostToDevice).ok());
  g.buffers.push_back(p);
  return static_cast<uint8_t*>(p);
}

std::vector<uint8_t> read(GraphPath& g, const void* p, size_t n) {
  std::vector<uint8_t> host(n);
  REQUIRE(g.b->memcpy(0, host.data(), p, n, CopyDirection::DeviceToHost).ok());
  return host;
}

// A memset on a host mirror.
void fillMirror(std::vector<uint8_t>* mirror, size_t offset, const hipMemsetParams& m) {
  for (size_t y = 0; y < m.height; ++y)
    for (size_t x = 0; x < m.width; ++x)
      std::memcpy(mirror->data() + offset + y * m.pitch + x * m.elementSize, &m.value,
                  m.elementSize);
}

hipMemcpy3DParms copy3d(void* dst, size_t dpitch, size_t dysize, const void* src, size_t spitch,
                        size_t sysize, hipExtent extent) {
  hipMemcpy3DParms p{};
  p.dstPtr = make_hipPitchedPtr(dst, dpitch, extent.width, dysize);
  p.srcPtr = make_hipPitchedPtr(const_cast<void*>(src), spitch, extent.width, sysize);
  p.extent = extent;
  p.kind = hipMemcpyDefault;
  return p;
}

// A copy on host mirrors (positions already in the pointers).
void copyMirror(uint8_t* dst, const uint8_t* src, const hipMemcpy3DParms& p) {
  const size_t sslice = p.srcPtr.pitch * p.srcPtr.ysize, dslice = p.dstPtr.pitch * p.dstPtr.ysize;
  for (size_t z = 0; z < p.extent.depth; ++z)
    for (size_t y = 0; y < p.extent.height; ++y)
      std::memcpy(dst + z * dslice + y * p.dstPtr.pitch, src + z * sslice + y * p.srcPtr.pitch,
                  p.extent.width);
}

}  // namespace

TEST_CASE("fake ROCr: memset nodes of 1, 2 and 4 bytes, 2-D with pitch, as fill packets",
          "[hsa][graph][graph-packets][graph-nodes]") {
  GraphPath g;
  constexpr size_t kBytes = 1024;
  uint8_t* graphSide = deviceBytes(g, kBytes, 0x11);
  uint8_t* streamSide = deviceBytes(g, kBytes, 0x11);
  std::vector<uint8_t> mirror(kBytes, 0x11);
  struct Case {
    size_t offset;
    unsigned elementSize;
    uint32_t value;
    size_t width, height, pitch;
  };
  const Case cases[] = {
      {0, 2, 0xBEEF, 33, 1, 66},          // aligned, odd count: words and a tail
      {70, 2, 0x7777, 10, 1, 20},         // misaligned start, equal bytes
      {130, 2, 0x1234, 7, 3, 42},         // 2-D, every row misaligned
      {400, 1, 0xAB, 13, 4, 20},          // bytes, 2-D
      {512, 4, 0xDEADBEEF, 8, 5, 48},     // words, 2-D
      {760, 1, 0x5A, 64, 2, 128},         // aligned byte rows: as words
  };
  std::vector<NativeGraphNode> nodes;
  for (const Case& c : cases) {
    hipMemsetParams m{};
    m.dst = graphSide + c.offset;
    m.elementSize = c.elementSize;
    m.value = c.value;
    m.width = c.width;
    m.height = c.height;
    m.pitch = c.pitch;
    NativeGraphNode node = nullptr;
    REQUIRE(g.ops->addMemsetNode(0, {g.graph, nullptr, 0}, m, &node).ok());
    nodes.push_back(node);
    fillMirror(&mirror, c.offset, m);
    for (size_t y = 0; y < c.height; ++y) {  // the stream's own fills
      uint8_t* row = streamSide + c.offset + y * c.pitch;
      if (c.elementSize == 1)
        REQUIRE(g.b->memsetAsync(0, row, static_cast<uint8_t>(c.value), c.width, g.stream).ok());
      else if (c.elementSize == 2)
        REQUIRE(g.b->memsetD16Async(0, row, static_cast<uint16_t>(c.value), c.width, g.stream)
                    .ok());
      else
        REQUIRE(g.b->memsetD32Async(0, row, c.value, c.width, g.stream).ok());
    }
  }
  g.instantiate();
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  const int doorbells = fakeStat(kDoorbells), errors = fakeStat(kKernelErrors);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(fakeStat(kKernelErrors) == errors);
  CHECK(read(g, graphSide, kBytes) == mirror);
  CHECK(read(g, streamSide, kBytes) == mirror);

  // Exec parameters: a new value and width for the first node, then launches repeated.
  hipMemsetParams m{};
  m.dst = graphSide;
  m.elementSize = 2;
  m.value = 0x4321;
  m.width = 20;
  m.height = 1;
  m.pitch = 40;
  REQUIRE(g.ops->execSetMemsetNodeParams(0, g.exec, nodes[0], m).ok());
  fillMirror(&mirror, 0, m);
  const int again = fakeStat(kDoorbells);
  for (int i = 0; i < 3; ++i) REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - again == 3);
  CHECK(read(g, graphSide, kBytes) == mirror);
}

TEST_CASE("fake ROCr: memcpy nodes between device, pinned and registered memory as copy packets",
          "[hsa][graph][graph-packets][graph-nodes]") {
  GraphPath g;
  constexpr size_t kBytes = 1024;
  uint8_t* src = deviceBytes(g, kBytes, 0);
  uint8_t* dst = deviceBytes(g, kBytes, 0xEE);
  std::vector<uint8_t> pattern(kBytes);
  for (size_t i = 0; i < kBytes; ++i) pattern[i] = static_cast<uint8_t>(i * 7 + 3);
  REQUIRE(g.b->memcpy(0, src, pattern.data(), kBytes, CopyDirection::HostToDevice).ok());
  void *pinnedIn = nullptr, *pinnedOut = nullptr;
  REQUIRE(g.b->hostMalloc(0, 256, 0, &pinnedIn).ok());
  REQUIRE(g.b->hostMalloc(0, 256, 0, &pinnedOut).ok());
  for (int i = 0; i < 256; ++i) static_cast<uint8_t*>(pinnedIn)[i] = static_cast<uint8_t>(255 - i);
  std::memset(pinnedOut, 0, 256);
  void* managed = nullptr;
  REQUIRE(g.b->mallocManaged(0, 64, 0, &managed).ok());
  std::memset(managed, 0, 64);
  std::vector<uint8_t> registered(64, 0x42);
  void* registeredDevice = nullptr;
  REQUIRE(g.b->hostRegister(0, registered.data(), registered.size(), 0, &registeredDevice).ok());

  std::vector<uint8_t> mirror(kBytes, 0xEE), pinnedMirror(256, 0), managedMirror(64, 0);
  std::vector<hipMemcpy3DParms> copies = {
      copy3d(dst, 256, 1, src, 256, 1, {256, 1, 1}),                      // 1-D, 16-byte units
      copy3d(dst + 300, 32, 5, src + 64 + 3, 64, 8, {20, 5, 1}),          // 2-D, bytes
      copy3d(dst + 600, 8, 2, src + 512, 16, 4, {8, 2, 3}),               // 3-D, words
      copy3d(dst + 700, 100, 1, pinnedIn, 100, 1, {100, 1, 1}),           // from pinned
      copy3d(pinnedOut, 100, 1, src + 100, 100, 1, {100, 1, 1}),          // to pinned
      copy3d(dst + 900, 64, 1, registered.data(), 64, 1, {64, 1, 1}),     // from registered
      copy3d(managed, 64, 1, src + 256, 64, 1, {64, 1, 1}),               // to managed
  };
  std::vector<NativeGraphNode> nodes;
  for (const hipMemcpy3DParms& p : copies) {
    NativeGraphNode node = nullptr;
    REQUIRE(g.ops->addMemcpyNode(0, {g.graph, nullptr, 0}, p, &node).ok());
    nodes.push_back(node);
  }
  auto mirrorOf = [&](const void* p) -> uint8_t* {
    const auto* b = static_cast<const uint8_t*>(p);
    if (b >= dst && b < dst + kBytes) return mirror.data() + (b - dst);
    if (b >= src && b < src + kBytes) return pattern.data() + (b - src);
    if (p == pinnedOut) return pinnedMirror.data();
    if (p == managed) return managedMirror.data();
    return const_cast<uint8_t*>(b);  // host memory stands for itself
  };
  for (const hipMemcpy3DParms& p : copies)
    copyMirror(mirrorOf(p.dstPtr.ptr), mirrorOf(p.srcPtr.ptr), p);
  g.instantiate();
  const int doorbells = fakeStat(kDoorbells), kernels = fakeStat(kKernelsRun);
  const int errors = fakeStat(kKernelErrors), engine = fakeStat(kCopies);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(fakeStat(kKernelsRun) - kernels == 7);  // one copy kernel per node
  CHECK(fakeStat(kCopies) == engine);           // no copy engine
  CHECK(fakeStat(kKernelErrors) == errors);
  CHECK(read(g, dst, kBytes) == mirror);
  CHECK(std::memcmp(pinnedOut, pinnedMirror.data(), 256) == 0);
  CHECK(std::memcmp(managed, managedMirror.data(), 64) == 0);

  // Exec parameters: the first copy from another source offset; launches repeated.
  hipMemcpy3DParms moved = copy3d(dst, 128, 1, src + 128, 128, 1, {128, 1, 1});
  REQUIRE(g.ops->execSetMemcpyNodeParams(0, g.exec, nodes[0], moved).ok());
  copyMirror(mirror.data(), pattern.data() + 128, moved);
  const int again = fakeStat(kDoorbells);
  for (int i = 0; i < 3; ++i) REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - again == 3);
  CHECK(read(g, dst, kBytes) == mirror);

  // A change while a launch waits in the queue: that launch keeps its copy (to dst + 0), the
  // next one takes the new one (to dst + 464), the packets patched in the exec's other buffer.
  static uint32_t gate = 0;
  gate = 0;
  REQUIRE(g.b->streamWaitValue(0, g.stream, &gate, 1, ~uint64_t{0}, hipStreamWaitValueEq, false)
              .ok());
  std::vector<uint8_t> cleared(kBytes, 0);
  REQUIRE(g.b->memcpy(0, dst, cleared.data(), kBytes, CopyDirection::HostToDevice).ok());
  REQUIRE(g.launch().ok());
  hipMemcpy3DParms elsewhere = copy3d(dst + 464, 128, 1, src + 128, 128, 1, {128, 1, 1});
  REQUIRE(g.ops->execSetMemcpyNodeParams(0, g.exec, nodes[0], elsewhere).ok());
  REQUIRE(g.launch().ok());
  __atomic_store_n(&gate, 1u, __ATOMIC_RELEASE);
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  const std::vector<uint8_t> now = read(g, dst, kBytes);
  CHECK(std::memcmp(now.data(), pattern.data() + 128, 128) == 0);
  CHECK(std::memcmp(now.data() + 464, pattern.data() + 128, 128) == 0);
  REQUIRE(g.ops->execSetMemcpyNodeParams(0, g.exec, nodes[0], moved).ok());

  // A disabled copy does nothing.
  REQUIRE(g.b->memcpy(0, dst + 700, cleared.data(), 100, CopyDirection::HostToDevice).ok());
  REQUIRE(g.ops->nodeSetEnabled(0, g.exec, nodes[3], 0).ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(read(g, dst + 700, 100) == std::vector<uint8_t>(100, 0));

  REQUIRE(g.b->hostUnregister(0, registered.data()).ok());
  REQUIRE(g.b->freeManaged(0, managed).ok());
  REQUIRE(g.b->hostFree(0, pinnedIn).ok());
  REQUIRE(g.b->hostFree(0, pinnedOut).ok());
}

TEST_CASE("fake ROCr: a copy of pageable host memory replays its graph, still right",
          "[hsa][graph][graph-packets][graph-nodes]") {
  GraphPath g;
  uint8_t* dst = deviceBytes(g, 64, 0);
  std::vector<uint8_t> pageable(64);
  for (int i = 0; i < 64; ++i) pageable[i] = static_cast<uint8_t>(i + 1);
  NativeGraphNode node = nullptr;
  REQUIRE(g.ops->addMemcpyNode(0, {g.graph, nullptr, 0},
                               copy3d(dst, 64, 1, pageable.data(), 64, 1, {64, 1, 1}), &node)
              .ok());
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  g.add(1.0f, x, y, {node});
  g.instantiate();
  const int engine = fakeStat(kCopies);
  for (int i = 0; i < 2; ++i) REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kCopies) - engine == 2);  // the copy engine, node by node
  CHECK(read(g, dst, 64) == pageable);
  CHECK(g.at(y) == 2.0f);
}

TEST_CASE("fake ROCr: event record nodes leave the event as a stream record would",
          "[hsa][graph][graph-packets][graph-nodes]") {
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  NativeEvent start = nullptr, stop = nullptr;
  REQUIRE(g.b->eventCreate(0, 0, &start).ok());
  REQUIRE(g.b->eventCreate(0, 0, &stop).ok());
  NativeGraphNode first = nullptr, second = nullptr;
  REQUIRE(g.ops->addEventNode(0, {g.graph, nullptr, 0}, true, start, &first).ok());
  NativeGraphNode k = g.add(1.0f, x, y, {first});
  REQUIRE(g.ops->addEventNode(0, {g.graph, &k, 1}, true, stop, &second).ok());
  g.instantiate();
  NativeStream other = nullptr;
  REQUIRE(g.b->streamCreate(0, 0, 0, &other).ok());
  float* z = g.buffer(0.0f);

  // Held by a stream wait: the event is pending, and work waiting on it waits.
  static uint32_t gate = 0;
  gate = 0;
  REQUIRE(g.b->streamWaitValue(0, g.stream, &gate, 1, ~uint64_t{0}, hipStreamWaitValueEq, false)
              .ok());
  const int doorbells = fakeStat(kDoorbells);
  REQUIRE(g.launch().ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(g.b->eventQuery(0, stop).code() == hipErrorNotReady);
  REQUIRE(g.b->streamWaitEvent(0, other, stop).ok());
  LaunchConfig c;
  c.grid = dim3(1);
  c.block = dim3(GraphPath::n);
  c.stream = other;
  float a = 1.0f;
  void* args[] = {&a, &y, &z, &g.count};  // z += y: after the graph, y is 1
  REQUIRE(g.b->launch(0, g.axpy, c, args).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(g.b->streamQuery(0, other).code() == hipErrorNotReady);
  __atomic_store_n(&gate, 1u, __ATOMIC_RELEASE);
  REQUIRE(g.b->eventSynchronize(0, stop).ok());
  CHECK(g.b->eventQuery(0, stop).ok());
  CHECK(g.b->eventQuery(0, start).ok());
  REQUIRE(g.b->streamSynchronize(0, other).ok());
  CHECK(g.at(z) == 1.0f);
  float ms = -1;
  CHECK(g.b->eventElapsedTime(0, start, stop, &ms).ok());
  CHECK(ms >= 0.0f);

  // Launches repeated; a stream record afterwards is the event's latest again.
  for (int i = 0; i < 3; ++i) REQUIRE(g.launch().ok());
  REQUIRE(g.b->eventSynchronize(0, stop).ok());
  CHECK(g.at(y) == 4.0f);
  REQUIRE(g.b->eventRecord(0, stop, other).ok());
  REQUIRE(g.b->eventSynchronize(0, stop).ok());
  CHECK(g.b->eventQuery(0, stop).ok());

  // The exec goes while its record is pending: the event keeps it.
  gate = 0;
  REQUIRE(g.b->streamWaitValue(0, g.stream, &gate, 1, ~uint64_t{0}, hipStreamWaitValueEq, false)
              .ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.ops->execDestroy(0, g.exec).ok());
  g.exec = nullptr;
  CHECK(g.b->eventQuery(0, stop).code() == hipErrorNotReady);
  __atomic_store_n(&gate, 1u, __ATOMIC_RELEASE);
  REQUIRE(g.b->eventSynchronize(0, stop).ok());
  CHECK(g.b->eventQuery(0, stop).ok());
  CHECK(g.at(y) == 5.0f);

  // New event for a node of an exec (SetEvent), then the events destroyed before the exec.
  g.instantiate();
  NativeEvent fresh = nullptr;
  REQUIRE(g.b->eventCreate(0, 0, &fresh).ok());
  REQUIRE(g.ops->execSetEventNodeEvent(0, g.exec, second, true, fresh).ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->eventSynchronize(0, fresh).ok());
  CHECK(g.at(y) == 6.0f);
  REQUIRE(g.b->eventDestroy(0, fresh).ok());
  REQUIRE(g.b->eventDestroy(0, start).ok());
  REQUIRE(g.b->eventDestroy(0, stop).ok());
  REQUIRE(g.ops->execDestroy(0, g.exec).ok());
  g.exec = nullptr;
  REQUIRE(g.b->streamDestroy(0, other).ok());
}

TEST_CASE("fake ROCr: event wait nodes hold later packets until the event completes",
          "[hsa][graph][graph-packets][graph-nodes]") {
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  NativeEvent e = nullptr;
  REQUIRE(g.b->eventCreate(0, 0, &e).ok());
  NativeGraphNode wait = nullptr;
  REQUIRE(g.ops->addEventNode(0, {g.graph, nullptr, 0}, false, e, &wait).ok());
  g.add(1.0f, x, y, {wait});
  g.instantiate();
  NativeStream other = nullptr;
  REQUIRE(g.b->streamCreate(0, 0, 0, &other).ok());

  // Never recorded: nothing to wait for.
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(g.at(y) == 1.0f);

  static uint32_t gate = 0;
  for (int round = 0; round < 2; ++round) {
    gate = 0;
    REQUIRE(g.b->streamWaitValue(0, other, &gate, 1, ~uint64_t{0}, hipStreamWaitValueEq, false)
                .ok());
    REQUIRE(g.b->eventRecord(0, e, other).ok());
    const int doorbells = fakeStat(kDoorbells);
    REQUIRE(g.launch().ok());
    CHECK(fakeStat(kDoorbells) - doorbells == 1);
    // Re-recorded meanwhile (the first record's signal must not be reused under the wait).
    REQUIRE(g.b->eventRecord(0, e, other).ok());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(g.b->streamQuery(0, g.stream).code() == hipErrorNotReady);
    CHECK(g.at(y, GraphPath::n - 1) == 1.0f + round);  // (the legacy stream reads it)
    __atomic_store_n(&gate, 1u, __ATOMIC_RELEASE);
    REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
    CHECK(g.at(y) == 2.0f + round);
  }
  REQUIRE(g.b->streamSynchronize(0, other).ok());
  REQUIRE(g.b->eventDestroy(0, e).ok());
  REQUIRE(g.b->streamDestroy(0, other).ok());
}

namespace {

// What a host node saw: y[0] at each call (the fake's device memory is host memory).
struct Seen {
  const float* y = nullptr;
  std::atomic<int> calls{0};
  float values[64] = {};
};

void noteY(void* arg) {
  auto* s = static_cast<Seen*>(arg);
  const int i = s->calls.load();
  if (i < 64) s->values[i] = s->y[0];
  s->calls.store(i + 1);
}

}  // namespace

TEST_CASE("fake ROCr: host nodes run in graph order through ROCr's async handler",
          "[hsa][graph][graph-packets][graph-nodes]") {
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  Seen seen;
  seen.y = y;
  NativeGraphNode k1 = g.add(1.0f, x, y);
  NativeGraphNode host = nullptr;
  REQUIRE(g.ops->addHostNode(0, {g.graph, &k1, 1}, hipHostNodeParams{noteY, &seen}, &host).ok());
  g.add(1.0f, x, y, {host});
  g.instantiate();
  const int doorbells = fakeStat(kDoorbells), handlers = fakeStat(kHandlersRun);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  CHECK(fakeStat(kHandlersRun) - handlers == 1);
  CHECK(seen.calls == 1);
  CHECK(seen.values[0] == 1.0f);  // after the first kernel, before the second

  // Back to back, more launches than host slots (the later ones wait or replay): in order.
  constexpr int kLaunches = 10;
  for (int i = 0; i < kLaunches; ++i) REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  REQUIRE(seen.calls == kLaunches + 1);
  for (int i = 1; i <= kLaunches; ++i) CHECK(seen.values[i] == float(2 * i + 1));
  CHECK(g.at(y) == float(2 * (kLaunches + 1)));

  // Exec parameters: another function and argument.
  int counted = 0;
  REQUIRE(g.ops->execSetHostNodeParams(0, g.exec, host, hipHostNodeParams{noteHost, &counted})
              .ok());
  const int again = fakeStat(kDoorbells);
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(fakeStat(kDoorbells) - again == 1);
  CHECK(counted == 1);
  CHECK(seen.calls == kLaunches + 1);

  // A change while a launch waits in the queue: that launch calls the function it was made with.
  static uint32_t gate = 0;
  gate = 0;
  REQUIRE(g.b->streamWaitValue(0, g.stream, &gate, 1, ~uint64_t{0}, hipStreamWaitValueEq, false)
              .ok());
  REQUIRE(g.launch().ok());
  REQUIRE(g.ops->execSetHostNodeParams(0, g.exec, host, hipHostNodeParams{noteY, &seen}).ok());
  REQUIRE(g.launch().ok());
  __atomic_store_n(&gate, 1u, __ATOMIC_RELEASE);
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  CHECK(counted == 2);
  CHECK(seen.calls == kLaunches + 2);
}

TEST_CASE("fake ROCr: a graph mixing every node kind launches without allocation or lock",
          "[hsa][graph][graph-packets][graph-nodes][hot-path]") {
  if (!test::CallCounter::available()) {
    WARN("sanitizer build: the interposers are off, nothing counted");
    return;
  }
  GraphPath g;
  float* x = g.buffer(1.0f);
  float* y = g.buffer(0.0f);
  uint8_t* bytes = deviceBytes(g, 256, 0);
  void* pinned = nullptr;
  REQUIRE(g.b->hostMalloc(0, 64, 0, &pinned).ok());
  std::memset(pinned, 0x33, 64);
  NativeEvent recorded = nullptr, waited = nullptr;
  REQUIRE(g.b->eventCreate(0, 0, &recorded).ok());
  REQUIRE(g.b->eventCreate(0, 0, &waited).ok());
  REQUIRE(g.b->eventRecord(0, waited, g.stream).ok());

  NativeGraphNode n = nullptr;
  NativeGraphNode dep = nullptr;  // each node after the one before
  auto after = [&](NativeGraphNode d) {
    dep = d;
    return NodePlace{g.graph, &dep, d ? 1u : 0u};
  };
  hipMemAllocNodeParams alloc{};
  alloc.poolProps.allocType = hipMemAllocationTypePinned;
  alloc.poolProps.location.type = hipMemLocationTypeDevice;
  alloc.poolProps.location.id = 0;
  alloc.bytesize = 4096;
  NativeGraphNode allocNode = nullptr;
  REQUIRE(g.ops->addMemAllocNode(0, after(nullptr), &alloc, &allocNode).ok());
  REQUIRE(g.ops->addEventNode(0, after(allocNode), false, waited, &n).ok());
  n = g.add(1.0f, x, y, {n});
  hipMemsetParams m{};
  m.dst = bytes;
  m.elementSize = 2;
  m.value = 0xA5A5;
  m.width = 31;
  m.height = 1;
  m.pitch = 62;
  REQUIRE(g.ops->addMemsetNode(0, after(n), m, &n).ok());
  REQUIRE(g.ops->addMemcpyNode(0, after(n), copy3d(bytes + 64, 64, 1, pinned, 64, 1, {64, 1, 1}),
                               &n).ok());
  REQUIRE(g.ops->addMemcpyNode(0, after(n), copy3d(alloc.dptr, 128, 1, bytes, 128, 1,
                                                   {128, 1, 1}), &n).ok());
  int hostCalls = 0;
  REQUIRE(g.ops->addHostNode(0, after(n), hipHostNodeParams{noteHost, &hostCalls}, &n).ok());
  REQUIRE(g.ops->addEventNode(0, after(n), true, recorded, &n).ok());
  NativeGraph child = nullptr;
  REQUIRE(g.ops->graphCreate(0, &child).ok());
  NativeGraphNode empty = nullptr;
  REQUIRE(g.ops->addEmptyNode(0, {child, nullptr, 0}, &empty).ok());
  REQUIRE(g.ops->addChildGraphNode(0, after(n), child, &n).ok());
  REQUIRE(g.ops->graphDestroy(0, child).ok());
  REQUIRE(g.ops->addMemFreeNode(0, after(n), alloc.dptr, &n).ok());
  g.instantiate();
  REQUIRE(g.launch().ok());
  REQUIRE(g.b->streamSynchronize(0, g.stream).ok());

  constexpr int kRounds = 4;
  constexpr int kPerRound = 4;  // HsaGraphProgram::kHostSlots: no launch waits for a slot
  int allocations = 0, locks = 0;
  const int doorbells = fakeStat(kDoorbells);
  for (int r = 0; r < kRounds; ++r) {
    Status results[kPerRound];
    {
      test::CallCounter counter;
      for (Status& s : results) s = g.launch();
      allocations += counter.allocations();
      locks += counter.locks();
    }
    for (const Status& s : results) REQUIRE(s.ok());
    REQUIRE(g.b->streamSynchronize(0, g.stream).ok());
  }
  CHECK(allocations == 0);
  CHECK(locks == 0);
  CHECK(fakeStat(kDoorbells) - doorbells == kRounds * kPerRound);  // pre-built, each of them
  CHECK(hostCalls == 1 + kRounds * kPerRound);
  CHECK(g.at(y) == float(1 + kRounds * kPerRound));
  CHECK(g.b->eventQuery(0, recorded).ok());
  std::vector<uint8_t> expected(128, 0xA5);
  expected[62] = expected[63] = 0;  // past the memset's 31 elements
  std::fill(expected.begin() + 64, expected.end(), 0x33);
  CHECK(read(g, alloc.dptr, 128) == expected);
  CHECK(read(g, bytes, 128) == expected);

  REQUIRE(g.ops->execDestroy(0, g.exec).ok());
  g.exec = nullptr;
  REQUIRE(g.b->eventDestroy(0, recorded).ok());
  REQUIRE(g.b->eventDestroy(0, waited).ok());
  REQUIRE(g.b->hostFree(0, pinned).ok());
}

namespace {
void countCall(void* counter) { ++*static_cast<std::atomic<int>*>(counter); }
}  // namespace

TEST_CASE("fake ROCr through the HIP API: copy, host and event nodes, set and launched",
          "[hsa][graph][graph-packets][graph-nodes]") {
  FakeRuntime runtime;
  constexpr size_t n = 256;
  uint8_t *a = nullptr, *b = nullptr, *pinned = nullptr;
  REQUIRE(hipMalloc(&a, n) == hipSuccess);
  REQUIRE(hipMalloc(&b, n) == hipSuccess);
  REQUIRE(hipHostMalloc(&pinned, n, 0) == hipSuccess);
  for (size_t i = 0; i < n; ++i) pinned[i] = static_cast<uint8_t>(i);
  REQUIRE(hipMemset(b, 0, n) == hipSuccess);
  hipEvent_t e1 = nullptr, e2 = nullptr;
  REQUIRE(hipEventCreate(&e1) == hipSuccess);
  REQUIRE(hipEventCreate(&e2) == hipSuccess);
  hipStream_t stream = nullptr, other = nullptr;
  REQUIRE(hipStreamCreate(&stream) == hipSuccess);
  REQUIRE(hipStreamCreate(&other) == hipSuccess);

  // pinned -> a -> host function -> a -> b, then record e1.
  hipGraph_t graph = nullptr;
  REQUIRE(hipGraphCreate(&graph, 0) == hipSuccess);
  hipGraphNode_t up = nullptr, host = nullptr, across = nullptr, record = nullptr;
  REQUIRE(hipGraphAddMemcpyNode1D(&up, graph, nullptr, 0, a, pinned, n, hipMemcpyHostToDevice) ==
          hipSuccess);
  std::atomic<int> calls{0};
  hipHostNodeParams hp{countCall, &calls};
  REQUIRE(hipGraphAddHostNode(&host, graph, &up, 1, &hp) == hipSuccess);
  REQUIRE(hipGraphAddMemcpyNode1D(&across, graph, &host, 1, b, a, n, hipMemcpyDeviceToDevice) ==
          hipSuccess);
  REQUIRE(hipGraphAddEventRecordNode(&record, graph, &across, 1, e1) == hipSuccess);
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0) == hipSuccess);
  const int doorbells = fakeStat(kDoorbells);
  REQUIRE(hipGraphLaunch(exec, stream) == hipSuccess);
  CHECK(fakeStat(kDoorbells) - doorbells == 1);
  REQUIRE(hipStreamWaitEvent(other, e1, 0) == hipSuccess);
  REQUIRE(hipStreamSynchronize(other) == hipSuccess);
  REQUIRE(hipEventSynchronize(e1) == hipSuccess);
  CHECK(hipEventQuery(e1) == hipSuccess);
  std::vector<uint8_t> host1(n);
  REQUIRE(hipStreamSynchronize(stream) == hipSuccess);
  REQUIRE(hipMemcpy(host1.data(), b, n, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(host1[0] == 0);
  CHECK(host1[n - 1] == static_cast<uint8_t>(n - 1));
  CHECK(calls == 1);

  // New copy source (half of it), new event.
  REQUIRE(hipGraphExecMemcpyNodeSetParams1D(exec, up, a, pinned + n / 2, n / 2,
                                            hipMemcpyHostToDevice) == hipSuccess);
  REQUIRE(hipGraphExecEventRecordNodeSetEvent(exec, record, e2) == hipSuccess);
  REQUIRE(hipGraphLaunch(exec, stream) == hipSuccess);
  REQUIRE(hipEventSynchronize(e2) == hipSuccess);
  REQUIRE(hipStreamSynchronize(stream) == hipSuccess);
  REQUIRE(hipMemcpy(host1.data(), b, n, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(host1[0] == static_cast<uint8_t>(n / 2));
  CHECK(calls == 2);
  float ms = -1;
  CHECK(hipEventElapsedTime(&ms, e1, e2) == hipSuccess);

  // Bad handles are answered as before.
  CHECK(hipGraphExecEventRecordNodeSetEvent(exec, up, e2) == hipErrorInvalidValue);
  CHECK(hipGraphExecMemcpyNodeSetParams1D(exec, host, a, b, 4, hipMemcpyDeviceToDevice) ==
        hipErrorInvalidValue);

  CHECK(hipGraphExecDestroy(exec) == hipSuccess);
  CHECK(hipGraphDestroy(graph) == hipSuccess);
  CHECK(hipEventDestroy(e1) == hipSuccess);
  CHECK(hipEventDestroy(e2) == hipSuccess);
  CHECK(hipStreamDestroy(stream) == hipSuccess);
  CHECK(hipStreamDestroy(other) == hipSuccess);
  CHECK(hipFree(a) == hipSuccess);
  CHECK(hipFree(b) == hipSuccess);
  CHECK(hipHostFree(pinned) == hipSuccess);
}
