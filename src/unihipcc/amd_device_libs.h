// How an AMD device compile gets the ROCm device libraries (ocml, ockl: math and work-item
// helpers), which clang links into the code object as bitcode.
//
// When the library folder has the processor's oclc_isa_version_NNN.bc, clang picks the files
// itself (--rocm-device-lib-path). Distributions ship older libraries that lack newer processors
// (Debian's 5.2 set stops at gfx940 and has no gfx11): for those unihipcc lists the bitcode
// explicitly and generates the one-constant ISA-version module. Without any libraries the
// compile uses -nogpulib, and calls into ocml/ockl fail at the device link.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "offload_arch.h"
#include "options.h"
#include "temp_dir.h"
#include "toolchain.h"

namespace unihipcc {

class AmdDeviceLibs {
 public:
  AmdDeviceLibs(const Options& options, const Toolchain& toolchain, TempDir& temp);

  // clang flags for one compile of `arch` (may run clang once to build an ISA-version module).
  std::vector<std::string> flags(const OffloadArch& arch);

 private:
  std::string isaVersionModule(const OffloadArch& arch, int isaVersion);
  std::vector<std::string> explicitBitcode(const OffloadArch& arch, const std::string& isaModule);

  const Options& options_;
  const Toolchain& toolchain_;
  TempDir& temp_;
  bool warnedMissing_ = false;
  std::map<std::string, std::string> isaModules_;  // processor -> generated .bc
};

}  // namespace unihipcc
