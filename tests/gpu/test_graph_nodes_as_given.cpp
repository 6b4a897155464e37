// Graph nodes on the GPU as AMD's runtime and hip-tests have them: copy nodes to, from and
// between arrays (added, set, in an executable graph, answered back as given and from a child
// graph's copy); nested child graphs changed through hipGraphChildGraphNodeGetGraph; a graph
// added as its own child; allocation nodes' parameters byte for byte; symbol copies typed as
// copies; captured events and captures ended on another thread.
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "gpu_test_support.h"
#include "graph_kernels.h"

namespace {

constexpr size_t kW = 32, kH = 8, kD = 4;  // an int array's extent, in elements
constexpr size_t kCount = kW * kH * kD;

bool sameCopy(const hipMemcpy3DParms& a, const hipMemcpy3DParms& b) {
  auto ptr = [](const hipPitchedPtr& x, const hipPitchedPtr& y) {
    return x.ptr == y.ptr && x.pitch == y.pitch && x.xsize == y.xsize && x.ysize == y.ysize;
  };
  auto pos = [](const hipPos& x, const hipPos& y) { return x.x == y.x && x.y == y.y && x.z == y.z; };
  return a.srcArray == b.srcArray && pos(a.srcPos, b.srcPos) && ptr(a.srcPtr, b.srcPtr) &&
         a.dstArray == b.dstArray && pos(a.dstPos, b.dstPos) && ptr(a.dstPtr, b.dstPtr) &&
         a.extent.width == b.extent.width && a.extent.height == b.extent.height &&
         a.extent.depth == b.extent.depth && a.kind == b.kind;
}

hipMemcpy3DParms hostToArray(int* host, hipArray_t array) {
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(host, kW * sizeof(int), kW, kH);  // xsize as hip-tests pass it
  p.dstArray = array;
  p.extent = make_hipExtent(kW, kH, kD);
  p.kind = hipMemcpyHostToDevice;
  return p;
}

hipMemcpy3DParms arrayToHost(hipArray_t array, int* host) {
  hipMemcpy3DParms p{};
  p.srcArray = array;
  p.dstPtr = make_hipPitchedPtr(host, kW * sizeof(int), kW, kH);
  p.extent = make_hipExtent(kW, kH, kD);
  p.kind = hipMemcpyDeviceToHost;
  return p;
}

void runOnce(hipGraph_t g) {
  hipGraphExec_t exec = nullptr;
  HIP_REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0));
  HIP_REQUIRE(hipGraphLaunch(exec, hipStreamPerThread));
  HIP_REQUIRE(hipStreamSynchronize(hipStreamPerThread));
  HIP_CHECK(hipGraphExecDestroy(exec));
}

}  // namespace

