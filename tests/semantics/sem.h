// The kernel-launch semantics suite's framework (issue 18): cases registered by name, each run in
// its own process by run.py, each printing one line
//   CASE <group.name> | <observation> | <detail>
// The observation is what the runtime returned or did (error names, values seen), so runs against
// unihip, CUDA's runtime and AMD's HIP compare token by token. The same sources build with unihipcc,
// hipcc (HIP's headers) and nvcc (hip_to_cuda.h maps the HIP names the suite uses to CUDA's).
#pragma once

// assert() in kernels is under test: never compiled out.
#undef NDEBUG

#if defined(SEM_USE_CUDA)
#include "hip_to_cuda.h"
#else
#include <hip/hip_runtime.h>
#endif

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace sem {

// What a case saw: "key=value" pairs joined by spaces (compared across runtimes) and free-form
// detail (device-specific numbers, explanations; shown, not compared).
class Obs {
 public:
  Obs& err(const char* key, hipError_t e);
  Obs& val(const char* key, long long v);
  Obs& str(const char* key, const std::string& v);
  Obs& note(const std::string& text);
  std::string token;
  std::string detail;
};

struct Case {
  std::string name;    // group.case
  std::string expect;  // HIP's documented rule, where there is one
  std::function<Obs()> run;
};

std::vector<Case>& registry();
struct Registrar {
  Registrar(const std::string& name, const std::string& expect, std::function<Obs()> run) {
    registry().push_back({name, expect, std::move(run)});
  }
};

// HIP's name for an error, whichever runtime produced it (CUDA names go through hipify's table).
std::string errName(hipError_t e);

// Shared helpers (cases.cpp).
int clockRateKHz();
long long cyclesForMs(int ms);             // clock64() cycles for about `ms` milliseconds
int deviceAttr(hipDeviceAttribute_t attr);
// Captures what the process writes to stdout (fd 1) while `body` runs, device printf included.
std::string captureStdout(const std::function<void()>& body);
int countLines(const std::string& text, const std::string& needle);

}  // namespace sem

#define SEM_CAT2(a, b) a##b
#define SEM_CAT(a, b) SEM_CAT2(a, b)
// SEM_CASE(group, name, "HIP's documented expectation") { ...; return obs; }
#define SEM_CASE(group, id, expect)                                                         \
  static sem::Obs SEM_CAT(sem_case_, SEM_CAT(group, SEM_CAT(_, id)))();                       \
  static sem::Registrar SEM_CAT(sem_reg_, SEM_CAT(group, SEM_CAT(_, id)))(                    \
      #group "." #id, expect, SEM_CAT(sem_case_, SEM_CAT(group, SEM_CAT(_, id))));            \
  static sem::Obs SEM_CAT(sem_case_, SEM_CAT(group, SEM_CAT(_, id)))()
// Registers cases from code (parameterised families): SEM_REGISTER(tag) { sem::registry()... }
#define SEM_REGISTER(tag)                                                                   \
  static int SEM_CAT(sem_register_, tag)();                                                 \
  static int SEM_CAT(sem_registered_, tag) = SEM_CAT(sem_register_, tag)();                 \
  static int SEM_CAT(sem_register_, tag)()

// Device-side trap: HIP's device abort(), CUDA's __trap().
#if defined(SEM_USE_CUDA)
#define SEM_TRAP() __trap()
#else
#define SEM_TRAP() abort()
#endif

// A runtime whose device headers lack malloc/free in kernels can build with
// -DSEM_NO_DEVICE_MALLOC: those cases then report `no-device-malloc`.

// Spins for `cycles` clock64() cycles (bounded waits and ordering probes).
__device__ inline void semSpin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}
