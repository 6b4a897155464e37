// The CUDA backend's peer access: the driver's, between primary contexts.
#include "cuda/cuda_backend.h"

namespace unihip::cuda_backend {

Status CudaBackend::canAccessPeer(int device, int peer, int* value) {
  return check(api_->cuDeviceCanAccessPeer(value, devices_[device]->handle,
                                           devices_[peer]->handle),
               "cuDeviceCanAccessPeer");
}

Status CudaBackend::enablePeerAccess(int device, int peer) {
  UNIHIP_TRY(makeCurrent(peer));  // retains the peer's primary context
  CUcontext peerContext = devices_[peer]->context.load(std::memory_order_relaxed);
  UNIHIP_TRY(makeCurrent(device));
  if (api_->cuCtxEnablePeerAccess == nullptr) return hipErrorNotSupported;
  CUresult r = api_->cuCtxEnablePeerAccess(peerContext, 0);
  if (r == 704) return hipErrorPeerAccessAlreadyEnabled;  // an answer, not a failure to log
  return check(r, "cuCtxEnablePeerAccess");
}

Status CudaBackend::disablePeerAccess(int device, int peer) {
  UNIHIP_TRY(makeCurrent(peer));
  CUcontext peerContext = devices_[peer]->context.load(std::memory_order_relaxed);
  UNIHIP_TRY(makeCurrent(device));
  if (api_->cuCtxDisablePeerAccess == nullptr) return hipErrorNotSupported;
  CUresult r = api_->cuCtxDisablePeerAccess(peerContext);
  if (r == 705) return hipErrorPeerAccessNotEnabled;
  return check(r, "cuCtxDisablePeerAccess");
}

Status CudaBackend::p2pAttribute(int src, int dst, hipDeviceP2PAttr attr, int* value) {
  int cuAttr = 0;
  switch (attr) {
    case hipDevP2PAttrPerformanceRank: cuAttr = CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK; break;
    case hipDevP2PAttrAccessSupported: cuAttr = CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED; break;
    case hipDevP2PAttrNativeAtomicSupported:
      cuAttr = CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED;
      break;
    case hipDevP2PAttrHipArrayAccessSupported:
      cuAttr = CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED;
      break;
    default: return hipErrorInvalidValue;
  }
  return check(api_->cuDeviceGetP2PAttribute(value, cuAttr, devices_[src]->handle,
                                             devices_[dst]->handle),
               "cuDeviceGetP2PAttribute");
}

Status CudaBackend::linkTypeAndHopCount(int device1, int device2, uint32_t* linkType,
                                      uint32_t* hopCount) {
  int access = 0, atomics = 0;
  UNIHIP_TRY(p2pAttribute(device1, device2, hipDevP2PAttrAccessSupported, &access));
  UNIHIP_TRY(p2pAttribute(device1, device2, hipDevP2PAttrNativeAtomicSupported, &atomics));
  *linkType = access && atomics ? 4u : 2u;
  *hopCount = access ? 1u : 2u;
  return kOk;
}

}  // namespace unihip::cuda_backend
