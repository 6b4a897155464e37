// What unihip-nvcc reports about itself in nvcc's formats, for build systems that parse them:
// --version (CMake's compiler identification, Makefiles reading "release X.Y") and the
// "#$ NAME=value" lines nvcc -v starts with (CMake reads TOP, NVVMIR_LIBRARY_DIR, INCLUDES,
// LIBRARIES and "-arch compute_XX" from them).
#pragma once

#include <string>

#include "options.h"
#include "toolchain.h"

namespace unihipcc {

// The CUDA release whose runtime API unihip-nvcc's headers map (__CUDACC_VER_* and --version).
inline constexpr int kNvccCudaMajor = 13;
inline constexpr int kNvccCudaMinor = 0;

std::string nvccVersionText();

// The variable lines, printed to stderr before the commands under -v.
void printNvccVariables(const Options& options, const Toolchain& toolchain);

}  // namespace unihipcc
