// unihipcc's command line: what the user asked for, parsed and checked, before any tool runs.
// Pure: no file system access, so it is tested without a toolchain.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "offload_arch.h"

namespace unihipcc {

// A usage error: the message is shown as "unihipcc: error: <message>".
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class InputKind {
  Hip,     // .hip .cu .cuh .cpp .cc .cxx .C .c++ (as hipcc), or after -x hip: host and devices
  Cxx,     // after -x c++ (or .cpp & co. with HIP_COMPILE_CXX_AS_HIP=0): host compiler only
  C,       // .c or after -x c: host compiler only
  Linker,  // .o, .a, .so and anything else: passed to the linker
};

struct Input {
  std::string path;
  InputKind kind = InputKind::Linker;
  bool cudaLanguage = false;  // a HIP source written in CUDA: .cu/.cuh, or after -x cu / -x cuda
};

// One argument of the link line, in the order given: an input's object or a raw flag.
struct LinkItem {
  std::optional<size_t> input;  // index into Options::inputs
  std::string flag;             // -L/-l/-Wl,/-Xlinker/-shared/... when `input` is empty
};

// What the invocation produces.
enum class Mode {
  Link,          // default: an executable or shared library
  Compile,       // -c: one object per source
  Preprocess,    // -E: preprocessed host-pass source (or the -M/-MM dependency list)
  Assemble,      // -S: host assembly, the offload bundle embedded
  GenCodeObject, // --genco: the device code alone, as an offload bundle for hipModuleLoad
  DeviceLink,    // --device-link (nvcc's -dlink): the -fgpu-rdc device link alone, one object
};

struct Options {
  std::vector<Input> inputs;
  std::vector<LinkItem> linkItems;
  std::vector<OffloadArch> offloadArchs;  // comma lists split, duplicates dropped; defaults if none
  std::optional<std::string> output;      // -o
  Mode mode = Mode::Link;
  bool compileOnly = false;               // -c (also set for -E, -S and --genco: no link step)
  bool nativeArch = false;                // --offload-arch=native: add the present GPUs
  bool explicitArchs = false;             // --offload-arch on the command line (not defaults)
  bool verbose = false;                   // -v
  bool showVersion = false;               // --version
  bool showHelp = false;                  // --help
  bool saveTemps = false;                 // -save-temps
  bool embedPtx = true;                   // --no-ptx clears it
  bool rdc = false;                       // -fgpu-rdc: relocatable device code, device link
  bool emitStaticLib = false;             // --emit-static-lib (implies -fgpu-rdc)
  int hipccVerbose = 0;                   // HIPCC_VERBOSE bits: 1 commands, 2 paths, 4 args
  bool printCxxFlags = false;             // --cxxflags
  bool printLdFlags = false;              // --ldflags
  bool shortVersion = false;              // --short-version
  bool hostOnly = false;                  // --cuda-host-only: HIP sources get no device code
  bool deviceOnly = false;                // --cuda-device-only / --offload-device-only
  bool deviceOnlyObject = false;          // ... with -c: the bundle's default name is <stem>.o
  bool printTargets = false;              // -print-targets (CMake's HIP language asks -v with it)
  bool cudaCompat = false;                // --cuda-compat: CUDA sources get CUDA's headers
  bool nvccPersonality = false;           // run as unihip-nvcc (set by main, not by a flag)

  std::string optLevel;  // "-O2"; empty: the default (-O3)
  std::string standard;  // "-std=c++20"; empty: clang's default
  std::string debug;     // "-g", "-g0".."-g3"; empty: none

  std::vector<std::string> preprocessor;  // -I, -D, -U, -isystem, -include (order kept)
  std::vector<std::string> compile;       // flags for every compile (host and device)
  std::vector<std::string> hostCompile;   // host compiles only (-fPIC, -march=, -Xhost)
  std::vector<std::string> deviceCompile; // device compiles only (-Xdevice)
  std::vector<std::string> amdCompile;    // AMD device compiles only (-munsafe-fp-atomics...)
  std::vector<std::string> nvidiaCompile; // NVIDIA device compiles only (-mllvm -nvptx-...)
  std::vector<std::string> dependency;    // -M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP: host pass only
  std::string defaultStream;              // -fgpu-default-stream=legacy|per-thread (host pass)
  std::vector<std::string> ptxas;         // -Xptxas

  // Tool location overrides (also settable through the environment).
  std::optional<std::string> cudaPath;             // --cuda-path=
  std::optional<std::string> rocmDeviceLibPath;    // --rocm-device-lib-path=
};

// The offload architectures used when none is given.
const std::vector<std::string>& defaultOffloadArchNames();

// The environment variables hipcc reads that change how a command line is understood.
struct Environment {
  bool compileCxxAsHip = true;  // HIP_COMPILE_CXX_AS_HIP=0: .cpp/.cu stay host C++
  std::string defaultArchs;     // HCC_AMDGPU_TARGET: comma list used when no --offload-arch
  std::string compileAppend;    // HIPCC_COMPILE_FLAGS_APPEND: flags added to every compile
  std::string linkAppend;       // HIPCC_LINK_FLAGS_APPEND: flags added to the link
  int verbose = 0;              // HIPCC_VERBOSE
  static Environment fromProcess();
};

// Parses argv[1..]. Throws UsageError for unknown flags, missing values, bad combinations
// (-o with -c and several inputs) and a missing input. --offload-arch=native only sets
// `nativeArch`; the driver asks the runtime for the present GPUs (addOffloadArch).
Options parseCommandLine(const std::vector<std::string>& args, const Environment& env = {});

// Adds one offload arch (after the command line is parsed: --offload-arch=native).
void addOffloadArch(Options& options, std::string_view name);

// The --help text.
std::string helpText();

}  // namespace unihipcc
