// A hiprtc program: source, headers, name expressions, and after compiling the log, the code
// and the lowered names. Handles are kept in a HandleRegistry (handle_registry.h).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace unihip::rtc {

struct Program {
  std::mutex mutex;  // one call at a time on a program
  std::string name;
  std::string source;
  std::vector<std::pair<std::string, std::string>> headers;  // include name, contents
  std::vector<std::string> nameExpressions;                  // in the order added
  bool compiled = false;  // a compile was attempted (lowered names: only after one succeeded)
  bool succeeded = false;
  std::string log;
  std::vector<char> code;     // cubin, PTX (NUL-terminated) or AMD code object
  std::vector<char> bitcode;  // -fgpu-rdc only: NVVM LTO IR (NVIDIA) or LLVM bitcode (AMD)
  std::map<std::string, std::string> lowered;  // name expression -> symbol
};

}  // namespace unihip::rtc
