// The CUDA driver's GraphOps: HIP graphs are the driver's graphs (cuGraph*), stream capture is the
// driver's capture of the native stream, so what unihip enqueues through the driver is captured
// and graph launches cost what CUDA's cost.

#include <cstdlib>
#include <cstring>

#include "cuda/cuda_core.h"
#include "seam/graph_ops.h"

namespace unihip::cu {

namespace {

inline CUgraph asGraph(NativeGraph g) { return static_cast<CUgraph>(g); }
inline CUgraphNode asNode(NativeGraphNode n) { return static_cast<CUgraphNode>(n); }
inline CUgraphExec asExec(NativeGraphExec e) { return static_cast<CUgraphExec>(e); }
inline CUstream asStream(NativeStream s) { return static_cast<CUstream>(s); }
inline CUevent asEvent(NativeEvent e) { return static_cast<CUevent>(e); }
inline CUuserObject asObject(NativeUserObject o) { return static_cast<CUuserObject>(o); }
inline CUdeviceptr dptr(const void* p) { return reinterpret_cast<CUdeviceptr>(p); }
inline void* ptr(CUdeviceptr p) { return reinterpret_cast<void*>(p); }
inline const CUgraphNode* asNodes(const NativeGraphNode* n) {
  return reinterpret_cast<const CUgraphNode*>(n);
}

CUDA_KERNEL_NODE_PARAMS toCuda(const KernelNodeArgs& p) {
  CUDA_KERNEL_NODE_PARAMS c{};
  c.func = static_cast<CUfunction>(p.function);
  c.gridDimX = p.grid.x, c.gridDimY = p.grid.y, c.gridDimZ = p.grid.z;
  c.blockDimX = p.block.x, c.blockDimY = p.block.y, c.blockDimZ = p.block.z;
  c.sharedMemBytes = p.sharedMemBytes;
  c.kernelParams = p.args;
  c.extra = p.extra;
  return c;
}

KernelNodeArgs fromCuda(const CUDA_KERNEL_NODE_PARAMS& c) {
  KernelNodeArgs p;
  p.function = c.func;
  p.grid = dim3(c.gridDimX, c.gridDimY, c.gridDimZ);
  p.block = dim3(c.blockDimX, c.blockDimY, c.blockDimZ);
  p.sharedMemBytes = c.sharedMemBytes;
  p.args = c.kernelParams;
  p.extra = c.extra;
  return p;
}

// The driver's memory type of a copy's side, from HIP's kind (as cudart converts cudaMemcpyKind).
int memoryType(hipMemcpyKind kind, bool source) {
  switch (kind) {
    case hipMemcpyHostToHost:
      return CU_MEMORYTYPE_HOST;
    case hipMemcpyHostToDevice:
      return source ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
    case hipMemcpyDeviceToHost:
      return source ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
    case hipMemcpyDeviceToDevice:
    case hipMemcpyDeviceToDeviceNoCU:
      return CU_MEMORYTYPE_DEVICE;
    default:
      return CU_MEMORYTYPE_UNIFIED;
  }
}

// A copy node in the resolved form (seam/graph_ops.h): an array side is the driver's CUarray,
// its x and the width already in bytes; a linear side's memory type comes from the kind.
Status toCuda(const hipMemcpy3DParms& p, CUDA_MEMCPY3D* c) {
  *c = CUDA_MEMCPY3D{};
  c->srcXInBytes = p.srcPos.x, c->srcY = p.srcPos.y, c->srcZ = p.srcPos.z;
  if (p.srcArray != nullptr) {
    c->srcMemoryType = CU_MEMORYTYPE_ARRAY;
    c->srcArray = reinterpret_cast<CUarray>(p.srcArray);
  } else {
    c->srcMemoryType = memoryType(p.kind, true);
    if (c->srcMemoryType == CU_MEMORYTYPE_HOST)
      c->srcHost = p.srcPtr.ptr;
    else
      c->srcDevice = dptr(p.srcPtr.ptr);
    c->srcPitch = p.srcPtr.pitch;
    c->srcHeight = p.srcPtr.ysize;
  }
  c->dstXInBytes = p.dstPos.x, c->dstY = p.dstPos.y, c->dstZ = p.dstPos.z;
  if (p.dstArray != nullptr) {
    c->dstMemoryType = CU_MEMORYTYPE_ARRAY;
    c->dstArray = reinterpret_cast<CUarray>(p.dstArray);
  } else {
    c->dstMemoryType = memoryType(p.kind, false);
    if (c->dstMemoryType == CU_MEMORYTYPE_HOST)
      c->dstHost = p.dstPtr.ptr;
    else
      c->dstDevice = dptr(p.dstPtr.ptr);
    c->dstPitch = p.dstPtr.pitch;
    c->dstHeight = p.dstPtr.ysize;
  }
  c->WidthInBytes = p.extent.width;
  c->Height = p.extent.height;
  c->Depth = p.extent.depth;
  return kOk;
}

// Back to the resolved form: an array side names its CUarray (device memory for the kind).
hipMemcpy3DParms fromCuda(const CUDA_MEMCPY3D& c) {
  hipMemcpy3DParms p{};
  const bool srcHost = c.srcMemoryType == CU_MEMORYTYPE_HOST;
  const bool dstHost = c.dstMemoryType == CU_MEMORYTYPE_HOST;
  p.srcPos = hipPos{c.srcXInBytes, c.srcY, c.srcZ};
  if (c.srcMemoryType == CU_MEMORYTYPE_ARRAY) {
    p.srcArray = reinterpret_cast<hipArray_t>(c.srcArray);
  } else {
    void* src = srcHost ? const_cast<void*>(c.srcHost) : ptr(c.srcDevice);
    p.srcPtr = hipPitchedPtr{src, c.srcPitch, c.WidthInBytes, c.srcHeight};
  }
  p.dstPos = hipPos{c.dstXInBytes, c.dstY, c.dstZ};
  if (c.dstMemoryType == CU_MEMORYTYPE_ARRAY) {
    p.dstArray = reinterpret_cast<hipArray_t>(c.dstArray);
  } else {
    void* dst = dstHost ? c.dstHost : ptr(c.dstDevice);
    p.dstPtr = hipPitchedPtr{dst, c.dstPitch, c.WidthInBytes, c.dstHeight};
  }
  p.extent = hipExtent{c.WidthInBytes, c.Height, c.Depth};
  if (c.srcMemoryType == CU_MEMORYTYPE_UNIFIED || c.dstMemoryType == CU_MEMORYTYPE_UNIFIED)
    p.kind = hipMemcpyDefault;
  else if (srcHost)
    p.kind = dstHost ? hipMemcpyHostToHost : hipMemcpyHostToDevice;
  else
    p.kind = dstHost ? hipMemcpyDeviceToHost : hipMemcpyDeviceToDevice;
  return p;
}

CUDA_MEMSET_NODE_PARAMS toCuda(const hipMemsetParams& p) {
  CUDA_MEMSET_NODE_PARAMS c{};
  c.dst = dptr(p.dst);
  c.pitch = p.pitch;
  c.value = p.value;
  c.elementSize = p.elementSize;
  c.width = p.width;
  c.height = p.height;
  return c;
}

hipMemsetParams fromCuda(const CUDA_MEMSET_NODE_PARAMS& c) {
  hipMemsetParams p{};
  p.dst = ptr(c.dst);
  p.pitch = c.pitch;
  p.value = c.value;
  p.elementSize = c.elementSize;
  p.width = c.width;
  p.height = c.height;
  return p;
}

CUDA_HOST_NODE_PARAMS toCuda(const hipHostNodeParams& p) { return {p.fn, p.userData}; }

// A driver call that fills a node list: asks the count, then the nodes.
template <typename F>
Status nodeList(const CudaCore& core, const char* call, std::vector<NativeGraphNode>* out, F f) {
  size_t n = 0;
  UNIHIP_TRY(core.check(f(nullptr, &n), call));
  std::vector<CUgraphNode> nodes(n);
  if (n > 0) UNIHIP_TRY(core.check(f(nodes.data(), &n), call));
  nodes.resize(n);
  out->assign(nodes.begin(), nodes.end());
  return kOk;
}

class CudaGraphOps final : public GraphOps {
 public:
  explicit CudaGraphOps(CudaCore& core)
      : core_(core), api_(core.api()) {}

