// nvcc's command line (bin/unihip-nvcc), translated into unihipcc's. Pure but for
// --options-file, whose reader is a parameter, so the mapping is tested without a toolchain.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace unihipcc {

struct NvccTranslation {
  std::vector<std::string> args;   // unihipcc's command line
  std::vector<std::string> notes;  // options accepted without effect, and why (shown with -v)
  std::vector<std::string> warnings;  // always shown (targets built other than asked)
  bool dryRun = false;             // --dryrun: print the unihipcc command, run nothing
  std::string listing;             // --list-gpu-arch / --list-gpu-code: print this, run nothing
};

// True when unihipcc runs under an nvcc name (unihip-nvcc, nvcc), by argv[0]'s file name.
bool isNvccName(std::string_view argv0);

// Reads an --options-file; throws UsageError when it cannot.
using OptionsFileReader = std::function<std::string(const std::string& path)>;
std::string readOptionsFile(const std::string& path);

// Translates nvcc's arguments (argv[1..], with NVCC_PREPEND_FLAGS / NVCC_APPEND_FLAGS already
// added). Throws UsageError naming an unknown option or a bad value, as nvcc does.
// `archOverride` (UNIHIP_NVCC_ARCHS, a comma list of sm_XX): the NVIDIA targets to build instead
// of those the command names, for build files that fix their own list (a note says so).
NvccTranslation translateNvccCommandLine(const std::vector<std::string>& args,
                                         const OptionsFileReader& readFile = readOptionsFile,
                                         std::string_view archOverride = {});

// Splits a response file or NVCC_*_FLAGS value into words: whitespace separates, single and
// double quotes group, backslash escapes.
std::vector<std::string> splitNvccWords(std::string_view text);

// unihip-nvcc --help.
std::string nvccHelpText();

}  // namespace unihipcc
