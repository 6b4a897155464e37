#include "options.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <string_view>

namespace unihipcc {

namespace {

using namespace std::string_view_literals;

// -f flags that mean the same to every compile (host and device).
constexpr std::array kCommonFFlags = {
    "-ffast-math"sv,       "-fno-fast-math"sv,        "-fexceptions"sv,
    "-fno-exceptions"sv,   "-frtti"sv,                "-fno-rtti"sv,
    "-fcolor-diagnostics"sv, "-fno-color-diagnostics"sv, "-fgpu-flush-denormals-to-zero"sv,
    "-fno-gpu-flush-denormals-to-zero"sv, "-fno-strict-aliasing"sv, "-fstrict-aliasing"sv,
};
constexpr std::array kCommonFPrefixes = {"-ffp-contract="sv, "-fdiagnostics-color"sv,
                                         "-fmacro-backtrace-limit="sv, "-ferror-limit="sv};
// -f/-m flags that only concern host code generation.
constexpr std::array kHostFlags = {
    "-fPIC"sv, "-fpic"sv, "-fPIE"sv, "-fpie"sv, "-fno-pic"sv, "-fno-pie"sv,
    "-fno-omit-frame-pointer"sv, "-fomit-frame-pointer"sv, "-fstack-protector"sv,
    "-fstack-protector-strong"sv, "-fno-stack-protector"sv, "-m64"sv,
};
constexpr std::array kHostPrefixes = {"-fvisibility="sv, "-fsanitize="sv, "-march="sv,
                                      "-mtune="sv};
// Other -f flags that only concern host code (instrumentation, LTO, code layout, OpenMP).
constexpr std::array kHostFPrefixes = {
    "-fopenmp"sv, "-fno-openmp"sv, "-fprofile-"sv, "-fno-profile-"sv, "-fcoverage-"sv,
    "-fno-coverage-"sv, "-flto"sv, "-fno-lto"sv, "-fsanitize"sv, "-fno-sanitize"sv,
    "-fstack-"sv, "-fno-stack-"sv, "-fcf-protection"sv, "-fno-plt"sv, "-fplt"sv,
    "-fsemantic-interposition"sv, "-fno-semantic-interposition"sv, "-finstrument-"sv,
    "-fxray"sv, "-fuse-ld="sv, "-fcommon"sv, "-fno-common"sv, "-fasynchronous-unwind-tables"sv,
    "-fno-asynchronous-unwind-tables"sv, "-funwind-tables"sv, "-fno-unwind-tables"sv};
// -m flags of AMD device code (clang rejects them elsewhere).
constexpr std::array kAmdMFlags = {
    "-munsafe-fp-atomics"sv, "-mno-unsafe-fp-atomics"sv, "-mwavefrontsize64"sv,
    "-mno-wavefrontsize64"sv, "-mcumode"sv, "-mno-cumode"sv, "-mxnack"sv, "-mno-xnack"sv,
    "-msramecc"sv, "-mno-sramecc"sv, "-mtgsplit"sv, "-mno-tgsplit"sv};
// Link-only flags.
constexpr std::array kLinkFlags = {"-shared"sv, "-rdynamic"sv, "-static-libstdc++"sv,
                                   "-static-libgcc"sv, "-no-pie"sv, "-pie"sv, "-static"sv,
                                   "-nostdlib"sv, "-nodefaultlibs"sv, "-s"sv};

template <size_t N>
bool isOneOf(std::string_view arg, const std::array<std::string_view, N>& list) {
  return std::find(list.begin(), list.end(), arg) != list.end();
}

template <size_t N>
bool hasPrefixIn(std::string_view arg, const std::array<std::string_view, N>& list) {
  return std::any_of(list.begin(), list.end(), [&](std::string_view p) { return arg.starts_with(p); });
}

bool isOptLevel(std::string_view a) {
  return a == "-O" || a == "-O0" || a == "-O1" || a == "-O2" || a == "-O3" || a == "-Os" ||
         a == "-Oz" || a == "-Ofast";
}

// As hipcc: C++ and CUDA sources are HIP unless HIP_COMPILE_CXX_AS_HIP=0.
InputKind kindFromExtension(std::string_view path, bool cxxAsHip) {
  size_t dot = path.rfind('.');
  size_t slash = path.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
    return InputKind::Linker;
  std::string_view ext = path.substr(dot + 1);
  if (ext == "hip") return InputKind::Hip;
  if (ext == "cu" || ext == "cuh" || ext == "cpp" || ext == "cc" || ext == "cxx" ||
      ext == "c++" || ext == "C" || ext == "CPP")
    return cxxAsHip ? InputKind::Hip : InputKind::Cxx;
  if (ext == "c") return InputKind::C;
  return InputKind::Linker;
}

std::vector<std::string> splitWhitespace(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

std::optional<InputKind> kindFromLanguage(std::string_view lang) {
  if (lang == "hip" || lang == "cu" || lang == "cuda") return InputKind::Hip;
  if (lang == "c++") return InputKind::Cxx;
  if (lang == "c") return InputKind::C;
  if (lang == "none") return std::nullopt;
  throw UsageError("unsupported language '" + std::string(lang) +
                   "' for -x (use hip, cu, cuda, c++, c or none)");
}

void addOffloadArchs(Options& o, std::string_view list) {
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view name = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    if (name.empty()) continue;
    if (name == "native") {
      o.nativeArch = true;
      continue;
    }
    addOffloadArch(o, name);
  }
}

}  // namespace

void addOffloadArch(Options& o, std::string_view name) {
  {
    std::optional<OffloadArch> arch = parseOffloadArch(name);
    if (!arch)
      throw UsageError("unsupported offload architecture '" + std::string(name) +
                       "' (expected sm_XX[a] or gfxNNN[:xnack+|-][:sramecc+|-])");
    bool duplicate = std::any_of(o.offloadArchs.begin(), o.offloadArchs.end(),
                                 [&](const OffloadArch& a) { return a.targetId == arch->targetId; });
    if (!duplicate) o.offloadArchs.push_back(*arch);
  }
}

namespace {

// -c, -E, -S and --genco exclude each other (the same one twice is fine).
void setMode(Options& o, Mode mode, const std::string& flag) {
  if (o.mode == Mode::DeviceLink)
    throw UsageError("'" + flag + "' cannot be combined with --device-link (-dlink)");
  if (o.mode != Mode::Link && o.mode != mode)
    throw UsageError("'" + flag + "' cannot be combined with -c, -E, -S, -M or --genco");
  o.mode = mode;
  o.compileOnly = true;
}

// Walks argv; each accessor consumes the flag's value in its joined ("-Idir") or separate
// ("-I dir") form.
class ArgCursor {
 public:
  explicit ArgCursor(const std::vector<std::string>& args) : args_(args) {}
  bool done() const { return i_ >= args_.size(); }
  const std::string& current() const { return args_[i_]; }
  void advance() { ++i_; }

