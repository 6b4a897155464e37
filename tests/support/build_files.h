// Files the build makes for the CPU tests (bundles, code objects), found by their absolute path
// or, in a build folder copied elsewhere (scripts/stage-for-device.sh), beside the executable.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace unihip::testing {

inline std::string buildFilePath(const char* path) {
  if (std::filesystem::exists(path)) return path;
  const auto exeDir = std::filesystem::read_symlink("/proc/self/exe").parent_path();
  return (exeDir / "kernels" / std::filesystem::path(path).filename()).string();
}

inline std::vector<uint8_t> readBuildFile(const char* path) {
  std::ifstream f(buildFilePath(path), std::ios::binary);
  REQUIRE(f.good());
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace unihip::testing
