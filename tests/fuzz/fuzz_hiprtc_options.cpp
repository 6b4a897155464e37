// libFuzzer harness: hiprtc's compile-option parser (parseCompileOptions) and the engine
// command lines built from its result. Pure: no compiler runs. Input: NUL-separated options.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rtc/options.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;
  std::vector<std::string> args;
  std::string arg;
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(std::move(arg));
      arg.clear();
    } else {
      arg.push_back(static_cast<char>(data[i]));
    }
  }
  if (!arg.empty()) args.push_back(std::move(arg));
  unihip::rtc::CompileOptions o;
  unihip::rtc::ParseResult r = unihip::rtc::parseCompileOptions(args, o);
  if (!r.ok) {
    if (r.error.empty()) __builtin_trap();  // a refusal always says why (the program log)
    return 0;
  }
  if (o.optLevel < 0 || o.optLevel > 3) __builtin_trap();
  (void)unihip::rtc::nvrtcArguments(o, o.arch.empty() ? "sm_90" : o.arch);
  (void)unihip::rtc::clangArguments(o);
  return 0;
}
