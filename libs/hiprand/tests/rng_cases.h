// The sequences compared between hipRAND's header and cuRAND's, one list for both
// translation units. RNG(x) names the library's function or type: RNG(_uniform) is
// curand_uniform or hiprand_uniform. Each row: name, state type, per-step expression
// (i is the step, s the state).
#pragma once
#include <cstdint>
#include <cstring>

// cuRAND's all-zero MRG32k3a state (subsequence bits 51..55) returns 1.0 forever, on
// which the Poisson samplers never stop: those draws are left out.
#define MRG_LIVE(s, expr) ((s.s1[0] | s.s1[1] | s.s1[2]) == 0 ? 0u : (expr))

// X(name, state, expression)
#define RNG_CASES(X)                                                                         \
  X(xorwow_u32, RNG(StateXORWOW_t), RNG()(&s))                                               \
  X(xorwow_uniform, RNG(StateXORWOW_t), RNG(_uniform)(&s))                                   \
  X(xorwow_uniform_double, RNG(StateXORWOW_t), RNG(_uniform_double)(&s))                     \
  X(xorwow_normal, RNG(StateXORWOW_t), RNG(_normal)(&s))                                     \
  X(xorwow_normal_double, RNG(StateXORWOW_t), RNG(_normal_double)(&s))                       \
  X(xorwow_normal2, RNG(StateXORWOW_t), RNG(_normal2)(&s))                                   \
  X(xorwow_normal2_double, RNG(StateXORWOW_t), RNG(_normal2_double)(&s))                     \
  X(xorwow_log_normal, RNG(StateXORWOW_t), RNG(_log_normal)(&s, 0.5f, 2.0f))                 \
  X(xorwow_log_normal_double, RNG(StateXORWOW_t), RNG(_log_normal_double)(&s, -1.0, 0.25))   \
  X(xorwow_mixed_spare, RNG(StateXORWOW_t),                                                  \
    (i % 3 == 0 ? RNG(_log_normal)(&s, 0.f, 1.f) : RNG(_normal)(&s)))                        \
  X(xorwow_skipahead, RNG(StateXORWOW_t), (skipahead(i * 0x9E3779B97F4A7C15ull, &s), RNG()(&s))) \
  X(xorwow_skipahead_sequence, RNG(StateXORWOW_t), (skipahead_sequence(i * 977ull, &s), RNG()(&s))) \
  X(philox_u32, RNG(StatePhilox4_32_10_t), RNG()(&s))                                        \
  X(philox_u32x4, RNG(StatePhilox4_32_10_t), RNG(4)(&s))                                     \
  X(philox_mixed4, RNG(StatePhilox4_32_10_t), (i % 2 ? RNG()(&s) : RNG(4)(&s).z))            \
  X(philox_uniform, RNG(StatePhilox4_32_10_t), RNG(_uniform)(&s))                            \
  X(philox_uniform4, RNG(StatePhilox4_32_10_t), RNG(_uniform4)(&s))                          \
  X(philox_uniform_double, RNG(StatePhilox4_32_10_t), RNG(_uniform_double)(&s))              \
  X(philox_uniform2_double, RNG(StatePhilox4_32_10_t), RNG(_uniform2_double)(&s))            \
  X(philox_normal, RNG(StatePhilox4_32_10_t), RNG(_normal)(&s))                              \
  X(philox_normal2, RNG(StatePhilox4_32_10_t), RNG(_normal2)(&s))                            \
  X(philox_normal4, RNG(StatePhilox4_32_10_t), RNG(_normal4)(&s))                            \
  X(philox_normal_double, RNG(StatePhilox4_32_10_t), RNG(_normal_double)(&s))                \
  X(philox_normal2_double, RNG(StatePhilox4_32_10_t), RNG(_normal2_double)(&s))              \
  X(philox_log_normal, RNG(StatePhilox4_32_10_t), RNG(_log_normal)(&s, 1.f, 0.5f))           \
  X(philox_log_normal4, RNG(StatePhilox4_32_10_t), RNG(_log_normal4)(&s, 1.f, 0.5f))         \
  X(philox_log_normal_double, RNG(StatePhilox4_32_10_t), RNG(_log_normal_double)(&s, 1.0, 0.5)) \
  X(philox_skipahead, RNG(StatePhilox4_32_10_t), (skipahead(i * 0x9E3779B97F4A7C15ull + i, &s), RNG()(&s))) \
  X(philox_skipahead_sequence, RNG(StatePhilox4_32_10_t), (skipahead_sequence(i * 0x100000001ull, &s), RNG()(&s))) \
  X(xorwow_poisson_small, RNG(StateXORWOW_t), RNG(_poisson)(&s, 0.5 + (i % 7) * 9.0))         \
  X(xorwow_poisson_gammainc, RNG(StateXORWOW_t), RNG(_poisson)(&s, 64.0 + (i % 5) * 900.0))   \
  X(xorwow_poisson_normal, RNG(StateXORWOW_t), RNG(_poisson)(&s, 4000.5 + i))                 \
  X(philox_poisson, RNG(StatePhilox4_32_10_t), RNG(_poisson)(&s, (i % 3 == 0 ? 3.5 : i % 3 == 1 ? 700.0 : 1e5))) \
  X(mrg_poisson, RNG(StateMRG32k3a_t), MRG_LIVE(s, RNG(_poisson)(&s, (i % 3 == 0 ? 63.9 : i % 3 == 1 ? 128.0 : 4001.0)))) \
  X(mrg_u32, RNG(StateMRG32k3a_t), RNG()(&s))                                                \
  X(mrg_uniform, RNG(StateMRG32k3a_t), RNG(_uniform)(&s))                                    \
  X(mrg_uniform_double, RNG(StateMRG32k3a_t), RNG(_uniform_double)(&s))                      \
  X(mrg_normal, RNG(StateMRG32k3a_t), RNG(_normal)(&s))                                      \
  X(mrg_normal2, RNG(StateMRG32k3a_t), RNG(_normal2)(&s))                                    \
  X(mrg_normal_double, RNG(StateMRG32k3a_t), RNG(_normal_double)(&s))                        \
  X(mrg_normal2_double, RNG(StateMRG32k3a_t), RNG(_normal2_double)(&s))                      \
  X(mrg_log_normal, RNG(StateMRG32k3a_t), RNG(_log_normal)(&s, 0.f, 1.f))                    \
  X(mrg_log_normal_double, RNG(StateMRG32k3a_t), RNG(_log_normal_double)(&s, 0.0, 1.0))      \
  X(mrg_skipahead, RNG(StateMRG32k3a_t), (skipahead(i * 0x9E3779B97F4A7C15ull, &s), RNG()(&s))) \
  X(mrg_skipahead_subsequence, RNG(StateMRG32k3a_t), (skipahead_subsequence(i * 12347ull, &s), RNG()(&s))) \
  X(mrg_skipahead_sequence, RNG(StateMRG32k3a_t), (skipahead_sequence(i * 31ull, &s), RNG()(&s)))

