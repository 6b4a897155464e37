// Files the benchmarks load at run time (cubin, PTX), found next to the executable.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

namespace bench {

// The folder holding the running executable ("" when /proc is unreadable).
inline std::string exeDir() {
  char path[4096];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "";
  std::string p(path, static_cast<size_t>(n));
  return p.substr(0, p.find_last_of('/'));
}

// The whole file plus a trailing NUL (PTX must be NUL-terminated); empty when unreadable.
inline std::vector<char> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  bytes.push_back('\0');
  return bytes;
}

// Names of the kernel images built from kernels/bench_kernels.cuh.
inline std::string cubinPath() { return exeDir() + "/bench_kernels.sm_90.cubin"; }
inline std::string ptxPath() { return exeDir() + "/bench_kernels.compute_90.ptx"; }

}  // namespace bench
