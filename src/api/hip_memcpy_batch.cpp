// Copies in batches (hipMemcpyBatchAsync, hipMemcpy3DBatchAsync) and 3D copies between devices
// (hipMemcpy3DPeer*). A batch of linear copies goes to the backend as one operation where it has
// one (CUDA 12.8's cuMemcpyBatchAsync); otherwise, and for 3D batches, each copy is queued in turn
// through unihip's own async copy on the stream, with no allocation. AMD's rules: null arrays or
// no copies are hipErrorInvalidValue; no attributes at all means every copy in stream order.
#include <cstdint>

#include "api/api_boundary.h"
#include "api/batch_checks.h"
#include "api/copy_3d.h"
#include "api/image_support.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

// Attribute ranges handed to a backend's batch copy are translated on the stack, this many at
// most; a batch with more goes copy by copy.
constexpr size_t kDriverAttributes = 16;

Status checkCopyBatch(void** dsts, void** srcs, size_t* sizes, size_t count,
                      const hipMemcpyAttributes* attrs, const size_t* attrsIdxs, size_t numAttrs,
                      size_t* failIdx) {
  if (dsts == nullptr || srcs == nullptr || sizes == nullptr || count == 0)
    return hipErrorInvalidValue;
  if (numAttrs != 0) {
    if (attrs == nullptr) return hipErrorInvalidValue;
    UNIHIP_TRY(memory::checkBatchRanges(attrsIdxs, numAttrs, count));
    for (size_t k = 0; k < numAttrs; ++k)
      UNIHIP_TRY(memory::checkCopyOrder(attrs[k].srcAccessOrder, attrs[k].flags));
  }
  for (size_t i = 0; i < count; ++i)
    if (sizes[i] != 0 && (dsts[i] == nullptr || srcs[i] == nullptr)) {
      if (failIdx != nullptr) *failIdx = i;
      return hipErrorInvalidValue;
    }
  return kOk;
}

// A hint location as `device`'s backend numbers it; a device it cannot name is no hint.
void backendHint(const Device* device, const hipMemLocation& hip, int* type, int* id) {
  *type = static_cast<int>(hip.type);
  *id = hip.id;
  if (hip.type != hipMemLocationTypeDevice) return;
  const Device* target = Runtime::get().device(hip.id);
  if (target == nullptr || target->backend != device->backend) {
    *type = hipMemLocationTypeInvalid;
    *id = 0;
  } else {
    *id = target->local;
  }
}

// Whether the batch goes to the backend as one operation: the device has batch copies
// (seam/device_capabilities.h) and the batch fits them (a stream of its own, few attributes).
bool driverFits(const ResolvedStream& rs, size_t numAttrs) {
  return rs.device->backend->capabilities(rs.device->local).batchCopies &&
         rs.native != nullptr && numAttrs <= kDriverAttributes;
}

// The batch as one backend operation (driverFits): its answer is the call's.
Status driverBatch(const ResolvedStream& rs, void** dsts, void** srcs, size_t* sizes, size_t count,
                   const hipMemcpyAttributes* attrs, const size_t* attrsIdxs, size_t numAttrs,
                   size_t* failIdx) {
  BatchCopyAttributes local[kDriverAttributes];
  const size_t first = 0;
  if (numAttrs == 0) {
    numAttrs = 1;  // local[0]: in stream order
    attrsIdxs = &first;
  } else {
    for (size_t k = 0; k < numAttrs; ++k) {
      local[k].srcAccessOrder = static_cast<int>(attrs[k].srcAccessOrder);
      local[k].flags = attrs[k].flags;
      backendHint(rs.device, attrs[k].srcLocHint, &local[k].srcLocType, &local[k].srcLocId);
      backendHint(rs.device, attrs[k].dstLocHint, &local[k].dstLocType, &local[k].dstLocId);
    }
  }
  return rs.device->backend->memcpyBatchAsync(rs.device->local, dsts, srcs, sizes, count, local,
                                              attrsIdxs, numAttrs, failIdx, rs.native);
}

// Whether any copy may read its source only during the call: the copy-by-copy path then waits.
bool readsDuringCall(const hipMemcpyAttributes* attrs, size_t numAttrs) {
  for (size_t k = 0; k < numAttrs; ++k)
    if (attrs[k].srcAccessOrder == hipMemcpySrcAccessOrderDuringApiCall) return true;
  return false;
}

Status copyBatch(void** dsts, void** srcs, size_t* sizes, size_t count,
                 hipMemcpyAttributes* attrs, size_t* attrsIdxs, size_t numAttrs, size_t* failIdx,
                 hipStream_t stream) {
  if (failIdx != nullptr) *failIdx = SIZE_MAX;
  UNIHIP_TRY(checkCopyBatch(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, failIdx));
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  if (driverFits(rs, numAttrs)) {
    size_t driverFail = SIZE_MAX;
    Status s = driverBatch(rs, dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, &driverFail);
    if (!s.ok() && failIdx != nullptr) *failIdx = driverFail;
    return s;
  }
  Status s;
  for (size_t i = 0; i < count; ++i) {
    if (sizes[i] == 0) continue;
    s = rs.device->backend->memcpyAsync(rs.device->local, dsts[i], srcs[i], sizes[i],
                                        CopyDirection::Default, rs.native);
    if (!s.ok()) {
      if (failIdx != nullptr) *failIdx = i;
      return s;
    }
  }
  return readsDuringCall(attrs, numAttrs)
             ? rs.device->backend->streamSynchronize(rs.device->local, rs.native)
             : kOk;
}

