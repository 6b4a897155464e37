// HIP's hiprtc passes options to clang (AMD's clr also maps nvcc's --gpu-architecture); programs
// ported from NVRTC pass NVRTC's spellings. Both are accepted; anything else is refused here
// rather than left to a compiler that may ignore it.
#include "rtc/options.h"

#include <cctype>
#include <cstring>

namespace unihip::rtc {
namespace {

bool startsWith(const std::string& s, const char* prefix) {
  return s.compare(0, std::strlen(prefix), prefix) == 0;
}

// "true"/"false" -> 1/0, else -1.
int boolValue(const std::string& v) {
  if (v == "true" || v == "1") return 1;
  if (v == "false" || v == "0") return 0;
  return -1;
}

bool validStd(const std::string& v) {
  static const char* known[] = {"c++03", "c++11", "c++14", "c++17", "c++20",
                                "gnu++11", "gnu++14", "gnu++17", "gnu++20"};
  for (const char* k : known)
    if (v == k) return true;
  return false;
}

bool validArch(const std::string& v) {
  if (v.empty()) return false;
  if (startsWith(v, "sm_") || startsWith(v, "compute_")) {
    std::size_t i = v[0] == 's' ? 3 : 8;
    if (i >= v.size() || !std::isdigit(static_cast<unsigned char>(v[i]))) return false;
    for (; i < v.size(); ++i)
      if (!std::isalnum(static_cast<unsigned char>(v[i]))) return false;  // sm_90a, sm_100f
    return true;
  }
  if (startsWith(v, "gfx") && v.size() > 3) {
    for (char c : v)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != ':' && c != '+' && c != '-' &&
          c != '_')
        return false;
    return true;
  }
  return false;
}

// Options taking a value, in the joined ("-DX", "--x=v") and separate ("-D", "X") spellings.
struct Valued {
  const char* name;
  enum Kind { Arch, Define, Undef, Include, PreInclude, Std, MaxReg, Fmad, Ftz, PrecDiv,
              PrecSqrt, Rdc, Mllvm, Xclang } kind;
  bool joinedNoEquals;  // "-DX": value glued to the flag
};

constexpr Valued kValued[] = {
    {"--gpu-architecture", Valued::Arch, false}, {"--offload-arch", Valued::Arch, false},
    {"-arch", Valued::Arch, false},              {"--define-macro", Valued::Define, false},
    {"-D", Valued::Define, true},                {"--undefine-macro", Valued::Undef, false},
    {"-U", Valued::Undef, true},                 {"--include-path", Valued::Include, false},
    {"-I", Valued::Include, true},               {"--pre-include", Valued::PreInclude, false},
    {"-include", Valued::PreInclude, false},     {"-std", Valued::Std, false},
    {"--std", Valued::Std, false},               {"--maxrregcount", Valued::MaxReg, false},
    {"-maxrregcount", Valued::MaxReg, false},    {"--fmad", Valued::Fmad, false},
    {"-fmad", Valued::Fmad, false},              {"--ftz", Valued::Ftz, false},
    {"-ftz", Valued::Ftz, false},                {"--prec-div", Valued::PrecDiv, false},
    {"-prec-div", Valued::PrecDiv, false},       {"--prec-sqrt", Valued::PrecSqrt, false},
    {"-prec-sqrt", Valued::PrecSqrt, false},     {"--relocatable-device-code", Valued::Rdc, false},
    {"-rdc", Valued::Rdc, false},                {"-mllvm", Valued::Mllvm, false},
    {"-Xclang", Valued::Xclang, false},          {"-isystem", Valued::Include, true},
};

ParseResult fail(std::string why) { return ParseResult{false, std::move(why)}; }

ParseResult applyValued(const Valued& v, const std::string& flag, const std::string& value,
                        CompileOptions& o) {
  auto badValue = [&] { return fail("invalid value '" + value + "' for option '" + flag + "'"); };
  switch (v.kind) {
    case Valued::Arch:
      if (!validArch(value)) return badValue();
      o.arch = value;
      break;
    case Valued::Define:
      if (value.empty() || value[0] == '=') return badValue();
      o.defines.push_back("-D" + value);
      break;
    case Valued::Undef:
      if (value.empty()) return badValue();
      o.defines.push_back("-U" + value);
      break;
    case Valued::Include:
      if (value.empty()) return badValue();
      o.includeDirs.push_back(value);
      break;
    case Valued::PreInclude:
      if (value.empty()) return badValue();
      o.preIncludes.push_back(value);
      break;
    case Valued::Std:
      if (!validStd(value)) return badValue();
      // gnu++17 -> c++17: drop "gn", turn the "u" into "c"
      o.std.assign(value, startsWith(value, "gnu") ? 2 : 0, std::string::npos);
      if (startsWith(value, "gnu")) o.std[0] = 'c';
      break;
    case Valued::MaxReg: {
      if (value.empty() || value.size() > 4) return badValue();
      int n = 0;
      for (char c : value) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return badValue();
        n = n * 10 + (c - '0');
      }
      o.maxRegisters = n;
      break;
    }
    case Valued::Fmad:
    case Valued::Ftz:
    case Valued::PrecDiv:
    case Valued::PrecSqrt:
    case Valued::Rdc: {
      int b = boolValue(value);
      if (b < 0) return badValue();
      if (v.kind == Valued::Fmad) o.fmad = b;
      else if (v.kind == Valued::Ftz) o.ftz = b;
      else if (v.kind == Valued::PrecDiv) o.precDiv = b;
      else if (v.kind == Valued::PrecSqrt) o.precSqrt = b;
      else o.rdc = b == 1;
      break;
    }
    case Valued::Mllvm:
    case Valued::Xclang:
      if (value.empty()) return badValue();
      o.clangOnly.push_back(v.kind == Valued::Mllvm ? "-mllvm" : "-Xclang");
      o.clangOnly.push_back(value);
      break;
  }
  return {};
}

