// HsaBackend: managed memory and registered host memory.
//
// Managed memory follows AMD's runtime (CLR). Where ROCr has the SVM API and the system reports
// SVM support (HMM: the kernel migrates pages on fault), a managed allocation is plain system
// memory that every GPU agent is made able to reach (hsa_amd_svm_attributes_set, AGENT_ACCESSIBLE
// as CLR's SvmAllocInit); hipMemAdvise sets the SVM attribute CLR maps each advice to,
// hipMemPrefetchAsync migrates with hsa_amd_svm_prefetch_async ordered on the stream, and range
// attributes are ROCr's (hsa_amd_svm_attributes_get). Without SVM, managed memory is
// fine-grained system memory every GPU reaches in place: advice and prefetches move nothing (as
// in CLR), but unihip records them per page so range attributes still answer as HIP's.
//
// Discards are not offered: ROCr has no call that drops a managed range's contents.
// unihip-coverage: not-supported hipMemDiscardBatchAsync hipDrvMemDiscardBatchAsync
// unihip-coverage: not-supported hipMemDiscardAndPrefetchBatchAsync
// unihip-coverage: not-supported hipDrvMemDiscardAndPrefetchBatchAsync
#include <sys/mman.h>

#include <algorithm>
#include <vector>

#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {

constexpr uintptr_t kPage = 4096;

// [ptr, ptr + count) widened to whole pages, as ROCr's SVM ranges are.
void pageRange(const void* ptr, size_t count, uintptr_t* begin, uintptr_t* end) {
  const auto p = reinterpret_cast<uintptr_t>(ptr);
  *begin = p & ~(kPage - 1);
  *end = (p + count + kPage - 1) & ~(kPage - 1);
}

uint64_t locationBit(int location) {
  return location == hipCpuDeviceId ? ManagedAdvice::kCpuBit : uint64_t{1} << location;
}

// AccessedBy's answer: the listed locations, then hipInvalidDeviceId to the end of the buffer.
void writeDeviceList(const std::vector<int>& locations, void* data, size_t dataSize) {
  auto* out = static_cast<int*>(data);
  const size_t n = dataSize / sizeof(int);
  for (size_t i = 0; i < n; ++i) out[i] = i < locations.size() ? locations[i] : hipInvalidDeviceId;
}

}  // namespace

bool HsaBackend::svmSupported() {
  std::call_once(managed_.svmOnce, [this] {
    if (api_.hsa_amd_svm_attributes_set == nullptr || api_.hsa_amd_svm_attributes_get == nullptr ||
        api_.hsa_amd_svm_prefetch_async == nullptr)
      return;
    bool supported = false;
    const auto info = static_cast<hsa_system_info_t>(HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED);
    managed_.svm =
        api_.hsa_system_get_info(info, &supported) == HSA_STATUS_SUCCESS && supported;
  });
  return managed_.svm;
}

hsa_agent_t HsaBackend::locationAgent(int device, int location) const {
  return location == hipCpuDeviceId ? devices_[device]->info.cpuAgent
                                    : devices_[location]->info.agent;
}

int HsaBackend::agentLocation(uint64_t agentHandle) const {
  for (size_t i = 0; i < devices_.size(); ++i)
    if (devices_[i]->info.agent.handle == agentHandle) return static_cast<int>(i);
  for (const auto& d : devices_)
    if (d->info.cpuAgent.handle == agentHandle) return hipCpuDeviceId;
  return hipInvalidDeviceId;
}