// One operand of a 3D batch copy as a side of hipMemcpy3DParms. `element`: bytes per element
// (1 between pointers; the array's otherwise).
Status operandSide(const hipMemcpy3DOperand& o, const hipExtent& e, size_t element,
                   hipArray_t* array, hipPos* pos, hipPitchedPtr* ptr) {
  switch (enumValue(o.type)) {
    case hipMemcpyOperandTypePointer: {
      const auto& p = o.op.ptr;
      if (p.ptr == nullptr) return hipErrorInvalidValue;
      if ((p.rowLength != 0 && p.rowLength < e.width) ||
          (p.layerHeight != 0 && p.layerHeight < e.height))
        return hipErrorInvalidValue;
      const size_t row = p.rowLength ? p.rowLength : e.width;
      const size_t layer = p.layerHeight ? p.layerHeight : e.height;
      *ptr = make_hipPitchedPtr(p.ptr, row * element, row, layer);
      return kOk;
    }
    case hipMemcpyOperandTypeArray:
      if (o.op.array.array == nullptr) return hipErrorInvalidValue;
      *array = o.op.array.array;
      *pos = make_hipPos(o.op.array.offset.x, o.op.array.offset.y, o.op.array.offset.z);
      return kOk;
  }
  return hipErrorInvalidValue;
}

size_t operandElement(const hipMemcpy3DOperand& o) {
  if (o.type != hipMemcpyOperandTypeArray) return 0;
  const hipArray* a = liveArray(o.op.array.array);
  return a != nullptr ? images::elementBytes(a->shape) : 0;
}

// One 3D batch operation as hipMemcpy3DParms: checked, then the 3D copy's own checks apply.
Status batchOp3D(const hipMemcpy3DBatchOp& op, hipMemcpy3DParms* p) {
  UNIHIP_TRY(memory::checkCopyOrder(op.srcAccessOrder, op.flags));
  const hipExtent& e = op.extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0) return hipErrorInvalidValue;
  size_t element = operandElement(op.src);
  if (element == 0) element = operandElement(op.dst);
  if (element == 0) element = 1;
  *p = hipMemcpy3DParms{};
  p->extent = e;
  p->kind = hipMemcpyDefault;
  UNIHIP_TRY(operandSide(op.src, e, element, &p->srcArray, &p->srcPos, &p->srcPtr));
  return operandSide(op.dst, e, element, &p->dstArray, &p->dstPos, &p->dstPtr);
}

Status copyBatch3D(size_t numOps, hipMemcpy3DBatchOp* opList, size_t* failIdx,
                   unsigned long long flags, hipStream_t stream) {
  if (failIdx != nullptr) *failIdx = SIZE_MAX;
  if (numOps == 0 || opList == nullptr || flags != 0) return hipErrorInvalidValue;
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  bool wait = false;
  for (size_t i = 0; i < numOps; ++i) {
    hipMemcpy3DParms p;
    Status s = batchOp3D(opList[i], &p);
    if (s.ok()) s = memory::copy3D(&p, stream, false);
    if (!s.ok()) {
      if (failIdx != nullptr) *failIdx = i;
      return s;
    }
    wait = wait || opList[i].srcAccessOrder == hipMemcpySrcAccessOrderDuringApiCall;
  }
  return wait ? rs.device->backend->streamSynchronize(rs.device->local, rs.native) : kOk;
}

// hipMemcpy3DPeer*: both devices must exist; the copy itself is hipMemcpy3D's over unified
// addresses.
Status copy3DPeer(const hipMemcpy3DPeerParms* p, hipStream_t stream, bool sync) {
  if (p == nullptr) return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(memory::deviceByOrdinal(p->srcDevice, &d));
  UNIHIP_TRY(memory::deviceByOrdinal(p->dstDevice, &d));
  hipMemcpy3DParms c{};
  c.srcArray = p->srcArray;
  c.srcPos = p->srcPos;
  c.srcPtr = p->srcPtr;
  c.dstArray = p->dstArray;
  c.dstPos = p->dstPos;
  c.dstPtr = p->dstPtr;
  c.extent = p->extent;
  c.kind = hipMemcpyDefault;
  return memory::copy3D(&c, stream, sync);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemcpyBatchAsync(void** dsts, void** srcs, size_t* sizes, size_t count,
                                             hipMemcpyAttributes* attrs, size_t* attrsIdxs,
                                             size_t numAttrs, size_t* failIdx,
                                             hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyBatchAsync(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, failIdx,
                                   stream);
  UNIHIP_RETURN(copyBatch(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, failIdx, stream));
}

UNIHIP_EXPORT hipError_t hipMemcpy3DBatchAsync(size_t numOps, struct hipMemcpy3DBatchOp* opList,
                                               size_t* failIdx, unsigned long long flags,
                                               hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy3DBatchAsync(numOps, opList, failIdx, flags, stream);
  UNIHIP_RETURN(copyBatch3D(numOps, opList, failIdx, flags, stream));
}

UNIHIP_EXPORT hipError_t hipMemcpy3DPeer(hipMemcpy3DPeerParms* p) {
  UNIHIP_TRACE_hipMemcpy3DPeer(p);
  UNIHIP_RETURN(copy3DPeer(p, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy3DPeerAsync(hipMemcpy3DPeerParms* p, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy3DPeerAsync(p, stream);
  UNIHIP_RETURN(copy3DPeer(p, stream, false));
}
