// The process-wide runtime: which backends are present, the HIP device ordinals they serve, and
// each thread's current device.
//
// Thread safety: the device table is built once (first use) and read-only afterwards, except
// through resetForTesting(). The current device is thread-local.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "backend.h"
#include "base/hot_tls.h"
#include "core/launch_check.h"
#include "base/status.h"

namespace unihip {

// Upper bound on HIP devices in one process; sizes per-device caches in kernel records.
inline constexpr int kMaxDevices = 64;

struct Device {
  int ordinal = 0;            // HIP ordinal
  Backend* backend = nullptr;
  int local = 0;              // ordinal within its backend
  const hipDeviceProp_t* props = nullptr;
  LaunchLimits launchLimits{};  // from props, for the launch fast path (api/hip_launch.cpp)
};

class Runtime {
 public:
  // Built on first call: backends chosen by UNIHIP_BACKEND (cuda|hsa|all, default all), devices
  // filtered and ordered by HIP_VISIBLE_DEVICES (core/visible_devices.h).
  static Runtime& get() {
    Runtime* r = instance_.load(std::memory_order_acquire);
    return __builtin_expect(r != nullptr, 1) ? *r : create();
  }

  int deviceCount() const { return static_cast<int>(devices_.size()); }
  // nullptr when `ordinal` is out of range.
  Device* device(int ordinal) {
    return (ordinal >= 0 && ordinal < deviceCount()) ? &devices_[ordinal] : nullptr;
  }
  // The HIP ordinal of a backend's device; -1 when HIP_VISIBLE_DEVICES hides it.
  int ordinalOf(const Backend* backend, int local) const;
  // Why each absent backend is absent (for logs and unihipinfo).
  const std::vector<std::string>& unavailable() const { return unavailable_; }
  const std::vector<std::unique_ptr<Backend>>& backends() const { return backends_; }
  // One line per backend, available ones first: "cuda: 1 device(s)", "hsa: unavailable: ...".
  const std::vector<std::string>& statusLines() const { return statusLines_; }

  // The calling thread's current device (HIP ordinal; 0 until hipSetDevice).
  static int currentDevice() { return t_current; }
  static void setCurrentDevice(int ordinal) { t_current = ordinal; }
  // Whether this thread called hipSetDevice (hipSetValidDevices then leaves its choice alone).
  static bool deviceChosenByUser();
  static void markDeviceChosenByUser(bool chosen);

  // Replaces the backends (tests and the instruction-count benchmark). Not thread-safe.
  void resetForTesting(std::vector<std::unique_ptr<Backend>> backends);

 private:
  static Runtime& create();
  static std::atomic<Runtime*> instance_;
  Runtime();
  void adopt(std::vector<std::unique_ptr<Backend>> backends);

  std::vector<std::unique_ptr<Backend>> backends_;
  std::vector<Device> devices_;
  std::vector<std::string> unavailable_;
  std::vector<std::string> statusLines_;
  // constinit: other files read it directly, without the TLS wrapper call a thread_local whose
  // initialization they cannot see would need.
  static constinit UNIHIP_HOT_TLS int t_current;
};

// The device of the current thread, or hipErrorNoDevice / hipErrorInvalidDevice.
Status currentDevice(Device** device);

}  // namespace unihip