Status HsaBackend::mallocManagedImpl(int device, size_t size, unsigned int, void** ptr) {
  if (!svmSupported()) {
    UNIHIP_TRY(hostMalloc(device, size, 0, ptr));
    std::lock_guard lock(managed_.mutex);
    managed_.allocations[reinterpret_cast<uintptr_t>(*ptr)] = size;
    return kOk;
  }
  // CLR's HMM path: system memory the kernel migrates, then every GPU agent made able to reach
  // it (AGENT_ACCESSIBLE: by migration on fault, not in place).
  const size_t bytes = (size + kPage - 1) & ~(kPage - 1);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return hipErrorOutOfMemory;
  std::vector<hsa_amd_svm_attribute_pair_t> attributes;
  for (const auto& d : devices_)
    attributes.push_back({HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE, d->info.agent.handle});
  if (Status st = checkHsa(api_,
                           api_.hsa_amd_svm_attributes_set(p, bytes, attributes.data(),
                                                           attributes.size()),
                           "hsa_amd_svm_attributes_set");
      !st.ok()) {
    munmap(p, bytes);
    return hipErrorOutOfMemory;  // CLR: the allocation fails
  }
  *ptr = p;
  std::lock_guard lock(managed_.mutex);
  managed_.allocations[reinterpret_cast<uintptr_t>(p)] = bytes;
  return kOk;
}

Status HsaBackend::freeManaged(int device, void* ptr) {
  size_t size = 0;
  {
    std::lock_guard lock(managed_.mutex);
    auto it = managed_.allocations.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == managed_.allocations.end()) return hipErrorInvalidValue;
    size = it->second;
    managed_.allocations.erase(it);
    uintptr_t begin = 0, end = 0;
    pageRange(ptr, size, &begin, &end);
    managed_.advice.erase(begin, end);  // a later allocation here starts without advice
  }
  if (!svmSupported()) return hostFree(device, ptr);
  UNIHIP_TRY(deviceSynchronize(device));  // queued work may still touch it
  munmap(ptr, size);
  return kOk;
}

// Ordered on the stream as a copy is: a barrier completing after the earlier work is the
// prefetch's dependency, and a barrier waiting for the prefetch is the stream's new last marker.
Status HsaBackend::prefetchImpl(int device, const void* ptr, size_t count, int target,
                            NativeStream stream) {
  if (!svmSupported()) {  // nothing to move; remembered for LastPrefetchLocation
    uintptr_t begin = 0, end = 0;
    pageRange(ptr, count, &begin, &end);
    std::lock_guard lock(managed_.mutex);
    managed_.advice.update(begin, end, [&](ManagedAdvice& a) { a.lastPrefetch = target; });
    return kOk;
  }
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  SignalPool& pool = devices_[device]->pool;
  const hsa_agent_t agent = locationAgent(device, target);
  hsa_signal_t before{0}, done{0}, after{0};
  Status st = streamIdle(*s) ? kOk : pool.acquire(1, &before);
  if (st.ok()) st = pool.acquire(1, &done);
  if (st.ok()) st = pool.acquire(1, &after);
  if (st.ok() && before.handle != 0) st = submitBarrier(*s, {}, before);
  if (st.ok())
    st = checkHsa(api_,
                  api_.hsa_amd_svm_prefetch_async(const_cast<void*>(ptr), count, agent,
                                                  before.handle != 0 ? 1 : 0,
                                                  before.handle != 0 ? &before : nullptr, done),
                  "hsa_amd_svm_prefetch_async");
  if (st.ok()) {
    if (before.handle != 0) pool.addGuard(before, done);  // read by the prefetch
    uint64_t index = 0;
    if (Status b = submitBarrier(*s, {&done, 1}, after, &index); b.ok()) {
      pool.addGuard(done, after);
      setLastMarker(*s, after, index);
    } else {
      st = b;
    }
  }
  for (hsa_signal_t sig : {before, done, after})
    if (sig.handle != 0) pool.release(sig);
  return st;
}

