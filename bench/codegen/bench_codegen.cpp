// bench_codegen: the code generation comparison of issue 16. The kernels of codegen_kernels.cu,
// built by nvcc (codegen.nvcc.sm_90.cubin) and by unihipcc (codegen.unihipcc.sm_90.cubin, the
// sm_90 entry of its --genco bundle, taken out by unbundle.py), are loaded into one context and
// timed with events, the two images alternating round by round (ABBA...), so drift in clocks or
// temperature hits both alike. Only the device code differs: the launches are the same calls.
//   bench_codegen [--rounds N] [--target-ms T]
// Prints one JSON line per kernel, image and round ("round" field; bench/report.py pairs the
// rounds and reports the unihipcc/nvcc ratio with its interval), and per kernel a check line
// comparing the two images' outputs. Exits 77 without a GPU.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench_files.h"
#include "bench_stats.h"
#include "codegen_params.h"
#include "cu_check.h"

namespace {

struct Buffer {
  CUdeviceptr ptr = 0;
  size_t bytes = 0;
};

Buffer deviceBuffer(size_t bytes) {
  Buffer b;
  b.bytes = bytes;
  CU_CHECK(cuMemAlloc(&b.ptr, bytes));
  CU_CHECK(cuMemsetD8(b.ptr, 0, bytes));
  return b;
}

template <typename T>
Buffer upload(const std::vector<T>& host) {
  Buffer b = deviceBuffer(host.size() * sizeof(T));
  CU_CHECK(cuMemcpyHtoD(b.ptr, host.data(), b.bytes));
  return b;
}

enum class Kind { F32, F64, U32, I32, F16 };

// One kernel: its launch shape, arguments, and the output compared between the two images.
struct Case {
  std::string name;
  unsigned grid[3], block[3];
  std::vector<void*> args;
  Buffer output;
  Kind kind;
  double tolerance;               // relative, for floating point outputs
  std::vector<Buffer> alsoZeroed;  // other accumulating outputs, zeroed before the check
};

double relativeDiff(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : INFINITY;
  double scale = std::max({std::fabs(a), std::fabs(b), 1e-6});
  return std::fabs(a - b) / scale;
}

// Largest relative difference between two outputs of the same kernel (0 for equal integers).
double outputDiff(const std::vector<char>& a, const std::vector<char>& b, Kind kind) {
  double worst = 0;
  auto each = [&](auto tag, auto toDouble) {
    using T = decltype(tag);
    size_t n = a.size() / sizeof(T);
    for (size_t i = 0; i < n; ++i) {
      T x, y;
      std::memcpy(&x, a.data() + i * sizeof(T), sizeof(T));
      std::memcpy(&y, b.data() + i * sizeof(T), sizeof(T));
      worst = std::max(worst, relativeDiff(toDouble(x), toDouble(y)));
    }
  };
  switch (kind) {
    case Kind::F32: each(float{}, [](float v) { return double{v}; }); break;
    case Kind::F64: each(double{}, [](double v) { return v; }); break;
    case Kind::U32: each(uint32_t{}, [](uint32_t v) { return double(v); }); break;
    case Kind::I32: each(int32_t{}, [](int32_t v) { return double(v); }); break;
    case Kind::F16:
      each(uint16_t{}, [](uint16_t h) {  // IEEE half to double
        int e = (h >> 10) & 31, m = h & 1023;
        double v = e == 0 ? std::ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY)
                                                         : std::ldexp(m + 1024, e - 25);
        return (h & 0x8000) ? -v : v;
      });
      break;
  }
  return worst;
}

