// Copy nodes: 1-D, pitched and 3-D (pointers or arrays), to and from symbols, and the driver-style
// forms. A node answers its parameters as they were given (AMD keeps them verbatim).
#include "api/graph/graph_layer.h"
#include "api/image_support.h"
#include "api/memory_checks.h"
#include "core/images.h"
#include "core/registry.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

// A 1-D copy as a one-row pitched copy (what cudaGraphAddMemcpyNode1D builds).
hipMemcpy3DParms linearCopy(void* dst, const void* src, size_t count, hipMemcpyKind kind) {
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(const_cast<void*>(src), count, count, 1);
  p.dstPtr = make_hipPitchedPtr(dst, count, count, 1);
  p.extent = make_hipExtent(count, 1, 1);
  p.kind = kind;
  return p;
}

// A copy to (toSymbol) or from a device variable, inside the variable, on the current device.
Status symbolCopy(const void* symbol, void* other, size_t count, size_t offset,
                  hipMemcpyKind kind, bool toSymbol, hipMemcpy3DParms* p) {
  const bool kindOk = kind == hipMemcpyDeviceToDevice || kind == hipMemcpyDefault ||
                      kind == (toSymbol ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost);
  if (!kindOk) return hipErrorInvalidMemcpyDirection;
  VariableRecord* variable = Registry::get().findVariable(symbol);
  if (variable == nullptr) return hipErrorInvalidSymbol;
  Device* device = nullptr;
  UNIHIP_TRY(currentDevice(&device));
  void* address = nullptr;
  size_t size = 0;
  UNIHIP_TRY(Registry::get().variableAddress(variable, *device, &address, &size));
  if (offset > size || count > size - offset) return hipErrorInvalidValue;
  void* at = static_cast<char*>(address) + offset;
  *p = toSymbol ? linearCopy(at, other, count, kind) : linearCopy(other, at, count, kind);
  return kOk;
}

// A driver-style copy of linear memory as a pitched copy (arrays: the images family's).
Status drvCopy(const HIP_MEMCPY3D& c, hipMemcpy3DParms* p) {
  if (c.srcMemoryType == hipMemoryTypeArray || c.dstMemoryType == hipMemoryTypeArray ||
      c.srcArray != nullptr || c.dstArray != nullptr)
    return hipErrorNotSupported;
  const bool srcHost = c.srcMemoryType == hipMemoryTypeHost;
  const bool dstHost = c.dstMemoryType == hipMemoryTypeHost;
  *p = hipMemcpy3DParms{};
  p->srcPos = make_hipPos(c.srcXInBytes, c.srcY, c.srcZ);
  p->srcPtr = make_hipPitchedPtr(srcHost ? const_cast<void*>(c.srcHost) : c.srcDevice,
                                 c.srcPitch, c.WidthInBytes, c.srcHeight);
  p->dstPos = make_hipPos(c.dstXInBytes, c.dstY, c.dstZ);
  p->dstPtr = make_hipPitchedPtr(dstHost ? c.dstHost : c.dstDevice, c.dstPitch, c.WidthInBytes,
                                 c.dstHeight);
  p->extent = make_hipExtent(c.WidthInBytes, c.Height, c.Depth);
  p->kind = srcHost ? (dstHost ? hipMemcpyHostToHost : hipMemcpyHostToDevice)
                    : (dstHost ? hipMemcpyDeviceToHost : hipMemcpyDeviceToDevice);
  return kOk;
}

// A copy node's parameters as the graphs family takes them (seam/graph_ops.h): an array side
// as its native array, the width and an array side's x in bytes, as hipMemcpy3D's array path
// hands them to the images family (hip_memory_2d3d.cpp). A pointer side's rows must hold the
// extent's elements.
Status resolveCopy(const hipMemcpy3DParms& user, hipMemcpy3DParms* out) {
  *out = user;
  if (user.srcArray == nullptr && user.dstArray == nullptr) return kOk;
  const hipArray* sa = user.srcArray ? liveArray(user.srcArray) : nullptr;
  const hipArray* da = user.dstArray ? liveArray(user.dstArray) : nullptr;
  if ((user.srcArray && !sa) || (user.dstArray && !da)) return hipErrorInvalidHandle;
  const size_t widthInBytes = user.extent.width * images::elementBytes((sa ? sa : da)->shape);
  if ((!sa && user.srcPtr.pitch < widthInBytes) || (!da && user.dstPtr.pitch < widthInBytes))
    return hipErrorInvalidPitchValue;
  out->extent.width = widthInBytes;
  if (sa) {
    out->srcArray = static_cast<hipArray_t>(sa->native);
    out->srcPtr = hipPitchedPtr{};
    out->srcPos.x = user.srcPos.x * images::elementBytes(sa->shape);
  }
  if (da) {
    out->dstArray = static_cast<hipArray_t>(da->native);
    out->dstPtr = hipPitchedPtr{};
    out->dstPos.x = user.dstPos.x * images::elementBytes(da->shape);
  }
  return kOk;
}

