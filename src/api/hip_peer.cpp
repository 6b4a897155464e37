// Peer devices: hipDeviceCanAccessPeer, hipDeviceGetP2PAttribute, hipExtGetLinkTypeAndHopCount
// and peer access (answered by the devices' backend); peer copies are copies between unified
// addresses (hipMemcpyDefault), which the vendor routes between devices.
//
// HIP semantics (AMD's runtime): a bad ordinal is hipErrorInvalidDevice, a null output
// hipErrorInvalidValue; a device is not its own peer (hipDeviceCanAccessPeer answers 0,
// hipDeviceGetP2PAttribute hipErrorInvalidDevice). Devices of different backends (an NVIDIA and
// an AMD GPU) share no memory path: never peers.
#include "api/api_boundary.h"
#include "base/enum_value.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;
using memory::deviceByOrdinal;

namespace {

Status devicePair(int first, int second, Device** a, Device** b) {
  UNIHIP_TRY(deviceByOrdinal(first, a));
  return deviceByOrdinal(second, b);
}

Status canAccessPeer(int* value, int deviceId, int peerDeviceId) {
  if (value == nullptr) return hipErrorInvalidValue;
  Device* device = nullptr;
  Device* peer = nullptr;
  UNIHIP_TRY(devicePair(deviceId, peerDeviceId, &device, &peer));
  *value = 0;
  if (device == peer || device->backend != peer->backend) return kOk;
  return device->backend->canAccessPeer(device->local, peer->local, value);
}

Status p2pAttribute(int* value, const hipDeviceP2PAttr& attr, int srcDevice, int dstDevice) {
  if (value == nullptr) return hipErrorInvalidValue;
  Device* src = nullptr;
  Device* dst = nullptr;
  UNIHIP_TRY(devicePair(srcDevice, dstDevice, &src, &dst));
  if (src == dst) return hipErrorInvalidDevice;
  switch (enumValue(attr)) {  // any integer may come in
    case hipDevP2PAttrPerformanceRank:
    case hipDevP2PAttrAccessSupported:
    case hipDevP2PAttrNativeAtomicSupported:
    case hipDevP2PAttrHipArrayAccessSupported: break;
    default: return hipErrorInvalidValue;
  }
  if (src->backend != dst->backend) {
    *value = 0;  // no link between vendors
    return kOk;
  }
  return src->backend->p2pAttribute(src->local, dst->local, attr, value);
}

Status linkTypeAndHopCount(int device1, int device2, uint32_t* linkType, uint32_t* hopCount) {
  // AMD's order: missing outputs, one device twice or a negative ordinal are invalid values;
  // an ordinal past the last device is an invalid device.
  if (linkType == nullptr || hopCount == nullptr || device1 == device2 || device1 < 0 ||
      device2 < 0)
    return hipErrorInvalidValue;
  Device* a = nullptr;
  Device* b = nullptr;
  UNIHIP_TRY(devicePair(device1, device2, &a, &b));
  if (a == b) return hipErrorInvalidValue;
  if (a->backend != b->backend) return hipErrorNotSupported;  // no link between vendors
  return a->backend->linkTypeAndHopCount(a->local, b->local, linkType, hopCount);
}

// hipDeviceEnablePeerAccess / Disable: the peer must be another valid device.
Status checkPeerOfCurrent(int peerDeviceId, Device** current, Device** peer) {
  UNIHIP_TRY(currentDevice(current));
  UNIHIP_TRY(deviceByOrdinal(peerDeviceId, peer));
  if (*peer == *current) return hipErrorInvalidDevice;
  return kOk;
}

Status peerAccess(int peerDeviceId, unsigned int flags, bool enable) {
  Device* current = nullptr;
  Device* peer = nullptr;
  UNIHIP_TRY(checkPeerOfCurrent(peerDeviceId, &current, &peer));
  if (flags != 0) return hipErrorInvalidValue;
  // Devices of different vendors share no memory path.
  if (current->backend != peer->backend) return hipErrorPeerAccessUnsupported;
  return enable ? current->backend->enablePeerAccess(current->local, peer->local)
                : current->backend->disablePeerAccess(current->local, peer->local);
}

// hipMemcpyPeer*: both devices valid, then null pointers when bytes are copied.
Status checkPeerCopy(void* dst, int dstDeviceId, const void* src, int srcDeviceId, size_t size) {
  Device* d = nullptr;
  Device* s = nullptr;
  UNIHIP_TRY(devicePair(dstDeviceId, srcDeviceId, &d, &s));
  if (size != 0 && (dst == nullptr || src == nullptr)) return hipErrorInvalidValue;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId,
                                                int peerDeviceId) {
  UNIHIP_TRACE_hipDeviceCanAccessPeer(canAccessPeer, deviceId, peerDeviceId);
  UNIHIP_RETURN(::canAccessPeer(canAccessPeer, deviceId, peerDeviceId));
}

UNIHIP_EXPORT hipError_t hipDeviceGetP2PAttribute(int* value, hipDeviceP2PAttr attr,
                                                  int srcDevice, int dstDevice) {
  UNIHIP_TRACE_hipDeviceGetP2PAttribute(value, attr, srcDevice, dstDevice);
  UNIHIP_RETURN(p2pAttribute(value, attr, srcDevice, dstDevice));
}

UNIHIP_EXPORT hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2,
                                                      uint32_t* linktype, uint32_t* hopcount) {
  UNIHIP_TRACE_hipExtGetLinkTypeAndHopCount(device1, device2, linktype, hopcount);
  UNIHIP_RETURN(linkTypeAndHopCount(device1, device2, linktype, hopcount));
}

UNIHIP_EXPORT hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
  UNIHIP_TRACE_hipDeviceEnablePeerAccess(peerDeviceId, flags);
  UNIHIP_RETURN(peerAccess(peerDeviceId, flags, true));
}

UNIHIP_EXPORT hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
  UNIHIP_TRACE_hipDeviceDisablePeerAccess(peerDeviceId);
  UNIHIP_RETURN(peerAccess(peerDeviceId, 0, false));
}

// A peer copy is a copy between unified addresses. hipMemcpyPeer is ordered after the work
// already queued on both devices (a copy into the source may still be in flight on its device
// when hipMemcpy returned) and returns once done; the async form is ordered on `stream` only.
UNIHIP_EXPORT hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src,
                                       int srcDeviceId, size_t sizeBytes) {
  UNIHIP_TRACE_hipMemcpyPeer(dst, dstDeviceId, src, srcDeviceId, sizeBytes);
  Status s = checkPeerCopy(dst, dstDeviceId, src, srcDeviceId, sizeBytes);
  if (!s.ok() || sizeBytes == 0) UNIHIP_RETURN(s);
  for (int ordinal : {srcDeviceId, dstDeviceId}) {
    Device* d = Runtime::get().device(ordinal);
    s = d->backend->deviceSynchronize(d->local);
    if (!s.ok()) UNIHIP_RETURN(s);
  }
  return hipMemcpy(dst, src, sizeBytes, hipMemcpyDefault);
}

UNIHIP_EXPORT hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src,
                                            int srcDevice, size_t sizeBytes, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyPeerAsync(dst, dstDeviceId, src, srcDevice, sizeBytes, stream);
  Status s = checkPeerCopy(dst, dstDeviceId, src, srcDevice, sizeBytes);
  ResolvedStream rs;
  if (s.ok()) s = resolveStream(stream, &rs);
  if (!s.ok() || sizeBytes == 0) UNIHIP_RETURN(s);
  return hipMemcpyAsync(dst, src, sizeBytes, hipMemcpyDefault, stream);
}
