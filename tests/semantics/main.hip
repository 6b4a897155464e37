// The suite's executable: --list, --probe, --case NAME (see sem.h and run.py).
#include "sem.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace sem {

std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}

Obs& Obs::err(const char* key, hipError_t e) { return str(key, errName(e)); }
Obs& Obs::val(const char* key, long long v) { return str(key, std::to_string(v)); }
Obs& Obs::str(const char* key, const std::string& v) {
  if (!token.empty()) token += ' ';
  token += std::string(key) + "=" + v;
  return *this;
}
Obs& Obs::note(const std::string& text) {
  if (!detail.empty()) detail += "; ";
  detail += text;
  return *this;
}

std::string errName(hipError_t e) {
#if defined(SEM_USE_CUDA)
  return semHipNameOfCudaError(e);
#else
  const char* n = hipGetErrorName(e);
  return n ? n : "(null)";
#endif
}

int deviceAttr(hipDeviceAttribute_t attr) {
  int v = -1;
  if (hipDeviceGetAttribute(&v, attr, 0) != hipSuccess) return -1;
  return v;
}

int clockRateKHz() {
  static int rate = deviceAttr(hipDeviceAttributeClockRate);
  return rate > 0 ? rate : 1000000;
}

long long cyclesForMs(int ms) { return static_cast<long long>(clockRateKHz()) * ms; }

std::string captureStdout(const std::function<void()>& body) {
  fflush(stdout);
  char path[] = "/tmp/semantics-stdout-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) {
    body();
    return "(capture failed)";
  }
  int saved = dup(1);
  dup2(fd, 1);
  body();
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string text;
  lseek(fd, 0, SEEK_SET);
  char buf[65536];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0) text.append(buf, static_cast<size_t>(n));
  close(fd);
  unlink(path);
  return text;
}

int countLines(const std::string& text, const std::string& needle) {
  int count = 0;
  size_t pos = 0;
  while ((pos = text.find(needle, pos)) != std::string::npos) {
    ++count;
    pos += needle.size();
  }
  return count;
}

}  // namespace sem

namespace {

// Keeps the line parseable: no '|' or newline inside a field.
std::string field(std::string s) {
  for (char& c : s)
    if (c == '|' || c == '\n' || c == '\r') c = (c == '|') ? '/' : ' ';
  return s;
}

const char* runtimeName() {
#if defined(SEM_USE_CUDA)
  return "cuda";
#elif defined(__UNIHIP__)
  return "unihip";
#else
  return "hip";
#endif
}

int usage() {
  std::fprintf(stderr, "usage: semantics --list | --probe | --case NAME\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  auto& cases = sem::registry();
  if (!std::strcmp(argv[1], "--list")) {
    // Names whose case part starts with '_' are helpers other cases run, not cases.
    for (auto& c : cases)
      if (c.name.find("._") == std::string::npos)
        std::printf("%s | %s\n", c.name.c_str(), field(c.expect).c_str());
    return 0;
  }
  if (!std::strcmp(argv[1], "--probe")) {
    int count = 0;
    hipError_t e = hipGetDeviceCount(&count);
    std::string name = "-";
    if (e == hipSuccess && count > 0) {
      hipDeviceProp_t prop;
      if (hipGetDeviceProperties(&prop, 0) == hipSuccess) name = prop.name;
    }
    std::printf("PROBE runtime=%s | devices=%d | status=%s | device=%s\n", runtimeName(),
                e == hipSuccess ? count : 0, sem::errName(e).c_str(), field(name).c_str());
    return 0;
  }
  if (!std::strcmp(argv[1], "--case") && argc >= 3) {
    for (auto& c : cases) {
      if (c.name != argv[2]) continue;
      int count = 0;
      hipError_t e = hipGetDeviceCount(&count);
      if (e != hipSuccess || count == 0) {
        std::printf("CASE %s | no-gpu | hipGetDeviceCount=%s\n", c.name.c_str(),
                    sem::errName(e).c_str());
        return 0;
      }
      sem::Obs obs = c.run();
      std::printf("CASE %s | %s | %s\n", c.name.c_str(), field(obs.token).c_str(),
                  field(obs.detail).c_str());
      std::fflush(stdout);
      // Skip static destructors and the runtime's teardown: a case that broke the context must
      // not turn its observation into a crash at exit.
      std::_Exit(0);
    }
    std::fprintf(stderr, "no case named %s\n", argv[2]);
    return 2;
  }
  return usage();
}
