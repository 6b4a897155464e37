// Make-style dependency files (-MD/-MMD): unihipcc compiles a HIP source in several passes
// (host, one per offload arch), each seeing different headers (__HIP_DEVICE_COMPILE__,
// __CUDA_ARCH__, __AMDGCN__). Each pass writes its own list; the file the build system reads
// is their union, under the target the user asked for.
#pragma once

#include <string>
#include <vector>

namespace unihipcc {

// What -MD/-MMD/-MF/-MT/-MQ/-MP asked for, read from Options::dependency.
struct DepRequest {
  bool enabled = false;       // -MD or -MMD given
  bool systemHeaders = true;  // -MD (false: -MMD)
  std::string file;           // -MF, else <object without extension>.d
  std::vector<std::string> targets;  // -MT as given, -MQ escaped for make; empty: the object
  bool phony = false;         // -MP
};

DepRequest parseDepRequest(const std::vector<std::string>& dependencyFlags,
                           const std::string& object);

// The prerequisites of a clang-written dependency file, escaped as clang wrote them.
std::vector<std::string> readDepPrerequisites(const std::string& path);

// Writes `targets: prerequisites` (one per line), and with `phony` an empty rule per
// prerequisite but the first (the source), as -MP does.
void writeDepFile(const DepRequest& request, const std::string& object,
                  const std::vector<std::string>& prerequisites);

}  // namespace unihipcc
