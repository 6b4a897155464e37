// Finding ROCr's GPU agents and what unihip needs of each: ISA (target ID), memory pools and
// the HIP device properties. Runs once when the backend is created.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <string>
#include <vector>

#include "base/status.h"
#include "hip/hip_runtime_api.h"
#include "hsa_loader.h"
#include "target_id.h"

namespace unihip::hsa {

struct AgentInfo {
  hsa_agent_t agent{0};
  hsa_agent_t cpuAgent{0};           // the host agent nearest to it (first CPU agent)
  std::string isaName;               // "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
  TargetId target;                   // parsed from isaName
  hsa_amd_memory_pool_t devicePool{0};   // coarse-grained device memory: hipMalloc
  hsa_amd_memory_pool_t hostPool{0};     // fine-grained system memory: hipHostMalloc
  hsa_amd_memory_pool_t kernargPool{0};  // system memory flagged KERNARG_INIT
  uint32_t queueMaxSize = 0;
  uint64_t timestampFrequency = 0;   // Hz of HSA_SYSTEM_INFO_TIMESTAMP (profiling times)
  bool cooperativeQueues = false;    // HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES: GWS queues exist
  hipDeviceProp_t properties{};
};

// Every GPU agent that has an ISA and a device pool, in ROCr's enumeration order.
// hsa_init must have succeeded. Errors carry a log line naming the failing call.
Status discoverAgents(const HsaApi& api, std::vector<AgentInfo>* agents);

// "gfx90a" -> 9/0, "gfx1100" -> 11/0, "gfx942" -> 9/4: HIP's major/minor for an AMD processor.
void computeCapabilityFromProcessor(const std::string& processor, int* major, int* minor);

}  // namespace unihip::hsa
