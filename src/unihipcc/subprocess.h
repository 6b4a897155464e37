// Running the tools unihipcc drives. The child inherits stdin/stdout/stderr, so diagnostics
// (file:line: error: ...) reach the user unchanged.
//
// Signals: SIGINT, SIGTERM and SIGHUP are forwarded to the running child; once it has exited,
// runCommand throws Interrupted so that temporary files are removed before unihipcc re-raises
// the signal on itself.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace unihipcc {

// A tool exited non-zero or could not be started; its own diagnostics were already printed.
struct ToolFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The user interrupted unihipcc; `signal` is re-raised after clean-up.
struct Interrupted : std::exception {
  explicit Interrupted(int sig) : signal(sig) {}
  const char* what() const noexcept override { return "interrupted"; }
  int signal;
};

// Installs the forwarding handlers; call once at start.
void installSignalForwarding();

// Runs argv[0] with argv (no shell). With `verbose` the command is printed first to stderr.
// Throws ToolFailed on a non-zero exit or a crash, Interrupted on SIGINT/SIGTERM/SIGHUP.
// With `stdoutPath`, the child's standard output goes to that file (for tools whose listing
// unihipcc reads: llvm-nm, llvm-ar t).
void runCommand(const std::vector<std::string>& argv, bool verbose,
                const std::string* stdoutPath = nullptr);

// What -v prints before each command ("" for unihipcc; "#$ " as nvcc, for unihip-nvcc).
void setCommandEchoPrefix(const std::string& prefix);

// The command as a shell would need it typed (for -v output).
std::string quoteCommand(const std::vector<std::string>& argv);

}  // namespace unihipcc
