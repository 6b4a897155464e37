#include "hsa_discovery.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstring>

#include "base/log.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {

struct Enumeration {
  const HsaApi* api;
  std::vector<hsa_agent_t> gpus;
  std::vector<hsa_agent_t> cpus;
};

hsa_status_t collectAgent(hsa_agent_t agent, void* data) {
  auto* e = static_cast<Enumeration*>(data);
  hsa_device_type_t type;
  if (e->api->hsa_agent_get_info(agent, HSA_AGENT_INFO_DEVICE, &type) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;  // skip agents that cannot describe themselves
  if (type == HSA_DEVICE_TYPE_GPU) e->gpus.push_back(agent);
  if (type == HSA_DEVICE_TYPE_CPU) e->cpus.push_back(agent);
  return HSA_STATUS_SUCCESS;
}

struct IsaSearch {
  const HsaApi* api;
  std::string name;
};

hsa_status_t firstIsa(hsa_isa_t isa, void* data) {
  auto* s = static_cast<IsaSearch*>(data);
  uint32_t length = 0;
  if (s->api->hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &length) != HSA_STATUS_SUCCESS ||
      length == 0 || length > 256)
    return HSA_STATUS_SUCCESS;
  std::string name(length, '\0');
  if (s->api->hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, name.data()) != HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  name.resize(std::strlen(name.c_str()));
  s->name = std::move(name);
  return HSA_STATUS_INFO_BREAK;
}

struct PoolSearch {
  const HsaApi* api;
  hsa_amd_memory_pool_t coarse{0}, fine{0}, kernarg{0}, group{0};
  size_t coarseSize = 0, groupSize = 0;
};

hsa_status_t classifyPool(hsa_amd_memory_pool_t pool, void* data) {
  auto* s = static_cast<PoolSearch*>(data);
  hsa_amd_segment_t segment;
  if (s->api->hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &segment) !=
      HSA_STATUS_SUCCESS)
    return HSA_STATUS_SUCCESS;
  size_t size = 0;
  s->api->hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_SIZE, &size);
  if (segment == HSA_AMD_SEGMENT_GROUP) {
    if (s->group.handle == 0) s->group = pool, s->groupSize = size;
    return HSA_STATUS_SUCCESS;
  }
  if (segment != HSA_AMD_SEGMENT_GLOBAL) return HSA_STATUS_SUCCESS;
  bool allocatable = false;
  s->api->hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED,
                                       &allocatable);
  if (!allocatable) return HSA_STATUS_SUCCESS;
  uint32_t flags = 0;
  s->api->hsa_amd_memory_pool_get_info(pool, HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags);
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT) && s->kernarg.handle == 0)
    s->kernarg = pool;
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED) && s->fine.handle == 0 &&
      !(flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT))
    s->fine = pool;
  if ((flags & HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED) && s->coarse.handle == 0)
    s->coarse = pool, s->coarseSize = size;
  return HSA_STATUS_SUCCESS;
}

template <typename T>
T agentInfo(const HsaApi& api, hsa_agent_t agent, int attribute, T fallback = T{}) {
  T value = fallback;
  if (api.hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(attribute), &value) !=
      HSA_STATUS_SUCCESS)
    return fallback;
  return value;
}

void copyString(char* dst, size_t capacity, const std::string& src) {
  const size_t n = std::min(capacity - 1, src.size());
  std::memcpy(dst, src.data(), n);
  dst[n] = '\0';
}

// Texture and surface limits from ROCr's image extension (0 where it does not answer, as on a
// ROCr without images).
void fillImageLimits(const HsaApi& api, hsa_agent_t agent, hipDeviceProp_t& p) {
  auto clamp = [](size_t v) { return static_cast<int>(std::min<size_t>(v, INT_MAX)); };
  size_t two[2] = {}, three[3] = {}, twoLayered[2] = {};
  api.hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(HSA_EXT_AGENT_INFO_IMAGE_2D_MAX_ELEMENTS), two);
  api.hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS), three);
  api.hsa_agent_get_info(agent, static_cast<hsa_agent_info_t>(HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS),
                         twoLayered);
  const int one = clamp(agentInfo<size_t>(api, agent, HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS));
  const int oneLayered = clamp(agentInfo<size_t>(api, agent, HSA_EXT_AGENT_INFO_IMAGE_1DA_MAX_ELEMENTS));
  const int layers = clamp(agentInfo<size_t>(api, agent, HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS));
  p.maxTexture1D = p.maxSurface1D = one;
  p.maxTexture1DLinear = clamp(agentInfo<size_t>(api, agent, HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS));
  for (int i = 0; i < 2; ++i) p.maxTexture2D[i] = p.maxSurface2D[i] = clamp(two[i]);
  for (int i = 0; i < 3; ++i) p.maxTexture3D[i] = p.maxSurface3D[i] = clamp(three[i]);
  p.maxTexture1DLayered[0] = p.maxSurface1DLayered[0] = oneLayered;
  p.maxTexture1DLayered[1] = p.maxSurface1DLayered[1] = layers;
  for (int i = 0; i < 2; ++i)
    p.maxTexture2DLayered[i] = p.maxSurface2DLayered[i] = clamp(twoLayered[i]);
  p.maxTexture2DLayered[2] = p.maxSurface2DLayered[2] = layers;
}

