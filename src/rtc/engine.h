// The compilers behind hiprtcCompileProgram. NVRTC (NVIDIA targets, loaded at run time) and
// clang-19 as unihipcc runs it (AMD targets; NVIDIA ones when NVRTC is absent or when asked).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rtc/options.h"
#include "rtc/program.h"

namespace unihip::rtc {

struct CompileOutput {
  enum Status { Ok, CompileError, InvalidOption, InternalError } status = Ok;
  std::string log;
  std::vector<char> code;
  std::vector<char> bitcode;
  std::map<std::string, std::string> lowered;
};

// `arch` is resolved ("sm_90", "compute_90", "gfx90a"); the program's mutex is held.
CompileOutput compileWithNvrtc(const Program& p, const CompileOptions& o, const std::string& arch);
CompileOutput compileWithClang(const Program& p, const CompileOptions& o, const std::string& arch);

// clang++ for the clang engine: UNIHIP_CLANG, else the configured path; "" when none runs here.
std::string clangCompiler();

// What identifies each engine's output for the compile cache (library or binary, version,
// headers); "" when the engine is unavailable.
std::string nvrtcIdentity();
std::string clangIdentity();
// unihipcc's NVPTX pass plugin (src/unihipcc/managed_pass) beside this library, as unihipcc
// finds it beside itself, or UNIHIP_NVPTX_MANAGED_PLUGIN: sm_XX code as unihipcc builds it
// (128-bit aggregate copies, nvcc's loop shape, nvcc's __nvvm_reflect answers). Empty when
// absent: an optimization only.
const std::string& nvptxPlugin();

// The headers every NVRTC compile sees (hip/hip_runtime.h and friends), name -> contents.
const std::vector<std::pair<const char*, const char*>>& nvrtcBuiltinHeaders();

}  // namespace unihip::rtc
