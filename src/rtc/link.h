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
  char* errorLog = nullptr;  // HIPRTC_JIT_ERROR_LOG_BUFFER(_SIZE_BYTES): the log on failure
  size_t errorLogSize = 0;
  char* infoLog = nullptr;   // HIPRTC_JIT_INFO_LOG_BUFFER(_SIZE_BYTES): the log on success
  size_t infoLogSize = 0;
  std::vector<char> output;
};

// Reads the JIT options of hiprtcLinkCreate (others are accepted and ignored, as AMD's);
// false for an unusable value (IR_TO_ISA_OPT_EXT without its array).
bool applyLinkOptions(LinkState& s, unsigned int count, const hiprtcJIT_option* options,
                      void** values);

// The linked image into s.output; false with s.log on failure. The state's mutex is held.
// The log is also copied to the application's log buffers, when it gave them.
bool linkComplete(LinkState& s);

}  // namespace unihip::rtc
