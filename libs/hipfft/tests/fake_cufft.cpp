// A stand-in libcufft for the CPU tests: a few entry points with cuFFT's C signatures that
// record what they were given (fake_cufft_get) and answer with chosen codes. It lacks most of
// cuFFT on purpose: those rows must answer HIPFFT_NOT_SUPPORTED.
#include <cstddef>
#include <cstring>
#include <map>
#include <string>

namespace {
std::map<std::string, long long>& records() {
  static std::map<std::string, long long> r;
  return r;
}
void put(const char* key, long long v) { records()[key] = v; }
int nextHandle = 100;
}  // namespace

extern "C" {
long long fake_cufft_get(const char* key) {
  auto it = records().find(key);
  return it == records().end() ? -1 : it->second;
}
int cufftCreate(int* plan) {
  *plan = nextHandle++;
  put("create", *plan);
  return 0;
}
int cufftDestroy(int plan) {
  put("destroy", plan);
  return 0;
}
// nx 7 answers CUFFT_MISSING_DEPENDENCY (17), nx 9 an unknown code (99).
int cufftPlan1d(int* plan, int nx, int type, int batch) {
  put("plan1d.type", type);
  put("plan1d.batch", batch);
  if (nx == 7) return 17;
  if (nx == 9) return 99;
  *plan = nextHandle++;
  return 0;
}
int cufftMakePlan1d(int plan, int nx, int type, int batch, size_t* workSize) {
  put("make1d.plan", plan);
  put("make1d.nx", nx);
  put("make1d.type", type);
  put("make1d.batch", batch);
  *workSize = 4096;
  return 0;
}
int cufftExecC2C(int plan, void*, void*, int direction) {
  put("c2c.plan", plan);
  put("c2c.direction", direction);
  return 0;
}
int cufftSetStream(int plan, void* stream) {
  put("stream.plan", plan);
  put("stream.value", reinterpret_cast<long long>(stream));
  return 0;
}
int cufftGetVersion(int* version) {
  *version = 12000;
  return 0;
}
int cufftXtMalloc(int, void**, int format) {
  put("xtmalloc.format", format);
  return 16;  // CUFFT_NOT_SUPPORTED
}
}
