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
  Hip,     // .hip, .cu, or anything after -x hip / -x cu: compiled for host and devices
  Cxx,     // .cpp, .cc, .cxx, .C: host compiler only
  C,       // .c: host compiler only
  Linker,  // .o, .a, .so and anything else: passed to the linker
};

struct Input {
  std::string path;
  InputKind kind = InputKind::Linker;
};

// One argument of the link line, in the order given: an input's object or a raw flag.
struct LinkItem {
  std::optional<size_t> input;  // index into Options::inputs
  std::string flag;             // -L/-l/-Wl,/-Xlinker/-shared/... when `input` is empty
};

struct Options {
  std::vector<Input> inputs;
  std::vector<LinkItem> linkItems;
  std::vector<OffloadArch> offloadArchs;  // comma lists split, duplicates dropped; defaults if none
  std::optional<std::string> output;      // -o
  bool compileOnly = false;               // -c
  bool verbose = false;                   // -v
  bool showVersion = false;               // --version
  bool showHelp = false;                  // --help
  bool saveTemps = false;                 // -save-temps
  bool embedPtx = true;                   // --no-ptx clears it

  std::string optLevel;  // "-O2"; empty: the default (-O3)
  std::string standard;  // "-std=c++20"; empty: clang's default
  std::string debug;     // "-g", "-g0".."-g3"; empty: none

  std::vector<std::string> preprocessor;  // -I, -D, -U, -isystem, -include (order kept)
  std::vector<std::string> compile;       // flags for every compile (host and device)
  std::vector<std::string> hostCompile;   // host compiles only (-fPIC, -march=, -Xhost)
  std::vector<std::string> deviceCompile; // device compiles only (-Xdevice)
  std::vector<std::string> dependency;    // -MD, -MMD, -MF, -MT, -MQ, -MP: host pass only
  std::vector<std::string> ptxas;         // -Xptxas

  // Tool location overrides (also settable through the environment).
  std::optional<std::string> cudaPath;             // --cuda-path=
  std::optional<std::string> rocmDeviceLibPath;    // --rocm-device-lib-path=
};

// The offload architectures used when none is given.
const std::vector<std::string>& defaultOffloadArchNames();

// Parses argv[1..]. Throws UsageError for unknown flags, missing values, bad combinations
// (-o with -c and several inputs) and a missing input.
Options parseCommandLine(const std::vector<std::string>& args);

// The --help text.
std::string helpText();

}  // namespace unihipcc
