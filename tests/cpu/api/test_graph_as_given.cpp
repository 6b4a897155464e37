// Graph nodes answer what the caller gave them, as AMD's runtime (which keeps them verbatim)
// does, over a fake graphs family (fake_graphs.h) and a fake image family (fake_images.h): copy
// nodes with array sides (resolved to native arrays and bytes for the family, answered back as
// hipArray_t and elements, also where the driver made the node), allocation nodes (the caller's
// access list pointer), kernel nodes inside a child graph's copy (the host function), a graph
// added as its own child, and the capture rules on events and threads (hipErrorCapturedEvent,
// hipErrorStreamCaptureWrongThread). hip-tests cases: hipGraphAddMemcpyNode*, hipGraphMemcpyNode*,
// hipGraphMemAllocNodeGetParams, hipGraphAddChildGraphNode, hipStreamBeginCapture,
// hipStreamEndCapture.
#include <catch2/catch.hpp>

#include <cstring>
#include <thread>

#include "core/graph/graph_handles.h"
#include "core/images.h"
#include "fake_graphs.h"
#include "fake_images.h"
#include "install_fake.h"

using namespace unihip::testing;

// tests/cpu/kernels/registered.hip: a registered kernel scale(float*, float).
const void* scaleHostFunction();

namespace {

using FakeNode = FakeGraphOps::Node;

FakeNode* fakeNode(hipGraphNode_t n) { return static_cast<FakeNode*>(n->native); }

bool samePtr(const hipPitchedPtr& a, const hipPitchedPtr& b) {
  return a.ptr == b.ptr && a.pitch == b.pitch && a.xsize == b.xsize && a.ysize == b.ysize;
}
bool samePos(const hipPos& a, const hipPos& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
bool sameCopy(const hipMemcpy3DParms& a, const hipMemcpy3DParms& b) {
  return a.srcArray == b.srcArray && samePos(a.srcPos, b.srcPos) && samePtr(a.srcPtr, b.srcPtr) &&
         a.dstArray == b.dstArray && samePos(a.dstPos, b.dstPos) && samePtr(a.dstPtr, b.dstPtr) &&
         a.extent.width == b.extent.width && a.extent.height == b.extent.height &&
         a.extent.depth == b.extent.depth && a.kind == b.kind;
}

struct Families {
  FakeGraphOps graphs;
  FakeImageOps images;
  Families() { installFakeGraphs(&graphs)->imageOps = &images; }
};

}  // namespace

TEST_CASE("graph copy nodes with arrays: native arrays in bytes for the family, the caller's "
          "form answered back",
          "[graph][arrays]") {
  Families f;
  const hipChannelFormatDesc i32 = hipCreateChannelDesc<int>();
  hipArray_t arr = nullptr, arr2 = nullptr;
  REQUIRE(hipMalloc3DArray(&arr, &i32, make_hipExtent(8, 4, 2), hipArrayDefault) == hipSuccess);
  REQUIRE(hipMalloc3DArray(&arr2, &i32, make_hipExtent(8, 4, 2), hipArrayDefault) == hipSuccess);
  static int host[8 * 4 * 2];
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(host, 8 * sizeof(int), 8, 4);  // xsize in elements, as hip-tests
  p.dstArray = arr;
  p.extent = make_hipExtent(8, 4, 2);
  p.kind = hipMemcpyHostToDevice;

  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);
  hipGraphNode_t node = nullptr;
  REQUIRE(hipGraphAddMemcpyNode(&node, g, nullptr, 0, &p) == hipSuccess);
  // The family got the native array and the width in bytes.
  const hipMemcpy3DParms& resolved = fakeNode(node)->copy;
  CHECK(resolved.dstArray == static_cast<hipArray_t>(arr->native));
  CHECK(resolved.dstPtr.ptr == nullptr);
  CHECK(resolved.extent.width == 8 * sizeof(int));
  CHECK(resolved.srcPtr.ptr == host);
  hipMemcpy3DParms got{};
  REQUIRE(hipGraphMemcpyNodeGetParams(node, &got) == hipSuccess);
  CHECK(sameCopy(got, p));

