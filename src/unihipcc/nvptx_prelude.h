// The header the NVIDIA device pass includes after hip_runtime.h, in unihipcc and in hiprtc's
// clang engine. clang compiles that pass in CUDA mode, which does not define HIP's language
// macros (the host and AMD passes, in HIP mode, do). Where unihipcc's NVPTX plugin runs and
// the compile optimizes, it also holds two pointers that keep libdevice's __nv_sincos and
// __nv_sincosf linked (clang links only the libdevice functions a module uses): the plugin's
// SincosPass computes sin(x) and cos(x) of one x with them, then deletes the pointers.
#pragma once

#include <string>

namespace unihipcc {

std::string nvptxPrelude();

}  // namespace unihipcc
