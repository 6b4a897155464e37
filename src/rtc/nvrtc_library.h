// NVRTC, loaded at run time (no link-time dependency): libnvrtc.so.13, .12, libnvrtc.so, or
// UNIHIP_NVRTC_LIBRARY. Types are re-declared with nvrtc.h's values.
#pragma once

#include <cstddef>
#include <string>

namespace unihip::rtc {

using nvrtcProgramHandle = struct _nvrtcProgram*;
enum : int { kNvrtcSuccess = 0, kNvrtcInvalidOption = 5, kNvrtcCompilation = 6 };

struct NvrtcLibrary {
  int (*version)(int*, int*) = nullptr;
  int (*createProgram)(nvrtcProgramHandle*, const char*, const char*, int, const char* const*,
                       const char* const*) = nullptr;
  int (*destroyProgram)(nvrtcProgramHandle*) = nullptr;
  int (*compileProgram)(nvrtcProgramHandle, int, const char* const*) = nullptr;
  int (*getPTXSize)(nvrtcProgramHandle, size_t*) = nullptr;
  int (*getPTX)(nvrtcProgramHandle, char*) = nullptr;
  int (*getCUBINSize)(nvrtcProgramHandle, size_t*) = nullptr;  // optional (CUDA >= 11.1)
  int (*getCUBIN)(nvrtcProgramHandle, char*) = nullptr;
  int (*getLTOIRSize)(nvrtcProgramHandle, size_t*) = nullptr;  // optional (CUDA >= 12.0)
  int (*getLTOIR)(nvrtcProgramHandle, char*) = nullptr;
  int (*getProgramLogSize)(nvrtcProgramHandle, size_t*) = nullptr;
  int (*getProgramLog)(nvrtcProgramHandle, char*) = nullptr;
  int (*addNameExpression)(nvrtcProgramHandle, const char*) = nullptr;
  int (*getLoweredName)(nvrtcProgramHandle, const char*, const char**) = nullptr;
  const char* (*getErrorString)(int) = nullptr;
  int (*getNumSupportedArchs)(int*) = nullptr;  // optional (CUDA >= 11.2)
  int (*getSupportedArchs)(int*) = nullptr;
  std::string path;  // the file loaded
};

// The process's NVRTC, loaded once; null when none could be loaded (`why` says why).
const NvrtcLibrary* nvrtc(std::string* why = nullptr);

// The newest SM this NVRTC compiles for that is not newer than `sm` (90 for sm_90); -1 if none
// or unknown.
int nvrtcNewestArchUpTo(int sm);

}  // namespace unihip::rtc