// The quasi-random states, initialized from direction vectors (dv32, dv64) and scramble
// constants (scr32, scr64) made from the start's seed, at the start's offset.
// Q(name, state, init, expression)
#define QRNG_CASES(Q)                                                                        \
  Q(sobol32_u32, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s), RNG()(&s))      \
  Q(sobol32_uniform, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s), RNG(_uniform)(&s)) \
  Q(sobol32_uniform_double, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s),       \
    RNG(_uniform_double)(&s))                                                                \
  Q(sobol32_normal, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s), RNG(_normal)(&s)) \
  Q(sobol32_normal_double, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s),        \
    RNG(_normal_double)(&s))                                                                 \
  Q(sobol32_log_normal, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s),           \
    RNG(_log_normal)(&s, 0.5f, 2.0f))                                                        \
  Q(sobol32_log_normal_double, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s),    \
    RNG(_log_normal_double)(&s, -1.0, 0.25))                                                 \
  Q(sobol32_poisson, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s),              \
    RNG(_poisson)(&s, (i % 4 == 0 ? 3.5 : i % 4 == 1 ? 999.5 : i % 4 == 2 ? 1000.0 : 1e5)))  \
  Q(sobol32_skipahead, RNG(StateSobol32_t), RNG(_init)(dv32, (unsigned)offset, &s),            \
    (skipahead(i * 0x9E3779B97F4A7C15ull, &s), RNG()(&s)))                                   \
  Q(scrambled32_u32, RNG(StateScrambledSobol32_t), RNG(_init)(dv32, scr32, (unsigned)offset, &s), \
    RNG()(&s))                                                                               \
  Q(scrambled32_uniform, RNG(StateScrambledSobol32_t),                                       \
    RNG(_init)(dv32, scr32, (unsigned)offset, &s), RNG(_uniform)(&s))                        \
  Q(scrambled32_normal, RNG(StateScrambledSobol32_t),                                        \
    RNG(_init)(dv32, scr32, (unsigned)offset, &s), RNG(_normal)(&s))                         \
  Q(scrambled32_poisson, RNG(StateScrambledSobol32_t),                                       \
    RNG(_init)(dv32, scr32, (unsigned)offset, &s), RNG(_poisson)(&s, i % 2 ? 40.0 : 2500.0)) \
  Q(scrambled32_skipahead, RNG(StateScrambledSobol32_t),                                     \
    RNG(_init)(dv32, scr32, (unsigned)offset, &s), (skipahead(i * 977ull + 1, &s), RNG()(&s))) \
  Q(sobol64_u64, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s), RNG()(&s))                \
  Q(sobol64_uniform, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s), RNG(_uniform)(&s))    \
  Q(sobol64_uniform_double, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s),                \
    RNG(_uniform_double)(&s))                                                                \
  Q(sobol64_normal, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s), RNG(_normal)(&s))      \
  Q(sobol64_normal_double, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s),                 \
    RNG(_normal_double)(&s))                                                                 \
  Q(sobol64_log_normal, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s),                    \
    RNG(_log_normal)(&s, 1.f, 0.5f))                                                         \
  Q(sobol64_log_normal_double, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s),             \
    RNG(_log_normal_double)(&s, 0.0, 1.0))                                                   \
  Q(sobol64_poisson, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s),                       \
    RNG(_poisson)(&s, (i % 3 == 0 ? 0.25 : i % 3 == 1 ? 640.0 : 4096.0)))                    \
  Q(sobol64_skipahead, RNG(StateSobol64_t), RNG(_init)(dv64, offset, &s),                     \
    (skipahead(i * 0x9E3779B97F4A7C15ull, &s), RNG()(&s)))                                   \
  Q(scrambled64_u64, RNG(StateScrambledSobol64_t), RNG(_init)(dv64, scr64, offset, &s), RNG()(&s)) \
  Q(scrambled64_uniform_double, RNG(StateScrambledSobol64_t),                                \
    RNG(_init)(dv64, scr64, offset, &s), RNG(_uniform_double)(&s))                           \
  Q(scrambled64_normal_double, RNG(StateScrambledSobol64_t),                                 \
    RNG(_init)(dv64, scr64, offset, &s), RNG(_normal_double)(&s))                            \
  Q(scrambled64_log_normal, RNG(StateScrambledSobol64_t),                                    \
    RNG(_init)(dv64, scr64, offset, &s), RNG(_log_normal)(&s, -2.f, 1.5f))                   \
  Q(scrambled64_poisson, RNG(StateScrambledSobol64_t),                                       \
    RNG(_init)(dv64, scr64, offset, &s), RNG(_poisson)(&s, i % 2 ? 7.0 : 1500.0))            \
  Q(scrambled64_skipahead, RNG(StateScrambledSobol64_t),                                     \
    RNG(_init)(dv64, scr64, offset, &s), (skipahead(i * 0x100000001ull, &s), RNG()(&s)))