void fillProperties(const HsaApi& api, AgentInfo& a, const PoolSearch& pools) {
  hipDeviceProp_t& p = a.properties;
  std::memset(&p, 0, sizeof p);
  char product[64] = {};
  if (api.hsa_agent_get_info(a.agent, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_PRODUCT_NAME),
                             product) != HSA_STATUS_SUCCESS || product[0] == '\0')
    api.hsa_agent_get_info(a.agent, HSA_AGENT_INFO_NAME, product);
  product[sizeof product - 1] = '\0';
  copyString(p.name, sizeof p.name, product);
  std::string arch = a.isaName;
  if (arch.starts_with("amdgcn-amd-amdhsa--")) arch.erase(0, 19);
  copyString(p.gcnArchName, sizeof p.gcnArchName, arch);

  char uuid[24] = {};  // "GPU-" followed by 16 hex digits
  if (api.hsa_agent_get_info(a.agent, static_cast<hsa_agent_info_t>(HSA_AMD_AGENT_INFO_UUID),
                             uuid) == HSA_STATUS_SUCCESS)
    std::memcpy(p.uuid.bytes, uuid + 4, sizeof p.uuid.bytes);

  const uint32_t wave = agentInfo<uint32_t>(api, a.agent, HSA_AGENT_INFO_WAVEFRONT_SIZE, 64);
  const uint32_t cus = agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT);
  const uint32_t wavesPerCu = agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU);
  const uint16_t maxWorkgroup =
      agentInfo<uint16_t>(api, a.agent, HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, 1024);
  uint16_t wgDims[3] = {1024, 1024, 1024};
  api.hsa_agent_get_info(a.agent, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, wgDims);
  hsa_dim3_t gridDims{UINT32_MAX, UINT32_MAX, UINT32_MAX};
  api.hsa_agent_get_info(a.agent, HSA_AGENT_INFO_GRID_MAX_DIM, &gridDims);
  uint32_t caches[4] = {};
  api.hsa_agent_get_info(a.agent, HSA_AGENT_INFO_CACHE_SIZE, caches);
  const uint32_t bdf = agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_BDFID);

  p.totalGlobalMem = pools.coarseSize;
  p.sharedMemPerBlock = pools.groupSize;
  p.sharedMemPerMultiprocessor = pools.groupSize;
  p.sharedMemPerBlockOptin = pools.groupSize;
  p.maxSharedMemoryPerMultiProcessor = pools.groupSize;
  p.regsPerBlock = 65536;  // ROCr does not report it; every GCN/RDNA CU has at least this
  p.regsPerMultiprocessor = 65536;
  p.warpSize = static_cast<int>(wave);
  p.memPitch = INT_MAX;
  p.maxThreadsPerBlock = maxWorkgroup;
  for (int d = 0; d < 3; ++d) p.maxThreadsDim[d] = wgDims[d];
  p.maxGridSize[0] = static_cast<int>(std::min<uint32_t>(gridDims.x, INT_MAX));
  p.maxGridSize[1] = static_cast<int>(std::min<uint32_t>(gridDims.y, INT_MAX));
  p.maxGridSize[2] = static_cast<int>(std::min<uint32_t>(gridDims.z, INT_MAX));
  p.clockRate = static_cast<int>(
      agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY) * 1000);
  p.memoryClockRate = static_cast<int>(
      agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY) * 1000);
  p.memoryBusWidth = static_cast<int>(agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_MEMORY_WIDTH));
  p.l2CacheSize = static_cast<int>(caches[1]);
  p.totalConstMem = pools.coarseSize;
  computeCapabilityFromProcessor(a.target.processor, &p.major, &p.minor);
  p.multiProcessorCount = static_cast<int>(cus);
  p.maxThreadsPerMultiProcessor = static_cast<int>(wavesPerCu * wave);
  p.textureAlignment = 256;
  p.texturePitchAlignment = 256;
  p.deviceOverlap = 1;
  p.asyncEngineCount = 1;
  p.canMapHostMemory = 1;
  p.concurrentKernels = 1;
  p.unifiedAddressing = 1;
  p.ECCEnabled = a.target.sramecc == FeatureSetting::On;
  p.pciBusID = static_cast<int>((bdf >> 8) & 0xff);
  p.pciDeviceID = static_cast<int>((bdf >> 3) & 0x1f);
  p.pciDomainID = static_cast<int>(agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_DOMAIN));
  p.asicRevision = static_cast<int>(agentInfo<uint32_t>(api, a.agent, HSA_AMD_AGENT_INFO_ASIC_REVISION));
  p.hostNativeAtomicSupported = 1;
  p.memoryPoolsSupported = 1;  // unihip's generic stream-ordered pools (generic/memory_pools.h)
  a.cooperativeQueues = agentInfo<bool>(api, a.agent, HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES);
  p.cooperativeLaunch = a.cooperativeQueues;
  p.cooperativeMultiDeviceLaunch = a.cooperativeQueues;
  p.maxBlocksPerMultiProcessor = wavesPerCu > 0 ? static_cast<int>(wavesPerCu) : 32;
  p.clockInstructionRate = p.clockRate;
  p.arch = hipDeviceArch_t{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0};
  fillImageLimits(api, a.agent, p);
}

}  // namespace

