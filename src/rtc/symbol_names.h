// Kernel symbols of a compiled image (ELF symbol table of a cubin / AMD code object, or the
// .entry lines of PTX) and the matching of hiprtc name expressions against them, as AMD's
// hiprtc does: demangle, drop return type and parameters, compare without spaces.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace unihip::rtc {

std::vector<std::string> kernelSymbols(const std::vector<char>& image);

// expression -> mangled symbol, for the expressions found among `symbols`.
std::map<std::string, std::string> matchNameExpressions(const std::vector<std::string>& expressions,
                                                        const std::vector<std::string>& symbols);

}  // namespace unihip::rtc