// Under a GPU compiler (and unihip's header) the runner also builds for the device.
#if defined(__host__)
#define RNG_HD __host__ __device__
#else
#define RNG_HD
#endif

namespace rng_cases {

// Outputs as bit patterns, so the comparison is exact.
struct Sink {
  uint64_t* out;
  int n = 0;
  RNG_HD void put(unsigned v) { out[n++] = v; }
  RNG_HD void put(unsigned long long v) { out[n++] = v; }
  RNG_HD void put(float v) { uint32_t b; __builtin_memcpy(&b, &v, 4); out[n++] = b; }
  RNG_HD void put(double v) { uint64_t b; __builtin_memcpy(&b, &v, 8); out[n++] = b; }
  template <typename V>
  RNG_HD auto put(const V& v) -> decltype(v.w, void()) { put(v.x); put(v.y); put(v.z); put(v.w); }
  template <typename V>
  RNG_HD auto put(const V& v) -> decltype(v.y, void()) requires(!requires { v.z; }) { put(v.x); put(v.y); }
};

// Seeds, subsequences and offsets that reach every jump table (for MRG32k3a, the
// subsequence bits 51..55, where cuRAND's table ends).
struct Start {
  unsigned long long seed, subsequence, offset;
};
inline constexpr Start kStarts[] = {
    {0, 0, 0},
    {1234, 0, 0},
    {0xdeadbeefcafef00dull, 5, 123},
    {42, 1ull << 40, 1ull << 50},
    {0xffffffffffffffffull, (1ull << 55) + 3, 0xffffffffffffffffull},
    {7, 3, 0x8000000000000001ull},
};
inline constexpr int kStartCount = sizeof kStarts / sizeof kStarts[0];

RNG_HD inline uint64_t mix(uint64_t z) {  // splitmix64's finalizer
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Direction vectors shaped as every Sobol dimension's, m_k 2^(w-1-k) with m_k odd and
// below 2^(k+1); seed 0 gives the first dimension (every m_k 1).
RNG_HD inline void make_vectors32(unsigned long long seed, unsigned int v[32]) {
  for (int k = 0; k < 32; ++k) {
    unsigned int m = seed == 0 ? 1u : ((unsigned int)mix(seed + k) | 1u) & (unsigned int)((2ull << k) - 1);
    v[k] = m << (31 - k);
  }
}
RNG_HD inline void make_vectors64(unsigned long long seed, unsigned long long v[64]) {
  for (int k = 0; k < 64; ++k) {
    unsigned long long mask = k == 63 ? ~0ull : (2ull << k) - 1;
    unsigned long long m = seed == 0 ? 1ull : (mix(seed + 64 + k) | 1ull) & mask;
    v[k] = m << (63 - k);
  }
}

}  // namespace rng_cases

// The per-library runner: case by index (RNG_CASES, then QRNG_CASES), `steps`
// expressions (at most 4 values each).
// `qual`: extern "C" for the host runners, __device__ for the GPU test's.
#define RNG_DEFINE_RUNNER(qual, fn)                                                          \
  qual int fn(int which, unsigned long long seed, unsigned long long subsequence,     \
                    unsigned long long offset, int steps, uint64_t* out) {                   \
    rng_cases::Sink sink{out};                                                               \
    int index = 0;                                                                           \
    RNG_CASES(RNG_RUN_ONE)                                                                   \
    QRNG_CASES(RNG_RUN_QONE)                                                                 \
    return -1;                                                                               \
  }
#define RNG_RUN_ONE(name, State, expr)                                                       \
  if (which == index++) {                                                                    \
    State s;                                                                                 \
    RNG(_init)(seed, subsequence, offset, &s);                                               \
    for (unsigned long long i = 0; i < (unsigned long long)steps; ++i) sink.put(expr);       \
    return sink.n;                                                                           \
  }
#define RNG_RUN_QONE(name, State, init, expr)                                                \
  if (which == index++) {                                                                    \
    State s;                                                                                 \
    unsigned int dv32[32];                                                                   \
    unsigned long long dv64[64];                                                             \
    rng_cases::make_vectors32(seed, dv32);                                                   \
    rng_cases::make_vectors64(seed, dv64);                                                   \
    const unsigned int scr32 = (unsigned int)rng_cases::mix(seed + 0x9E3779B97F4A7C15ull);   \
    const unsigned long long scr64 = rng_cases::mix(seed + 0x3C6EF372FE94F82Aull);           \
    (void)subsequence, (void)dv32, (void)dv64, (void)scr32, (void)scr64;                     \
    init;                                                                                    \
    for (unsigned long long i = 0; i < (unsigned long long)steps; ++i) sink.put(expr);       \
    return sink.n;                                                                           \
  }
#define RNG_NAME_ONE(name, State, expr) #name,
#define QRNG_NAME_ONE(name, State, init, expr) #name,
// Every case's name, in the runner's order.
#define RNG_CASE_NAMES RNG_CASES(RNG_NAME_ONE) QRNG_CASES(QRNG_NAME_ONE)