// CLR's SetSvmAttributes: each advice is one SVM attribute of the target's agent (the host's
// for hipCpuDeviceId). Failures are hipErrorInvalidValue, as there.
Status HsaBackend::advise(int device, const void* ptr, size_t count, int advice, int target) {
  if (!svmSupported()) {
    uintptr_t begin = 0, end = 0;
    pageRange(ptr, count, &begin, &end);
    std::lock_guard lock(managed_.mutex);
    managed_.advice.update(begin, end, [&](ManagedAdvice& a) {
      switch (advice) {
        case hipMemAdviseSetReadMostly: a.readMostly = true; break;
        case hipMemAdviseUnsetReadMostly: a.readMostly = false; break;
        case hipMemAdviseSetPreferredLocation: a.preferred = target; break;
        case hipMemAdviseUnsetPreferredLocation: a.preferred = hipInvalidDeviceId; break;
        case hipMemAdviseSetAccessedBy: a.accessedBy |= locationBit(target); break;
        case hipMemAdviseUnsetAccessedBy: a.accessedBy &= ~locationBit(target); break;
        default: break;  // coarse-grain advice: the memory stays fine-grained (as in CLR)
      }
    });
    return kOk;
  }
  const uint64_t agent = locationAgent(device, target).handle;
  hsa_amd_svm_attribute_pair_t attribute{};
  switch (advice) {
    case hipMemAdviseSetReadMostly: attribute = {HSA_AMD_SVM_ATTRIB_READ_MOSTLY, 1}; break;
    case hipMemAdviseUnsetReadMostly: attribute = {HSA_AMD_SVM_ATTRIB_READ_MOSTLY, 0}; break;
    case hipMemAdviseSetPreferredLocation:
      attribute = {HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION, agent};
      break;
    case hipMemAdviseUnsetPreferredLocation:
      attribute = {HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION, 0};
      break;
    case hipMemAdviseSetAccessedBy:
      attribute = {HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE, agent};
      break;
    case hipMemAdviseUnsetAccessedBy:  // back to access by migration
      attribute = {HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE, agent};
      break;
    case hipMemAdviseSetCoarseGrain:
      attribute = {HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, HSA_AMD_SVM_GLOBAL_FLAG_COARSE_GRAINED};
      break;
    case hipMemAdviseUnsetCoarseGrain:
      attribute = {HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, HSA_AMD_SVM_GLOBAL_FLAG_FINE_GRAINED};
      break;
    default: return hipErrorInvalidValue;
  }
  if (!checkHsa(api_, api_.hsa_amd_svm_attributes_set(const_cast<void*>(ptr), count, &attribute, 1),
                "hsa_amd_svm_attributes_set")
           .ok())
    return hipErrorInvalidValue;
  return kOk;
}

Status HsaBackend::rangeAttribute(int, void* data, size_t dataSize, int attribute,
                                  const void* ptr, size_t count) {
  return svmSupported() ? svmRangeAttribute(data, dataSize, attribute, ptr, count)
                        : recordedRangeAttribute(data, dataSize, attribute, ptr, count);
}

// CLR's GetSvmAttributes: one query per attribute, AccessedBy as an access query per agent
// (GPUs in device order, then the host), agents named back as devices.
Status HsaBackend::svmRangeAttribute(void* data, size_t dataSize, int attribute, const void* ptr,
                                     size_t count) {
  std::vector<hsa_amd_svm_attribute_pair_t> query;
  switch (attribute) {
    case hipMemRangeAttributeReadMostly: query.push_back({HSA_AMD_SVM_ATTRIB_READ_MOSTLY, 0}); break;
    case hipMemRangeAttributePreferredLocation:
      query.push_back({HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION, 0});
      break;
    case hipMemRangeAttributeLastPrefetchLocation:
      query.push_back({HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION, 0});
      break;
    case hipMemRangeAttributeCoherencyMode: query.push_back({HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG, 0}); break;
    case hipMemRangeAttributeAccessedBy: {
      for (const auto& d : devices_) query.push_back({HSA_AMD_SVM_ATTRIB_ACCESS_QUERY, d->info.agent.handle});
      std::vector<uint64_t> hosts;
      for (const auto& d : devices_)
        if (std::find(hosts.begin(), hosts.end(), d->info.cpuAgent.handle) == hosts.end())
          hosts.push_back(d->info.cpuAgent.handle);
      for (uint64_t h : hosts) query.push_back({HSA_AMD_SVM_ATTRIB_ACCESS_QUERY, h});
      break;
    }
    default: return hipErrorInvalidValue;
  }
  if (!checkHsa(api_,
                api_.hsa_amd_svm_attributes_get(const_cast<void*>(ptr), count, query.data(),
                                                query.size()),
                "hsa_amd_svm_attributes_get")
           .ok())
    return hipErrorInvalidValue;
  auto* out = static_cast<int*>(data);
  switch (attribute) {
    case hipMemRangeAttributeReadMostly: *out = query[0].value != 0 ? 1 : 0; return kOk;
    case hipMemRangeAttributePreferredLocation:
    case hipMemRangeAttributeLastPrefetchLocation: *out = agentLocation(query[0].value); return kOk;
    case hipMemRangeAttributeCoherencyMode: *out = static_cast<int>(query[0].value); return kOk;
    default: {  // AccessedBy: the agents that reach the range in place
      std::vector<int> locations;
      for (const auto& q : query)
        if (q.attribute == HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE)
          locations.push_back(agentLocation(q.value));
      writeDeviceList(locations, data, dataSize);
      return kOk;
    }
  }
}

