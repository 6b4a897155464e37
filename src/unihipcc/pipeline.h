// The compile and link steps for one unihipcc invocation.
//
// A HIP source becomes one host object that embeds a clang offload bundle:
//   NVIDIA arch:  clang -x cuda --cuda-device-only -> PTX; ptxas -> cubin (both bundled)
//   AMD arch:     clang -x hip  --cuda-device-only -> code object v5
//   bundle:       clang-offload-bundler -type=o (host entry empty)
//   host:         clang -x hip --cuda-host-only -fcuda-include-gpubinary <bundle>; the object
//                 registers the bundle through __hipRegisterFatBinary at load time.
#pragma once

#include <string>
#include <vector>

#include "amd_device_libs.h"
#include "options.h"
#include "temp_dir.h"
#include "toolchain.h"

namespace unihipcc {

class Pipeline {
 public:
  Pipeline(const Options& options, const Toolchain& toolchain, TempDir& temp);

  // `tag` makes the intermediate file names of this input unique in the temp folder.
  // `hostOutputFlag` is -c (an object) or -S (host assembly with the bundle embedded).
  void compileHip(const Input& input, const std::string& tag, const std::string& object,
                  const char* hostOutputFlag = "-c");
  // --genco: the device images of every offload arch, bundled, written to `output`.
  void compileDeviceBundle(const Input& input, const std::string& tag, const std::string& output);
  // -E / -M / -MM: the host pass's preprocessor output; empty `output` is standard output.
  void preprocess(const Input& input, const std::string& output);
  void compileHostOnly(const Input& input, const std::string& object,
                       const char* outputFlag = "-c");
  // Links objects and flags in command-line order against libunihip.
  void link(const std::vector<std::string>& linkLine, const std::string& output);

 private:
  struct BundleEntry {
    std::string id;
    std::string file;
  };

  std::vector<std::string> commonCompileFlags(bool cLanguage) const;
  std::vector<std::string> hipSourceFlags() const;
  // `cuid` names the translation unit identically in all its passes (see compileHip).
  void compileForNvidia(const Input& input, const OffloadArch& arch, const std::string& tag,
                        const std::string& cuid, std::vector<BundleEntry>* entries);
  void compileForAmd(const Input& input, const OffloadArch& arch, const std::string& tag,
                     const std::string& cuid, std::vector<BundleEntry>* entries);
  void bundle(const std::vector<BundleEntry>& entries, const std::string& output);
  // Device images of every offload arch, bundled into `fatbin`.
  void compileDevices(const Input& input, const std::string& tag, const std::string& cuid,
                      const std::string& fatbin);
  // The host pass's command up to (not including) the output flags.
  std::vector<std::string> hostPassCommand(const std::string& cuid) const;
  void warnOnce(bool* warned, const char* message);

  const Options& options_;
  const Toolchain& toolchain_;
  TempDir& temp_;
  AmdDeviceLibs amdDeviceLibs_;
  bool warnedNoPtxas_ = false;
};

}  // namespace unihipcc
