#include "nvcc_report.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "hip/hip_version.h"
#include "subprocess.h"
#include "unihipcc_config.h"

namespace fs = std::filesystem;

namespace unihipcc {

// CMake tells nvcc from clang by the second line (CMakeDetermineCUDACompiler.cmake's vendor
// regex) and reads the toolkit version from "V<x.y.z>"; Makefiles grep "release X.Y". The
// first line says what answers.
std::string nvccVersionText() {
  char text[512];
  std::snprintf(text, sizeof text,
                "unihip-nvcc %s: unihip's nvcc-compatible driver (unihipcc, HIP %d.%d.%d, clang), "
                "not NVIDIA's nvcc\n"
                "Answers build systems as: nvcc: NVIDIA (R) Cuda compiler driver\n"
                "Cuda compilation tools, release %d.%d, V%d.%d.0 (the CUDA API unihip maps)\n",
                UNIHIPCC_VERSION, HIP_VERSION_MAJOR, HIP_VERSION_MINOR, HIP_VERSION_PATCH,
                kNvccCudaMajor, kNvccCudaMinor, kNvccCudaMajor, kNvccCudaMinor);
  return text;
}

void printNvccVariables(const Options& options, const Toolchain& tc) {
  auto line = [](const std::string& name, const std::string& value) {
    std::fprintf(stderr, "#$ %s=%s\n", name.c_str(), value.c_str());
  };
  line("_UNIHIP_", "unihip-nvcc: these variables describe unihip's toolchain, in nvcc's form");
  // The toolkit view, where CMake's FindCUDAToolkit finds include/cuda_runtime.h and
  // lib64/libcudart.so; else the prefix.
  line("TOP", tc.cudaToolkitDir.value_or(fs::path(tc.libDir).parent_path().string()));
  if (tc.libdevice) line("NVVMIR_LIBRARY_DIR", fs::path(*tc.libdevice).parent_path().string());
  const char* path = std::getenv("PATH");
  line("PATH", fs::path(tc.clang).parent_path().string() + (path ? std::string(":") + path : ""));
  std::vector<std::string> includes;
  if (tc.cudaCompatIncludeDir) includes.push_back("-I" + *tc.cudaCompatIncludeDir);
  includes.push_back("-I" + tc.includeDir);
  line("INCLUDES", quoteCommand(includes));
  // Exactly as the link command (Pipeline::link) ends, so CMake finds it in that line.
  std::vector<std::string> libraries;
  if (tc.cudaToolkitDir) libraries.push_back("-L" + *tc.cudaToolkitDir + "/lib64");
  libraries.insert(libraries.end(), {"-L" + tc.libDir, "-Wl,-rpath," + tc.libDir, "-lunihip"});
  line("LIBRARIES", quoteCommand(libraries));
  std::string archs;
  for (const OffloadArch& a : options.offloadArchs) {
    if (!archs.empty()) archs += ' ';
    archs += a.vendor == Vendor::Nvidia ? "-arch compute_" + a.smSuffix()
                                        : "--offload-arch " + a.targetId;
  }
  line("GPU_TARGETS", archs);
}

}  // namespace unihipcc
