// unihipcc: compiles HIP sources for NVIDIA and AMD GPUs into one offload bundle per object
// and links programs against libunihip. See `unihipcc --help`.
#include <signal.h>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "driver.h"
#include "options.h"
#include "subprocess.h"

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
    const Options options =
        parseCommandLine(std::vector<std::string>(argv + 1, argv + argc), env);
    if (options.printCxxFlags || options.printLdFlags || options.shortVersion ||
        options.printTargets) {
      printFlags(options);
      return 0;
    }
    if (options.showHelp) {
      std::fputs(helpText().c_str(), stdout);
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
    std::fprintf(stderr, "unihipcc: error: %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "unihipcc: error: %s\n", e.what());
    return 1;
  }
  signal(interruptedBy, SIG_DFL);
  raise(interruptedBy);
  return 128 + interruptedBy;
}