  // Set: array to array at an element offset; the family counts it in bytes.
  hipMemcpy3DParms q{};
  q.srcArray = arr2;
  q.srcPos = make_hipPos(1, 0, 0);
  q.dstArray = arr;
  q.extent = make_hipExtent(7, 4, 2);
  q.kind = hipMemcpyDeviceToDevice;
  REQUIRE(hipGraphMemcpyNodeSetParams(node, &q) == hipSuccess);
  CHECK(fakeNode(node)->copy.srcArray == static_cast<hipArray_t>(arr2->native));
  CHECK(fakeNode(node)->copy.srcPos.x == sizeof(int));
  CHECK(fakeNode(node)->copy.extent.width == 7 * sizeof(int));
  REQUIRE(hipGraphMemcpyNodeGetParams(node, &got) == hipSuccess);
  CHECK(sameCopy(got, q));

  // hipGraphAddNode's copy, and a clone's node, answer the same.
  hipGraphNodeParams np{};
  np.type = hipGraphNodeTypeMemcpy;
  np.memcpy.copyParams = p;
  hipGraphNode_t added = nullptr;
  REQUIRE(hipGraphAddNode(&added, g, nullptr, 0, &np) == hipSuccess);
  CHECK(fakeNode(added)->copy.dstArray == static_cast<hipArray_t>(arr->native));
  hipGraph_t clone = nullptr;
  REQUIRE(hipGraphClone(&clone, g) == hipSuccess);
  hipGraphNode_t inClone = nullptr;
  REQUIRE(hipGraphNodeFindInClone(&inClone, node, clone) == hipSuccess);
  REQUIRE(hipGraphMemcpyNodeGetParams(inClone, &got) == hipSuccess);
  CHECK(sameCopy(got, q));

  // A node the driver made (inside a child graph's copy) maps the native array back.
  hipGraph_t parent = nullptr;
  REQUIRE(hipGraphCreate(&parent, 0) == hipSuccess);
  hipGraphNode_t sub = nullptr;
  REQUIRE(hipGraphAddChildGraphNode(&sub, parent, nullptr, 0, clone) == hipSuccess);
  hipGraph_t inner = nullptr;
  REQUIRE(hipGraphChildGraphNodeGetGraph(sub, &inner) == hipSuccess);
  hipGraphNode_t innerNodes[4];
  size_t count = 4;
  REQUIRE(hipGraphGetNodes(inner, innerNodes, &count) == hipSuccess);
  REQUIRE(count == 2);
  int arraysSeen = 0;
  for (size_t i = 0; i < count; ++i) {
    REQUIRE(hipGraphMemcpyNodeGetParams(innerNodes[i], &got) == hipSuccess);
    CHECK(got.dstArray == arr);
    CHECK(got.extent.width <= 8);  // elements (7 or 8), not bytes
    if (got.srcArray == arr2) {
      ++arraysSeen;
      CHECK(got.srcPos.x == 1);
    }
  }
  CHECK(arraysSeen == 1);

  // The driver-style query: byte widths and the hipArray_t as an array side.
  HIP_MEMCPY3D drv{};
  REQUIRE(hipDrvGraphMemcpyNodeGetParams(node, &drv) == hipSuccess);
  CHECK(drv.srcMemoryType == hipMemoryTypeArray);
  CHECK(drv.srcArray == arr2);
  CHECK(drv.srcXInBytes == sizeof(int));
  CHECK(drv.WidthInBytes == 7 * sizeof(int));

