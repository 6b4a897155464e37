// Explicitly rounded arithmetic in device code: __fadd_rn/rz/ru/rd ... __dsqrt_rd, each of the
// four modes of each operation, against the host's results under fesetround (the host rounds in
// hardware, IEEE 754). Chosen cases where the modes differ (1 + 2^-30, 1/3, sqrt(2), fma with a
// tiny product, overflow, underflow, exact zero sums) and pseudo-random operands over the whole
// range, subnormals included. Where unihip emulates the modes (AMD), the emulation is also run
// on the host against the same references.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>
#include "cuda_check.h"

enum Op { Add, Sub, Mul, Div, Fma, Rcp, Sqrt, kOps };
static const char* const kOpNames[kOps] = {"add", "sub", "mul", "div", "fma", "rcp", "sqrt"};
static const char* const kModeNames[4] = {"rn", "rz", "ru", "rd"};
static const int kFeModes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

template <class F> struct Case {
  int op;
  F a, b, c;
};

// mode: 0 rn, 1 rz, 2 ru, 3 rd
#define BY_MODE(m, stem, ...)                                                \
  ((m) == 0 ? stem##_rn(__VA_ARGS__)                                          \
            : (m) == 1 ? stem##_rz(__VA_ARGS__) : (m) == 2 ? stem##_ru(__VA_ARGS__) : stem##_rd(__VA_ARGS__))

__device__ float rounded(int op, int m, float a, float b, float c) {
  switch (op) {
    case Add: return BY_MODE(m, __fadd, a, b);
    case Sub: return BY_MODE(m, __fsub, a, b);
    case Mul: return BY_MODE(m, __fmul, a, b);
    case Div: return BY_MODE(m, __fdiv, a, b);
    case Fma: return m & 1 ? BY_MODE(m, __fmaf, a, b, c) : BY_MODE(m, __fmaf_ieee, a, b, c);
    case Rcp: return BY_MODE(m, __frcp, a);
    default: return BY_MODE(m, __fsqrt, a);
  }
}
__device__ double rounded(int op, int m, double a, double b, double c) {
  switch (op) {
    case Add: return BY_MODE(m, __dadd, a, b);
    case Sub: return BY_MODE(m, __dsub, a, b);
    case Mul: return BY_MODE(m, __dmul, a, b);
    case Div: return BY_MODE(m, __ddiv, a, b);
    case Fma: return BY_MODE(m, __fma, a, b, c);
    case Rcp: return BY_MODE(m, __drcp, a);
    default: return BY_MODE(m, __dsqrt, a);
  }
}

template <class F> __global__ void run_cases(const Case<F>* cases, int n, F* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    for (int m = 0; m < 4; ++m) out[4 * i + m] = rounded(cases[i].op, m, cases[i].a, cases[i].b, cases[i].c);
}

// The host's result in mode m: its operations between two fesetround calls, unoptimised so
// that none moves across them.
template <class F> __attribute__((optnone, noinline)) F host_rounded(int op, int m, F a, F b, F c) {
  volatile F x = a, y = b, z = c, r;
  std::fesetround(kFeModes[m]);
  switch (op) {
    case Add: r = x + y; break;
    case Sub: r = x - y; break;
    case Mul: r = x * y; break;
    case Div: r = x / y; break;
    case Fma: r = std::fma(F(x), F(y), F(z)); break;
    case Rcp: r = F(1) / x; break;
    default: r = std::sqrt(F(x)); break;
  }
  std::fesetround(FE_TONEAREST);
  return r;
}

template <class F> static bool same(F x, F y) {
  return (x != x && y != y) || std::memcmp(&x, &y, sizeof(F)) == 0;
}

static uint64_t lcg_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_random() {
  lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
  return lcg_state ^ (lcg_state >> 29);
}
// A finite value with a uniformly chosen exponent (subnormals and zero included).
template <class F> static F random_value() {
  using I = typename std::conditional<sizeof(F) == 4, uint32_t, uint64_t>::type;
  const int mant = sizeof(F) == 4 ? 23 : 52, emax = sizeof(F) == 4 ? 254 : 2046;
  I bits = I(next_random()) & ((I(1) << mant) - 1);
  bits |= I(next_random() % (emax + 1)) << mant;
  bits |= I(next_random() & 1) << (sizeof(F) * 8 - 1);
  F v;
  std::memcpy(&v, &bits, sizeof(F));
  return v;
}
// Operands near one another often enough to cancel, and exponents narrow enough for the
// products to stay in range half the time.
template <class F> static Case<F> random_case() {
  Case<F> k{int(next_random() % kOps), random_value<F>(), random_value<F>(), random_value<F>()};
  if (next_random() % 2) {
    int e;
    k.a = std::ldexp(std::frexp(k.a, &e), int(next_random() % 64) - 32);
    k.b = std::ldexp(std::frexp(k.b, &e), int(next_random() % 64) - 32);
    if (k.op == Sub || k.op == Add) k.b = std::nextafter(k.op == Add ? -k.a : k.a, k.b);
    if (k.op == Fma) k.c = -k.a * k.b * (next_random() % 2 ? F(1) : F(1) + std::numeric_limits<F>::epsilon());
  }
  if (k.op == Sqrt || k.op == Rcp) k.a = std::fabs(k.a);
  return k;
}

template <class F> static std::vector<Case<F>> chosen_cases() {
  const F tiny = std::ldexp(F(1), -std::numeric_limits<F>::digits - 6);
  const F one_ulp = std::numeric_limits<F>::epsilon();
  const F big = std::numeric_limits<F>::max(), least = std::numeric_limits<F>::denorm_min();
  return {
      {Add, F(1), tiny, 0},            {Add, F(-1), -tiny, 0},         {Sub, F(1), tiny, 0},
      {Add, F(1), F(-1), 0},           {Sub, F(0), F(0), 0},           {Add, big, big, 0},
      {Mul, F(1) + one_ulp, F(1) + one_ulp, 0},                       {Mul, big, F(-2), 0},
      {Mul, least, F(0.5), 0},         {Div, F(1), F(3), 0},           {Div, F(-1), F(3), 0},
      {Div, F(2), F(3), 0},            {Div, least, F(3), 0},          {Div, -least, F(3), 0},
      {Div, big, F(0.5), 0},           {Rcp, F(3), 0, 0},              {Rcp, F(-10), 0, 0},
      {Sqrt, F(2), 0, 0},              {Sqrt, F(3), 0, 0},             {Sqrt, least, 0, 0},
      {Fma, F(1), F(1), tiny},         {Fma, F(1) + one_ulp, F(1) - one_ulp, 0},
      {Fma, F(1) + one_ulp, F(1) + one_ulp, F(-1)},                   {Fma, F(2), F(3), F(-6)},
      {Fma, tiny, tiny, F(1)},         {Fma, -tiny, tiny, F(1)},
  };
}

// Cases where the modes must differ: what the host says, checked by hand (nextafter).
template <class F> static void check_host_references() {
  const F up = std::numeric_limits<F>::infinity(), one = F(1);
  const F tiny = std::ldexp(F(1), -std::numeric_limits<F>::digits - 6);
  EXPECT(host_rounded<F>(Add, 2, one, tiny, 0) == std::nextafter(one, up));
  EXPECT(host_rounded<F>(Add, 3, one, tiny, 0) == one);
  EXPECT(host_rounded<F>(Add, 1, -one, -tiny, 0) == -one);
  EXPECT(host_rounded<F>(Add, 3, -one, -tiny, 0) == std::nextafter(-one, -up));
  F third_d = host_rounded<F>(Div, 3, one, F(3), 0), third_u = host_rounded<F>(Div, 2, one, F(3), 0);
  EXPECT(std::nextafter(third_d, up) == third_u);
  EXPECT(host_rounded<F>(Div, 1, one, F(3), 0) == third_d);
  F root_d = host_rounded<F>(Sqrt, 3, F(2), 0, 0), root_u = host_rounded<F>(Sqrt, 2, F(2), 0, 0);
  EXPECT(std::nextafter(root_d, up) == root_u);
  EXPECT(std::signbit(host_rounded<F>(Add, 3, one, -one, 0)));
  EXPECT(!std::signbit(host_rounded<F>(Add, 0, one, -one, 0)));
  EXPECT(host_rounded<F>(Add, 3, std::numeric_limits<F>::max(), std::numeric_limits<F>::max(), 0) ==
         std::numeric_limits<F>::max());
}

template <class F> static int compare(const char* type, const std::vector<Case<F>>& cases,
                                      const std::vector<F>& got, const char* who) {
  int bad = 0;
  for (size_t i = 0; i < cases.size(); ++i)
    for (int m = 0; m < 4; ++m) {
      const Case<F>& k = cases[i];
      F want = host_rounded<F>(k.op, m, k.a, k.b, k.c), have = got[4 * i + m];
      if (!same(want, have) && ++bad <= 8)
        std::printf("rounding: %s %s %s_%s(%a, %a, %a) = %a, host %a\n", who, type, kOpNames[k.op],
                    kModeNames[m], double(k.a), double(k.b), double(k.c), double(have), double(want));
    }
  return bad;
}

// How many cases round up and down to different values.
template <class F> static int directed(const std::vector<Case<F>>& cases) {
  int n = 0;
  for (const Case<F>& k : cases)
    n += !same(host_rounded<F>(k.op, 2, k.a, k.b, k.c), host_rounded<F>(k.op, 3, k.a, k.b, k.c));
  return n;
}

#if defined(UNIHIP_DIRECTED_ROUNDING_EMULATED)
// unihip's emulation of the directed modes (its AMD device code), run on the host.
template <class F> static F emulated(int op, int m, F a, F b, F c) {
  namespace r = unihip_rounding;
#define EMULATE(fn, ...)                                                                   \
  (m == 1 ? r::fn<r::Zero>(__VA_ARGS__) : m == 2 ? r::fn<r::Up>(__VA_ARGS__) : r::fn<r::Down>(__VA_ARGS__))
  if (m == 0) return host_rounded<F>(op, 0, a, b, c);
  switch (op) {
    case Add: return EMULATE(add, a, b);
    case Sub: return EMULATE(sub, a, b);
    case Mul: return EMULATE(mul, a, b);
    case Div: return EMULATE(div, a, b);
    case Fma: return EMULATE(fma, a, b, c);
    case Rcp: return EMULATE(rcp, a);
    default: return EMULATE(sqrt, a);
  }
#undef EMULATE
}
template <class F> static void check_emulation(const char* type, const std::vector<Case<F>>& cases) {
  std::vector<F> got(4 * cases.size());
  for (size_t i = 0; i < cases.size(); ++i)
    for (int m = 0; m < 4; ++m) got[4 * i + m] = emulated<F>(cases[i].op, m, cases[i].a, cases[i].b, cases[i].c);
  int bad = compare(type, cases, got, "host emulation");
  std::printf("rounding: %s: unihip's emulation on the host, %zu cases x 4 modes (%d with ru != rd): "
              "%d differ from the host\n", type, cases.size(), directed(cases), bad);
  EXPECT(bad == 0);
}
#endif

template <class F> static void check_type(const char* type, int random_count) {
  check_host_references<F>();
  std::vector<Case<F>> cases = chosen_cases<F>();
  for (int i = 0; i < random_count; ++i) cases.push_back(random_case<F>());
  // The cases tell the modes apart: ru and rd differ in most of them.
  const int differ = directed(cases);
  EXPECT(differ > random_count / 2);
#if defined(UNIHIP_DIRECTED_ROUNDING_EMULATED)
  std::vector<Case<F>> many = cases;
  for (int i = 0; i < 50 * random_count; ++i) many.push_back(random_case<F>());
  check_emulation<F>(type, many);
#endif
  Case<F>* d_cases;
  F* d_out;
  CHECK(cudaMalloc(&d_cases, cases.size() * sizeof(Case<F>)));
  CHECK(cudaMalloc(&d_out, 4 * cases.size() * sizeof(F)));
  CHECK(cudaMemcpy(d_cases, cases.data(), cases.size() * sizeof(Case<F>), cudaMemcpyHostToDevice));
  run_cases<F><<<(int(cases.size()) + 127) / 128, 128>>>(d_cases, int(cases.size()), d_out);
  CHECK(cudaGetLastError());
  std::vector<F> got(4 * cases.size());
  CHECK(cudaMemcpy(got.data(), d_out, got.size() * sizeof(F), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_cases));
  CHECK(cudaFree(d_out));
  int bad = cuda_test_runs_kernels ? compare(type, cases, got, "device") : 0;
  if (cuda_test_runs_kernels)
    std::printf("rounding: %s: device, %zu cases x 4 modes (%d with ru != rd): %d differ from the host\n",
                type, cases.size(), differ, bad);
  EXPECT_RESULT(bad == 0);
}

int main() {
  skip_without_gpu("rounding");
  check_type<float>("float", 400);
  check_type<double>("double", 400);
  return finish("rounding");
}
