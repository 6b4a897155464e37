// --offload-arch=native: the offload architectures of the GPUs present, as the runtime sees
// them (libunihip's hipGetDeviceProperties: "sm_90", "gfx90a:sramecc+:xnack-", ...).
#pragma once

#include <string>
#include <vector>

namespace unihipcc {

// Loads <libDir>/libunihip.so and lists each device's arch, without duplicates. Throws
// ToolFailed when the runtime cannot be loaded or finds no GPU, saying why.
std::vector<std::string> presentGpuArchs(const std::string& libDir);

}  // namespace unihipcc
