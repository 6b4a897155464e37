// HsaBackend: peer access, as AMD's runtime (CLR hip_peer.cpp, rocdevice enableP2P and
// deviceAllowAccess) does it. ROCr maps device memory for its owner only; another agent reaches
// an allocation once hsa_amd_agents_allow_access names it. Enabling access from `device` to
// `peer` therefore names `device`'s agent on every live hipMalloc allocation of `peer`, and every
// later allocation of `peer` names the owner and all devices enabled then. Disabling stops naming
// the device for later allocations; existing mappings stay, as in CLR (ROCr has no revoke).
#include <algorithm>
#include <vector>

#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {

// The owner's agent and those of the devices enabled to reach its memory.
std::vector<hsa_agent_t> allowedAgents(const std::vector<std::unique_ptr<HsaDeviceState>>& devices,
                                       const HsaDeviceState& owner) {
  std::vector<hsa_agent_t> agents{owner.info.agent};
  for (int d : owner.peerAccessors) agents.push_back(devices[d]->info.agent);
  return agents;
}

}  // namespace

Status HsaBackend::trackDeviceAllocation(int device, void* ptr) {
  HsaDeviceState& owner = *devices_[device];
  std::lock_guard lock(owner.peerMutex);
  if (!owner.peerAccessors.empty()) {
    const std::vector<hsa_agent_t> agents = allowedAgents(devices_, owner);
    UNIHIP_HSA_TRY(api_, hsa_amd_agents_allow_access(static_cast<uint32_t>(agents.size()),
                                                     agents.data(), nullptr, ptr));
  }
  owner.deviceAllocations.insert(ptr);
  return kOk;
}

void HsaBackend::untrackDeviceAllocation(int device, void* ptr) {
  for (size_t i = 0; i < devices_.size(); ++i) {  // the owner first; hipFree may name another
    HsaDeviceState& d = *devices_[(static_cast<size_t>(device) + i) % devices_.size()];
    std::lock_guard lock(d.peerMutex);
    if (d.deviceAllocations.erase(ptr) != 0) return;
  }
}

Status HsaBackend::enablePeerAccess(int device, int peer) {
  int reachable = 0;
  UNIHIP_TRY(canAccessPeer(device, peer, &reachable));
  if (reachable == 0) return hipErrorPeerAccessUnsupported;
  HsaDeviceState& owner = *devices_[peer];
  std::lock_guard lock(owner.peerMutex);
  auto& accessors = owner.peerAccessors;
  if (std::find(accessors.begin(), accessors.end(), device) != accessors.end())
    return hipErrorPeerAccessAlreadyEnabled;
  accessors.push_back(device);
  const std::vector<hsa_agent_t> agents = allowedAgents(devices_, owner);
  for (void* ptr : owner.deviceAllocations) {
    Status st = checkHsa(api_,
                         api_.hsa_amd_agents_allow_access(static_cast<uint32_t>(agents.size()),
                                                          agents.data(), nullptr, ptr),
                         "hsa_amd_agents_allow_access");
    if (!st.ok()) {
      accessors.pop_back();
      return st;
    }
  }
  return kOk;
}

Status HsaBackend::disablePeerAccess(int device, int peer) {
  HsaDeviceState& owner = *devices_[peer];
  std::lock_guard lock(owner.peerMutex);
  auto& accessors = owner.peerAccessors;
  auto it = std::find(accessors.begin(), accessors.end(), device);
  if (it == accessors.end()) return hipErrorPeerAccessNotEnabled;
  accessors.erase(it);
  return kOk;
}

}  // namespace unihip::hsa
