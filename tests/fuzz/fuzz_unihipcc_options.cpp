// libFuzzer harness: unihipcc's command-line parser (parseCommandLine), which is pure: no file
// is read and no compiler runs. Input: NUL-separated arguments; the first byte picks the
// hipcc environment (HIP_COMPILE_CXX_AS_HIP, HCC_AMDGPU_TARGET, *_FLAGS_APPEND).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "offload_arch.h"
#include "options.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 4096) return 0;
  unihipcc::Environment env;
  env.compileCxxAsHip = !(data[0] & 1);
  if (data[0] & 2) env.defaultArchs = "gfx90a:xnack+,sm_80";
  if (data[0] & 4) env.compileAppend = "-DX=1 -O1";
  if (data[0] & 8) env.linkAppend = "-lm -Wl,--as-needed";
  env.verbose = (data[0] >> 4) & 7;
  std::vector<std::string> args;
  std::string arg;
  for (size_t i = 1; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(std::move(arg));
      arg.clear();
    } else {
      arg.push_back(static_cast<char>(data[i]));
    }
  }
  if (!arg.empty()) args.push_back(std::move(arg));
  try {
    unihipcc::Options o = unihipcc::parseCommandLine(args, env);
    // What the driver derives from the parsed archs (bundle ids, device-lib ISA versions).
    for (const auto& a : o.offloadArchs) {
      (void)a.imageBundleId();
      if (a.vendor == unihipcc::Vendor::Nvidia) (void)a.ptxBundleId();
      else (void)unihipcc::amdIsaVersion(a.processor);
    }
    for (const auto& item : o.linkItems)
      if (item.input && *item.input >= o.inputs.size()) __builtin_trap();  // dangling index
  } catch (const unihipcc::UsageError&) {
    // Rejected command lines are expected; any other exception escapes and is reported.
  }
  return 0;
}