  // "-Ivalue" or "-I value"; std::nullopt when the current argument is not `flag`.
  std::optional<std::string> joinedOrSeparate(std::string_view flag) {
    const std::string& a = current();
    if (!a.starts_with(flag)) return std::nullopt;
    if (a.size() > flag.size()) return a.substr(flag.size());
    return separateValue(flag);
  }
  // "--name=value" or "--name value".
  std::optional<std::string> equalsOrSeparate(std::string_view flag) {
    const std::string& a = current();
    if (a == flag) return separateValue(flag);
    if (a.starts_with(flag) && a.size() > flag.size() && a[flag.size()] == '=')
      return a.substr(flag.size() + 1);
    return std::nullopt;
  }
  // Exactly "flag value".
  std::optional<std::string> separate(std::string_view flag) {
    if (current() != flag) return std::nullopt;
    return separateValue(flag);
  }

 private:
  std::string separateValue(std::string_view flag) {
    if (i_ + 1 >= args_.size())
      throw UsageError("missing argument to '" + std::string(flag) + "'");
    return args_[++i_];
  }
  const std::vector<std::string>& args_;
  size_t i_ = 0;
};

}  // namespace

Environment Environment::fromProcess() {
  auto get = [](const char* name) {
    const char* v = std::getenv(name);
    return std::string(v ? v : "");
  };
  Environment env;
  env.compileCxxAsHip = get("HIP_COMPILE_CXX_AS_HIP") != "0";
  env.defaultArchs = get("HCC_AMDGPU_TARGET");
  env.compileAppend = get("HIPCC_COMPILE_FLAGS_APPEND");
  env.linkAppend = get("HIPCC_LINK_FLAGS_APPEND");
  env.verbose = std::atoi(get("HIPCC_VERBOSE").c_str());
  return env;
}

const std::vector<std::string>& defaultOffloadArchNames() {
  static const std::vector<std::string> names = {"sm_90", "gfx90a", "gfx942", "gfx1100"};
  return names;
}

Options parseCommandLine(const std::vector<std::string>& commandLine, const Environment& env) {
  Options o;
  o.hipccVerbose = env.verbose;
  if (env.verbose & 1) o.verbose = true;
  // hipcc appends these to its compile and link flags; they parse as trailing arguments.
  std::vector<std::string> args = commandLine;
  for (const std::string& extra : {env.compileAppend, env.linkAppend})
    for (std::string& word : splitWhitespace(extra)) args.push_back(std::move(word));
  bool explicitArchs = false;
  std::optional<InputKind> forcedKind;
  bool forcedCuda = false;  // -x cu / -x cuda
  for (ArgCursor cur(args); !cur.done(); cur.advance()) {
    const std::string& a = cur.current();
    std::optional<std::string> v;

    if (a.empty() || a[0] != '-' || a == "-") {
      if (a.empty()) throw UsageError("empty argument");
      if (a == "-") throw UsageError("reading a source from standard input is not supported");
      const InputKind kind = forcedKind.value_or(kindFromExtension(a, env.compileCxxAsHip));
      const bool cuda = forcedKind ? forcedCuda : a.ends_with(".cu") || a.ends_with(".cuh");
      o.inputs.push_back({a, kind, kind == InputKind::Hip && cuda});
      o.linkItems.push_back({o.inputs.size() - 1, {}});
    } else if (a == "-c") {
      setMode(o, Mode::Compile, a);
    } else if (a == "-E") {
      setMode(o, Mode::Preprocess, a);
    } else if (a == "-S") {
      setMode(o, Mode::Assemble, a);
    } else if (a == "--genco") {
      setMode(o, Mode::GenCodeObject, a);
    } else if (a == "-M" || a == "-MM") {
      setMode(o, Mode::Preprocess, a);  // the dependency list is the preprocessor's output
      o.dependency.push_back(a);
    } else if (a.starts_with("-fgpu-default-stream=")) {
      std::string_view value = std::string_view(a).substr(21);
      if (value != "legacy" && value != "per-thread")
        throw UsageError("'" + a + "': expected -fgpu-default-stream=legacy or =per-thread");
      o.defaultStream = a;
    } else if (a == "-Xcompiler" || a == "-Xarch_host") {
      // nvcc/hipcc style: a comma-separated list of host compiler flags.
      v = cur.separate(a);
      std::string_view list = *v;
      while (!list.empty()) {
        size_t comma = list.find(',');
        if (comma != 0) o.hostCompile.emplace_back(list.substr(0, comma));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
    } else if (a.starts_with("-Xcompiler=")) {
      std::string_view list = std::string_view(a).substr(11);
      while (!list.empty()) {
        size_t comma = list.find(',');
        if (comma != 0) o.hostCompile.emplace_back(list.substr(0, comma));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
      }
    } else if ((v = cur.separate("-Xarch_device"))) {
      o.deviceCompile.push_back(*v);
    } else if (a == "-v") {
      o.verbose = true;
    } else if (a == "--version") {
      o.showVersion = true;
    } else if (a == "--help" || a == "-help" || a == "-h") {
      o.showHelp = true;
    } else if (a == "-save-temps" || a == "--save-temps" || a == "-save-temps=cwd" ||
               a == "-save-temps=obj") {
      o.saveTemps = true;
    } else if (a == "--no-ptx") {
      o.embedPtx = false;
    } else if ((v = cur.equalsOrSeparate("--offload-arch")) ||
               (v = cur.equalsOrSeparate("--amdgpu-target"))) {
      explicitArchs = true;
      addOffloadArchs(o, *v);
    } else if (a == "-fgpu-rdc" || a == "-rdc=true" || a == "--relocatable-device-code=true") {
      o.rdc = true;
    } else if (a == "-fno-gpu-rdc" || a == "-rdc=false") {
      o.rdc = false;
    } else if (a == "--cuda-compat") {
      o.cudaCompat = true;
    } else if (a == "--device-link") {
      if (o.mode != Mode::Link) throw UsageError("'--device-link' cannot be combined with -c, -E, -S, -M or --genco");
      o.mode = Mode::DeviceLink;
    } else if (a == "--emit-static-lib") {
      o.emitStaticLib = true;
    } else if (a == "--cuda-host-only" || a == "--offload-host-only") {
      o.hostOnly = true;  // CMake's HIP compiler check passes it
    } else if (a == "--cuda-device-only" || a == "--offload-device-only") {
      o.deviceOnly = true;  // hipcc maps --genco to it; with -c: the bundle as <stem>.o
    } else if (a == "-print-targets" || a == "--print-targets") {
      o.printTargets = true;
    } else if (a == "--cxxflags" || a == "--ldflags" || a == "--short-version") {
      (a == "--cxxflags" ? o.printCxxFlags : a == "--ldflags" ? o.printLdFlags : o.shortVersion) =
          true;
    } else if (a == "-use-staticlib" || a == "-use-sharedlib" || a == "--hipcc-func-supp" ||
               a == "--hipcc-no-func-supp" || a.starts_with("--rocm-path=") ||
               a.starts_with("--hip-path=") || a == "-fhip-new-launch-api" ||
               a == "-nogpuinc" || a == "-nogpulib" || a == "--hip-link" ||
               a == "--offload-compress" || a == "--no-offload-compress") {
      // hipcc's deprecated or path options, --hip-link (unihipcc always links libunihip) and
      // clang's bundle compression (unihip's images stay uncompressed; both load the same):
      // nothing to do here (unihip finds its own tools).
    } else if ((v = cur.equalsOrSeparate("--hip-device-lib-path"))) {
      o.rocmDeviceLibPath = *v;
    } else if (a.starts_with("--gpu-max-threads-per-block=")) {
      o.amdCompile.push_back(a);
    } else if (a == "-mllvm") {
      v = cur.separate(a);
      std::vector<std::string>& to = v->starts_with("-amdgpu")  ? o.amdCompile
                                     : v->starts_with("-nvptx") ? o.nvidiaCompile
                                                                : o.compile;
      to.insert(to.end(), {"-mllvm", *v});
    } else if (a == "-Xclang") {
      v = cur.separate(a);
      o.compile.insert(o.compile.end(), {"-Xclang", *v});  // every clang compile, as with clang
    } else if (a.starts_with("-R") && a.size() > 2) {
      o.compile.push_back(a);  // optimization remarks (-Rpass=..., -Rpass-analysis=...)
    } else if (a.starts_with("-stdlib=")) {
      o.hostCompile.push_back(a);
      o.linkItems.push_back({std::nullopt, a});
    } else if ((v = cur.equalsOrSeparate("--cuda-path"))) {
      o.cudaPath = *v;
    } else if ((v = cur.equalsOrSeparate("--rocm-device-lib-path"))) {
      o.rocmDeviceLibPath = *v;
    } else if ((v = cur.joinedOrSeparate("-o"))) {
      o.output = *v;
    } else if ((v = cur.joinedOrSeparate("-x"))) {
      forcedKind = kindFromLanguage(*v);
      forcedCuda = *v == "cu" || *v == "cuda";
    } else if (a.starts_with("-isystem") || a.starts_with("-idirafter") ||
               a.starts_with("-iquote") || a == "-include") {
      std::string flag = a == "-include"                 ? "-include"
                         : a.starts_with("-isystem")     ? "-isystem"
                         : a.starts_with("-idirafter")   ? "-idirafter"
                                                         : "-iquote";
      v = cur.joinedOrSeparate(flag);
      o.preprocessor.insert(o.preprocessor.end(), {flag, *v});
    } else if ((v = cur.joinedOrSeparate("-I"))) {
      o.preprocessor.push_back("-I" + *v);
    } else if ((v = cur.joinedOrSeparate("-D"))) {
      o.preprocessor.push_back("-D" + *v);
    } else if ((v = cur.joinedOrSeparate("-U"))) {
      o.preprocessor.push_back("-U" + *v);
    } else if (isOptLevel(a)) {
      o.optLevel = a;
    } else if (a.starts_with("-std=")) {
      o.standard = a;
    } else if ((v = cur.equalsOrSeparate("--std"))) {
      o.standard = "-std=" + *v;  // clang's spelling, used by hip-tests
    } else if (a == "-g" || a == "-g1" || a == "-g2" || a == "-g3" || a == "-ggdb") {
      o.debug = a;
    } else if (a.starts_with("-gdwarf") || a == "-gline-tables-only" || a == "-gz" ||
               a == "-gsplit-dwarf" || a == "-gcolumn-info" || a == "-gno-column-info") {
      o.compile.push_back(a);
    } else if (a == "-g0") {
      o.debug.clear();
    } else if (a.starts_with("-Wl,")) {
      o.linkItems.push_back({std::nullopt, a});
    } else if (a.starts_with("-Wa,") || a.starts_with("-Wp,")) {
      throw UsageError("'" + a + "' is not supported (use -Xhost to reach the host compiler)");
    } else if (a.starts_with("-W") || a == "-w" || a == "-pedantic" || a == "-pedantic-errors") {
      o.compile.push_back(a);
    } else if (isOneOf(a, kCommonFFlags) || hasPrefixIn(a, kCommonFPrefixes)) {
      o.compile.push_back(a);
    } else if (isOneOf(a, kHostFlags) || hasPrefixIn(a, kHostPrefixes)) {
      o.hostCompile.push_back(a);
    } else if (a.starts_with("-fopenmp") || a.starts_with("-fsanitize") || a.starts_with("-flto") ||
               a.starts_with("-fprofile-instr-generate") || a.starts_with("-fcoverage-mapping")) {
      // Host code only; the link needs them too (the OpenMP/sanitizer/profile runtimes).
      o.hostCompile.push_back(a);
      o.linkItems.push_back({std::nullopt, a});
    } else if (hasPrefixIn(a, kHostFPrefixes)) {
      o.hostCompile.push_back(a);
    } else if (isOneOf(a, kAmdMFlags) || a.starts_with("-mcode-object-version=")) {
      o.amdCompile.push_back(a);
    } else if (a.starts_with("-m") && a.size() > 2) {
      o.hostCompile.push_back(a);  // -mavx2, -mfma, -mno-red-zone...: host code generation
    } else if (a.starts_with("-f") && a.size() > 2 && !a.starts_with("-fgpu-default-stream")) {
      // Any other -f/-fno- flag: every compile. clang itself rejects one it does not know,
      // naming it.
      o.compile.push_back(a);
    } else if (a == "-pthread") {
      o.hostCompile.push_back(a);
      o.linkItems.push_back({std::nullopt, a});
    } else if (isOneOf(a, kLinkFlags)) {
      o.linkItems.push_back({std::nullopt, a});
    } else if ((v = cur.separate("-Xlinker"))) {
      o.linkItems.push_back({std::nullopt, "-Xlinker"});
      o.linkItems.push_back({std::nullopt, *v});
    } else if ((v = cur.joinedOrSeparate("-L"))) {
      o.linkItems.push_back({std::nullopt, "-L" + *v});
    } else if ((v = cur.joinedOrSeparate("-l"))) {
      o.linkItems.push_back({std::nullopt, "-l" + *v});
    } else if (a == "-MD" || a == "-MMD" || a == "-MP") {
      o.dependency.push_back(a);
    } else if (a.starts_with("-MF") || a.starts_with("-MT") || a.starts_with("-MQ")) {
      std::string flag = a.substr(0, 3);
      v = cur.joinedOrSeparate(flag);
      o.dependency.insert(o.dependency.end(), {flag, *v});
    } else if ((v = cur.separate("-Xhost"))) {
      o.hostCompile.push_back(*v);
    } else if ((v = cur.separate("-Xdevice"))) {
      o.deviceCompile.push_back(*v);
    } else if ((v = cur.separate("-Xptxas"))) {
      o.ptxas.push_back(*v);
    } else if ((v = cur.equalsOrSeparate("--cuda-gpu-arch")) || (v = cur.equalsOrSeparate("-arch"))) {
      // clang's older name of --offload-arch, and nvcc's -arch (both forms) that hipcc
      // passes on for NVIDIA.
      explicitArchs = true;
      addOffloadArchs(o, *v);
    } else {
      throw UsageError("unknown option '" + a +
                       "' (see unihipcc --help; -Xhost/-Xdevice pass flags through)");
    }
  }

  if (o.emitStaticLib) {
    o.rdc = true;  // as hipcc: a static library of device code is linked at -fgpu-rdc link
    if (o.compileOnly) throw UsageError("--emit-static-lib cannot be combined with -c, -E or -S");
  }
  o.explicitArchs = explicitArchs;
  if (!explicitArchs && !env.defaultArchs.empty()) addOffloadArchs(o, env.defaultArchs);
  if (o.showHelp || o.showVersion || o.printCxxFlags || o.printLdFlags || o.shortVersion ||
      o.printTargets)
    return o;
  if (o.inputs.empty()) throw UsageError("no input files");
  if (o.compileOnly && o.output) {
    size_t sources = std::count_if(o.inputs.begin(), o.inputs.end(),
                                   [](const Input& in) { return in.kind != InputKind::Linker; });
    if (sources > 1)
      throw UsageError("cannot specify -o with -c, -E, -S or --genco and several source files");
  }
  if (o.deviceOnly) {
    // As clang: device code only; with -c (or alone) the offload bundle of every arch.
    if (o.mode != Mode::Link && o.mode != Mode::Compile && o.mode != Mode::GenCodeObject)
      throw UsageError("--cuda-device-only combines with -c or --genco only");
    o.deviceOnlyObject = o.mode == Mode::Compile;
    o.mode = Mode::GenCodeObject;
    o.compileOnly = true;
  }
  if (o.mode == Mode::GenCodeObject)
    for (const Input& in : o.inputs)
      if (in.kind != InputKind::Hip)
        throw UsageError("--genco compiles HIP sources only; '" + in.path + "' is not one");
  if (o.offloadArchs.empty() && !o.nativeArch)
    for (const std::string& name : defaultOffloadArchNames()) addOffloadArchs(o, name);
  return o;
}

std::string helpText() {
  std::string archs;
  for (const std::string& a : defaultOffloadArchNames()) archs += (archs.empty() ? "" : ",") + a;
  return R"(Usage: unihipcc [options] <inputs>

Compiles HIP sources (.hip, .cu) for NVIDIA and AMD GPUs into one object holding a clang
offload bundle, and links programs against libunihip.

Inputs:
  .hip .cu .cuh .cpp .cc .cxx .C   HIP source (as hipcc): device code for every offload arch,
                            plus host code (HIP_COMPILE_CXX_AS_HIP=0: .cpp/.cu stay host C++)
  .c, or after -x c++ / -x c   host-only source
  .o .a .so (anything else) passed to the linker

Offload targets:
  --offload-arch=<a>[,<a>]  sm_XX[a] (NVIDIA: cubin via ptxas, plus PTX) or
                            gfxNNN[:xnack+|-][:sramecc+|-] (AMD code object v5).
                            native: the GPUs the runtime finds on this machine.
                            Repeatable. Default: )" + archs + R"(
  --cuda-gpu-arch=<a>, -arch <a>, -arch=<a>   the same (clang's and nvcc's spellings)
  --no-ptx                  do not embed PTX next to each cubin

Compilation:
  -c                        compile only; -o names the object (default <stem>.o)
  -E                        preprocess only (the host pass), to -o or standard output
  -M -MM                    write the dependency list (host pass) instead of compiling
  -S                        host assembly (the offload bundle embedded) to -o or <stem>.s
  --cuda-host-only          HIP sources without device code (CMake's compiler check)
  --cuda-device-only [-c]   as --genco; with -c the bundle is written to <stem>.o
  --genco                   device code only: an offload bundle (default <stem>.hipfb) of
                            every offload arch, for hipModuleLoad / hipModuleLoadData
  -o <file>                 output file (default a.out when linking)
  -x <lang>                 treat following inputs as hip|cu|cuda|c++|c|none
  --cuda-compat             CUDA sources (.cu .cuh, -x cu) get CUDA's headers (include/
                            cuda-compat, cuda_runtime.h included first, __CUDACC__); every
                            compile sees include/cuda-compat. bin/unihip-nvcc sets it
  --device-link             device-link -fgpu-rdc objects into one object (-o, default
                            a_dlink.o) for a later link by any linker (nvcc's -dlink)
  -I -isystem -iquote -idirafter -include -D -U    preprocessor options
  -O0 -O1 -O2 -O3 -Os -Oz -Ofast   optimization for host and device (default -O3)
  -std=<std> (--std=<std>)  -g  -g0..-g3  -W<warning>  -w  -pedantic
  -ffast-math -fno-exceptions -fno-rtti -ffp-contract=... -fgpu-flush-denormals-to-zero
  -fPIC -fPIE -fvisibility=... -march=... -mtune=...  (host code only)
  -MD -MMD -MF -MT -MQ -MP  dependency file, from the host pass
  -fgpu-rdc                 relocatable device code: device functions and variables may be
                            defined in another source; objects are device-linked at the link
                            (NVIDIA: ptxas -c + nvlink, no PTX kept; AMD: bitcode + lld LTO)
  --emit-static-lib         a static library (-o libx.a) whose device code is already linked
                            (implies -fgpu-rdc); link it with any compiler or unihipcc
  -fopenmp                  OpenMP in host code (compile and link)
  -f<flag> -fno-<flag>      other clang -f flags go to every compile (host and device)
  -m<flag>                  host code generation (-mavx2...); AMD device: -munsafe-fp-atomics,
                            -mwavefrontsize64, -mcumode, -mllvm -amdgpu-*
  -fgpu-default-stream=legacy|per-thread   what the null stream means in this source
                            (per-thread: launches go through hipLaunchKernel_spt)
  -Xhost <flag>             pass <flag> to host compiles
  -Xcompiler <f,g,...>      pass comma-separated flags to host compiles (also -Xarch_host)
  -Xdevice <flag>           pass <flag> to every device compile (also -Xarch_device)
  -Xptxas <flag>            pass <flag> to ptxas

Linking (without -c): objects are linked with clang++ against libunihip, with an RPATH to it.
  -L<dir> -l<lib> -Wl,<args> -Xlinker <arg> -shared -pthread -rdynamic -static-libstdc++

Other:
  -v                        print each command before running it
  -save-temps               keep intermediate files (their folder is printed; also =obj, =cwd)
  -Xclang <flag>            pass <flag> to every clang compile; -R<remark> likewise
  --version                 print the version and the tools in use
  --help                    this text
  --cuda-path=<dir>         CUDA toolkit (ptxas, libdevice); env UNIHIP_CUDA_PATH, CUDA_PATH
  --rocm-device-lib-path=<dir>  ROCm device bitcode (ocml, ockl); env UNIHIP_ROCM_DEVICE_LIB_PATH

hipcc environment: HIPCC_COMPILE_FLAGS_APPEND, HIPCC_LINK_FLAGS_APPEND (appended flags),
  HIPCC_VERBOSE (1: print each command, 2: paths, 4: arguments), HCC_AMDGPU_TARGET (offload
  archs when no --offload-arch is given), HIP_COMPILE_CXX_AS_HIP=0 (.cpp/.cu are host C++).
  --cxxflags / --ldflags print the flags a plain compiler needs; --short-version the version.
Environment: UNIHIP_CLANG (clang++), UNIHIP_OFFLOAD_BUNDLER, UNIHIP_PTXAS override the tools.
Without ptxas, NVIDIA targets get PTX only (the driver compiles it at load time).
)";
}

}  // namespace unihipcc
