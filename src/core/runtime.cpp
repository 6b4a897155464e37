#include "core/runtime.h"

#include "core/memory_pool_handles.h"

#include <cstdlib>
#include <cstring>

#include "core/active_captures.h"
#include "core/launch_generation.h"
#include "base/log.h"
#include "core/visible_devices.h"
#include "core/registry.h"

namespace unihip {

constinit UNIHIP_HOT_TLS int Runtime::t_current = 0;

namespace {
thread_local bool t_deviceChosenByUser = false;
}  // namespace

bool Runtime::deviceChosenByUser() { return t_deviceChosenByUser; }
void Runtime::markDeviceChosenByUser(bool chosen) { t_deviceChosenByUser = chosen; }

namespace {

// UNIHIP_BACKEND: "cuda", "hsa", or unset/"all" for every backend found.
bool wanted(const char* name) {
  const char* choice = std::getenv("UNIHIP_BACKEND");
  if (choice == nullptr || *choice == '\0' || std::strcmp(choice, "all") == 0) return true;
  return std::strcmp(choice, name) == 0;
}

}  // namespace

std::atomic<Runtime*> Runtime::instance_{nullptr};

Runtime& Runtime::create() {
  // Never destroyed: atexit unregistration may still reach it.
  static Runtime* instance = [] {
    auto* r = new Runtime();
    instance_.store(r, std::memory_order_release);
    Registry::get().start();
    return r;
  }();
  return *instance;
}

Runtime::Runtime() {
  std::vector<std::unique_ptr<Backend>> found;
  struct Candidate {
    const char* name;
    std::unique_ptr<Backend> (*create)(std::string*);
  };
  const Candidate candidates[] = {{"cuda", &createCudaBackend}, {"hsa", &createHsaBackend}};
  for (const auto& c : candidates) {
    if (!wanted(c.name)) {
      unavailable_.push_back(std::string(c.name) + ": not selected by UNIHIP_BACKEND");
      continue;
    }
    std::string reason;
    auto backend = c.create(&reason);
    if (backend) {
      UNIHIP_LOG_INFO("backend {}: {} device(s)", c.name, backend->deviceCount());
      found.push_back(std::move(backend));
    } else {
      UNIHIP_LOG_INFO("backend {} unavailable: {}", c.name, reason);
      unavailable_.push_back(std::string(c.name) + ": " + reason);
    }
  }
  if (const char* choice = std::getenv("UNIHIP_BACKEND")) {
    if (*choice && std::strcmp(choice, "all") && std::strcmp(choice, "cuda") &&
        std::strcmp(choice, "hsa")) {
      UNIHIP_LOG_WARN("UNIHIP_BACKEND={} is not one of cuda, hsa, all", choice);
    }
  }
  adopt(std::move(found));
}

namespace {

DeviceUuid uuidOf(const hipDeviceProp_t& props) {
  DeviceUuid u{};
  std::memcpy(u.data(), props.uuid.bytes, u.size());
  return u;
}

// `all` narrowed and reordered by a visibility list (see visible_devices.h).
std::vector<Device> applyVisibility(const char* spec, const std::vector<Device>& all) {
  std::vector<DeviceUuid> uuids;
  for (const Device& d : all) uuids.push_back(uuidOf(*d.props));
  std::vector<Device> kept;
  for (int i : visibleDevices(spec, uuids)) kept.push_back(all[i]);
  return kept;
}

}  // namespace

void Runtime::adopt(std::vector<std::unique_ptr<Backend>> backends) {
  backends_ = std::move(backends);
  const char* hipVisible = std::getenv("HIP_VISIBLE_DEVICES");
  // NVIDIA's driver applies CUDA_VISIBLE_DEVICES to its own GPUs; AMD's runtime reads it too.
  const char* cudaVisible = hipVisible == nullptr ? std::getenv("CUDA_VISIBLE_DEVICES") : nullptr;
  std::vector<Device> all;
  for (auto& b : backends_) {
    std::vector<Device> mine;
    for (int i = 0; i < b->deviceCount(); ++i) {
      Device d;
      d.backend = b.get();
      d.local = i;
      d.props = &b->properties(i);
      d.launchLimits = launchLimitsOf(*d.props);
      mine.push_back(d);
    }
    if (cudaVisible != nullptr && std::strcmp(b->name(), "hsa") == 0)
      mine = applyVisibility(cudaVisible, mine);
    all.insert(all.end(), mine.begin(), mine.end());
  }
  if (hipVisible != nullptr) all = applyVisibility(hipVisible, all);
  if (static_cast<int>(all.size()) > kMaxDevices) all.resize(kMaxDevices);
  devices_ = std::move(all);
  for (int i = 0; i < deviceCount(); ++i) devices_[i].ordinal = i;
  // Launch caches point into devices_ (core/launch_generation.h).
  invalidateLaunchCaches();
  statusLines_.clear();
  for (auto& b : backends_)
    statusLines_.push_back(std::string(b->name()) + ": " + std::to_string(b->deviceCount()) +
                           " device(s)");
  for (auto& u : unavailable_) {
    size_t colon = u.find(':');
    statusLines_.push_back(u.substr(0, colon) + ": unavailable" + u.substr(colon));
  }
}

void Runtime::resetForTesting(std::vector<std::unique_ptr<Backend>> backends) {
  for (int d = 0; d < deviceCount(); ++d) Registry::get().forgetDevice(d);
  MemoryPoolRegistry::get().forgetAll();
  active_captures::g_count.store(0, std::memory_order_release);  // the old backends' captures
  unavailable_.clear();
  adopt(std::move(backends));
  t_current = 0;
  t_deviceChosenByUser = false;
}

int Runtime::ordinalOf(const Backend* backend, int local) const {
  for (const Device& d : devices_)
    if (d.backend == backend && d.local == local) return d.ordinal;
  return -1;
}

Status currentDevice(Device** device) {
  Runtime& rt = Runtime::get();
  if (rt.deviceCount() == 0) return hipErrorNoDevice;
  Device* d = rt.device(Runtime::currentDevice());
  if (d == nullptr) return hipErrorInvalidDevice;
  *device = d;
  return kOk;
}

}  // namespace unihip