bool unsignedValue(const std::string& a, std::size_t n);
bool clangDiagnosticFlag(const std::string& a);
bool clangMathFlag(const std::string& a);

// Flags without a value.
bool applyFlag(const std::string& a, CompileOptions& o) {
  if (a.size() == 3 && a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3') {
    o.optLevel = a[2] - '0';
  } else if (a == "-O" || a == "-Os" || a == "-Oz") {
    o.optLevel = a == "-O" ? 1 : 2;
  } else if (a == "-fgpu-rdc" || a == "-dc" || a == "--device-c") {
    o.rdc = true;
  } else if (a == "-fno-gpu-rdc") {
    o.rdc = false;
  } else if (a == "-ffast-math" || a == "--use_fast_math" || a == "-use_fast_math") {
    o.fastMath = true;
  } else if (a == "-fno-fast-math") {
    o.fastMath = false;
  } else if (a == "-g" || a == "-ggdb" || a == "-lineinfo" || a == "--generate-line-info") {
    o.debugInfo = true;
  } else if (a == "-G" || a == "--device-debug") {
    o.deviceDebug = true;
  } else if (a == "-ffp-contract=fast" || a == "-ffp-contract=on") {
    o.fmad = 1;
  } else if (a == "-ffp-contract=off") {
    o.fmad = 0;
  } else if (a == "-fgpu-flush-denormals-to-zero") {
    o.ftz = 1;
  } else if (a == "-fno-gpu-flush-denormals-to-zero") {
    o.ftz = 0;
  } else if (a == "-w") {
    o.noWarnings = true;
  } else if (startsWith(a, "-W") && a.size() > 2) {
    // warning controls: no effect on the code
  } else if (a == "-hip-pch" || a == "--save-temps" || a == "-fPIC" || a == "-fno-rtti" ||
             a == "-fno-exceptions") {
    // deprecated or without meaning for device code (AMD's hiprtc drops -hip-pch too)
  } else if (a == "-mcumode" || a == "-mno-cumode" || a == "-munsafe-fp-atomics" ||
             a == "-mno-unsafe-fp-atomics" || a == "-mwavefrontsize64" ||
             a == "-mno-wavefrontsize64" || startsWith(a, "-Rpass") ||
             a == "-fhip-new-launch-api" || a == "-fno-hip-fp32-correctly-rounded-divide-sqrt" ||
             a == "-fhip-fp32-correctly-rounded-divide-sqrt" || a == "-nogpuinc" ||
             a == "-fgpu-sanitize" || a == "-fno-gpu-sanitize") {
    o.clangOnly.push_back(a);
  } else if (a == "-funsafe-math-optimizations" || a == "-fno-unsafe-math-optimizations" ||
             a == "-fno-math-errno" || a == "-ffinite-math-only" ||
             a == "-fno-finite-math-only" || clangMathFlag(a)) {
    o.clangOnly.push_back(a);  // device math on NVIDIA is errno-free already
  } else if (clangDiagnosticFlag(a)) {
    o.clangOnly.push_back(a);  // how clang reports, not what it compiles: NVRTC has no match
  } else if (a == "-ffp-contract=fast-honor-pragmas") {
    o.fmad = 1;
  } else if (startsWith(a, "--gpu-max-threads-per-block=") && unsignedValue(a, 28)) {
    o.clangOnly.push_back(a);  // NVIDIA: a kernel's own __launch_bounds__ sets its limit
  } else if (a == "--expt-relaxed-constexpr" || a == "-expt-relaxed-constexpr" ||
             a == "--extended-lambda" || a == "-extended-lambda" ||
             a == "--expt-extended-lambda" || a == "-expt-extended-lambda") {
    // nvcc's: clang's HIP mode and NVRTC have nothing to switch on
  } else if (a == "-dlto" || a == "--dlink-time-opt") {
    o.rdc = true;  // LTO IR implies relocatable code
  } else if (a == "-default-device" || a == "--device-as-default-execution-space" ||
             a == "--restrict" || a == "-restrict" || a == "-dopt=on" || a == "-dopt=off" ||
             a == "--dopt=on" || a == "--dopt=off" ||
             a == "--extra-device-vectorization" || a == "-extra-device-vectorization" ||
             a == "--device-int128" || a == "-device-int128") {
    o.nvrtcOnly.push_back(a);
  } else {
    return false;
  }
  return true;
}