  // The executable graph's copy takes the resolved form too.
  hipGraphExec_t exec = nullptr;
  REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) == hipSuccess);
  CHECK(hipGraphExecMemcpyNodeSetParams(exec, node, &p) == hipSuccess);

  // Checked as hipMemcpy3D (AMD's ihipMemcpy3D_validate): a pointer side's pitch must hold the
  // row (in bytes, for an array copy), the kind must be one, an array must be live.
  hipMemcpy3DParms narrow = p;
  narrow.srcPtr.pitch = 4 * sizeof(int);
  CHECK(hipGraphMemcpyNodeSetParams(node, &narrow) == hipErrorInvalidPitchValue);
  CHECK(hipGraphAddMemcpyNode(&added, g, nullptr, 0, &narrow) == hipErrorInvalidPitchValue);
  hipMemcpy3DParms badKind = p;
  badKind.kind = static_cast<hipMemcpyKind>(-1);
  CHECK(hipGraphMemcpyNodeSetParams(node, &badKind) == hipErrorInvalidMemcpyDirection);
  hipMemcpy3DParms both = p;
  both.dstPtr = p.srcPtr;  // an array and a pointer on one side
  CHECK(hipGraphMemcpyNodeSetParams(node, &both) == hipErrorInvalidValue);
  hipArray_t gone = nullptr;
  REQUIRE(hipMalloc3DArray(&gone, &i32, make_hipExtent(8, 4, 2), hipArrayDefault) == hipSuccess);
  REQUIRE(hipFreeArray(gone) == hipSuccess);
  hipMemcpy3DParms dead = p;
  dead.dstArray = gone;
  CHECK(hipGraphMemcpyNodeSetParams(node, &dead) == hipErrorInvalidHandle);
  REQUIRE(hipGraphMemcpyNodeGetParams(node, &got) == hipSuccess);
  CHECK(sameCopy(got, q));  // unchanged by the refused sets

  // Linear copies: a pitch narrower than the row is hipErrorInvalidPitchValue, as hipMemcpy3D.
  static char a[256], b[256];
  hipMemcpy3DParms lin{};
  lin.srcPtr = make_hipPitchedPtr(a, 64, 64, 4);
  lin.dstPtr = make_hipPitchedPtr(b, 64, 64, 4);
  lin.extent = make_hipExtent(64, 4, 1);
  lin.kind = hipMemcpyHostToHost;
  hipGraphNode_t linear = nullptr;
  REQUIRE(hipGraphAddMemcpyNode(&linear, g, nullptr, 0, &lin) == hipSuccess);
  lin.dstPtr.pitch = 63;
  CHECK(hipGraphMemcpyNodeSetParams(linear, &lin) == hipErrorInvalidPitchValue);

  REQUIRE(hipGraphExecDestroy(exec) == hipSuccess);
  REQUIRE(hipGraphDestroy(parent) == hipSuccess);
  REQUIRE(hipGraphDestroy(clone) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipFreeArray(arr) == hipSuccess);
  REQUIRE(hipFreeArray(arr2) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("graph nodes answer what they were given: allocations, kernels in child graphs; a "
          "graph as its own child",
          "[graph]") {
  FakeGraphOps ops;
  installFakeGraphs(&ops);
  hipGraph_t g = nullptr;
  REQUIRE(hipGraphCreate(&g, 0) == hipSuccess);

  // An allocation node answers the caller's parameters byte for byte, access list pointer
  // included (hip-tests' hipGraphMemAllocNodeGetParams memcmp).
  hipMemAccessDesc desc;
  std::memset(&desc, 0, sizeof desc);
  desc.location.type = hipMemLocationTypeDevice;
  desc.location.id = 0;
  desc.flags = hipMemAccessFlagsProtReadWrite;
  hipMemAllocNodeParams ap;
  std::memset(&ap, 0, sizeof ap);
  ap.bytesize = 1 << 20;
  ap.poolProps.allocType = hipMemAllocationTypePinned;
  ap.poolProps.location.type = hipMemLocationTypeDevice;
  ap.accessDescs = &desc;
  ap.accessDescCount = 1;
  hipGraphNode_t alloc = nullptr;
  REQUIRE(hipGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == hipSuccess);
  REQUIRE(ap.dptr != nullptr);
  hipMemAllocNodeParams got;
  std::memset(&got, 0xCC, sizeof got);
  REQUIRE(hipGraphMemAllocNodeGetParams(alloc, &got) == hipSuccess);
  CHECK(std::memcmp(&got, &ap, sizeof ap) == 0);
  hipGraph_t clone = nullptr;
  REQUIRE(hipGraphClone(&clone, g) == hipSuccess);
  hipGraphNode_t inClone = nullptr;
  REQUIRE(hipGraphNodeFindInClone(&inClone, alloc, clone) == hipSuccess);
  std::memset(&got, 0xCC, sizeof got);
  REQUIRE(hipGraphMemAllocNodeGetParams(inClone, &got) == hipSuccess);
  CHECK(std::memcmp(&got, &ap, sizeof ap) == 0);
  REQUIRE(hipGraphDestroy(clone) == hipSuccess);

  // A kernel node inside a child graph's copy answers its host function (the driver made that
  // node: hip-tests' nested graphs find their kernels by it).
  hipGraph_t child = nullptr;
  REQUIRE(hipGraphCreate(&child, 0) == hipSuccess);
  float* x = nullptr;
  float scale = 2;
  void* args[] = {&x, &scale};
  hipKernelNodeParams kp{};
  kp.func = const_cast<void*>(scaleHostFunction());
  kp.gridDim = dim3(4);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  hipGraphNode_t k = nullptr;
  REQUIRE(hipGraphAddKernelNode(&k, child, nullptr, 0, &kp) == hipSuccess);
  hipGraphNode_t sub = nullptr;
  REQUIRE(hipGraphAddChildGraphNode(&sub, g, nullptr, 0, child) == hipSuccess);
  hipGraph_t inner = nullptr;
  REQUIRE(hipGraphChildGraphNodeGetGraph(sub, &inner) == hipSuccess);
  hipGraphNode_t innerKernel = nullptr;
  size_t count = 1;
  REQUIRE(hipGraphGetNodes(inner, &innerKernel, &count) == hipSuccess);
  REQUIRE(count == 1);
  CHECK(innerKernel != k);
  hipKernelNodeParams kgot{};
  REQUIRE(hipGraphKernelNodeGetParams(innerKernel, &kgot) == hipSuccess);
  CHECK(kgot.func == scaleHostFunction());
  // Changed through the embedded graph's handle, the node's copy changes (CUDA and AMD).
  kgot.gridDim = dim3(8);
  REQUIRE(hipGraphKernelNodeSetParams(innerKernel, &kgot) == hipSuccess);
  CHECK(static_cast<FakeNode*>(innerKernel->native)->kernel.grid.x == 8);

  // A graph added as its own child embeds a copy of itself as it was (AMD clones it).
  size_t before = 0;
  REQUIRE(hipGraphGetNodes(g, nullptr, &before) == hipSuccess);
  hipGraphNode_t self = nullptr;
  REQUIRE(hipGraphAddChildGraphNode(&self, g, nullptr, 0, g) == hipSuccess);
  size_t after = 0;
  REQUIRE(hipGraphGetNodes(g, nullptr, &after) == hipSuccess);
  CHECK(after == before + 1);
  hipGraph_t selfCopy = nullptr;
  REQUIRE(hipGraphChildGraphNodeGetGraph(self, &selfCopy) == hipSuccess);
  CHECK(selfCopy != g);
  REQUIRE(hipGraphGetNodes(selfCopy, nullptr, &count) == hipSuccess);
  CHECK(count == before);

  REQUIRE(hipGraphDestroy(child) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("capture rules: captured events and ending on another thread, as AMD's runtime",
          "[graph][threads]") {
  FakeGraphOps ops;
  installFakeGraphs(&ops);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  hipEvent_t e = nullptr, plain = nullptr;
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  REQUIRE(hipEventCreate(&plain) == hipSuccess);
  REQUIRE(hipEventRecord(plain, nullptr) == hipSuccess);

  for (hipStreamCaptureMode mode : {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal,
                                    hipStreamCaptureModeRelaxed}) {
    for (bool sync : {true, false}) {
      INFO("mode " << mode << (sync ? " hipEventSynchronize" : " hipEventQuery"));
      REQUIRE(hipStreamBeginCapture(s, mode) == hipSuccess);
      REQUIRE(hipEventRecord(e, s) == hipSuccess);
      CHECK((sync ? hipEventSynchronize(e) : hipEventQuery(e)) == hipErrorCapturedEvent);
      hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
      REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
      CHECK(status == hipStreamCaptureStatusInvalidated);
      hipGraph_t g = nullptr;
      CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
      // Once the capture ended, the event is an ordinary one again.
      CHECK(hipEventSynchronize(e) == hipSuccess);
    }
  }
  // An event recorded outside the capture is not a captured one.
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
  CHECK(hipEventSynchronize(plain) == hipSuccess);
  hipGraph_t g = nullptr;
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);

  // Ending a global or thread-local capture on another thread is refused and leaves it
  // capturing; its own thread ends it. A relaxed capture ends on any thread.
  for (hipStreamCaptureMode mode : {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal}) {
    REQUIRE(hipStreamBeginCapture(s, mode) == hipSuccess);
    hipError_t there = hipSuccess;
    std::thread([&] {
      hipGraph_t none = nullptr;
      there = hipStreamEndCapture(s, &none);
    }).join();
    CHECK(there == hipErrorStreamCaptureWrongThread);
    hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
    REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
    CHECK(status == hipStreamCaptureStatusActive);
    REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
    REQUIRE(hipGraphDestroy(g) == hipSuccess);
  }
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
  hipError_t there = hipErrorUnknown;
  std::thread([&] { there = hipStreamEndCapture(s, &g); }).join();
  CHECK(there == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);

  REQUIRE(hipEventDestroy(e) == hipSuccess);
  REQUIRE(hipEventDestroy(plain) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}
