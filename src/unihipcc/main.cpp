// unihipcc: compiles HIP sources for NVIDIA and AMD GPUs into one offload bundle per object
// and links programs against libunihip. See `unihipcc --help`.
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "driver.h"
#include "nvcc_options.h"
#include "options.h"
#include "subprocess.h"
#include "toolchain.h"

namespace {
// The name errors are reported under: unihip-nvcc's own, else unihipcc (also as hipcc).
const char* toolName(const char* argv0) {
  return unihipcc::isNvccName(argv0) ? "unihip-nvcc" : "unihipcc";
}
}  // namespace

int main(int argc, char** argv) {
  using namespace unihipcc;
  installSignalForwarding();
  int interruptedBy = 0;
  try {
    const Environment env = Environment::fromProcess();
    if (env.verbose & 4) {
      std::fputs("hipcc-args:", stderr);
      for (int i = 1; i < argc; ++i) std::fprintf(stderr, " %s", argv[i]);
      std::fputs("\n", stderr);
    }
    std::vector<std::string> args(argv + 1, argv + argc);
    const bool nvcc = isNvccName(argv[0]);
    NvccTranslation nvccArgs;
    if (nvcc) {
      // nvcc's environment: flags before and after the command line's.
      for (const char* name : {"NVCC_PREPEND_FLAGS", "NVCC_APPEND_FLAGS"})
        if (const char* flags = std::getenv(name)) {
          std::vector<std::string> words = splitNvccWords(flags);
          args.insert(name[5] == 'P' ? args.begin() : args.end(), words.begin(), words.end());
        }
      const char* archs = std::getenv("UNIHIP_NVCC_ARCHS");
      nvccArgs = translateNvccCommandLine(args, readOptionsFile, archs ? archs : "");
      for (const std::string& warning : nvccArgs.warnings)
        std::fprintf(stderr, "unihip-nvcc: warning: %s\n", warning.c_str());
      if (!nvccArgs.listing.empty()) {
        std::fputs(nvccArgs.listing.c_str(), stdout);
        return 0;
      }
      if (nvccArgs.dryRun) {
        // The whole mapping, as one unihipcc command (unihip-nvcc runs nothing else itself).
        std::vector<std::string> line = {executableDir() + "/unihipcc"};
        line.insert(line.end(), nvccArgs.args.begin(), nvccArgs.args.end());
        std::fprintf(stderr, "#$ %s\n", quoteCommand(line).c_str());
        for (const std::string& note : nvccArgs.notes)
          std::fprintf(stderr, "#$ # %s\n", note.c_str());
        return 0;
      }
      args = nvccArgs.args;
      setCommandEchoPrefix("#$ ");
    }
    // hipcc's environment variables are hipcc's: unihip-nvcc reads nvcc's alone.
    Options options = parseCommandLine(args, nvcc ? Environment{} : env);
    options.nvccPersonality = nvcc;
    if (nvcc && options.verbose)
      for (const std::string& note : nvccArgs.notes)
        std::fprintf(stderr, "unihip-nvcc: note: %s\n", note.c_str());
    if (options.printCxxFlags || options.printLdFlags || options.shortVersion ||
        options.printTargets) {
      printFlags(options);
      return 0;
    }
    if (options.showHelp) {
      std::fputs(nvcc ? nvccHelpText().c_str() : helpText().c_str(), stdout);
      return 0;
    }
    if (options.showVersion) {
      printVersion(options);
      return 0;
    }
    runDriver(options);
    return 0;
  } catch (const Interrupted& e) {
    interruptedBy = e.signal;  // temporary files are gone by now; die the way we were asked to
  } catch (const ToolFailed& e) {
    std::fprintf(stderr, "%s: error: %s\n", toolName(argv[0]), e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", toolName(argv[0]), e.what());
    return 1;
  }
  signal(interruptedBy, SIG_DFL);
  raise(interruptedBy);
  return 128 + interruptedBy;
}