// Without SVM: the record's answer over the range's pages, as HIP's for a range: read-mostly
// when every page is, a location when every page has the same one (else hipInvalidDeviceId),
// the devices advised on every page; the memory is always fine-grained.
Status HsaBackend::recordedRangeAttribute(void* data, size_t dataSize, int attribute,
                                          const void* ptr, size_t count) {
  auto* out = static_cast<int*>(data);
  if (attribute == hipMemRangeAttributeCoherencyMode) {
    *out = hipMemRangeCoherencyModeFineGrain;
    return kOk;
  }
  uintptr_t begin = 0, end = 0;
  pageRange(ptr, count, &begin, &end);
  bool first = true, readMostly = true;
  int preferred = hipInvalidDeviceId, lastPrefetch = hipInvalidDeviceId;
  uint64_t accessedBy = ~uint64_t{0};
  {
    std::lock_guard lock(managed_.mutex);
    managed_.advice.forEach(begin, end, [&](const ManagedAdvice& a) {
      readMostly = readMostly && a.readMostly;
      preferred = first || preferred == a.preferred ? a.preferred : hipInvalidDeviceId;
      lastPrefetch = first || lastPrefetch == a.lastPrefetch ? a.lastPrefetch : hipInvalidDeviceId;
      accessedBy &= a.accessedBy;
      first = false;
    });
  }
  switch (attribute) {
    case hipMemRangeAttributeReadMostly: *out = readMostly ? 1 : 0; return kOk;
    case hipMemRangeAttributePreferredLocation: *out = preferred; return kOk;
    case hipMemRangeAttributeLastPrefetchLocation: *out = lastPrefetch; return kOk;
    case hipMemRangeAttributeAccessedBy: {
      std::vector<int> locations;
      for (size_t d = 0; d < devices_.size() && d < 63; ++d)
        if (accessedBy & (uint64_t{1} << d)) locations.push_back(static_cast<int>(d));
      if (accessedBy & ManagedAdvice::kCpuBit) locations.push_back(hipCpuDeviceId);
      writeDeviceList(locations, data, dataSize);
      return kOk;
    }
    default: return hipErrorInvalidValue;
  }
}

// Every queue reaches managed memory (fine-grained, or SVM accessible to every agent):
// attaching changes nothing.
Status HsaBackend::streamAttachMemory(int, NativeStream, void*, size_t, unsigned int) {
  return kOk;
}

Status HsaBackend::hostRegister(int, void* ptr, size_t size, unsigned int, void** devicePointer) {
  std::vector<hsa_agent_t> gpus;
  for (auto& d : devices_) gpus.push_back(d->info.agent);
  void* agentPointer = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_lock(ptr, size, gpus.data(), static_cast<int>(gpus.size()),
                                           &agentPointer));
  *devicePointer = agentPointer;
  return kOk;
}

Status HsaBackend::hostUnregister(int, void* ptr) {
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_unlock(ptr));
  return kOk;
}

}  // namespace unihip::hsa
