// The graph-packet tests' fixture (test_graph_packets_fake_rocr.cpp, test_graph_nodes_fake_rocr.cpp):
// an HSA backend over the fake ROCr with the axpy kernel loaded, a stream and a graph, and
// readers of the fake's packet history.
#pragma once

#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <hsa/hsa.h>

#include <memory>
#include <vector>

#include "backend.h"
#include "seam/graph_ops.h"
#include "test_support.h"

namespace unihip::hsa::test {

enum { kKernelsRun = 0, kBarriersRun = 1, kKernelErrors = 3, kDoorbells = 14 };

inline void lastDispatch(hsa_kernel_dispatch_packet_t* packet, uint8_t* kernarg, size_t n) {
  void* lib = dlopen(UNIHIP_FAKE_HSA_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  auto f = reinterpret_cast<void (*)(void*, void*, size_t)>(dlsym(lib, "fake_hsa_last_dispatch"));
  REQUIRE(f != nullptr);
  f(packet, kernarg, n);
  dlclose(lib);
}

// The headers of the latest `n` packets the fake processed, oldest first.
inline std::vector<uint16_t> recentHeaders(size_t n) {
  void* lib = dlopen(UNIHIP_FAKE_HSA_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  auto f = reinterpret_cast<size_t (*)(uint16_t*, size_t)>(dlsym(lib, "fake_hsa_recent_headers"));
  REQUIRE(f != nullptr);
  std::vector<uint16_t> out(n);
  out.resize(f(out.data(), n));
  dlclose(lib);
  return out;
}

inline unsigned typeOf(uint16_t header) { return header & 0xFF; }
inline bool barrierOf(uint16_t header) { return (header >> HSA_PACKET_HEADER_BARRIER) & 1; }

inline void noteHost(void* counter) { ++*static_cast<int*>(counter); }

// The axpy kernel (y = a*x + y over `n` floats) as graph nodes on one stream.
struct GraphPath {
  static constexpr int n = 64;
  std::unique_ptr<Backend> b = fakeBackend();
  GraphOps* ops = b->graphs();
  std::vector<uint8_t> image = test::readCodeObject("gfx90a");
  NativeModule module = test::loadGfx90aModule(*b, image);
  NativeFunction axpy = nullptr;
  NativeStream stream = nullptr;
  NativeGraph graph = nullptr;
  NativeGraphExec exec = nullptr;
  std::vector<void*> buffers;
  int count = n;

  GraphPath() {
    REQUIRE(ops != nullptr);
    REQUIRE(b->getFunction(0, module, "axpy", &axpy).ok());
    REQUIRE(b->streamCreate(0, 0, 0, &stream).ok());
    REQUIRE(ops->graphCreate(0, &graph).ok());
  }
  ~GraphPath() {
    (void)b->streamSynchronize(0, stream);
    if (exec) (void)ops->execDestroy(0, exec);
    (void)ops->graphDestroy(0, graph);
    for (void* p : buffers) (void)b->free(0, p);
    (void)b->streamDestroy(0, stream);
    (void)b->unloadModule(0, module);
  }
  // A device buffer of n floats, each `value`.
  float* buffer(float value) {
    void* p = nullptr;
    REQUIRE(b->malloc(0, n * sizeof(float), &p).ok());
    std::vector<float> host(n, value);
    REQUIRE(b->memcpy(0, p, host.data(), n * sizeof(float), CopyDirection::HostToDevice).ok());
    buffers.push_back(p);
    return static_cast<float*>(p);
  }
  KernelNodeArgs args(float& a, float*& x, float*& y) {
    static thread_local void* slots[4];
    slots[0] = &a, slots[1] = &x, slots[2] = &y, slots[3] = &count;
    KernelNodeArgs k;
    k.function = axpy;
    k.grid = dim3(1);
    k.block = dim3(n);
    k.args = slots;
    return k;
  }
  NativeGraphNode add(float a, float* x, float* y, std::vector<NativeGraphNode> deps = {}) {
    NativeGraphNode node = nullptr;
    REQUIRE(ops->addKernelNode(0, {graph, deps.data(), deps.size()}, args(a, x, y), &node).ok());
    return node;
  }
  void instantiate() {
    InstantiateResult r;
    REQUIRE(ops->instantiate(0, graph, 0, nullptr, &exec, &r).ok());
  }
  [[gnu::noinline]] Status launch() { return ops->launchGraph(0, exec, stream); }
  float at(const float* p, int i = 0) {
    float v = 0;
    REQUIRE(b->memcpy(0, &v, p + i, sizeof v, CopyDirection::DeviceToHost).ok());
    return v;
  }
};


}  // namespace unihip::hsa::test