// The digits after a prefix of n characters ("-ferror-limit=200").
bool unsignedValue(const std::string& a, std::size_t n) {
  if (a.size() <= n || a.size() > n + 9) return false;
  for (std::size_t i = n; i < a.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(a[i]))) return false;
  return true;
}

// clang's diagnostic controls, which AMD's hiprtc passes to its compiler (hip-tests' negative
// RTC cases give -ferror-limit=N to count every error).
bool clangDiagnosticFlag(const std::string& a) {
  for (const char* p : {"-ferror-limit=", "-ftemplate-backtrace-limit=", "-fmacro-backtrace-limit=",
                        "-fconstexpr-backtrace-limit=", "-fspell-checking-limit="})
    if (startsWith(a, p)) return unsignedValue(a, std::strlen(p));
  return a == "-fcolor-diagnostics" || a == "-fno-color-diagnostics" ||
         a == "-fdiagnostics-color" || a == "-fno-diagnostics-color" ||
         a == "-fno-caret-diagnostics" || a == "-fcaret-diagnostics" ||
         a == "-fno-show-column" || a == "-fshow-column";
}

// clang's floating-point and vectoriser switches and AMD's IEEE mode (hip-tests' compiler-option
// cases): the clang engine takes them, NVRTC has none (its own --fmad/--ftz/--prec-* are apart).
bool clangMathFlag(const std::string& a) {
  static const char* const kSwitches[] = {"honor-infinities", "honor-nans", "associative-math",
                                          "signed-zeros", "trapping-math", "slp-vectorize",
                                          "vectorize", "reciprocal-math", "approx-func"};
  for (const char* sw : kSwitches)
    if (a == std::string("-f") + sw || a == std::string("-fno-") + sw) return true;
  return a == "-mamdgpu-ieee" || a == "-mno-amdgpu-ieee";
}

}  // namespace

