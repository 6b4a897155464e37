// One unihipcc run: compile every input, then link unless -c. Errors are thrown (UsageError,
// ToolFailed, Interrupted) and reported by main().
#pragma once

#include <string>

#include "options.h"

namespace unihipcc {

void runDriver(const Options& options);

// --version: unihipcc's version and the tools it would use.
void printVersion(const Options& options);

// --cxxflags, --ldflags, --short-version (as hipcc: printed without a newline after flags).
void printFlags(const Options& options);

// unihip's ROCm-compatible root: <prefix>/lib/unihip/hip-root.
std::string hipRootDir();

// The -D/-I flags a plain C++ compiler needs for HIP's headers (hipconfig --cpp_config).
std::string cppConfig(const std::string& includeDir);

}  // namespace unihipcc
