// Where the tools and files unihipcc needs live. Each path is resolved once, in this order:
// command-line option, environment variable, the location CMake found at configure time, PATH.
#pragma once

#include <optional>
#include <string>

#include "options.h"

namespace unihipcc {

struct Toolchain {
  std::string clang;            // clang++ (19 or newer), for every compile and the link
  std::string offloadBundler;   // clang-offload-bundler
  std::optional<std::string> ptxas;              // absent: NVIDIA targets get PTX only
  std::optional<std::string> libdevice;          // CUDA's libdevice.10.bc, linked into NVPTX
  std::optional<std::string> rocmDeviceLibDir;   // holds ocml.bc, ockl.bc, oclc_*.bc
  std::optional<std::string> managedPassPlugin;  // NVPTX __managed__ pass (managed_pass/)
  std::string includeDir;       // holds hip/hip_runtime.h
  // CUDA's headers over unihip (<includeDir>/cuda-compat, else the source tree's); absent
  // when neither exists.
  std::optional<std::string> cudaCompatIncludeDir;
  std::string libDir;           // holds libunihip.so
  // <libDir>/../cuda: a CUDA toolkit's layout over unihip (bin/nvcc, include/, lib64/ with
  // libcudart.so and the empty static runtime archives); absent when not built or installed.
  std::optional<std::string> cudaToolkitDir;
  std::string hostTriple;       // e.g. x86_64-unknown-linux-gnu (the bundle's host entry)
};

// Resolves every path. Throws UsageError when clang, the bundler or the HIP headers are missing;
// optional pieces (ptxas, libdevice, ROCm device libraries) are left empty instead.
Toolchain findToolchain(const Options& options);

// The folder holding the running unihipcc binary.
std::string executableDir();

// Looks `name` up on PATH; an absolute or relative path with a '/' is returned as is if it
// exists and is executable.
std::optional<std::string> findProgram(const std::string& name);

}  // namespace unihipcc
