// Graph memory: allocation and free nodes, the devices' graph memory attributes and trim.
#include <cstring>

#include "api/graph/graph_layer.h"
#include "api/memory_allocation.h"
#include "base/allocation_map.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

Status checkDevice(int device) {
  return Runtime::get().device(device) ? kOk : Status(hipErrorInvalidDevice);
}

}  // namespace

namespace unihip::graph_api {

Status addAlloc(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipMemAllocNodeParams* p) {
  const Device* owner = Runtime::get().device(p->poolProps.location.id);
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addMemAllocNode(owner->local, at, p, node);
  }));
  AllocationMap::get().insert({p->dptr, p->bytesize, owner->ordinal, AllocationKind::Graph});
  // Answered back byte for byte, the caller's access list pointer included (as AMD's runtime).
  (*out)->given.kind = GivenNodeParams::Kind::Alloc;
  std::memcpy(&(*out)->given.alloc, p, sizeof *p);
  return kOk;
}

Status addFree(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               void* ptr) {
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addMemFreeNode(d, at, ptr, node);
  });
}

}  // namespace unihip::graph_api

namespace {

// hipDevice*GraphMem*: the device's graphs family.
Status deviceFamily(int device, const Device** d, GraphOps** ops) {
  *d = Runtime::get().device(device);
  if (*d == nullptr) return hipErrorInvalidDevice;
  *ops = (*d)->backend->graphs();
  return *ops ? kOk : Status(hipErrorNotSupported);
}

}  // namespace

// Free nodes also reject a dependency list with a zero count.
UNIHIP_EXPORT hipError_t hipGraphAddMemFreeNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                const hipGraphNode_t* pDependencies,
                                                size_t numDependencies, void* dev_ptr) {
  UNIHIP_TRACE_hipGraphAddMemFreeNode(pGraphNode, graph, pDependencies, numDependencies, dev_ptr);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   (pDependencies != nullptr && numDependencies == 0) || dev_ptr == nullptr);
  UNIHIP_RETURN(addFree(pGraphNode, graph, pDependencies, numDependencies, dev_ptr));
}

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemFreeNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                   const hipGraphNode_t* dependencies,
                                                   size_t numDependencies, hipDeviceptr_t dptr) {
  UNIHIP_TRACE_hipDrvGraphAddMemFreeNode(phGraphNode, hGraph, dependencies, numDependencies, dptr);
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   (dependencies != nullptr && numDependencies == 0) || dptr == nullptr);
  UNIHIP_RETURN(addFree(phGraphNode, hGraph, dependencies, numDependencies, dptr));
}

UNIHIP_EXPORT hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void* dev_ptr) {
  UNIHIP_TRACE_hipGraphMemFreeNodeGetParams(node, dev_ptr);
  GRAPH_INVALID_IF(node == nullptr || dev_ptr == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->memFreeNodeParams(o.device, node->native, static_cast<void**>(dev_ptr)));
}

UNIHIP_EXPORT hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                       void* value) {
  UNIHIP_TRACE_hipDeviceGetGraphMemAttribute(device, attr, value);
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GRAPH_INVALID_IF(value == nullptr || attr < hipGraphMemAttrUsedMemCurrent ||
                   attr > hipGraphMemAttrReservedMemHigh);
  GraphOps* ops = nullptr;
  const Device* d = nullptr;
  GRAPH_CHECK(deviceFamily(device, &d, &ops));
  UNIHIP_RETURN(ops->graphMemAttribute(d->local, attr, value, false));
}

// Only the high watermarks can be set (reset).
UNIHIP_EXPORT hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                       void* value) {
  UNIHIP_TRACE_hipDeviceSetGraphMemAttribute(device, attr, value);
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GRAPH_INVALID_IF(value == nullptr || (attr != hipGraphMemAttrUsedMemHigh &&
                                        attr != hipGraphMemAttrReservedMemHigh));
  GraphOps* ops = nullptr;
  const Device* d = nullptr;
  GRAPH_CHECK(deviceFamily(device, &d, &ops));
  UNIHIP_RETURN(ops->graphMemAttribute(d->local, attr, value, true));
}

UNIHIP_EXPORT hipError_t hipDeviceGraphMemTrim(int device) {
  UNIHIP_TRACE_hipDeviceGraphMemTrim(device);
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GraphOps* ops = nullptr;
  const Device* d = nullptr;
  GRAPH_CHECK(deviceFamily(device, &d, &ops));
  UNIHIP_RETURN(ops->graphMemTrim(d->local));
}

Status memory::freeGraphAllocation(Device* d, void* ptr, NativeStream stream) {
  GraphOps* ops = d->backend->graphs();
  if (ops == nullptr) return hipErrorInvalidValue;
  if (stream == nullptr) UNIHIP_TRY(d->backend->deviceSynchronize(d->local));
  return ops->freeGraphMemory(d->local, ptr, stream);
}

UNIHIP_EXPORT hipError_t hipGraphAddMemAllocNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies,
                                                 hipMemAllocNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphAddMemAllocNode(pGraphNode, graph, pDependencies, numDependencies,
                                       pNodeParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   pNodeParams == nullptr);
  pNodeParams->dptr = nullptr;  // no stale address on failure, as in AMD's runtime
  GRAPH_INVALID_IF(badAlloc(*pNodeParams));
  UNIHIP_RETURN(addAlloc(pGraphNode, graph, pDependencies, numDependencies, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                                       hipMemAllocNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphMemAllocNodeGetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  if (node->given.kind == GivenNodeParams::Kind::Alloc) {
    std::memcpy(pNodeParams, &node->given.alloc, sizeof *pNodeParams);
    UNIHIP_RETURN(kOk);
  }
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->memAllocNodeParams(o.device, node->native, pNodeParams));
}