ParseResult parseCompileOptions(const std::vector<std::string>& options, CompileOptions& out) {
  for (std::size_t i = 0; i < options.size(); ++i) {
    const std::string& a = options[i];
    if (a.empty()) continue;  // AMD's hiprtc drops empty options (hip-tests pass "")
    if (applyFlag(a, out)) continue;
    bool matched = false;
    for (const Valued& v : kValued) {
      std::size_t n = std::strlen(v.name);
      if (a == v.name) {  // separate value
        if (i + 1 >= options.size()) return fail("option '" + a + "' needs a value");
        ParseResult r = applyValued(v, a, options[++i], out);
        if (!r.ok) return r;
        matched = true;
        break;
      }
      if (a.compare(0, n, v.name) != 0) continue;
      if (a.size() > n && a[n] == '=') {
        ParseResult r = applyValued(v, a.substr(0, n), a.substr(n + 1), out);
        if (!r.ok) return r;
        matched = true;
        break;
      }
      if (v.joinedNoEquals && a.size() > n) {
        ParseResult r = applyValued(v, a.substr(0, n), a.substr(n), out);
        if (!r.ok) return r;
        matched = true;
        break;
      }
    }
    if (!matched) return fail("unknown option '" + a + "'");
  }
  return {};
}

std::vector<std::string> nvrtcArguments(const CompileOptions& o, const std::string& arch) {
  std::vector<std::string> args;
  args.push_back("--gpu-architecture=" + arch);
  if (!o.std.empty()) args.push_back("--std=" + o.std);
  for (const auto& d : o.defines) args.push_back(d);
  for (const auto& dir : o.includeDirs) args.push_back("--include-path=" + dir);
  for (const auto& h : o.preIncludes) args.push_back("--pre-include=" + h);
  if (o.rdc) {
    args.push_back("--relocatable-device-code=true");
    args.push_back("-dlto");  // LTO IR: what hiprtcGetBitcode returns on NVIDIA
  }
  if (o.fastMath) args.push_back("--use_fast_math");
  if (o.deviceDebug) args.push_back("--device-debug");
  else if (o.debugInfo) args.push_back("--generate-line-info");
  if (o.fmad >= 0) args.push_back(o.fmad ? "--fmad=true" : "--fmad=false");
  if (o.ftz >= 0) args.push_back(o.ftz ? "--ftz=true" : "--ftz=false");
  if (o.precDiv >= 0) args.push_back(o.precDiv ? "--prec-div=true" : "--prec-div=false");
  if (o.precSqrt >= 0) args.push_back(o.precSqrt ? "--prec-sqrt=true" : "--prec-sqrt=false");
  if (o.maxRegisters > 0) args.push_back("--maxrregcount=" + std::to_string(o.maxRegisters));
  if (o.noWarnings) args.push_back("--disable-warnings");
  for (const auto& x : o.nvrtcOnly) args.push_back(x);
  return args;
}

std::vector<std::string> clangArguments(const CompileOptions& o) {
  std::vector<std::string> args;
  args.push_back("-O" + std::to_string(o.optLevel));
  args.push_back("-std=" + (o.std.empty() ? std::string("c++17") : o.std));
  for (const auto& d : o.defines) args.push_back(d);
  for (const auto& dir : o.includeDirs) args.push_back("-I" + dir);
  for (const auto& h : o.preIncludes) {
    args.push_back("-include");
    args.push_back(h);
  }
  if (o.rdc) args.push_back("-fgpu-rdc");
  if (o.fastMath) args.push_back("-ffast-math");
  if (o.debugInfo || o.deviceDebug) args.push_back("-g");
  if (o.fmad >= 0) args.push_back(o.fmad ? "-ffp-contract=fast" : "-ffp-contract=off");
  if (o.ftz == 1) args.push_back("-fgpu-flush-denormals-to-zero");
  if (o.noWarnings) args.push_back("-w");
  for (const auto& x : o.clangOnly) args.push_back(x);
  return args;
}

}  // namespace unihip::rtc
