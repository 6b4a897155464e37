#include "subprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>

#include <cstdio>

extern char** environ;

namespace unihipcc {

namespace {

// Written by the signal handler, read by runCommand: plain sig_atomic_t, no locks.
volatile sig_atomic_t gChildPid = 0;
volatile sig_atomic_t gPendingSignal = 0;

void forwardSignal(int sig) {
  gPendingSignal = sig;
  pid_t child = gChildPid;
  if (child > 0) ::kill(child, sig);
}

bool needsQuoting(const std::string& s) {
  if (s.empty()) return true;
  for (char c : s)
    if (!(isalnum(static_cast<unsigned char>(c)) || strchr("-_./=:,+@%", c))) return true;
  return false;
}

}  // namespace

void installSignalForwarding() {
  struct sigaction action = {};
  action.sa_handler = forwardSignal;
  sigemptyset(&action.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
}

namespace {
std::string gEchoPrefix;
}  // namespace

void setCommandEchoPrefix(const std::string& prefix) { gEchoPrefix = prefix; }

std::string quoteCommand(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& arg : argv) {
    if (!line.empty()) line += ' ';
    if (!needsQuoting(arg)) {
      line += arg;
      continue;
    }
    line += '\'';
    for (char c : arg) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

void runCommand(const std::vector<std::string>& argv, bool verbose,
                const std::string* stdoutPath) {
  if (gPendingSignal) throw Interrupted(gPendingSignal);
  if (verbose) std::fprintf(stderr, "%s%s\n", gEchoPrefix.c_str(), quoteCommand(argv).c_str());
  std::fflush(stdout);
  std::fflush(stderr);

  std::vector<char*> cargv;
  for (const std::string& arg : argv) cargv.push_back(const_cast<char*>(arg.c_str()));
  cargv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (stdoutPath)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath->c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, cargv[0], &actions, nullptr, cargv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0)
    throw ToolFailed("cannot run '" + argv[0] + "': " + std::string(strerror(rc)));
  gChildPid = pid;

  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      gChildPid = 0;
      throw ToolFailed("waiting for '" + argv[0] + "' failed: " + std::string(strerror(errno)));
    }
  }
  gChildPid = 0;
  if (gPendingSignal) throw Interrupted(gPendingSignal);

  std::string tool = argv[0].substr(argv[0].rfind('/') + 1);
  if (WIFSIGNALED(status))
    throw ToolFailed(tool + " was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                     strsignal(WTERMSIG(status)) + ")");
  if (WEXITSTATUS(status) != 0)
    throw ToolFailed(tool + " failed with exit code " + std::to_string(WEXITSTATUS(status)));
}

}  // namespace unihipcc