// The family's resolved form back in HIP's: native arrays as the caller's hipArray_t, and
// (`elements`, the runtime-style form) widths and array positions in elements. An array unihip
// does not know (destroyed since) stays as it is.
void userCopy(hipMemcpy3DParms* p, bool elements) {
  const hipArray* sa = p->srcArray ? arrayOfNative(p->srcArray) : nullptr;
  const hipArray* da = p->dstArray ? arrayOfNative(p->dstArray) : nullptr;
  if (sa) p->srcArray = const_cast<hipArray*>(sa);
  if (da) p->dstArray = const_cast<hipArray*>(da);
  if (!elements) return;
  if (sa) p->srcPos.x /= images::elementBytes(sa->shape);
  if (da) p->dstPos.x /= images::elementBytes(da->shape);
  if (sa || da) p->extent.width /= images::elementBytes((sa ? sa : da)->shape);
}

// Widths in bytes; an array side names its hipArray_t.
HIP_MEMCPY3D drvCopyOf(const hipMemcpy3DParms& p) {
  HIP_MEMCPY3D c{};
  const bool srcHost = p.kind == hipMemcpyHostToHost || p.kind == hipMemcpyHostToDevice;
  const bool dstHost = p.kind == hipMemcpyHostToHost || p.kind == hipMemcpyDeviceToHost;
  c.srcXInBytes = p.srcPos.x, c.srcY = p.srcPos.y, c.srcZ = p.srcPos.z;
  c.srcMemoryType = srcHost ? hipMemoryTypeHost
                            : (p.kind == hipMemcpyDefault ? hipMemoryTypeUnified
                                                          : hipMemoryTypeDevice);
  if (p.srcArray != nullptr) {
    c.srcMemoryType = hipMemoryTypeArray;
    c.srcArray = p.srcArray;
  } else if (srcHost) {
    c.srcHost = p.srcPtr.ptr;
  } else {
    c.srcDevice = p.srcPtr.ptr;
  }
  c.srcPitch = p.srcPtr.pitch;
  c.srcHeight = p.srcPtr.ysize;
  c.dstXInBytes = p.dstPos.x, c.dstY = p.dstPos.y, c.dstZ = p.dstPos.z;
  c.dstMemoryType = dstHost ? hipMemoryTypeHost
                            : (p.kind == hipMemcpyDefault ? hipMemoryTypeUnified
                                                          : hipMemoryTypeDevice);
  if (p.dstArray != nullptr) {
    c.dstMemoryType = hipMemoryTypeArray;
    c.dstArray = p.dstArray;
  } else if (dstHost) {
    c.dstHost = p.dstPtr.ptr;
  } else {
    c.dstDevice = p.dstPtr.ptr;
  }
  c.dstPitch = p.dstPtr.pitch;
  c.dstHeight = p.dstPtr.ysize;
  c.WidthInBytes = p.extent.width;
  c.Height = p.extent.height;
  c.Depth = p.extent.depth;
  return c;
}

}  // namespace

namespace unihip::graph_api {

// AMD's ihipMemcpy3D_validate, in its order: one of array and pointer a side, arrays of one
// element size, pitches that hold their pointers' rows (xsize), a copy between pointers within
// their pitches; then the kind (its ihipDrvMemcpy3D_validate).
Status checkCopy(const hipMemcpy3DParms* p) {
  if (p == nullptr) return hipErrorInvalidValue;
  if ((p->srcArray != nullptr) == (p->srcPtr.ptr != nullptr) ||
      (p->dstArray != nullptr) == (p->dstPtr.ptr != nullptr))
    return hipErrorInvalidValue;
  if (p->srcArray != nullptr && p->dstArray != nullptr) {
    const hipArray* sa = liveArray(p->srcArray);
    const hipArray* da = liveArray(p->dstArray);
    if (sa && da && images::elementBytes(sa->shape) != images::elementBytes(da->shape))
      return hipErrorInvalidValue;
  }
  if (p->srcPtr.pitch < p->srcPtr.xsize || p->dstPtr.pitch < p->dstPtr.xsize)
    return hipErrorInvalidPitchValue;
  if (p->srcArray == nullptr && p->dstArray == nullptr &&
      (p->extent.width + p->dstPos.x > p->dstPtr.pitch ||
       p->extent.width + p->srcPos.x > p->srcPtr.pitch))
    return hipErrorInvalidValue;
  CopyDirection dir;
  return memory::copyDirection(p->kind, &dir);
}

Status addCopy(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               const hipMemcpy3DParms& user) {
  hipMemcpy3DParms p;
  UNIHIP_TRY(resolveCopy(user, &p));
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addMemcpyNode(d, at, p, node);
  }));
  (*out)->given.kind = GivenNodeParams::Kind::Copy;
  (*out)->given.copy = user;
  return kOk;
}

