// Times process start to first kernel completion for several programs, alternating between them.
//
//   bench_startup_runner [--runs N] [--kernels K] <impl>=<program>[,<arg>]...
//
// The order rotates every run. For each run the runner reads CLOCK_MONOTONIC, forks and execs
// the program with that time in BENCH_T0_NS; the program prints "startup_ns=<n>" (and
// "static_init_ns=<n>" when it measured its static constructors) after its first kernel
// completed. One untimed run per program first
// warms the page cache. Prints JSON lines (bench_stats.h), one per program and run (its "round"):
// startup_first_kernel and, where reported, static_init_per_kernel (static construction time /
// K kernels).
// Exits 77 when a program reports that there is no GPU.
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_stats.h"

namespace {

struct Program {
  std::string impl, path, arg;
  std::vector<double> startupUs, staticInitUs;
};

uint64_t monotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

// Runs the program once; returns its exit status and fills `output` with its stdout.
int runOnce(const Program& p, std::string* output) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  uint64_t t0 = monotonicNs();
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    setenv("BENCH_T0_NS", std::to_string(t0).c_str(), 1);
    if (p.arg.empty())
      execl(p.path.c_str(), p.path.c_str(), static_cast<char*>(nullptr));
    else
      execl(p.path.c_str(), p.path.c_str(), p.arg.c_str(), static_cast<char*>(nullptr));
    std::fprintf(stderr, "bench_startup_runner: cannot run %s\n", p.path.c_str());
    _exit(127);
  }
  close(fds[1]);
  char buffer[4096];
  ssize_t n;
  while ((n = read(fds[0], buffer, sizeof buffer)) > 0) output->append(buffer, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

bool field(const std::string& text, const char* key, double* value) {
  size_t pos = text.find(key);
  if (pos == std::string::npos) return false;
  *value = std::strtod(text.c_str() + pos + std::strlen(key), nullptr);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 10, kernels = 1000;
  std::vector<Program> programs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
    } else if (a == "--kernels" && i + 1 < argc) {
      kernels = std::atoi(argv[++i]);
    } else if (size_t eq = a.find('='); eq != std::string::npos && eq > 0) {
      Program p;
      p.impl = a.substr(0, eq);
      p.path = a.substr(eq + 1);
      if (size_t comma = p.path.find(','); comma != std::string::npos) {
        p.arg = p.path.substr(comma + 1);
        p.path.resize(comma);
      }
      programs.push_back(p);
    } else {
      std::fprintf(stderr, "usage: %s [--runs N] [--kernels K] <impl>=<program>[,<arg>]...\n",
                   argv[0]);
      return 2;
    }
  }
  if (programs.empty() || runs <= 0 || kernels <= 0) {
    std::fprintf(stderr, "bench_startup_runner: nothing to run\n");
    return 2;
  }
  // The order rotates every run (a, b, c; b, c, a; ...), so no program always runs in the same
  // place. With a fixed order, 30 runs on an H100 put one unihip build at 1.047x the previous
  // one; rotated, the same two builds were 1.002x apart.
  for (int run = -1; run < runs; ++run) {  // run -1: warm-up
    for (size_t k = 0; k < programs.size(); ++k) {
      Program& p = programs[(k + static_cast<size_t>(run + 1)) % programs.size()];
      std::string out;
      int status = runOnce(p, &out);
      if (status == bench::kNoGpuExit) {
        std::fprintf(stderr, "bench_startup_runner: %s: no GPU\n", p.impl.c_str());
        return bench::kNoGpuExit;
      }
      double startupNs = 0, staticNs = 0;
      if (status != 0 || !field(out, "startup_ns=", &startupNs)) {
        std::fprintf(stderr, "bench_startup_runner: %s failed (status %d): %s\n", p.path.c_str(),
                     status, out.c_str());
        return 1;
      }
      if (run < 0) continue;
      p.startupUs.push_back(startupNs / 1e3);
      if (field(out, "static_init_ns=", &staticNs)) p.staticInitUs.push_back(staticNs / 1e3 / kernels);
    }
  }
  // One line per run, tagged with the run as its round: report.py pairs the programs' runs.
  auto perRun = [](const Program& p, const char* bench, const char* group, double x,
                   const std::vector<double>& values) {
    for (size_t i = 0; i < values.size(); ++i)
      std::printf("{\"bench\":\"%s\",\"impl\":\"%s\",\"group\":\"%s\",\"x\":%g,"
                  "\"round\":%zu,\"median_us\":%.4f,\"min_us\":%.4f,\"p90_us\":%.4f,"
                  "\"reps\":1}\n",
                  bench, p.impl.c_str(), group, x, i, values[i], values[i], values[i]);
  };
  for (const Program& p : programs) {
    perRun(p, "startup_first_kernel", "startup", kernels, p.startupUs);
    perRun(p, "static_init_per_kernel", "registration", 1, p.staticInitUs);
  }
  return 0;
}
