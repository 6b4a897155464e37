// Which devices a process sees, and in which order: HIP_VISIBLE_DEVICES (and, on AMD devices,
// CUDA_VISIBLE_DEVICES when HIP_VISIBLE_DEVICES is unset, as AMD's runtime reads it).
//
// The list is comma-separated device indices (or "GPU-<uuid>" prefixes, as CUDA accepts); the
// devices appear in the list's order. As in CUDA, the list ends at the first entry that names no
// device or repeats one: "1,0" swaps two GPUs, "-1" or "" hides every device.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace unihip {

// A device's identity for matching "GPU-..." entries.
using DeviceUuid = std::array<uint8_t, 16>;

// "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", as nvidia-smi prints it.
std::string uuidString(const DeviceUuid& uuid);

// The indices into `uuids` (one per device, in enumeration order) that `spec` makes visible, in
// the order it names them.
std::vector<int> visibleDevices(const char* spec, const std::vector<DeviceUuid>& uuids);

}  // namespace unihip