TEST_CASE("copy nodes with arrays: host to array to array to host, answered as given",
          "[graphs][arrays]") {
  const hipChannelFormatDesc i32 = hipCreateChannelDesc<int>();
  hipArray_t a = nullptr, b = nullptr;
  HIP_REQUIRE(hipMalloc3DArray(&a, &i32, make_hipExtent(kW, kH, kD), hipArrayDefault));
  HIP_REQUIRE(hipMalloc3DArray(&b, &i32, make_hipExtent(kW, kH, kD), hipArrayDefault));
  std::vector<int> in(kCount), out(kCount, -1);
  for (size_t i = 0; i < kCount; ++i) in[i] = static_cast<int>(i);

  hipGraph_t g = nullptr;
  HIP_REQUIRE(hipGraphCreate(&g, 0));
  const hipMemcpy3DParms up = hostToArray(in.data(), a);
  hipMemcpy3DParms across{};
  across.srcArray = a;
  across.dstArray = b;
  across.extent = make_hipExtent(kW, kH, kD);
  across.kind = hipMemcpyDeviceToDevice;
  const hipMemcpy3DParms down = arrayToHost(b, out.data());
  hipGraphNode_t n1 = nullptr, n2 = nullptr, n3 = nullptr;
  HIP_REQUIRE(hipGraphAddMemcpyNode(&n1, g, nullptr, 0, &up));
  // hipGraphAddNode's copy node, as hip-tests' hipGraphAddNodeTypeMemcpy.
  hipGraphNodeParams np{};
  np.type = hipGraphNodeTypeMemcpy;
  np.memcpy.copyParams = across;
  HIP_REQUIRE(hipGraphAddNode(&n2, g, &n1, 1, &np));
  // Added the other way round and set, as hip-tests' hipGraphMemcpyNodeSetParams.
  const hipMemcpy3DParms reversed = hostToArray(out.data(), b);
  HIP_REQUIRE(hipGraphAddMemcpyNode(&n3, g, &n2, 1, &reversed));
  HIP_REQUIRE(hipGraphMemcpyNodeSetParams(n3, &down));

  hipMemcpy3DParms got{};
  HIP_REQUIRE(hipGraphMemcpyNodeGetParams(n1, &got));
  CHECK(sameCopy(got, up));
  HIP_REQUIRE(hipGraphMemcpyNodeGetParams(n2, &got));
  CHECK(sameCopy(got, across));
  HIP_REQUIRE(hipGraphMemcpyNodeGetParams(n3, &got));
  CHECK(sameCopy(got, down));
  hipGraphNodeType type = hipGraphNodeTypeCount;
  HIP_REQUIRE(hipGraphNodeGetType(n2, &type));
  CHECK(type == hipGraphNodeTypeMemcpy);

  runOnce(g);
  CHECK(out == in);

  // In an executable graph: the last copy reads array a instead (the same data). CUDA's driver
  // updates only copies whose operands are 1-D (cuGraphExecMemcpyNodeSetParams) and refuses
  // this one; the executable graph then keeps its own copy, which reads the same data.
  std::fill(out.begin(), out.end(), -1);
  hipGraphExec_t exec = nullptr;
  HIP_REQUIRE(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0));
  hipMemcpy3DParms fromA = arrayToHost(a, out.data());
  const hipError_t updated = hipGraphExecMemcpyNodeSetParams(exec, n3, &fromA);
  if (std::string(deviceProperties().gcnArchName).rfind("gfx", 0) == 0)
    CHECK(updated == hipSuccess);
  else
    CHECK(updated == hipErrorInvalidValue);
  HIP_REQUIRE(hipGraphLaunch(exec, hipStreamPerThread));
  HIP_REQUIRE(hipStreamSynchronize(hipStreamPerThread));
  CHECK(out == in);
  HIP_CHECK(hipGraphExecDestroy(exec));
  HIP_REQUIRE(hipGraphMemcpyNodeGetParams(n3, &got));
  CHECK(sameCopy(got, down));  // the graph's node keeps its own parameters

  // A clone runs and answers the same; inside a child graph's copy the driver's node maps back
  // to the caller's arrays, in elements.
  hipGraph_t clone = nullptr;
  HIP_REQUIRE(hipGraphClone(&clone, g));
  hipGraphNode_t inClone = nullptr;
  HIP_REQUIRE(hipGraphNodeFindInClone(&inClone, n2, clone));
  HIP_REQUIRE(hipGraphMemcpyNodeGetParams(inClone, &got));
  CHECK(sameCopy(got, across));
  hipGraph_t parent = nullptr;
  HIP_REQUIRE(hipGraphCreate(&parent, 0));
  hipGraphNode_t sub = nullptr;
  HIP_REQUIRE(hipGraphAddChildGraphNode(&sub, parent, nullptr, 0, g));
  hipGraph_t inner = nullptr;
  HIP_REQUIRE(hipGraphChildGraphNodeGetGraph(sub, &inner));
  size_t count = 0;
  HIP_REQUIRE(hipGraphGetNodes(inner, nullptr, &count));
  std::vector<hipGraphNode_t> nodes(count);
  HIP_REQUIRE(hipGraphGetNodes(inner, nodes.data(), &count));
  int acrossSeen = 0;
  for (hipGraphNode_t n : nodes) {
    HIP_REQUIRE(hipGraphMemcpyNodeGetParams(n, &got));
    CHECK(got.extent.width == kW);
    if (got.srcArray == a && got.dstArray == b) ++acrossSeen;
  }
  CHECK(acrossSeen == 1);
  std::fill(out.begin(), out.end(), -1);
  runOnce(parent);
  CHECK(out == in);

  // Checked as hipMemcpy3D: a pointer side's pitch must hold the row.
  hipMemcpy3DParms narrow = up;
  narrow.srcPtr.pitch = kW;  // bytes: a quarter of the row
  CHECK(hipGraphMemcpyNodeSetParams(n1, &narrow) == hipErrorInvalidPitchValue);

  HIP_CHECK(hipGraphDestroy(parent));
  HIP_CHECK(hipGraphDestroy(clone));
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFreeArray(a));
  HIP_CHECK(hipFreeArray(b));
}

