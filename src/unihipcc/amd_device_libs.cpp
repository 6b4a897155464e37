#include "amd_device_libs.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "subprocess.h"

namespace fs = std::filesystem;

namespace unihipcc {

namespace {

bool hasFlag(const std::vector<std::string>& flags, const char* flag) {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

}  // namespace

AmdDeviceLibs::AmdDeviceLibs(const Options& options, const Toolchain& toolchain, TempDir& temp)
    : options_(options), toolchain_(toolchain), temp_(temp) {}

std::vector<std::string> AmdDeviceLibs::flags(const OffloadArch& arch) {
  if (!toolchain_.rocmDeviceLibDir) {
    if (!warnedMissing_)
      std::fprintf(stderr,
                   "unihipcc: warning: ROCm device libraries not found (set "
                   "--rocm-device-lib-path); AMD device code cannot call math functions\n");
    warnedMissing_ = true;
    return {"-nogpulib"};
  }
  const fs::path dir = *toolchain_.rocmDeviceLibDir;
  const std::string suffix = arch.processor.substr(3);
  std::error_code ec;
  if (fs::is_regular_file(dir / ("oclc_isa_version_" + suffix + ".bc"), ec))
    return {"--rocm-device-lib-path=" + dir.string()};

  std::optional<int> isaVersion = amdIsaVersion(arch.processor);
  if (!isaVersion) return {"-nogpulib"};  // parseOffloadArch already rejected such names
  return explicitBitcode(arch, isaVersionModule(arch, *isaVersion));
}

// The module the device libraries read to learn the processor: one constant.
std::string AmdDeviceLibs::isaVersionModule(const OffloadArch& arch, int isaVersion) {
  auto cached = isaModules_.find(arch.processor);
  if (cached != isaModules_.end()) return cached->second;

  std::string source = temp_.file("oclc_isa_version_" + arch.processor + ".cl");
  std::string bitcode = temp_.file("oclc_isa_version_" + arch.processor + ".bc");
  std::ofstream(source) << "__constant int __oclc_ISA_version = " << isaVersion << ";\n";
  runCommand({toolchain_.clang, "-x", "cl", "-cl-std=CL2.0", "--target=amdgcn-amd-amdhsa",
              "-mcpu=" + arch.processor, "-nogpulib", "-emit-llvm", "-c", source, "-o", bitcode},
             options_.verbose);
  isaModules_.emplace(arch.processor, bitcode);
  return bitcode;
}

// The list clang itself would link, with the options chosen as clang chooses them by default
// (-ffast-math: unsafe math and finite-only; -fgpu-flush-denormals-to-zero: daz).
std::vector<std::string> AmdDeviceLibs::explicitBitcode(const OffloadArch& arch,
                                                        const std::string& isaModule) {
  const fs::path dir = *toolchain_.rocmDeviceLibDir;
  const bool fastMath = hasFlag(options_.compile, "-ffast-math");
  const bool daz = hasFlag(options_.compile, "-fgpu-flush-denormals-to-zero");
  const bool wave64 = amdIsaVersion(arch.processor).value_or(0) < 10000;  // gfx9 and older
  auto onOff = [](bool on) { return on ? "_on" : "_off"; };

  std::vector<std::string> files;
  std::error_code ec;
  if (fs::is_regular_file(dir / "hip.bc", ec)) files.push_back((dir / "hip.bc").string());
  for (const char* name : {"ocml.bc", "ockl.bc"}) files.push_back((dir / name).string());
  files.push_back((dir / (std::string("oclc_daz_opt") + onOff(daz) + ".bc")).string());
  files.push_back((dir / (std::string("oclc_unsafe_math") + onOff(fastMath) + ".bc")).string());
  files.push_back((dir / (std::string("oclc_finite_only") + onOff(fastMath) + ".bc")).string());
  files.push_back((dir / "oclc_correctly_rounded_sqrt_on.bc").string());
  files.push_back((dir / (std::string("oclc_wavefrontsize64") + onOff(wave64) + ".bc")).string());
  files.push_back((dir / "oclc_abi_version_500.bc").string());
  files.push_back(isaModule);

  std::vector<std::string> flags = {"-nogpulib"};
  for (const std::string& file : files) {
    if (!fs::is_regular_file(file, ec))
      throw ToolFailed("ROCm device library '" + file + "' is missing");
    flags.insert(flags.end(), {"-Xclang", "-mlink-builtin-bitcode", "-Xclang", file});
  }
  return flags;
}

}  // namespace unihipcc
