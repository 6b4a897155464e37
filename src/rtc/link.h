// hiprtcLink*: bitcode from -fgpu-rdc programs (hiprtcGetBitcode) linked into loadable code.
// NVIDIA: nvJitLink (LTO IR, relocatable PTX) -> cubin. AMD: clang/lld -> code object.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "hip/hiprtc.h"

namespace unihip::rtc {

struct LinkState {
  std::mutex mutex;
  std::vector<std::vector<char>> inputs;
  std::vector<std::string> names;
  std::vector<std::string> irOptions;  // HIPRTC_JIT_IR_TO_ISA_OPT_EXT
  std::string arch;                    // HIPRTC_JIT_TARGET (sm_XX), else the current device's
  std::string log;
  std::vector<char> output;  // valid until hiprtcLinkDestroy, as HIP's
};

// Reads the JIT options of hiprtcLinkCreate; false for an option HIP does not define.
bool applyLinkOptions(LinkState& s, unsigned int count, const hiprtcJIT_option* options,
                      void** values);

// The linked image into s.output; false with s.log on failure. The state's mutex is held.
bool linkComplete(LinkState& s);

}  // namespace unihip::rtc