TEST_CASE("nested child graphs changed through their embedded graphs; a graph as its own child",
          "[graphs]") {
  constexpr int n = 4096;
  int* d = nullptr;
  HIP_REQUIRE(hipMalloc(&d, n * sizeof(int)));
  std::vector<int> h(n, 0);
  // inner: addInts(d, +3); middle: child(inner); outer: child(middle), then a copy to the host.
  hipGraph_t innerG = nullptr, middleG = nullptr, outerG = nullptr;
  HIP_REQUIRE(hipGraphCreate(&innerG, 0));
  HIP_REQUIRE(hipGraphCreate(&middleG, 0));
  HIP_REQUIRE(hipGraphCreate(&outerG, 0));
  int count = n, three = 3;
  void* args[] = {&d, &count, &three};
  hipKernelNodeParams kp{};
  kp.func = const_cast<void*>(addIntsKernel());
  kp.gridDim = graphGridFor(n);
  kp.blockDim = dim3(256);
  kp.kernelParams = args;
  hipGraphNode_t k = nullptr, mid = nullptr, top = nullptr, copy = nullptr;
  HIP_REQUIRE(hipGraphAddKernelNode(&k, innerG, nullptr, 0, &kp));
  HIP_REQUIRE(hipGraphAddChildGraphNode(&mid, middleG, nullptr, 0, innerG));
  HIP_REQUIRE(hipGraphAddChildGraphNode(&top, outerG, nullptr, 0, middleG));
  HIP_REQUIRE(hipGraphAddMemcpyNode1D(&copy, outerG, &top, 1, h.data(), d, n * sizeof(int),
                                      hipMemcpyDeviceToHost));

  // Down to the innermost kernel node through the embedded graphs, found by its host function
  // (hip-tests' nestedGraph::updateInnermostNode), and switched to scaleInts(d, 5).
  hipGraph_t emb2 = nullptr, emb1 = nullptr;
  HIP_REQUIRE(hipGraphChildGraphNodeGetGraph(top, &emb2));
  hipGraphNode_t midCopy = nullptr;
  size_t one = 1;
  HIP_REQUIRE(hipGraphGetNodes(emb2, &midCopy, &one));
  HIP_REQUIRE(hipGraphChildGraphNodeGetGraph(midCopy, &emb1));
  hipGraphNode_t kCopy = nullptr;
  one = 1;
  HIP_REQUIRE(hipGraphGetNodes(emb1, &kCopy, &one));
  hipKernelNodeParams got{};
  HIP_REQUIRE(hipGraphKernelNodeGetParams(kCopy, &got));
  CHECK(got.func == addIntsKernel());
  int five = 5;
  void* scaleArgs[] = {&d, &count, &five};
  got.func = const_cast<void*>(scaleIntsKernel());
  got.kernelParams = scaleArgs;
  HIP_REQUIRE(hipGraphKernelNodeSetParams(kCopy, &got));

  HIP_REQUIRE(hipMemset(d, 0, n * sizeof(int)));
  HIP_REQUIRE(hipMemcpy(d, std::vector<int>(n, 2).data(), n * sizeof(int),
                        hipMemcpyHostToDevice));
  runOnce(outerG);
  int wrong = 0;
  for (int v : h) wrong += v != 10;  // 2 * 5: the change reached the outer graph
  CHECK(wrong == 0);

  // The outer graph as its own child: a copy of it as it was, run after it.
  hipGraphNode_t self = nullptr;
  HIP_REQUIRE(hipGraphAddChildGraphNode(&self, outerG, &copy, 1, outerG));
  size_t nodes = 0;
  HIP_REQUIRE(hipGraphGetNodes(outerG, nullptr, &nodes));
  CHECK(nodes == 3);
  runOnce(outerG);
  wrong = 0;
  for (int v : h) wrong += v != 250;  // 10 * 5, then * 5 again by the copy
  CHECK(wrong == 0);

  HIP_CHECK(hipGraphDestroy(outerG));
  HIP_CHECK(hipGraphDestroy(middleG));
  HIP_CHECK(hipGraphDestroy(innerG));
  HIP_CHECK(hipFree(d));
}