  // ---- Graphs ----
  Status graphCreate(int device, NativeGraph* graph) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUgraph g = nullptr;
    UNIHIP_TRY(check(api_.cuGraphCreate(&g, 0), "cuGraphCreate"));
    *graph = g;
    return kOk;
  }
  Status graphDestroy(int device, NativeGraph graph) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphDestroy(asGraph(graph)), "cuGraphDestroy");
  }
  Status graphClone(int device, NativeGraph original, NativeGraph* clone) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUgraph g = nullptr;
    UNIHIP_TRY(check(api_.cuGraphClone(&g, asGraph(original)), "cuGraphClone"));
    *clone = g;
    return kOk;
  }
  Status graphNodeFindInClone(int device, NativeGraphNode original, NativeGraph clone,
                              NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUgraphNode n = nullptr;
    UNIHIP_TRY(check(api_.cuGraphNodeFindInClone(&n, asNode(original), asGraph(clone)),
                     "cuGraphNodeFindInClone"));
    *node = n;
    return kOk;
  }
  Status graphNodes(int device, NativeGraph graph, std::vector<NativeGraphNode>* nodes) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return nodeList(core_, "cuGraphGetNodes", nodes, [&](CUgraphNode* n, size_t* c) {
      return api_.cuGraphGetNodes(asGraph(graph), n, c);
    });
  }
  Status graphRootNodes(int device, NativeGraph graph,
                        std::vector<NativeGraphNode>* nodes) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return nodeList(core_, "cuGraphGetRootNodes", nodes, [&](CUgraphNode* n, size_t* c) {
      return api_.cuGraphGetRootNodes(asGraph(graph), n, c);
    });
  }
  Status graphEdges(int device, NativeGraph graph, std::vector<NativeGraphNode>* from,
                    std::vector<NativeGraphNode>* to) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    size_t n = 0;
    UNIHIP_TRY(check(api_.cuGraphGetEdges(asGraph(graph), nullptr, nullptr, &n),
                     "cuGraphGetEdges"));
    std::vector<CUgraphNode> f(n), t(n);
    if (n > 0)
      UNIHIP_TRY(check(api_.cuGraphGetEdges(asGraph(graph), f.data(), t.data(), &n),
                       "cuGraphGetEdges"));
    from->assign(f.begin(), f.begin() + n);
    to->assign(t.begin(), t.begin() + n);
    return kOk;
  }
  Status graphDependencies(int device, NativeGraph graph, const NativeGraphNode* from,
                           const NativeGraphNode* to, size_t count, bool add) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (add)
      return check(api_.cuGraphAddDependencies(asGraph(graph), asNodes(from), asNodes(to), count),
                   "cuGraphAddDependencies");
    return check(api_.cuGraphRemoveDependencies(asGraph(graph), asNodes(from), asNodes(to), count),
                 "cuGraphRemoveDependencies");
  }
  Status graphDebugDotPrint(int device, NativeGraph graph, const char* path,
                            unsigned int flags) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphDebugDotPrint(asGraph(graph), path, flags), "cuGraphDebugDotPrint");
  }

  // ---- Nodes ----
  Status nodeType(int device, NativeGraphNode node, hipGraphNodeType* type) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    int t = 0;
    UNIHIP_TRY(check(api_.cuGraphNodeGetType(asNode(node), &t), "cuGraphNodeGetType"));
    // CUgraphNodeType equals hipGraphNodeType up to memory free (11); batch memory operations
    // have HIP's number 14; newer kinds have no HIP name.
    if (t <= hipGraphNodeTypeMemFree)
      *type = static_cast<hipGraphNodeType>(t);
    else
      *type = t == CU_GRAPH_NODE_TYPE_BATCH_MEM_OP ? hipGraphNodeTypeBatchMemOp
                                                   : hipGraphNodeTypeCount;
    return kOk;
  }
  Status nodeNeighbours(int device, NativeGraphNode node, bool dependents,
                        std::vector<NativeGraphNode>* nodes) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (dependents)
      return nodeList(core_, "cuGraphNodeGetDependentNodes", nodes,
                      [&](CUgraphNode* n, size_t* c) {
                        return api_.cuGraphNodeGetDependentNodes(asNode(node), n, c);
                      });
    return nodeList(core_, "cuGraphNodeGetDependencies", nodes, [&](CUgraphNode* n, size_t* c) {
      return api_.cuGraphNodeGetDependencies(asNode(node), n, c);
    });
  }
  Status nodeDestroy(int device, NativeGraphNode node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphDestroyNode(asNode(node)), "cuGraphDestroyNode");
  }

  // ---- Adding nodes ----
  Status addKernelNode(int device, const NodePlace& at, const KernelNodeArgs& p,
                       NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_KERNEL_NODE_PARAMS c = toCuda(p);
    return added(api_.cuGraphAddKernelNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                           at.count, &c),
                 "cuGraphAddKernelNode", node);
  }
  Status addMemcpyNode(int device, const NodePlace& at, const hipMemcpy3DParms& p,
                       NativeGraphNode* node) override {
    CUDA_MEMCPY3D c;
    UNIHIP_TRY(toCuda(p, &c));
    CUcontext ctx = nullptr;
    UNIHIP_TRY(context(device, &ctx));
    return added(api_.cuGraphAddMemcpyNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                           at.count, &c, ctx),
                 "cuGraphAddMemcpyNode", node);
  }
  Status addMemsetNode(int device, const NodePlace& at, const hipMemsetParams& p,
                       NativeGraphNode* node) override {
    const CUDA_MEMSET_NODE_PARAMS c = toCuda(p);
    CUcontext ctx = nullptr;
    UNIHIP_TRY(context(device, &ctx));
    return added(api_.cuGraphAddMemsetNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                           at.count, &c, ctx),
                 "cuGraphAddMemsetNode", node);
  }
  Status addHostNode(int device, const NodePlace& at, const hipHostNodeParams& p,
                     NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_HOST_NODE_PARAMS c = toCuda(p);
    return added(api_.cuGraphAddHostNode(out(node), asGraph(at.graph), asNodes(at.deps), at.count,
                                         &c),
                 "cuGraphAddHostNode", node);
  }
  Status addChildGraphNode(int device, const NodePlace& at, NativeGraph child,
                           NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return added(api_.cuGraphAddChildGraphNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                               at.count, asGraph(child)),
                 "cuGraphAddChildGraphNode", node);
  }
  Status addEmptyNode(int device, const NodePlace& at, NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return added(api_.cuGraphAddEmptyNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                          at.count),
                 "cuGraphAddEmptyNode", node);
  }
  Status addEventNode(int device, const NodePlace& at, bool record, NativeEvent event,
                      NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (record)
      return added(api_.cuGraphAddEventRecordNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                                  at.count, asEvent(event)),
                   "cuGraphAddEventRecordNode", node);
    return added(api_.cuGraphAddEventWaitNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                              at.count, asEvent(event)),
                 "cuGraphAddEventWaitNode", node);
  }
  Status addMemAllocNode(int device, const NodePlace& at, hipMemAllocNodeParams* p,
                         NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_MEM_ALLOC_NODE_PARAMS c{};
    c.poolProps.allocType = p->poolProps.allocType;
    c.poolProps.handleTypes = p->poolProps.handleTypes;
    c.poolProps.location = {p->poolProps.location.type, core_.deviceHandle(device)};
    c.poolProps.maxSize = p->poolProps.maxSize;
    std::vector<CUmemAccessDesc> access(p->accessDescCount);
    for (size_t i = 0; i < access.size(); ++i) {
      access[i].location = {p->accessDescs[i].location.type, p->accessDescs[i].location.id};
      access[i].flags = p->accessDescs[i].flags;
    }
    c.accessDescs = access.empty() ? nullptr : access.data();
    c.accessDescCount = access.size();
    c.bytesize = p->bytesize;
    UNIHIP_TRY(added(api_.cuGraphAddMemAllocNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                                 at.count, &c),
                     "cuGraphAddMemAllocNode", node));
    p->dptr = ptr(c.dptr);
    return kOk;
  }
  Status addMemFreeNode(int device, const NodePlace& at, void* p, NativeGraphNode* node) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return added(api_.cuGraphAddMemFreeNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                            at.count, dptr(p)),
                 "cuGraphAddMemFreeNode", node);
  }

  // ---- Node parameters ----
  Status kernelNodeParams(int device, NativeGraphNode node, KernelNodeArgs* p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_KERNEL_NODE_PARAMS c{};
    UNIHIP_TRY(check(api_.cuGraphKernelNodeGetParams(asNode(node), &c),
                     "cuGraphKernelNodeGetParams"));
    *p = fromCuda(c);
    return kOk;
  }
  Status setKernelNodeParams(int device, NativeGraphNode node, const KernelNodeArgs& p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_KERNEL_NODE_PARAMS c = toCuda(p);
    return check(api_.cuGraphKernelNodeSetParams(asNode(node), &c), "cuGraphKernelNodeSetParams");
  }
  Status memcpyNodeParams(int device, NativeGraphNode node, hipMemcpy3DParms* p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_MEMCPY3D c{};
    UNIHIP_TRY(check(api_.cuGraphMemcpyNodeGetParams(asNode(node), &c),
                     "cuGraphMemcpyNodeGetParams"));
    *p = fromCuda(c);
    return kOk;
  }
  Status setMemcpyNodeParams(int device, NativeGraphNode node,
                             const hipMemcpy3DParms& p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_MEMCPY3D c;
    UNIHIP_TRY(toCuda(p, &c));
    return check(api_.cuGraphMemcpyNodeSetParams(asNode(node), &c), "cuGraphMemcpyNodeSetParams");
  }
  Status memsetNodeParams(int device, NativeGraphNode node, hipMemsetParams* p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_MEMSET_NODE_PARAMS c{};
    UNIHIP_TRY(check(api_.cuGraphMemsetNodeGetParams(asNode(node), &c),
                     "cuGraphMemsetNodeGetParams"));
    *p = fromCuda(c);
    return kOk;
  }
  Status setMemsetNodeParams(int device, NativeGraphNode node, const hipMemsetParams& p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_MEMSET_NODE_PARAMS c = toCuda(p);
    return check(api_.cuGraphMemsetNodeSetParams(asNode(node), &c), "cuGraphMemsetNodeSetParams");
  }
  Status hostNodeParams(int device, NativeGraphNode node, hipHostNodeParams* p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_HOST_NODE_PARAMS c{};
    UNIHIP_TRY(check(api_.cuGraphHostNodeGetParams(asNode(node), &c), "cuGraphHostNodeGetParams"));
    p->fn = c.fn;
    p->userData = c.userData;
    return kOk;
  }
  Status setHostNodeParams(int device, NativeGraphNode node, const hipHostNodeParams& p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_HOST_NODE_PARAMS c = toCuda(p);
    return check(api_.cuGraphHostNodeSetParams(asNode(node), &c), "cuGraphHostNodeSetParams");
  }
  Status childGraph(int device, NativeGraphNode node, NativeGraph* graph) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUgraph g = nullptr;
    UNIHIP_TRY(check(api_.cuGraphChildGraphNodeGetGraph(asNode(node), &g),
                     "cuGraphChildGraphNodeGetGraph"));
    *graph = g;
    return kOk;
  }
  Status eventNodeEvent(int device, NativeGraphNode node, bool record,
                        NativeEvent* event) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUevent e = nullptr;
    if (record)
      UNIHIP_TRY(check(api_.cuGraphEventRecordNodeGetEvent(asNode(node), &e),
                       "cuGraphEventRecordNodeGetEvent"));
    else
      UNIHIP_TRY(check(api_.cuGraphEventWaitNodeGetEvent(asNode(node), &e),
                       "cuGraphEventWaitNodeGetEvent"));
    *event = e;
    return kOk;
  }
  Status setEventNodeEvent(int device, NativeGraphNode node, bool record,
                           NativeEvent event) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (record)
      return check(api_.cuGraphEventRecordNodeSetEvent(asNode(node), asEvent(event)),
                   "cuGraphEventRecordNodeSetEvent");
    return check(api_.cuGraphEventWaitNodeSetEvent(asNode(node), asEvent(event)),
                 "cuGraphEventWaitNodeSetEvent");
  }
  Status memAllocNodeParams(int device, NativeGraphNode node, hipMemAllocNodeParams* p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_MEM_ALLOC_NODE_PARAMS c{};
    UNIHIP_TRY(check(api_.cuGraphMemAllocNodeGetParams(asNode(node), &c),
                     "cuGraphMemAllocNodeGetParams"));
    *p = hipMemAllocNodeParams{};
    p->poolProps.allocType = static_cast<hipMemAllocationType>(c.poolProps.allocType);
    p->poolProps.handleTypes =
        static_cast<hipMemAllocationHandleType>(c.poolProps.handleTypes);
    p->poolProps.location.type = static_cast<hipMemLocationType>(c.poolProps.location.type);
    p->poolProps.location.id = c.poolProps.location.id;
    p->poolProps.maxSize = c.poolProps.maxSize;
    // The access list stays the driver's (valid while the node lives), as CUDA answers it.
    p->accessDescs = reinterpret_cast<const hipMemAccessDesc*>(c.accessDescs);
    p->accessDescCount = c.accessDescCount;
    p->bytesize = c.bytesize;
    p->dptr = ptr(c.dptr);
    return kOk;
  }
  Status memFreeNodeParams(int device, NativeGraphNode node, void** p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUdeviceptr d = 0;
    UNIHIP_TRY(check(api_.cuGraphMemFreeNodeGetParams(asNode(node), &d),
                     "cuGraphMemFreeNodeGetParams"));
    *p = ptr(d);
    return kOk;
  }
  // hipLaunchAttributeValue is CUlaunchAttributeValue's 64 bytes, except the access policy
  // window, whose fields HIP orders differently.
  Status kernelNodeAttribute(int device, NativeGraphNode node, int attr,
                             hipLaunchAttributeValue* value) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUlaunchAttributeValue c{};
    UNIHIP_TRY(check(api_.cuGraphKernelNodeGetAttribute(asNode(node), attr, &c),
                     "cuGraphKernelNodeGetAttribute"));
    std::memcpy(value, &c, sizeof c);
    if (attr == hipLaunchAttributeAccessPolicyWindow) value->accessPolicyWindow = window(c);
    return kOk;
  }
  Status setKernelNodeAttribute(int device, NativeGraphNode node, int attr,
                                const hipLaunchAttributeValue& value) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUlaunchAttributeValue c{};
    std::memcpy(&c, &value, sizeof c);
    if (attr == hipLaunchAttributeAccessPolicyWindow) c = window(value.accessPolicyWindow);
    return check(api_.cuGraphKernelNodeSetAttribute(asNode(node), attr, &c),
                 "cuGraphKernelNodeSetAttribute");
  }
  Status copyKernelNodeAttributes(int device, NativeGraphNode src, NativeGraphNode dst) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphKernelNodeCopyAttributes(asNode(dst), asNode(src)),
                 "cuGraphKernelNodeCopyAttributes");
  }

  // ---- Executable graphs ----
  Status instantiate(int device, NativeGraph graph, unsigned long long flags,
                     NativeStream uploadStream, NativeGraphExec* exec,
                     InstantiateResult* result) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (uploadStream == nullptr && !(flags & CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD)) {
      // The plain entry point, as cudart's cudaGraphInstantiateWithFlags takes; a failure is
      // asked again below, where the driver says why and which node.
      CUgraphExec e = nullptr;
      if (api_.cuGraphInstantiateWithFlags(&e, asGraph(graph), flags) == CUDA_SUCCESS) {
        result->errorNode = nullptr;
        result->result = hipGraphInstantiateSuccess;
        *exec = e;
        return kOk;
      }
    }
    CUDA_GRAPH_INSTANTIATE_PARAMS p{};
    p.flags = flags;
    p.hUploadStream = asStream(uploadStream);
    CUgraphExec e = nullptr;
    const CUresult r = api_.cuGraphInstantiateWithParams(&e, asGraph(graph), &p);
    result->errorNode = p.hErrNode_out;
    result->result = static_cast<hipGraphInstantiateResult>(p.result_out);
    UNIHIP_TRY(check(r, "cuGraphInstantiateWithParams"));
    *exec = e;
    return kOk;
  }
  Status execDestroy(int device, NativeGraphExec exec) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphExecDestroy(asExec(exec)), "cuGraphExecDestroy");
  }
  Status launchGraph(int device, NativeGraphExec exec, NativeStream stream) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphLaunch(asExec(exec), asStream(stream)), "cuGraphLaunch");
  }
  Status uploadGraph(int device, NativeGraphExec exec, NativeStream stream) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphUpload(asExec(exec), asStream(stream)), "cuGraphUpload");
  }
  Status execUpdate(int device, NativeGraphExec exec, NativeGraph graph,
                    NativeGraphNode* errorNode, hipGraphExecUpdateResult* result) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUgraphExecUpdateResultInfo info{};
    const CUresult r = api_.cuGraphExecUpdate(asExec(exec), asGraph(graph), &info);
    *errorNode = info.errorNode;
    *result = info.result == CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED
                  ? hipGraphExecUpdateError
                  : static_cast<hipGraphExecUpdateResult>(info.result);
    return check(r, "cuGraphExecUpdate");
  }
  Status execSetKernelNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                 const KernelNodeArgs& p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_KERNEL_NODE_PARAMS c = toCuda(p);
    return check(api_.cuGraphExecKernelNodeSetParams(asExec(exec), asNode(node), &c),
                 "cuGraphExecKernelNodeSetParams");
  }
  Status execSetMemcpyNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                 const hipMemcpy3DParms& p) override {
    CUDA_MEMCPY3D c;
    UNIHIP_TRY(toCuda(p, &c));
    CUcontext ctx = nullptr;
    UNIHIP_TRY(context(device, &ctx));
    return check(api_.cuGraphExecMemcpyNodeSetParams(asExec(exec), asNode(node), &c, ctx),
                 "cuGraphExecMemcpyNodeSetParams");
  }
  Status execSetMemsetNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                 const hipMemsetParams& p) override {
    const CUDA_MEMSET_NODE_PARAMS c = toCuda(p);
    CUcontext ctx = nullptr;
    UNIHIP_TRY(context(device, &ctx));
    return check(api_.cuGraphExecMemsetNodeSetParams(asExec(exec), asNode(node), &c, ctx),
                 "cuGraphExecMemsetNodeSetParams");
  }
  Status execSetHostNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                               const hipHostNodeParams& p) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_HOST_NODE_PARAMS c = toCuda(p);
    return check(api_.cuGraphExecHostNodeSetParams(asExec(exec), asNode(node), &c),
                 "cuGraphExecHostNodeSetParams");
  }
  Status execSetChildGraph(int device, NativeGraphExec exec, NativeGraphNode node,
                           NativeGraph child) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphExecChildGraphNodeSetParams(asExec(exec), asNode(node),
                                                         asGraph(child)),
                 "cuGraphExecChildGraphNodeSetParams");
  }
  Status execSetEventNodeEvent(int device, NativeGraphExec exec, NativeGraphNode node,
                               bool record, NativeEvent event) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (record)
      return check(api_.cuGraphExecEventRecordNodeSetEvent(asExec(exec), asNode(node),
                                                           asEvent(event)),
                   "cuGraphExecEventRecordNodeSetEvent");
    return check(api_.cuGraphExecEventWaitNodeSetEvent(asExec(exec), asNode(node),
                                                       asEvent(event)),
                 "cuGraphExecEventWaitNodeSetEvent");
  }
  Status nodeSetEnabled(int device, NativeGraphExec exec, NativeGraphNode node,
                        unsigned int enabled) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphNodeSetEnabled(asExec(exec), asNode(node), enabled),
                 "cuGraphNodeSetEnabled");
  }
  Status nodeEnabled(int device, NativeGraphExec exec, NativeGraphNode node,
                     unsigned int* enabled) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphNodeGetEnabled(asExec(exec), asNode(node), enabled),
                 "cuGraphNodeGetEnabled");
  }

  // ---- Graph memory: CUgraphMem_attribute equals hipGraphMemAttributeType ----
  Status graphMemAttribute(int device, int attr, void* value, bool set) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (set)
      return check(api_.cuDeviceSetGraphMemAttribute(core_.deviceHandle(device), attr, value),
                   "cuDeviceSetGraphMemAttribute");
    return check(api_.cuDeviceGetGraphMemAttribute(core_.deviceHandle(device), attr, value),
                 "cuDeviceGetGraphMemAttribute");
  }
  Status graphMemTrim(int device) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuDeviceGraphMemTrim(core_.deviceHandle(device)), "cuDeviceGraphMemTrim");
  }
  // The driver frees graph allocations with cuMemFree and cuMemFreeAsync (and keeps the
  // footprint figures and the relaunch rule itself).
  Status freeGraphMemory(int device, void* p, NativeStream stream) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (stream == nullptr) return check(api_.cuMemFree(dptr(p)), "cuMemFree");
    if (api_.cuMemFreeAsync == nullptr) return hipErrorNotSupported;
    return check(api_.cuMemFreeAsync(dptr(p), asStream(stream)), "cuMemFreeAsync");
  }

  // ---- User objects ----
  Status userObjectCreate(int device, void* p, hipHostFn_t destroy, unsigned int refcount,
                          unsigned int flags, NativeUserObject* object) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUuserObject o = nullptr;
    UNIHIP_TRY(check(api_.cuUserObjectCreate(&o, p, destroy, refcount, flags),
                     "cuUserObjectCreate"));
    *object = o;
    return kOk;
  }
  Status userObjectRefs(int device, NativeUserObject object, long long count) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (count > 0)
      return check(api_.cuUserObjectRetain(asObject(object), static_cast<unsigned>(count)),
                   "cuUserObjectRetain");
    return check(api_.cuUserObjectRelease(asObject(object), static_cast<unsigned>(-count)),
                 "cuUserObjectRelease");
  }
  Status graphUserObjectRefs(int device, NativeGraph graph, NativeUserObject object,
                             long long count, unsigned int flags) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (count > 0)
      return check(api_.cuGraphRetainUserObject(asGraph(graph), asObject(object),
                                                static_cast<unsigned>(count), flags),
                   "cuGraphRetainUserObject");
    return check(api_.cuGraphReleaseUserObject(asGraph(graph), asObject(object),
                                               static_cast<unsigned>(-count)),
                 "cuGraphReleaseUserObject");
  }

  // ---- Stream capture: CUstreamCaptureMode/Status equal HIP's ----
  Status beginCapture(int device, NativeStream stream, int mode) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuStreamBeginCapture(asStream(stream), mode), "cuStreamBeginCapture");
  }
  // A driver older than CUDA 12.3 has no cuStreamBeginCaptureToGraph: hipErrorNotSupported.
  Status beginCaptureToGraph(int device, NativeStream stream, NativeGraph graph,
                             const NativeGraphNode* deps, size_t count, int mode) override {
    if (api_.cuStreamBeginCaptureToGraph == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuStreamBeginCaptureToGraph(asStream(stream), asGraph(graph), asNodes(deps), nullptr,
                                      count, mode),
                 "cuStreamBeginCaptureToGraph");
  }
  Status endCapture(int device, NativeStream stream, NativeGraph* graph) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUgraph g = nullptr;
    const CUresult r = api_.cuStreamEndCapture(asStream(stream), &g);
    *graph = g;
    return check(r, "cuStreamEndCapture");
  }
  Status captureInfo(int device, NativeStream stream, hipStreamCaptureStatus* status,
                     unsigned long long* id, NativeGraph* graph, const NativeGraphNode** deps,
                     size_t* count) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    int s = 0;
    CUgraph g = nullptr;
    const CUgraphNode* d = nullptr;
    size_t n = 0;
    UNIHIP_TRY(check(api_.cuStreamGetCaptureInfo(asStream(stream), &s, id, &g, &d, &n),
                     "cuStreamGetCaptureInfo"));
    *status = static_cast<hipStreamCaptureStatus>(s);
    if (graph) *graph = g;
    if (deps) *deps = reinterpret_cast<const NativeGraphNode*>(d);
    if (count) *count = n;
    return kOk;
  }
  Status updateCaptureDependencies(int device, NativeStream stream, NativeGraphNode* deps,
                                   size_t count, unsigned int flags) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuStreamUpdateCaptureDependencies(
                     asStream(stream), reinterpret_cast<CUgraphNode*>(deps), count, flags),
                 "cuStreamUpdateCaptureDependencies");
  }
  Status exchangeCaptureMode(int device, int* mode) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuThreadExchangeStreamCaptureMode(mode),
                 "cuThreadExchangeStreamCaptureMode");
  }
  Status invalidateCapture(int device, NativeStream stream) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    // Querying a capturing stream is illegal: the driver invalidates its capture.
    (void)api_.cuStreamQuery(asStream(stream));
    return hipErrorStreamCaptureUnsupported;
  }

  // External semaphore nodes: HIP's signal/wait params have the driver's layouts
  // (cuda_memory_pools.cpp checks the sizes), so the arrays pass through.
  Status addExternalSemaphoreNode(int device, const NodePlace& at, bool signal,
                                  void* const* semaphores, const void* params, unsigned count,
                                  NativeGraphNode* node) override {
    auto add = signal ? api_.cuGraphAddExternalSemaphoresSignalNode : nullptr;
    auto addWait = signal ? nullptr : api_.cuGraphAddExternalSemaphoresWaitNode;
    if (add == nullptr && addWait == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    if (signal) {
      const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS p = signalParams(semaphores, params, count);
      return added(add(out(node), asGraph(at.graph), asNodes(at.deps), at.count, &p),
                   "cuGraphAddExternalSemaphoresSignalNode", node);
    }
    const CUDA_EXT_SEM_WAIT_NODE_PARAMS p = waitParams(semaphores, params, count);
    return added(addWait(out(node), asGraph(at.graph), asNodes(at.deps), at.count, &p),
                 "cuGraphAddExternalSemaphoresWaitNode", node);
  }
  Status setExternalSemaphoreNodeParams(int device, NativeGraphNode node, bool signal,
                                        void* const* semaphores, const void* params,
                                        unsigned count) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (signal) {
      if (api_.cuGraphExternalSemaphoresSignalNodeSetParams == nullptr)
        return hipErrorNotSupported;
      const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS p = signalParams(semaphores, params, count);
      return check(api_.cuGraphExternalSemaphoresSignalNodeSetParams(asNode(node), &p),
                   "cuGraphExternalSemaphoresSignalNodeSetParams");
    }
    if (api_.cuGraphExternalSemaphoresWaitNodeSetParams == nullptr) return hipErrorNotSupported;
    const CUDA_EXT_SEM_WAIT_NODE_PARAMS p = waitParams(semaphores, params, count);
    return check(api_.cuGraphExternalSemaphoresWaitNodeSetParams(asNode(node), &p),
                 "cuGraphExternalSemaphoresWaitNodeSetParams");
  }
  Status execSetExternalSemaphoreNodeParams(int device, NativeGraphExec exec,
                                            NativeGraphNode node, bool signal,
                                            void* const* semaphores, const void* params,
                                            unsigned count) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    if (signal) {
      if (api_.cuGraphExecExternalSemaphoresSignalNodeSetParams == nullptr)
        return hipErrorNotSupported;
      const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS p = signalParams(semaphores, params, count);
      return check(
          api_.cuGraphExecExternalSemaphoresSignalNodeSetParams(asExec(exec), asNode(node), &p),
          "cuGraphExecExternalSemaphoresSignalNodeSetParams");
    }
    if (api_.cuGraphExecExternalSemaphoresWaitNodeSetParams == nullptr)
      return hipErrorNotSupported;
    const CUDA_EXT_SEM_WAIT_NODE_PARAMS p = waitParams(semaphores, params, count);
    return check(
        api_.cuGraphExecExternalSemaphoresWaitNodeSetParams(asExec(exec), asNode(node), &p),
        "cuGraphExecExternalSemaphoresWaitNodeSetParams");
  }

  // Batch memory operation nodes: HIP's operations have the driver's layout; the context is
  // the device's primary context.
  Status addBatchMemOpNode(int device, const NodePlace& at, const BatchMemOpNodeArgs& p,
                           NativeGraphNode* node) override {
    if (api_.cuGraphAddBatchMemOpNode == nullptr) return hipErrorNotSupported;
    CUDA_BATCH_MEM_OP_NODE_PARAMS c{};
    UNIHIP_TRY(batchParams(p, &c));
    UNIHIP_TRY(core_.makeCurrent(device));
    return added(api_.cuGraphAddBatchMemOpNode(out(node), asGraph(at.graph), asNodes(at.deps),
                                               at.count, &c),
                 "cuGraphAddBatchMemOpNode", node);
  }
  Status batchMemOpNodeParams(int device, NativeGraphNode node, BatchMemOpNodeArgs* p) override {
    if (api_.cuGraphBatchMemOpNodeGetParams == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_BATCH_MEM_OP_NODE_PARAMS c{};
    UNIHIP_TRY(check(api_.cuGraphBatchMemOpNodeGetParams(asNode(node), &c),
                     "cuGraphBatchMemOpNodeGetParams"));
    p->ctxDevice = -1;
    for (int d = 0; d < core_.deviceCount(); ++d)
      if (c.ctx != nullptr && core_.retainedContext(d) == c.ctx) p->ctxDevice = d;
    p->count = c.count;
    p->ops = reinterpret_cast<const hipStreamBatchMemOpParams*>(c.paramArray);
    p->flags = c.flags;
    return kOk;
  }
  Status setBatchMemOpNodeParams(int device, NativeGraphNode node,
                                 const BatchMemOpNodeArgs& p) override {
    if (api_.cuGraphBatchMemOpNodeSetParams == nullptr) return hipErrorNotSupported;
    CUDA_BATCH_MEM_OP_NODE_PARAMS c{};
    UNIHIP_TRY(batchParams(p, &c));
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphBatchMemOpNodeSetParams(asNode(node), &c),
                 "cuGraphBatchMemOpNodeSetParams");
  }
  Status execSetBatchMemOpNodeParams(int device, NativeGraphExec exec, NativeGraphNode node,
                                     const BatchMemOpNodeArgs& p) override {
    if (api_.cuGraphExecBatchMemOpNodeSetParams == nullptr) return hipErrorNotSupported;
    CUDA_BATCH_MEM_OP_NODE_PARAMS c{};
    UNIHIP_TRY(batchParams(p, &c));
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuGraphExecBatchMemOpNodeSetParams(asExec(exec), asNode(node), &c),
                 "cuGraphExecBatchMemOpNodeSetParams");
  }

 private:
  // The driver copies the operations when it takes them.
  Status batchParams(const BatchMemOpNodeArgs& p, CUDA_BATCH_MEM_OP_NODE_PARAMS* c) {
    static_assert(sizeof(hipStreamBatchMemOpParams) == sizeof(CUstreamBatchMemOpParams));
    UNIHIP_TRY(context(p.ctxDevice, &c->ctx));
    c->count = p.count;
    c->paramArray =
        reinterpret_cast<CUstreamBatchMemOpParams*>(const_cast<hipStreamBatchMemOpParams*>(p.ops));
    c->flags = p.flags;
    return kOk;
  }
  static CUDA_EXT_SEM_SIGNAL_NODE_PARAMS signalParams(void* const* semaphores,
                                                      const void* params, unsigned count) {
    return {reinterpret_cast<CUexternalSemaphore*>(const_cast<void**>(semaphores)),
            static_cast<const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS*>(params), count};
  }
  static CUDA_EXT_SEM_WAIT_NODE_PARAMS waitParams(void* const* semaphores, const void* params,
                                                  unsigned count) {
    return {reinterpret_cast<CUexternalSemaphore*>(const_cast<void**>(semaphores)),
            static_cast<const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS*>(params), count};
  }
  Status check(CUresult r, const char* call) const { return core_.check(r, call); }
  static CUgraphNode* out(NativeGraphNode* node) { return reinterpret_cast<CUgraphNode*>(node); }
  Status added(CUresult r, const char* call, NativeGraphNode* node) const {
    Status s = check(r, call);
    if (!s.ok()) *node = nullptr;
    return s;
  }
  // The device's primary context, current on this thread.
  Status context(int device, CUcontext* ctx) {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuCtxGetCurrent(ctx), "cuCtxGetCurrent");
  }
  // CUaccessPolicyWindow: base_ptr, num_bytes, hitRatio, hitProp, missProp.
  struct CuWindow {
    void* base;
    size_t bytes;
    float hitRatio;
    int hitProp;
    int missProp;
  };
  static hipAccessPolicyWindow window(const CUlaunchAttributeValue& c) {
    CuWindow w;
    std::memcpy(&w, &c, sizeof w);
    hipAccessPolicyWindow h{};
    h.base_ptr = w.base;
    h.num_bytes = w.bytes;
    h.hitRatio = w.hitRatio;
    h.hitProp = static_cast<hipAccessProperty>(w.hitProp);
    h.missProp = static_cast<hipAccessProperty>(w.missProp);
    return h;
  }
  static CUlaunchAttributeValue window(const hipAccessPolicyWindow& h) {
    CuWindow w{h.base_ptr, h.num_bytes, h.hitRatio, h.hitProp, h.missProp};
    CUlaunchAttributeValue c{};
    std::memcpy(&c, &w, sizeof w);
    return c;
  }

  CudaCore& core_;
  const DriverApi& api_;
};

// The family exists only when the driver has every entry point it uses (the newer ones,
// UNIHIP_CU_OPTIONAL_SINCE, may be missing: their functions answer hipErrorNotSupported).
bool complete(const DriverApi& a) {
  const void* required[] = {
#define UNIHIP_CU_OPTIONAL(name, ...) reinterpret_cast<const void*>(a.name),
#define UNIHIP_CU_OPTIONAL_SINCE(version, name, ...)
#include "cuda/cuda_symbols_graphs.h"
#undef UNIHIP_CU_OPTIONAL
#undef UNIHIP_CU_OPTIONAL_SINCE
  };
  for (const void* p : required)
    if (p == nullptr) return false;
  return true;
}

}  // namespace

std::unique_ptr<GraphOps> createCudaGraphOps(CudaCore& core) {
  if (!complete(core.api())) return nullptr;
  return std::make_unique<CudaGraphOps>(core);
}

}  // namespace unihip::cu
