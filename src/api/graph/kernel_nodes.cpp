// Kernel nodes: a registered kernel or a module function, its launch checked as
// hipLaunchKernel's; attributes.
#include "api/graph/graph_layer.h"
#include "api/kernel_lookup.h"
#include "core/launch_check.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

bool badAttribute(hipKernelNodeAttrID attr) {
  return attr != hipKernelNodeAttributeAccessPolicyWindow &&
         attr != hipKernelNodeAttributeCooperative && attr != hipKernelNodeAttributePriority;
}

// hipKernelNodeParams::func: a registered kernel's host function (resolved on the current
// device, as hipLaunchKernel does) or a module function handle.
Status kernelArgs(const hipKernelNodeParams& p, KernelNodeArgs* a) {
  Device* device = nullptr;
  NativeFunction function = nullptr;
  if (KernelRecord* k = Registry::get().findKernel(p.func)) {
    UNIHIP_TRY(currentDevice(&device));
    UNIHIP_TRY(Registry::get().function(k, *device, &function));
  } else if (auto f = static_cast<hipFunction_t>(p.func); isLive(f)) {
    UNIHIP_TRY(moduleFunction(f, &device, &function));
  } else if (unihip::graph::knownFunction(p.func)) {  // from a captured kernel node's query
    UNIHIP_TRY(currentDevice(&device));
    function = p.func;
  } else {
    return hipErrorInvalidDeviceFunction;
  }
  UNIHIP_TRY(checkLaunch(*device->props, p.gridDim, p.blockDim, p.sharedMemBytes));
  a->function = function;
  a->grid = p.gridDim;
  a->block = p.blockDim;
  a->sharedMemBytes = p.sharedMemBytes;
  a->args = p.kernelParams;
  a->extra = p.extra;
  return kOk;
}

hipKernelNodeParams kernelParams(const KernelNodeArgs& a, const void* stub) {
  hipKernelNodeParams p{};
  p.func = stub ? const_cast<void*>(stub) : a.function;
  p.gridDim = a.grid;
  p.blockDim = a.block;
  p.sharedMemBytes = a.sharedMemBytes;
  p.kernelParams = a.args;
  p.extra = a.extra;
  return p;
}

}  // namespace

namespace unihip::graph_api {

Status addKernel(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                 const hipKernelNodeParams& p) {
  UNIHIP_TRY(liveGraph(g));
  KernelNodeArgs a;
  UNIHIP_TRY(kernelArgs(p, &a));
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addKernelNode(d, at, a, node);
  }));
  (*out)->kernelStub = p.func;
  return kOk;
}

Status setKernel(hipGraphExec_t exec, hipGraphNode_t node, const hipKernelNodeParams& p) {
  UNIHIP_TRY(liveNode(node));
  KernelNodeArgs a;
  UNIHIP_TRY(kernelArgs(p, &a));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetKernelNodeParams(o.device, exec->native, node->native, a);
  UNIHIP_TRY(o.ops->setKernelNodeParams(o.device, node->native, a));
  node->kernelStub = p.func;
  return kOk;
}

}  // namespace unihip::graph_api

UNIHIP_EXPORT hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipKernelNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphAddKernelNode(pGraphNode, graph, pDependencies, numDependencies,
                                     pNodeParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badKernelParams(pNodeParams));
  UNIHIP_RETURN(addKernel(pGraphNode, graph, pDependencies, numDependencies, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node,
                                                     hipKernelNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphKernelNodeGetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  KernelNodeArgs a;
  GRAPH_CHECK(o.ops->kernelNodeParams(o.device, node->native, &a));
  // A node the driver made (captured, or inside a child graph's copy) answers its registered
  // kernel's host function as AMD's runtime does; else the native function, accepted back.
  const void* stub = node->kernelStub;
  if (stub == nullptr) stub = Registry::get().hostFunctionOf(a.function);
  if (stub == nullptr) unihip::graph::rememberFunction(a.function);
  *pNodeParams = kernelParams(a, stub);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                                     const hipKernelNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphKernelNodeSetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || badKernelParams(pNodeParams));
  UNIHIP_RETURN(setKernel(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode,
                                                        hipKernelNodeAttrID attr,
                                                        hipKernelNodeAttrValue* value) {
  UNIHIP_TRACE_hipGraphKernelNodeGetAttribute(hNode, attr, value);
  GRAPH_INVALID_IF(hNode == nullptr || value == nullptr || badAttribute(attr));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hNode);
  UNIHIP_RETURN(o.ops->kernelNodeAttribute(o.device, hNode->native, attr, value));
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode,
                                                        hipKernelNodeAttrID attr,
                                                        const hipKernelNodeAttrValue* value) {
  UNIHIP_TRACE_hipGraphKernelNodeSetAttribute(hNode, attr, value);
  GRAPH_INVALID_IF(hNode == nullptr || value == nullptr || badAttribute(attr));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hNode);
  UNIHIP_RETURN(o.ops->setKernelNodeAttribute(o.device, hNode->native, attr, *value));
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc,
                                                          hipGraphNode_t hDst) {
  UNIHIP_TRACE_hipGraphKernelNodeCopyAttributes(hSrc, hDst);
  GRAPH_INVALID_IF(hSrc == nullptr || hDst == nullptr);
  GRAPH_CHECK(liveNode(hSrc));
  GRAPH_CHECK(liveNode(hDst));
  const NodeOps o = of(hSrc);
  UNIHIP_RETURN(o.ops->copyKernelNodeAttributes(o.device, hSrc->native, hDst->native));
}

UNIHIP_EXPORT hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         const hipKernelNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphExecKernelNodeSetParams(hGraphExec, node, pNodeParams);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badKernelParams(pNodeParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setKernel(hGraphExec, node, *pNodeParams));
}