TEST_CASE("allocation nodes answer the caller's parameters; symbol copies are copies",
          "[graphs]") {
  hipGraph_t g = nullptr;
  HIP_REQUIRE(hipGraphCreate(&g, 0));
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
  ap.poolProps.location.id = 0;
  ap.accessDescs = &desc;
  ap.accessDescCount = 1;
  hipGraphNode_t alloc = nullptr, freeNode = nullptr;
  HIP_REQUIRE(hipGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap));
  REQUIRE(ap.dptr != nullptr);
  hipMemAllocNodeParams got;
  HIP_REQUIRE(hipGraphMemAllocNodeGetParams(alloc, &got));
  CHECK(std::memcmp(&got, &ap, sizeof ap) == 0);
  HIP_REQUIRE(hipGraphAddMemFreeNode(&freeNode, g, &alloc, 1, ap.dptr));

  hipGraphNode_t fromSym = nullptr;
  static int host[16];
  HIP_REQUIRE(hipGraphAddMemcpyNodeFromSymbol(&fromSym, g, nullptr, 0, host, graphSymbol(),
                                              sizeof host, 0, hipMemcpyDeviceToHost));
  hipGraphNodeType type = hipGraphNodeTypeCount;
  HIP_REQUIRE(hipGraphNodeGetType(fromSym, &type));
  CHECK(type == hipGraphNodeTypeMemcpy);
  runOnce(g);
  HIP_CHECK(hipGraphDestroy(g));
}

TEST_CASE("capture: a captured event's wait or query, ending on another thread", "[graphs]") {
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  hipEvent_t e = nullptr;
  HIP_REQUIRE(hipEventCreate(&e));
  for (hipStreamCaptureMode mode : {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal,
                                    hipStreamCaptureModeRelaxed}) {
    INFO("mode " << mode);
    for (bool sync : {true, false}) {
      HIP_REQUIRE(hipStreamBeginCapture(s, mode));
      HIP_REQUIRE(hipEventRecord(e, s));
      CHECK((sync ? hipEventSynchronize(e) : hipEventQuery(e)) == hipErrorCapturedEvent);
      // The capture was invalidated (the driver's relaxed mode may let it end).
      hipGraph_t g = nullptr;
      const hipError_t end = hipStreamEndCapture(s, &g);
      CHECK((end == hipErrorStreamCaptureInvalidated || mode == hipStreamCaptureModeRelaxed));
      if (end == hipSuccess && g != nullptr) HIP_CHECK(hipGraphDestroy(g));
    }
  }
  (void)hipGetLastError();

  int* d = nullptr;
  HIP_REQUIRE(hipMalloc(&d, 4096 * sizeof(int)));
  HIP_REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
  HIP_REQUIRE(hipMemsetAsync(d, 0, 4096 * sizeof(int), s));
  hipError_t there = hipSuccess;
  std::thread([&] {
    hipGraph_t none = nullptr;
    there = hipStreamEndCapture(s, &none);
  }).join();
  CHECK(there == hipErrorStreamCaptureWrongThread);
  hipGraph_t g = nullptr;
  HIP_REQUIRE(hipStreamEndCapture(s, &g));  // still capturing: its own thread ends it
  REQUIRE(g != nullptr);
  HIP_CHECK(hipGraphDestroy(g));
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipEventDestroy(e));
  HIP_CHECK(hipStreamDestroy(s));
}