float eventMs(CUfunction f, const Case& c, CUstream s, CUevent start, CUevent stop, int reps) {
  std::vector<void*> args = c.args;
  CU_CHECK(cuEventRecord(start, s));
  for (int i = 0; i < reps; ++i)
    CU_CHECK(cuLaunchKernel(f, c.grid[0], c.grid[1], c.grid[2], c.block[0], c.block[1],
                            c.block[2], 0, s, args.data(), nullptr));
  CU_CHECK(cuEventRecord(stop, s));
  CU_CHECK(cuEventSynchronize(stop));
  float ms = 0;
  CU_CHECK(cuEventElapsedTime(&ms, start, stop));
  return ms;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 21;
  double targetMs = 15;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
      rounds = std::max(2, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--target-ms") == 0 && i + 1 < argc) {
      targetMs = std::atof(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: %s [--rounds N] [--target-ms T]\n", argv[0]);
      return 2;
    }
  }
  int count = 0;
  CUresult r = cuInit(0);
  if (r == CUDA_SUCCESS) r = cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count == 0) {
    std::fprintf(stderr, "bench_codegen: no GPU (CUresult %d)\n", static_cast<int>(r));
    return bench::kNoGpuExit;
  }
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  int major = 0, minor = 0;
  CU_CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CU_CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  if (major != 9 || minor != 0) {
    std::fprintf(stderr, "bench_codegen: the images are sm_90; this GPU is sm_%d%d\n", major, minor);
    return 1;
  }
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));

  const std::string dir = bench::exeDir();
  std::vector<char> nvccImage = bench::readFile(dir + "/codegen.nvcc.sm_90.cubin");
  std::vector<char> unihipccImage = bench::readFile(dir + "/codegen.unihipcc.sm_90.cubin");
  if (nvccImage.empty() || unihipccImage.empty()) {
    std::fprintf(stderr, "bench_codegen: missing codegen.nvcc.sm_90.cubin or "
                 "codegen.unihipcc.sm_90.cubin in %s\n", dir.c_str());
    return 1;
  }
  const char* names[2] = {"nvcc", "unihipcc"};
  CUmodule modules[2];
  CU_CHECK(cuModuleLoadData(&modules[0], nvccImage.data()));
  CU_CHECK(cuModuleLoadData(&modules[1], unihipccImage.data()));

  std::mt19937 rng(16);
  std::uniform_real_distribution<float> unit(-2.0f, 2.0f);
  auto floats = [&](size_t n) {
    std::vector<float> v(n);
    for (auto& x : v) x = unit(rng);
    return v;
  };

  // Inputs (kept alive for the whole run) and the cases.
  std::vector<Buffer> keep;
  std::vector<Case> cases;
  // Arguments live in stable storage: pointers to them go into cuLaunchKernel.
  static CUdeviceptr ptrs[64];
  static int ints[32];
  int np = 0, ni = 0;
  auto ptrArg = [&](CUdeviceptr p) { ptrs[np] = p; return static_cast<void*>(&ptrs[np++]); };
  auto intArg = [&](int v) { ints[ni] = v; return static_cast<void*>(&ints[ni++]); };

  {
    const int n = 64 << 20;  // 256 MiB of floats
    Buffer in = upload(floats(n)), out = deviceBuffer(sizeof(float));
    keep.push_back(in);
    cases.push_back({"reduce", {1056, 1, 1}, {256, 1, 1}, {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)},
                     out, Kind::F32, 1e-3, {}});
  }
  {
    const int n = 2048;
    Buffer a = upload(floats(size_t(n) * n)), b = upload(floats(size_t(n) * n));
    Buffer c = deviceBuffer(size_t(n) * n * sizeof(float));
    keep.push_back(a);
    keep.push_back(b);
    cases.push_back({"sgemm", {unsigned(n / kGemmTile), unsigned(n / kGemmTile), 1},
                     {kGemmTile, kGemmTile, 1}, {ptrArg(a.ptr), ptrArg(b.ptr), ptrArg(c.ptr), intArg(n)},
                     c, Kind::F32, 1e-4, {}});
  }
  {
    const int n = 4 << 20;
    Buffer in = upload(floats(n)), out = deviceBuffer(size_t(n) * sizeof(float));
    keep.push_back(in);
    cases.push_back({"math_f32", {unsigned(n / 256), 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)}, out, Kind::F32, 1e-5, {}});
  }
  for (const char* fn : {"f32_exp", "f32_log", "f32_sincos", "f32_tanh", "f32_pow"}) {
    const int n = 4 << 20;
    Buffer in = upload(floats(n)), out = deviceBuffer(size_t(n) * sizeof(float));
    keep.push_back(in);
    cases.push_back({fn, {unsigned(n / 256), 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)}, out, Kind::F32, 1e-5, {}});
  }
  {
    const int n = 4 << 20;
    std::vector<float> f = floats(n);
    std::vector<double> d(f.begin(), f.end());
    Buffer in = upload(d), out = deviceBuffer(size_t(n) * sizeof(double));
    keep.push_back(in);
    cases.push_back({"math_f64", {unsigned(n / 256), 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)}, out, Kind::F64, 1e-12, {}});
  }
  for (const char* fn : {"f64_exp", "f64_log", "f64_sincos", "f64_tanh", "f64_pow"}) {
    const int n = 4 << 20;
    std::vector<float> f = floats(n);
    std::vector<double> d(f.begin(), f.end());
    Buffer in = upload(d), out = deviceBuffer(size_t(n) * sizeof(double));
    keep.push_back(in);
    cases.push_back({fn, {unsigned(n / 256), 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)}, out, Kind::F64, 1e-12, {}});
  }
  {
    const int n = 8192;
    Buffer in = upload(floats(size_t(n) * n)), out = deviceBuffer(size_t(n) * n * sizeof(float));
    keep.push_back(in);
    cases.push_back({"stencil", {unsigned(n / 32), unsigned(n / 8), 1}, {32, 8, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)}, out, Kind::F32, 1e-6, {}});
  }
  {
    const int n = 256 << 20;
    std::vector<unsigned char> bytes(n);
    for (auto& b : bytes) b = static_cast<unsigned char>(rng() >> 7);
    Buffer in = upload(bytes), bins = deviceBuffer(256 * sizeof(uint32_t));
    keep.push_back(in);
    cases.push_back({"histogram", {1056, 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(bins.ptr), intArg(n)}, bins, Kind::U32, 0, {}});
  }
  {
    const int n4 = 16 << 20;  // 256 MiB
    Buffer in = upload(floats(size_t(n4) * 4)), out = deviceBuffer(size_t(n4) * 16);
    keep.push_back(in);
    cases.push_back({"copy", {2112, 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n4)}, out, Kind::F32, 0, {}});
  }
  {
    const int n = 16 << 20;
    std::vector<int> v(n);
    for (auto& x : v) x = static_cast<int>(rng() % 1000);
    Buffer in = upload(v), counters = deviceBuffer(kAtomicSlots * sizeof(int));
    Buffer maxima = deviceBuffer(kAtomicSlots * sizeof(int));
    keep.push_back(in);
    cases.push_back({"atomics", {unsigned(n / 256), 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(counters.ptr), ptrArg(maxima.ptr), intArg(n)},
                     counters, Kind::I32, 0, {maxima}});
  }
  {
    const int n = 16 << 20;
    std::vector<int> v(n);
    for (auto& x : v) x = static_cast<int>(rng() % 100);
    Buffer in = upload(v), out = deviceBuffer(size_t(n) * sizeof(int));
    keep.push_back(in);
    cases.push_back({"shuffles", {unsigned(n / 256), 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)}, out, Kind::I32, 0, {}});
  }
  {
    const int n = 16 << 20;  // half2 elements
    std::vector<uint16_t> h(size_t(n) * 2);
    for (auto& x : h) x = static_cast<uint16_t>(0x3800 + (rng() % 0x400));  // [0.5, 1)
    Buffer in = upload(h), out = deviceBuffer(size_t(n) * 4);
    keep.push_back(in);
    cases.push_back({"fp16", {unsigned(n / 256), 1, 1}, {256, 1, 1},
                     {ptrArg(in.ptr), ptrArg(out.ptr), intArg(n)}, out, Kind::F16, 2e-3, {}});
  }

  CUstream s;
  CU_CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  CUevent start, stop;
  CU_CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CU_CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
  std::printf("{\"meta\":true,\"impl\":\"codegen\",\"rounds\":%d}\n", rounds);

  int failures = 0;
  for (const Case& c : cases) {
    CUfunction f[2];
    for (int m = 0; m < 2; ++m)
      CU_CHECK(cuModuleGetFunction(&f[m], modules[m], ("cg_" + c.name).c_str()));
    // Same inputs, zeroed output, one launch each: the two images must agree.
    std::vector<char> result[2];
    for (int m = 0; m < 2; ++m) {
      CU_CHECK(cuMemsetD8Async(c.output.ptr, 0, c.output.bytes, s));
      for (const Buffer& b : c.alsoZeroed) CU_CHECK(cuMemsetD8Async(b.ptr, 0, b.bytes, s));
      eventMs(f[m], c, s, start, stop, 1);
      result[m].resize(c.output.bytes);
      CU_CHECK(cuMemcpyDtoH(result[m].data(), c.output.ptr, c.output.bytes));
    }
    double diff = outputDiff(result[0], result[1], c.kind);
    bool ok = diff <= c.tolerance;
    failures += !ok;
    std::printf("{\"check\":\"codegen_same_result\",\"kernel\":\"%s\",\"ok\":%s,"
                "\"max_rel_diff\":%.3g,\"tolerance\":%.3g}\n",
                c.name.c_str(), ok ? "true" : "false", diff, c.tolerance);
    // Repetitions per sample: about targetMs of GPU time (nvcc's image measures it).
    eventMs(f[0], c, s, start, stop, 2);
    float one = eventMs(f[0], c, s, start, stop, 3) / 3;
    int reps = std::clamp(static_cast<int>(targetMs / std::max(one, 1e-4f)), 3, 2000);
    for (int m = 0; m < 2; ++m) eventMs(f[m], c, s, start, stop, reps);  // warm both
    for (int round = 0; round < rounds; ++round) {
      for (int k = 0; k < 2; ++k) {
        int m = (round + k) % 2 == 0 ? 0 : 1;  // ABBA...: each image goes first every other round
        double us = 1e3 * eventMs(f[m], c, s, start, stop, reps) / reps;
        std::printf("{\"bench\":\"kernel_%s\",\"impl\":\"%s\",\"group\":\"kernel\",\"x\":0,"
                    "\"round\":%d,\"median_us\":%.4f,\"min_us\":%.4f,\"p90_us\":%.4f,\"reps\":%d}\n",
                    c.name.c_str(), names[m], round, us, us, us, reps);
      }
    }
    std::fflush(stdout);
  }
  return failures ? 1 : 0;
}