void computeCapabilityFromProcessor(const std::string& processor, int* major, int* minor) {
  *major = 0;
  *minor = 0;
  if (!processor.starts_with("gfx") || processor.size() < 6) return;
  // The last two characters are the minor and stepping digits (hex); the rest is the major.
  const std::string majorText = processor.substr(3, processor.size() - 5);
  if (majorText.empty() || majorText.find_first_not_of("0123456789") != std::string::npos) return;
  *major = std::stoi(majorText);
  const char m = processor[processor.size() - 2];
  *minor = std::isxdigit(static_cast<unsigned char>(m)) ? std::stoi(std::string(1, m), nullptr, 16) : 0;
}

Status discoverAgents(const HsaApi& api, std::vector<AgentInfo>* agents) {
  Enumeration e{&api, {}, {}};
  UNIHIP_HSA_TRY(api, hsa_iterate_agents(collectAgent, &e));
  uint64_t frequency = 0;
  UNIHIP_HSA_TRY(api, hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &frequency));

  PoolSearch hostPools{&api};
  if (!e.cpus.empty())
    UNIHIP_HSA_TRY(api, hsa_amd_agent_iterate_memory_pools(e.cpus[0], classifyPool, &hostPools));

  for (hsa_agent_t gpu : e.gpus) {
    AgentInfo a;
    a.agent = gpu;
    a.cpuAgent = e.cpus.empty() ? hsa_agent_t{0} : e.cpus[0];
    a.timestampFrequency = frequency;
    IsaSearch isa{&api, {}};
    UNIHIP_HSA_TRY(api, hsa_agent_iterate_isas(gpu, firstIsa, &isa));
    if (isa.name.empty() || !parseTargetId(isa.name, &a.target)) {
      UNIHIP_LOG_WARN("hsa: skipping a GPU agent with ISA '{}'", isa.name);
      continue;
    }
    a.isaName = isa.name;
    PoolSearch pools{&api};
    UNIHIP_HSA_TRY(api, hsa_amd_agent_iterate_memory_pools(gpu, classifyPool, &pools));
    a.devicePool = pools.coarse;
    a.hostPool = hostPools.fine.handle != 0 ? hostPools.fine : hostPools.kernarg;
    a.kernargPool = hostPools.kernarg.handle != 0 ? hostPools.kernarg : hostPools.fine;
    if (a.devicePool.handle == 0 || a.hostPool.handle == 0 || a.kernargPool.handle == 0) {
      UNIHIP_LOG_WARN("hsa: skipping {}: missing a device, host or kernarg memory pool", a.isaName);
      continue;
    }
    a.queueMaxSize = agentInfo<uint32_t>(api, gpu, HSA_AGENT_INFO_QUEUE_MAX_SIZE);
    fillProperties(api, a, pools);
    UNIHIP_LOG_INFO("hsa: device {}: {} ({}), {} CUs, wave{}, {} MiB", agents->size(),
                    a.properties.name, a.properties.gcnArchName, a.properties.multiProcessorCount,
                    a.properties.warpSize, a.properties.totalGlobalMem >> 20);
    agents->push_back(std::move(a));
  }
  return kOk;
}

}  // namespace unihip::hsa
