// The compile and link steps for one unihipcc invocation.
//
// A HIP source becomes one host object that embeds a clang offload bundle:
//   NVIDIA arch:  clang -x cuda --cuda-device-only -> PTX; ptxas -> cubin (both bundled)
//   AMD arch:     clang -x hip  --cuda-device-only -> code object v5
//   bundle:       clang-offload-bundler -type=o (host entry empty)
//   host:         clang -x hip --cuda-host-only -fcuda-include-gpubinary <bundle>; the object
//                 registers the bundle through __hipRegisterFatBinary at load time.
//
// With -fgpu-rdc (relocatable device code) each object instead carries its relocatable device
// code in clang-offload-bundler sections (NVIDIA: relocatable cubin from ptxas -c; AMD: LLVM
// bitcode), and its host code refers to an external __hip_fatbin_<cuid>. The link step
// (device_link.cpp) links the device code of all objects per arch (nvlink; ld.lld LTO),
// bundles the results and defines those symbols in one extra object, as clang's --hip-link.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "amd_device_libs.h"
#include "depfile.h"
#include "options.h"
#include "temp_dir.h"
#include "toolchain.h"

namespace unihipcc {

class Pipeline {
 public:
  Pipeline(const Options& options, const Toolchain& toolchain, TempDir& temp);

  // `tag` makes the intermediate file names of this input unique in the temp folder.
  // `hostOutputFlag` is -c (an object) or -S (host assembly with the bundle embedded).
  // With -fgpu-rdc, `hostObject` (when given) receives the path of the host part alone.
  void compileHip(const Input& input, const std::string& tag, const std::string& object,
                  const char* hostOutputFlag = "-c", std::string* hostObject = nullptr);
  // --genco: the device images of every offload arch, bundled, written to `output`.
  void compileDeviceBundle(const Input& input, const std::string& tag, const std::string& output);
  // -E / -M / -MM: the host pass's preprocessor output; empty `output` is standard output.
  void preprocess(const Input& input, const std::string& output);
  void compileHostOnly(const Input& input, const std::string& object,
                       const char* outputFlag = "-c");
  // Links objects and flags in command-line order against libunihip.
  void link(const std::vector<std::string>& linkLine, const std::string& output);

  // -fgpu-rdc link: device-links the relocatable device code of `files` (objects and
  // archives) and returns the object that defines the __hip_fatbin_* / __hip_gpubin_handle_*
  // symbols they leave undefined; std::nullopt when none is left undefined.
  std::optional<std::string> deviceLink(const std::vector<std::string>& files);
  // --emit-static-lib: an archive of `members` (replaced if it exists).
  void archive(const std::vector<std::string>& members, const std::string& output);

 private:
  struct BundleEntry {
    std::string id;
    std::string file;
  };

  std::vector<std::string> commonCompileFlags(bool cLanguage) const;
  std::vector<std::string> hipSourceFlags(const Input& input) const;
  // `cuid` names the translation unit identically in all its passes (see compileHip).
  void compileForNvidia(const Input& input, const OffloadArch& arch, const std::string& tag,
                        const std::string& cuid, std::vector<BundleEntry>* entries);
  void compileForAmd(const Input& input, const OffloadArch& arch, const std::string& tag,
                     const std::string& cuid, std::vector<BundleEntry>* entries);
  // `hostInput`: the host entry (an object for -fgpu-rdc objects, else nothing).
  void bundle(const std::vector<BundleEntry>& entries, const std::string& output,
              const std::string& hostInput = "/dev/null");
  // Device images of every offload arch.
  std::vector<BundleEntry> compileDevices(const Input& input, const std::string& tag,
                                          const std::string& cuid);
  // The host pass's command up to (not including) the output flags.
  std::vector<std::string> hostPassCommand(const Input& input, const std::string& cuid) const;
  // The dependency-file flags of one pass of a multi-pass compile (-MD/-MMD into `file`).
  std::vector<std::string> passDependencyFlags(const std::string& file);
  // The NVIDIA pass's prelude header (nvptx_prelude.h), written once per run.
  const std::string& nvptxPreludeFile();
  // A tool beside clang (llvm-nm, llvm-ar, ld.lld).
  std::string llvmTool(const char* name) const;
  std::string nvlink() const;
  void warnOnce(bool* warned, const char* message);

  const Options& options_;
  const Toolchain& toolchain_;
  TempDir& temp_;
  AmdDeviceLibs amdDeviceLibs_;
  bool warnedNoPtxas_ = false;
  // Per-pass dependency files of the source being compiled (merged after its passes).
  std::vector<std::string> passDepFiles_;
  std::optional<DepRequest> depRequest_;
  std::string nvptxPrelude_;  // set while a HIP source with -MD/-MMD compiles
};

}  // namespace unihipcc
