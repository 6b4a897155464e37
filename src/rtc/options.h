// hiprtcCompileProgram's options, parsed once into a form both engines use. Pure: no files, no
// compiler; fuzzed by tests/fuzz/fuzz_hiprtc_options.cpp.
#pragma once

#include <string>
#include <vector>

namespace unihip::rtc {

struct CompileOptions {
  std::string arch;                  // "sm_90", "compute_90", "gfx90a:xnack-", "" = current device
  std::vector<std::string> defines;  // "-DX=1" / "-UX", in order
  std::vector<std::string> includeDirs;
  std::vector<std::string> preIncludes;  // -include X
  std::string std;                   // "c++17", "" = engine default
  int optLevel = 3;
  bool rdc = false;                  // -fgpu-rdc: relocatable, bitcode for hiprtcLink*
  bool fastMath = false;
  bool debugInfo = false;            // -g (NVIDIA: line info, the optimised code is kept)
  bool deviceDebug = false;          // -G / --device-debug (NVIDIA only)
  int fmad = -1, ftz = -1, precDiv = -1, precSqrt = -1;  // -1 = default
  int maxRegisters = 0;
  bool noWarnings = false;
  std::vector<std::string> clangOnly;  // -mllvm X, -Rpass=, -mcumode...: clang engine only
  std::vector<std::string> nvrtcOnly;  // -default-device, --extra-device-vectorization...
};

struct ParseResult {
  bool ok = true;
  std::string error;  // for the program log: "unknown option '-foo'"
};

// Parses `options` into `out`. Unknown or malformed options fail (HIPRTC_ERROR_INVALID_OPTION).
ParseResult parseCompileOptions(const std::vector<std::string>& options, CompileOptions& out);

// The NVRTC command line for `o` (arch resolved by the caller).
std::vector<std::string> nvrtcArguments(const CompileOptions& o, const std::string& arch);

// The clang device-compile flags for `o` (language, target and output flags are the engine's).
std::vector<std::string> clangArguments(const CompileOptions& o);

}  // namespace unihip::rtc