// A copy node's parameters in HIP's runtime-style form (`elements`: as given, where unihip set
// them) or with byte widths (the driver-style form's).
Status copyParams(hipGraphNode_t node, hipMemcpy3DParms* p, bool elements = true) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  if (elements && node->given.kind == GivenNodeParams::Kind::Copy) {
    *p = node->given.copy;
    return kOk;
  }
  UNIHIP_TRY(o.ops->memcpyNodeParams(o.device, node->native, p));
  userCopy(p, elements);
  return kOk;
}

Status setCopy(hipGraphExec_t exec, hipGraphNode_t node, const hipMemcpy3DParms& user) {
  UNIHIP_TRY(liveNode(node));
  hipMemcpy3DParms p;
  UNIHIP_TRY(resolveCopy(user, &p));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetMemcpyNodeParams(o.device, exec->native, node->native, p);
  UNIHIP_TRY(o.ops->setMemcpyNodeParams(o.device, node->native, p));
  node->given.kind = GivenNodeParams::Kind::Copy;
  node->given.copy = user;
  return kOk;
}

}  // namespace unihip::graph_api

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies, void* dst,
                                                 const void* src, size_t count,
                                                 hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies, numDependencies, dst, src,
                                       count, kind);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   dst == nullptr || src == nullptr);
  GRAPH_FAIL_IF(badKind(kind), hipErrorInvalidMemcpyDirection);
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies,
                        linearCopy(dst, src, count, kind)));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t* pGraphNode,
                                                         hipGraph_t graph,
                                                         const hipGraphNode_t* pDependencies,
                                                         size_t numDependencies, void* dst,
                                                         const void* symbol, size_t count,
                                                         size_t offset, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphAddMemcpyNodeFromSymbol(pGraphNode, graph, pDependencies, numDependencies,
                                               dst, symbol, count, offset, kind);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   dst == nullptr);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_CHECK(liveGraph(graph));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, dst, count, offset, kind, false, &p));
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies, p));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t* pGraphNode,
                                                       hipGraph_t graph,
                                                       const hipGraphNode_t* pDependencies,
                                                       size_t numDependencies,
                                                       const void* symbol, const void* src,
                                                       size_t count, size_t offset,
                                                       hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphAddMemcpyNodeToSymbol(pGraphNode, graph, pDependencies, numDependencies,
                                             symbol, src, count, offset, kind);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   src == nullptr);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_CHECK(liveGraph(graph));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, const_cast<void*>(src), count, offset, kind, true, &p));
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies, p));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void* dst,
                                                       const void* src, size_t count,
                                                       hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphMemcpyNodeSetParams1D(node, dst, src, count, kind);
  GRAPH_INVALID_IF(node == nullptr || dst == nullptr || src == nullptr || count == 0 ||
                   src == dst);
  UNIHIP_RETURN(setCopy(nullptr, node, linearCopy(dst, src, count, kind)));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void* dst,
                                                               const void* symbol, size_t count,
                                                               size_t offset,
                                                               hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphMemcpyNodeSetParamsFromSymbol(node, dst, symbol, count, offset, kind);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(node == nullptr || dst == nullptr || count == 0 || symbol == dst);
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, dst, count, offset, kind, false, &p));
  UNIHIP_RETURN(setCopy(nullptr, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node,
                                                             const void* symbol, const void* src,
                                                             size_t count, size_t offset,
                                                             hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphMemcpyNodeSetParamsToSymbol(node, symbol, src, count, offset, kind);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(node == nullptr || src == nullptr || count == 0 || symbol == src);
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, const_cast<void*>(src), count, offset, kind, true, &p));
  UNIHIP_RETURN(setCopy(nullptr, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t node, void* dst,
                                                           const void* src, size_t count,
                                                           hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, src, count, kind);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || dst == nullptr || src == nullptr ||
                   count == 0 || src == dst);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setCopy(hGraphExec, node, linearCopy(dst, src, count, kind)));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, void* dst, const void* symbol, size_t count,
    size_t offset, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphExecMemcpyNodeSetParamsFromSymbol(hGraphExec, node, dst, symbol, count,
                                                         offset, kind);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || dst == nullptr || count == 0 ||
                   symbol == dst);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, dst, count, offset, kind, false, &p));
  UNIHIP_RETURN(setCopy(hGraphExec, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, const void* symbol, const void* src,
    size_t count, size_t offset, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipGraphExecMemcpyNodeSetParamsToSymbol(hGraphExec, node, symbol, src, count, offset,
                                                       kind);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || src == nullptr || count == 0 ||
                   symbol == src);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, const_cast<void*>(src), count, offset, kind, true, &p));
  UNIHIP_RETURN(setCopy(hGraphExec, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipMemcpy3DParms* pCopyParams) {
  UNIHIP_TRACE_hipGraphAddMemcpyNode(pGraphNode, graph, pDependencies, numDependencies,
                                     pCopyParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badCopy(pCopyParams));
  GRAPH_CHECK(checkCopy(pCopyParams));
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies, *pCopyParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                                     hipMemcpy3DParms* pNodeParams) {
  UNIHIP_TRACE_hipGraphMemcpyNodeGetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN(copyParams(node, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                                     const hipMemcpy3DParms* pNodeParams) {
  UNIHIP_TRACE_hipGraphMemcpyNodeSetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  GRAPH_CHECK(checkCopy(pNodeParams));
  UNIHIP_RETURN(setCopy(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         hipMemcpy3DParms* pNodeParams) {
  UNIHIP_TRACE_hipGraphExecMemcpyNodeSetParams(hGraphExec, node, pNodeParams);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badCopy(pNodeParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(node));
  // AMD's runtime answers any refusal of its checks here as hipErrorInvalidValue.
  GRAPH_INVALID_IF(!checkCopy(pNodeParams).ok());
  UNIHIP_RETURN(setCopy(hGraphExec, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipDrvGraphMemcpyNodeGetParams(hipGraphNode_t hNode,
                                                        HIP_MEMCPY3D* nodeParams) {
  UNIHIP_TRACE_hipDrvGraphMemcpyNodeGetParams(hNode, nodeParams);
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  hipMemcpy3DParms p;
  GRAPH_CHECK(copyParams(hNode, &p, false));
  *nodeParams = drvCopyOf(p);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDrvGraphMemcpyNodeSetParams(hipGraphNode_t hNode,
                                                        const HIP_MEMCPY3D* nodeParams) {
  UNIHIP_TRACE_hipDrvGraphMemcpyNodeSetParams(hNode, nodeParams);
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(liveNode(hNode));
  hipMemcpy3DParms p;
  GRAPH_CHECK(drvCopy(*nodeParams, &p));
  UNIHIP_RETURN(setCopy(nullptr, hNode, p));
}

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                  const hipGraphNode_t* dependencies,
                                                  size_t numDependencies,
                                                  const HIP_MEMCPY3D* copyParams,
                                                  struct ihipCtx_t* ctx) {
  UNIHIP_TRACE_hipDrvGraphAddMemcpyNode(phGraphNode, hGraph, dependencies, numDependencies,
                                        copyParams, ctx);
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) || ctx == nullptr ||
                   badDrvCopy(copyParams));
  hipMemcpy3DParms p;
  GRAPH_CHECK(liveGraph(hGraph));
  GRAPH_CHECK(drvCopy(*copyParams, &p));
  UNIHIP_RETURN(addCopy(phGraphNode, hGraph, dependencies, numDependencies, p));
}

UNIHIP_EXPORT hipError_t hipDrvGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                            hipGraphNode_t hNode,
                                                            const HIP_MEMCPY3D* copyParams,
                                                            struct ihipCtx_t* ctx) {
  UNIHIP_TRACE_hipDrvGraphExecMemcpyNodeSetParams(hGraphExec, hNode, copyParams, ctx);
  (void)ctx;
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || badDrvCopy(copyParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(hNode));
  hipMemcpy3DParms p;
  GRAPH_CHECK(drvCopy(*copyParams, &p));
  UNIHIP_RETURN(setCopy(hGraphExec, hNode, p));
}
