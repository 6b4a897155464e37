/* hipRAND's device API: XORWOW, Philox4x32-10 and MRG32k3a generators, the Sobol
 * quasi-random generators (32/64-bit, plain and scrambled) and their distributions,
 * one source for the host, NVIDIA and AMD.
 *
 * The sequences are cuRAND's (state layouts, seeding, skipahead spacing, Box-Muller),
 * so a kernel gets the numbers cuRAND's device API gives for the same seed,
 * subsequence and offset. As in cuRAND, the device passes use the fast sine/cosine
 * (__sincosf, sincospi) in Box-Muller and the host uses sinf/cosf, so normal values
 * computed on the host may differ from the device's in the last bits. The jump
 * tables come from hiprand/hiprand_precalc.h, generated at build time. */
#ifndef HIPRAND_HIPRAND_KERNEL_H
#define HIPRAND_HIPRAND_KERNEL_H

#include <hip/hip_runtime.h>
#include <hip/hip_vector_types.h>
#include <math.h>

#include "hiprand/hiprand.h"  /* hiprandDirectionVectors32_t, hiprandDirectionVectors64_t */
#include "hiprand/hiprand_precalc.h"

#define HIPRAND_KERNEL_QUALIFIERS static inline __host__ __device__

/* AMD's hipRAND returns these from its device API's distribution objects; the
 * state-based API here needs none of them beyond the names. */
#define HIPRAND_PHILOX4x32_DEFAULT_SEED 0xdeadbeefdeadbeefULL
#define HIPRAND_XORWOW_DEFAULT_SEED 0ULL
#define HIPRAND_MRG32K3A_DEFAULT_SEED 12345ULL

struct hiprandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct hiprandStateXORWOW hiprandStateXORWOW_t;
typedef struct hiprandStateXORWOW hiprandState_t;
typedef struct hiprandStateXORWOW hiprandState;

struct hiprandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct hiprandStatePhilox4_32_10 hiprandStatePhilox4_32_10_t;

struct hiprandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct hiprandStateMRG32k3a hiprandStateMRG32k3a_t;

/* Sobol: the index i, the current value x (Gray-code order), the scramble constant c
 * (0 unscrambled) and the dimension's direction vectors, as cuRAND lays them out. */
struct hiprandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct hiprandStateSobol32 hiprandStateSobol32_t;

struct hiprandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct hiprandStateScrambledSobol32 hiprandStateScrambledSobol32_t;

struct hiprandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct hiprandStateSobol64 hiprandStateSobol64_t;

struct hiprandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct hiprandStateScrambledSobol64 hiprandStateScrambledSobol64_t;

namespace hiprand_detail {

/* Which value the Box-Muller spare holds: a normal or a log-normal one. */
enum : int { kSpareNormal = 1, kSpareLogNormal = 2 };

constexpr float k2Pow32Inv = 2.3283064e-10f;
constexpr float k2Pi = 6.2831855f;
constexpr double k2Pow32InvDouble = 2.3283064365386963e-10;
constexpr double k2Pow53InvDouble = 1.1102230246251565e-16;
constexpr double kPiDouble = 3.1415926535897932;

/* ---- XORWOW: a 160-bit xorshift register plus a Weyl counter. ---- */

/* v <- v * M for a 160x160 bit matrix whose row r is the image of bit r. */
HIPRAND_KERNEL_QUALIFIERS void xorwow_apply(unsigned int v[5], const unsigned int* m) {
  unsigned int r[5] = {0, 0, 0, 0, 0};
  for (int w = 0; w < 5; ++w)
    for (int b = 0; b < 32; ++b)
      if (v[w] & (1u << b)) {
        const unsigned int* row = m + 5 * (w * 32 + b);
        for (int k = 0; k < 5; ++k) r[k] ^= row[k];
      }
  for (int k = 0; k < 5; ++k) v[k] = r[k];
}

/* Each base-4 digit of n applies that table entry digit times. */
HIPRAND_KERNEL_QUALIFIERS void xorwow_jump(unsigned int v[5], unsigned long long n,
                                           const unsigned int (*table)[800]) {
  for (int e = 0; n != 0 && e < 32; ++e, n >>= 2)
    for (unsigned int t = 0; t < (n & 3u); ++t) xorwow_apply(v, table[e]);
}

/* ---- Philox4x32-10 ---- */

HIPRAND_KERNEL_QUALIFIERS unsigned int mulhilo(unsigned int a, unsigned int b, unsigned int* hi) {
#if defined(__HIP_DEVICE_COMPILE__)
  *hi = __umulhi(a, b);
  return a * b;
#else
  unsigned long long p = (unsigned long long)a * b;
  *hi = (unsigned int)(p >> 32);
  return (unsigned int)p;
#endif
}

HIPRAND_KERNEL_QUALIFIERS uint4 philox_round(uint4 c, uint2 k) {
  unsigned int hi0, hi1;
  unsigned int lo0 = mulhilo(0xD2511F53u, c.x, &hi0);
  unsigned int lo1 = mulhilo(0xCD9E8D57u, c.z, &hi1);
  return make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}

HIPRAND_KERNEL_QUALIFIERS uint4 philox10(uint4 c, uint2 k) {
  for (int r = 0; r < 9; ++r) {
    c = philox_round(c, k);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return philox_round(c, k);
}

/* 128-bit counter + n, carries through all four words. */
HIPRAND_KERNEL_QUALIFIERS void philox_add(uint4* c, unsigned long long n) {
  unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
  c->x += lo;
  if (c->x < lo) ++hi;
  c->y += hi;
  if (hi <= c->y) return;
  if (++c->z) return;
  ++c->w;
}

/* Subsequences move the upper 64 bits of the counter. */
HIPRAND_KERNEL_QUALIFIERS void philox_add_hi(uint4* c, unsigned long long n) {
  unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
  c->z += lo;
  if (c->z < lo) ++hi;
  c->w += hi;
}

HIPRAND_KERNEL_QUALIFIERS void philox_next_block(hiprandStatePhilox4_32_10_t* s) {
  philox_add(&s->ctr, 1);
  s->output = philox10(s->ctr, s->key);
}

/* ---- MRG32k3a: exact arithmetic mod m < 2^32 in 64-bit integers. ---- */

constexpr unsigned long long kMrgM1 = 4294967087ull;
constexpr unsigned long long kMrgM2 = 4294944443ull;

HIPRAND_KERNEL_QUALIFIERS void mrg_mat_vec(const unsigned int a[3][3], unsigned int v[3],
                                           unsigned long long m) {
  unsigned long long t[3];
  for (int i = 0; i < 3; ++i) {
    unsigned long long s = 0;
    for (int j = 0; j < 3; ++j) s = (s + (unsigned long long)a[i][j] * v[j] % m) % m;
    t[i] = s;
  }
  for (int i = 0; i < 3; ++i) v[i] = (unsigned int)t[i];
}

HIPRAND_KERNEL_QUALIFIERS void mrg_mat_mul(const unsigned int a[3][3], unsigned int b[3][3],
                                           unsigned long long m) {
  unsigned int o[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      unsigned long long s = 0;
      for (int k = 0; k < 3; ++k) s = (s + (unsigned long long)a[i][k] * b[k][j] % m) % m;
      o[i][j] = (unsigned int)s;
    }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) b[i][j] = o[i][j];
}

/* v <- A^n v, with table[e] = A^(2^e) for the e the table holds. */
HIPRAND_KERNEL_QUALIFIERS void mrg_jump(unsigned int v[3], unsigned long long n,
                                        const unsigned int (*table)[3][3], int entries,
                                        unsigned long long m) {
  unsigned int p[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int e = 0; n != 0 && e < entries; ++e, n >>= 1)
    if (n & 1u) mrg_mat_mul(table[e], p, m);
  mrg_mat_vec(p, v, m);
}

HIPRAND_KERNEL_QUALIFIERS void mrg_skip(hiprandStateMRG32k3a_t* s, unsigned long long n,
                                        const unsigned int (*t1)[3][3],
                                        const unsigned int (*t2)[3][3], int entries) {
  mrg_jump(s->s1, n, t1, entries, kMrgM1);
  mrg_jump(s->s2, n, t2, entries, kMrgM2);
}

/* One step of both recurrences; the combination in (0, m1], as an integer. */
HIPRAND_KERNEL_QUALIFIERS unsigned long long mrg_next(hiprandStateMRG32k3a_t* s) {
  unsigned long long p1 =
      (1403580ull * s->s1[1] + 810728ull * (kMrgM1 - s->s1[0])) % kMrgM1;
  s->s1[0] = s->s1[1];
  s->s1[1] = s->s1[2];
  s->s1[2] = (unsigned int)p1;
  unsigned long long p2 =
      (527612ull * s->s2[2] + 1370589ull * (kMrgM2 - s->s2[0])) % kMrgM2;
  s->s2[0] = s->s2[1];
  s->s2[1] = s->s2[2];
  s->s2[2] = (unsigned int)p2;
  return p1 > p2 ? p1 - p2 : p1 + kMrgM1 - p2;
}

/* ---- Conversions and Box-Muller, as cuRAND defines them ---- */

HIPRAND_KERNEL_QUALIFIERS float to_uniform(unsigned int x) {
  return x * k2Pow32Inv + (k2Pow32Inv / 2.0f);
}
HIPRAND_KERNEL_QUALIFIERS double to_uniform_double(unsigned int x) {
  return x * k2Pow32InvDouble + k2Pow32InvDouble;
}
/* 53 bits from two words (the second shifted over the first, overlapping by 11). */
HIPRAND_KERNEL_QUALIFIERS double to_uniform_double2(unsigned int x, unsigned int y) {
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << 21);
  return z * k2Pow53InvDouble + (k2Pow53InvDouble / 2.0);
}

HIPRAND_KERNEL_QUALIFIERS float2 polar(float u, float angle) {
  float2 r;
  float s = sqrtf(-2.0f * logf(u));
#if defined(__HIP_DEVICE_COMPILE__)
  __sincosf(angle, &r.x, &r.y);
#else
  r.x = sinf(angle);
  r.y = cosf(angle);
#endif
  r.x *= s;
  r.y *= s;
  return r;
}

/* angle_pi is the angle divided by pi. */
HIPRAND_KERNEL_QUALIFIERS double2 polar_double(double u, double angle_pi) {
  double2 r;
  double s = sqrt(-2.0 * log(u));
#if defined(__HIP_DEVICE_COMPILE__)
  sincospi(angle_pi, &r.x, &r.y);
#else
  r.x = sin(angle_pi * kPiDouble);
  r.y = cos(angle_pi * kPiDouble);
#endif
  r.x *= s;
  r.y *= s;
  return r;
}

HIPRAND_KERNEL_QUALIFIERS float2 box_muller(unsigned int x, unsigned int y) {
  return polar(to_uniform(x), y * (k2Pow32Inv * k2Pi) + (k2Pow32Inv * k2Pi) / 2.0f);
}

HIPRAND_KERNEL_QUALIFIERS double2 box_muller_double(unsigned int x0, unsigned int x1,
                                                    unsigned int y0, unsigned int y1) {
  unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << 21);
  return polar_double(to_uniform_double2(x0, x1), zy * (k2Pow53InvDouble * 2.0) + k2Pow53InvDouble);
}

/* Hands out the first of a pair and keeps the second for the next call, as long
 * as the next call asks for the same kind (normal or log-normal). Float and double
 * keep separate spares, as cuRAND's states do. */
template <typename T, typename Pair>
HIPRAND_KERNEL_QUALIFIERS T spare(int& flag, T& extra, int kind, Pair make) {
  if (flag != kind) {
    auto v = make();
    extra = v.y;
    flag = kind;
    return v.x;
  }
  flag = 0;
  return extra;
}

template <typename State, typename Pair>
HIPRAND_KERNEL_QUALIFIERS float spare_float(State* s, int kind, Pair make) {
  return spare(s->boxmuller_flag, s->boxmuller_extra, kind, make);
}

template <typename State, typename Pair>
HIPRAND_KERNEL_QUALIFIERS double spare_double(State* s, int kind, Pair make) {
  return spare(s->boxmuller_flag_double, s->boxmuller_extra_double, kind, make);
}

HIPRAND_KERNEL_QUALIFIERS float2 exp_pair(float2 v, float mean, float stddev) {
  return make_float2(expf(mean + stddev * v.x), expf(mean + stddev * v.y));
}
HIPRAND_KERNEL_QUALIFIERS double2 exp_pair(double2 v, double mean, double stddev) {
  return make_double2(exp(mean + stddev * v.x), exp(mean + stddev * v.y));
}

}  // namespace hiprand_detail

/* ================= XORWOW ================= */

HIPRAND_KERNEL_QUALIFIERS void skipahead(unsigned long long n, hiprandStateXORWOW_t* s) {
  hiprand_detail::xorwow_jump(s->v, n, hiprand_detail::xorwow_offset);
  s->d += 362437u * (unsigned int)n;
}

/* Subsequences are 2^67 steps apart: the Weyl counter moves by a multiple of 2^32. */
HIPRAND_KERNEL_QUALIFIERS void skipahead_sequence(unsigned long long n, hiprandStateXORWOW_t* s) {
  hiprand_detail::xorwow_jump(s->v, n, hiprand_detail::xorwow_sequence);
}

HIPRAND_KERNEL_QUALIFIERS void hiprand_init(unsigned long long seed, unsigned long long subsequence,
                                            unsigned long long offset, hiprandStateXORWOW_t* s) {
  unsigned int t0 = 1099087573u * ((unsigned int)seed ^ 0xaad26b49u);
  unsigned int t1 = 2591861531u * ((unsigned int)(seed >> 32) ^ 0xf7dcefddu);
  s->d = 6615241u + t1 + t0;
  s->v[0] = 123456789u + t0;
  s->v[1] = 362436069u ^ t0;
  s->v[2] = 521288629u + t1;
  s->v[3] = 88675123u ^ t1;
  s->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, s);
  skipahead(offset, s);
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}

HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand(hiprandStateXORWOW_t* s) {
  unsigned int t = s->v[0] ^ (s->v[0] >> 2);
  s->v[0] = s->v[1];
  s->v[1] = s->v[2];
  s->v[2] = s->v[3];
  s->v[3] = s->v[4];
  s->v[4] = (s->v[4] ^ (s->v[4] << 4)) ^ (t ^ (t << 1));
  s->d += 362437u;
  return s->v[4] + s->d;
}

/* ================= Philox4x32-10 ================= */

/* Moves n values ahead: whole 4-value blocks through the counter, the rest
 * through the position within the block. */
HIPRAND_KERNEL_QUALIFIERS void skipahead(unsigned long long n, hiprandStatePhilox4_32_10_t* s) {
  s->STATE += (unsigned int)(n & 3u);
  n /= 4;
  if (s->STATE > 3) {
    n += 1;
    s->STATE -= 4;
  }
  hiprand_detail::philox_add(&s->ctr, n);
  s->output = hiprand_detail::philox10(s->ctr, s->key);
}

HIPRAND_KERNEL_QUALIFIERS void skipahead_sequence(unsigned long long n,
                                                  hiprandStatePhilox4_32_10_t* s) {
  hiprand_detail::philox_add_hi(&s->ctr, n);
  s->output = hiprand_detail::philox10(s->ctr, s->key);
}

HIPRAND_KERNEL_QUALIFIERS void hiprand_init(unsigned long long seed, unsigned long long subsequence,
                                            unsigned long long offset,
                                            hiprandStatePhilox4_32_10_t* s) {
  s->ctr = make_uint4(0, 0, 0, 0);
  s->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
  s->STATE = 0;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
  skipahead_sequence(subsequence, s);
  skipahead(offset, s);
}

HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand(hiprandStatePhilox4_32_10_t* s) {
  unsigned int w[4] = {s->output.x, s->output.y, s->output.z, s->output.w};
  unsigned int r = w[s->STATE & 3u];
  if (++s->STATE == 4) {
    hiprand_detail::philox_next_block(s);
    s->STATE = 0;
  }
  return r;
}

/* The next four values; the position within the block is kept. */
HIPRAND_KERNEL_QUALIFIERS uint4 hiprand4(hiprandStatePhilox4_32_10_t* s) {
  uint4 a = s->output;
  hiprand_detail::philox_next_block(s);
  uint4 b = s->output;
  unsigned int w[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
  unsigned int k = s->STATE & 3u;
  return make_uint4(w[k], w[k + 1], w[k + 2], w[k + 3]);
}

/* ================= MRG32k3a ================= */

HIPRAND_KERNEL_QUALIFIERS void skipahead(unsigned long long n, hiprandStateMRG32k3a_t* s) {
  hiprand_detail::mrg_skip(s, n, hiprand_detail::mrg_m1, hiprand_detail::mrg_m2, 64);
}

/* Subsequences: 2^76 values apart. */
HIPRAND_KERNEL_QUALIFIERS void skipahead_subsequence(unsigned long long n, hiprandStateMRG32k3a_t* s) {
  hiprand_detail::mrg_skip(s, n, hiprand_detail::mrg_m1_subseq, hiprand_detail::mrg_m2_subseq, 56);
}

/* Sequences: 2^127 values apart. */
HIPRAND_KERNEL_QUALIFIERS void skipahead_sequence(unsigned long long n, hiprandStateMRG32k3a_t* s) {
  hiprand_detail::mrg_skip(s, n, hiprand_detail::mrg_m1_seq, hiprand_detail::mrg_m2_seq, 64);
}

HIPRAND_KERNEL_QUALIFIERS void hiprand_init(unsigned long long seed, unsigned long long subsequence,
                                            unsigned long long offset, hiprandStateMRG32k3a_t* s) {
  for (int i = 0; i < 3; ++i) s->s1[i] = s->s2[i] = 12345u;
  if (seed != 0) {
    const unsigned long long x1 = (unsigned int)seed ^ 0x55555555u;
    const unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
    using hiprand_detail::kMrgM1;
    using hiprand_detail::kMrgM2;
    s->s1[0] = (unsigned int)(x1 * 12345u % kMrgM1);
    s->s1[1] = (unsigned int)(x2 * 12345u % kMrgM1);
    s->s1[2] = (unsigned int)(x1 * 12345u % kMrgM1);
    s->s2[0] = (unsigned int)(x2 * 12345u % kMrgM2);
    s->s2[1] = (unsigned int)(x1 * 12345u % kMrgM2);
    s->s2[2] = (unsigned int)(x2 * 12345u % kMrgM2);
  }
  skipahead_subsequence(subsequence, s);
  skipahead(offset, s);
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}

/* The combined value scaled to 32 bits (by (2^32 - 1) / m1, rounded as cuRAND). */
HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand(hiprandStateMRG32k3a_t* s) {
  return (unsigned int)((double)hiprand_detail::mrg_next(s) * 1.000000048662);
}

/* ================= Uniform ================= */

HIPRAND_KERNEL_QUALIFIERS float hiprand_uniform(hiprandStateXORWOW_t* s) {
  return hiprand_detail::to_uniform(hiprand(s));
}
HIPRAND_KERNEL_QUALIFIERS float hiprand_uniform(hiprandStatePhilox4_32_10_t* s) {
  return hiprand_detail::to_uniform(hiprand(s));
}
HIPRAND_KERNEL_QUALIFIERS double hiprand_mrg_uniform_double_(hiprandStateMRG32k3a_t* s) {
  return (double)hiprand_detail::mrg_next(s) * 2.3283065498378288e-10;  // 1 / m1
}
HIPRAND_KERNEL_QUALIFIERS float hiprand_uniform(hiprandStateMRG32k3a_t* s) {
  return (float)hiprand_mrg_uniform_double_(s);
}

HIPRAND_KERNEL_QUALIFIERS double hiprand_uniform_double(hiprandStateXORWOW_t* s) {
  unsigned int x = hiprand(s);
  unsigned int y = hiprand(s);
  return hiprand_detail::to_uniform_double2(x, y);
}
/* cuRAND builds Philox's double from one 32-bit value. */
HIPRAND_KERNEL_QUALIFIERS double hiprand_uniform_double(hiprandStatePhilox4_32_10_t* s) {
  return hiprand_detail::to_uniform_double(hiprand(s));
}
HIPRAND_KERNEL_QUALIFIERS double hiprand_uniform_double(hiprandStateMRG32k3a_t* s) {
  return hiprand_mrg_uniform_double_(s);
}

HIPRAND_KERNEL_QUALIFIERS float4 hiprand_uniform4(hiprandStatePhilox4_32_10_t* s) {
  uint4 x = hiprand4(s);
  using hiprand_detail::to_uniform;
  return make_float4(to_uniform(x.x), to_uniform(x.y), to_uniform(x.z), to_uniform(x.w));
}
HIPRAND_KERNEL_QUALIFIERS double2 hiprand_uniform2_double(hiprandStatePhilox4_32_10_t* s) {
  uint4 x = hiprand4(s);
  using hiprand_detail::to_uniform_double2;
  return make_double2(to_uniform_double2(x.x, x.y), to_uniform_double2(x.z, x.w));
}
HIPRAND_KERNEL_QUALIFIERS double4 hiprand_uniform4_double(hiprandStatePhilox4_32_10_t* s) {
  uint4 x = hiprand4(s);
  uint4 y = hiprand4(s);
  using hiprand_detail::to_uniform_double2;
  return make_double4(to_uniform_double2(x.x, x.y), to_uniform_double2(x.z, x.w),
                      to_uniform_double2(y.x, y.y), to_uniform_double2(y.z, y.w));
}

/* ================= Normal pairs (Box-Muller) ================= */

/* XORWOW and Philox: two 32-bit values per float pair, four per double pair. */
template <typename State>
HIPRAND_KERNEL_QUALIFIERS float2 hiprand_detail_pair_(State* s) {
  unsigned int x = hiprand(s);
  unsigned int y = hiprand(s);
  return hiprand_detail::box_muller(x, y);
}
HIPRAND_KERNEL_QUALIFIERS double2 hiprand_detail_pair_double_(hiprandStateXORWOW_t* s) {
  unsigned int x0 = hiprand(s), x1 = hiprand(s), y0 = hiprand(s), y1 = hiprand(s);
  return hiprand_detail::box_muller_double(x0, x1, y0, y1);
}
HIPRAND_KERNEL_QUALIFIERS double2 hiprand_detail_pair_double_(hiprandStatePhilox4_32_10_t* s) {
  uint4 x = hiprand4(s);
  return hiprand_detail::box_muller_double(x.x, x.y, x.z, x.w);
}
/* MRG32k3a: from its uniform values. */
HIPRAND_KERNEL_QUALIFIERS float2 hiprand_detail_pair_(hiprandStateMRG32k3a_t* s) {
  float u = hiprand_uniform(s);
  float a = hiprand_uniform(s) * hiprand_detail::k2Pi;
  return hiprand_detail::polar(u, a);
}
HIPRAND_KERNEL_QUALIFIERS double2 hiprand_detail_pair_double_(hiprandStateMRG32k3a_t* s) {
  double u = hiprand_uniform_double(s);
  double a = hiprand_uniform_double(s) * 2.0;
  return hiprand_detail::polar_double(u, a);
}

#define HIPRAND_NORMAL_FAMILY(State)                                                            \
  HIPRAND_KERNEL_QUALIFIERS float hiprand_normal(State* s) {                                    \
    return hiprand_detail::spare_float(s, hiprand_detail::kSpareNormal,                         \
                                       [s] { return hiprand_detail_pair_(s); });                \
  }                                                                                             \
  HIPRAND_KERNEL_QUALIFIERS double hiprand_normal_double(State* s) {                            \
    return hiprand_detail::spare_double(s, hiprand_detail::kSpareNormal,                        \
                                        [s] { return hiprand_detail_pair_double_(s); });        \
  }                                                                                             \
  HIPRAND_KERNEL_QUALIFIERS float2 hiprand_normal2(State* s) { return hiprand_detail_pair_(s); } \
  HIPRAND_KERNEL_QUALIFIERS double2 hiprand_normal2_double(State* s) {                          \
    return hiprand_detail_pair_double_(s);                                                      \
  }                                                                                             \
  HIPRAND_KERNEL_QUALIFIERS float hiprand_log_normal(State* s, float mean, float stddev) {      \
    return hiprand_detail::spare_float(s, hiprand_detail::kSpareLogNormal, [=] {                \
      return hiprand_detail::exp_pair(hiprand_detail_pair_(s), mean, stddev);                   \
    });                                                                                         \
  }                                                                                             \
  HIPRAND_KERNEL_QUALIFIERS double hiprand_log_normal_double(State* s, double mean,             \
                                                             double stddev) {                   \
    return hiprand_detail::spare_double(s, hiprand_detail::kSpareLogNormal, [=] {               \
      return hiprand_detail::exp_pair(hiprand_detail_pair_double_(s), mean, stddev);            \
    });                                                                                         \
  }                                                                                             \
  HIPRAND_KERNEL_QUALIFIERS float2 hiprand_log_normal2(State* s, float mean, float stddev) {    \
    return hiprand_detail::exp_pair(hiprand_detail_pair_(s), mean, stddev);                     \
  }                                                                                             \
  HIPRAND_KERNEL_QUALIFIERS double2 hiprand_log_normal2_double(State* s, double mean,           \
                                                               double stddev) {                 \
    return hiprand_detail::exp_pair(hiprand_detail_pair_double_(s), mean, stddev);              \
  }

HIPRAND_NORMAL_FAMILY(hiprandStateXORWOW_t)
HIPRAND_NORMAL_FAMILY(hiprandStatePhilox4_32_10_t)
HIPRAND_NORMAL_FAMILY(hiprandStateMRG32k3a_t)
#undef HIPRAND_NORMAL_FAMILY

HIPRAND_KERNEL_QUALIFIERS float4 hiprand_normal4(hiprandStatePhilox4_32_10_t* s) {
  uint4 x = hiprand4(s);
  float2 a = hiprand_detail::box_muller(x.x, x.y);
  float2 b = hiprand_detail::box_muller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
HIPRAND_KERNEL_QUALIFIERS double4 hiprand_normal4_double(hiprandStatePhilox4_32_10_t* s) {
  double2 a = hiprand_detail_pair_double_(s);
  double2 b = hiprand_detail_pair_double_(s);
  return make_double4(a.x, a.y, b.x, b.y);
}
HIPRAND_KERNEL_QUALIFIERS float4 hiprand_log_normal4(hiprandStatePhilox4_32_10_t* s, float mean,
                                                     float stddev) {
  float4 v = hiprand_normal4(s);
  return make_float4(expf(mean + stddev * v.x), expf(mean + stddev * v.y),
                     expf(mean + stddev * v.z), expf(mean + stddev * v.w));
}

/* ================= Poisson, as cuRAND draws it ================= */

namespace hiprand_detail {

/* The approximate instructions cuRAND's Poisson uses on the device (PTX's .approx.ftz
 * forms; the AMD hardware's counterparts), the exact functions on the host. */
HIPRAND_KERNEL_QUALIFIERS float approx_rsqrt(float a) {
#if defined(__CUDA_ARCH__) && defined(__NVPTX__)  /* CUDA code may define __CUDA_ARCH__ on AMD */
  asm("rsqrt.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  return a;
#elif defined(__AMDGCN__)
  return __builtin_amdgcn_rsqf(a);
#else
  return 1.0f / sqrtf(a);
#endif
}
HIPRAND_KERNEL_QUALIFIERS float approx_exp(float a) {
#if defined(__CUDA_ARCH__) && defined(__NVPTX__)  /* CUDA code may define __CUDA_ARCH__ on AMD */
  a = a * 1.4426950408889634074;
  asm("ex2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  return a;
#elif defined(__AMDGCN__)
  a = a * 1.4426950408889634074;
  return __builtin_amdgcn_exp2f(a);
#else
  return expf(a);
#endif
}
HIPRAND_KERNEL_QUALIFIERS float approx_log(float a) {
#if defined(__CUDA_ARCH__) && defined(__NVPTX__)  /* CUDA code may define __CUDA_ARCH__ on AMD */
  asm("lg2.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  a = a * 0.69314718055994530942;
  return a;
#elif defined(__AMDGCN__)
  a = __builtin_amdgcn_logf(a);
  a = a * 0.69314718055994530942;
  return a;
#else
  return logf(a);
#endif
}
HIPRAND_KERNEL_QUALIFIERS float approx_rcp(float a) {
#if defined(__CUDA_ARCH__) && defined(__NVPTX__)  /* CUDA code may define __CUDA_ARCH__ on AMD */
  asm("rcp.approx.f32.ftz %0, %1;" : "=f"(a) : "f"(a));
  return a;
#elif defined(__AMDGCN__)
  return __builtin_amdgcn_rcpf(a);
#else
  return 1.0f / a;
#endif
}

/* A closed-form fit of the regularized incomplete gamma function P(a, x) and its
 * inverse in x (cuRAND's constants). */
struct GammaFit {
  float alpha, beta;
};
HIPRAND_KERNEL_QUALIFIERS GammaFit gamma_fit(float a) {
  return {1.43248035075540910f * approx_rsqrt(a - 0.12400979329415655f) + 0.00025361074907033f,
          0.21096734870196546f * approx_rsqrt(a - 1.97381164089999420f) + 0.94201734077887530f};
}
HIPRAND_KERNEL_QUALIFIERS float gammainc_fit(float a, float x) {
  GammaFit f = gamma_fit(a);
  float t = 1.0f + approx_exp(f.alpha * (a - x) - f.beta);
  return approx_rcp(t * t);
}
HIPRAND_KERNEL_QUALIFIERS float gammainc_fit_inverse(float a, float y) {
  GammaFit f = gamma_fit(a);
  float t = f.beta + approx_log(approx_rsqrt(y) - 1.0f);
  return -t * approx_rcp(f.alpha) + a;
}

/* ln((a-1)!): the table below 9, Stirling's series (Hart et al. 5404) above. */
HIPRAND_KERNEL_QUALIFIERS double lgamma_integer(int a) {
  double fa = fabs((float)a);
  if (a <= 8) return lgamma_small[a < 1 ? 8 : a - 1];
  double s = 1.0 / fa, t = s * s;
  double sum = -0.1633436431e-2;
  sum = sum * t + 0.83645878922e-3;
  sum = sum * t - 0.5951896861197e-3;
  sum = sum * t + 0.793650576493454e-3;
  sum = sum * t - 0.277777777735865004e-2;
  sum = sum * t + 0.833333333333331018375e-1;
  sum = sum * s + 0.918938533204672;
  s = 0.5 * log(fa) * (fa - 0.5);
  return (s - fa) + (s + sum);
}

/* Knuth's multiplication method (lambda < 64). */
template <typename State>
HIPRAND_KERNEL_QUALIFIERS unsigned int poisson_knuth(State* s, float lambda) {
  unsigned int k = 0;
  float p = expf(lambda);
  do {
    ++k;
    p *= hiprand_uniform(s);
  } while (p > 1.0);
  return k - 1;
}

/* Rejection from the incomplete-gamma fit (64 <= lambda <= 4000). */
template <typename State>
HIPRAND_KERNEL_QUALIFIERS unsigned int poisson_gammainc(State* s, float lambda) {
  const float logl = approx_log(lambda);
  float x;
  while (true) {
    float y = hiprand_uniform(s);
    x = floorf(gammainc_fit_inverse(lambda, y));
    float z = hiprand_uniform(s);
    float v = (gammainc_fit(lambda, x + 1.0f) - gammainc_fit(lambda, x)) * 1.3f;
    z = z * v;
    float t = approx_exp(-lambda + x * logl - (float)lgamma_integer((int)(1.0f + x)));
    if (z < t && v >= 1e-20) break;
  }
  return (unsigned int)x;
}

template <typename State>
HIPRAND_KERNEL_QUALIFIERS unsigned int poisson(State* s, double lambda) {
  if (lambda < 64) return poisson_knuth(s, (float)lambda);
  if (lambda > 4000) return (unsigned int)((sqrt(lambda) * hiprand_normal_double(s)) + lambda + 0.5);
  return poisson_gammainc(s, (float)lambda);
}

}  // namespace hiprand_detail

HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand_poisson(hiprandStateXORWOW_t* s, double lambda) {
  return hiprand_detail::poisson(s, lambda);
}
HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand_poisson(hiprandStatePhilox4_32_10_t* s, double lambda) {
  return hiprand_detail::poisson(s, lambda);
}
HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand_poisson(hiprandStateMRG32k3a_t* s, double lambda) {
  return hiprand_detail::poisson(s, lambda);
}

/* ================= Sobol (quasi-random) ================= */

namespace hiprand_detail {

/* Index of the lowest zero bit; the all-ones index gives the top bit, as cuRAND's. */
HIPRAND_KERNEL_QUALIFIERS int lowest_zero_bit(unsigned int x) {
#if defined(__HIP_DEVICE_COMPILE__)
  int y = __ffs(~x);
  return y ? y - 1 : 31;
#else
  int i = 0;
  while ((x & 1u) && i < 31) {
    ++i;
    x >>= 1;
  }
  return i;
#endif
}
HIPRAND_KERNEL_QUALIFIERS int lowest_zero_bit(unsigned long long x) {
#if defined(__HIP_DEVICE_COMPILE__)
  int y = __ffsll(~x);
  return y ? y - 1 : 63;
#else
  int i = 0;
  while ((x & 1ull) && i < 63) {
    ++i;
    x >>= 1;
  }
  return i;
#endif
}

/* x = c ^ (the direction vectors of the set bits of gray(i + n)). */
template <typename State, typename Word, int Bits>
HIPRAND_KERNEL_QUALIFIERS void sobol_skip(State* s, Word n) {
  s->x = s->c;
  s->i += n;
  Word gray = s->i ^ (s->i >> 1);
  for (int k = 0; k < Bits; ++k)
    if (gray & ((Word)1 << k)) s->x ^= s->direction_vectors[k];
}

template <typename State, typename Word, int Bits>
HIPRAND_KERNEL_QUALIFIERS void sobol_init(const Word* vectors, Word scramble, Word offset, State* s) {
  s->i = 0;
  s->c = scramble;
  for (int k = 0; k < Bits; ++k) s->direction_vectors[k] = vectors[k];
  sobol_skip<State, Word, Bits>(s, offset);
}

/* Gray-code order: the next value differs from this one by the vector of i's lowest zero bit. */
template <typename State>
HIPRAND_KERNEL_QUALIFIERS auto sobol_next(State* s) -> decltype(s->x) {
  auto r = s->x;
  s->x ^= s->direction_vectors[lowest_zero_bit(s->i)];
  ++s->i;
  return r;
}

/* erfcinv on the host, which has none: the normal quantile's rational approximation
 * (Abramowitz and Stegun 26.2.23) polished by Halley steps on libm's erfc. */
HIPRAND_KERNEL_QUALIFIERS double erfcinv_host(double y) {
  if (!(y > 0.0)) return y == 0.0 ? HUGE_VAL : y;
  if (!(y < 2.0)) return y == 2.0 ? -HUGE_VAL : -y;
  bool mirror = y > 1.0;
  if (mirror) y = 2.0 - y;
  double t = sqrt(-2.0 * log(0.5 * y));
  double x = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
                     (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
  x *= 0.70710678118654752;
  for (int k = 0; k < 3; ++k) {
    double dx = (erfc(x) - y) / (1.1283791670955126 * exp(-x * x));
    x += dx / (1.0 - x * dx);
  }
  return mirror ? -x : x;
}

HIPRAND_KERNEL_QUALIFIERS float erfcinv_f(float y) {
#if defined(__HIP_DEVICE_COMPILE__)
  return erfcinvf(y);
#else
  return (float)erfcinv_host(y);
#endif
}
HIPRAND_KERNEL_QUALIFIERS double erfcinv_d(double y) {
#if defined(__HIP_DEVICE_COMPILE__)
  return erfcinv(y);
#else
  return erfcinv_host(y);
#endif
}

/* cuRAND's conversions of one quasi-random word (a single word per value keeps the
 * sequence's uniformity). */
constexpr float kMinusSqrt2 = -1.4142135f;
constexpr double kMinusSqrt2Double = -1.4142135623730951;

HIPRAND_KERNEL_QUALIFIERS float q_uniform(unsigned int x) { return to_uniform(x); }
HIPRAND_KERNEL_QUALIFIERS float q_uniform(unsigned long long x) {
  return to_uniform((unsigned int)(x >> 32));
}
HIPRAND_KERNEL_QUALIFIERS double q_uniform_double(unsigned int x) { return to_uniform_double(x); }
HIPRAND_KERNEL_QUALIFIERS double q_uniform_double(unsigned long long x) {
  return (x >> 11) * k2Pow53InvDouble + (k2Pow53InvDouble / 2.0);
}

/* The inverse normal CDF, mirrored about the middle so the tail keeps its precision. */
HIPRAND_KERNEL_QUALIFIERS float q_normal(unsigned int x) {
  float s = kMinusSqrt2;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  float p = x * k2Pow32Inv + (k2Pow32Inv / 2.0f);
  return s * erfcinv_f(2.0f * p);
}
HIPRAND_KERNEL_QUALIFIERS float q_normal(unsigned long long x) {
  return q_normal((unsigned int)(x >> 32));
}
HIPRAND_KERNEL_QUALIFIERS double q_normal_double(unsigned int x) {
  double s = kMinusSqrt2Double;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  double p = x * k2Pow32InvDouble + (k2Pow32InvDouble / 2.0);
  return s * erfcinv_d(2.0 * p);
}
HIPRAND_KERNEL_QUALIFIERS double q_normal_double(unsigned long long x) {
  double s = kMinusSqrt2Double;
  x >>= 11;
  if (x > 0x10000000000000ull) {
    x = 0x1fffffffffffffull - x;
    s = -s;
  }
  double p = x * k2Pow53InvDouble + (k2Pow53InvDouble / 2.0);
  return s * erfcinv_d(2.0 * p);
}

/* Uniforms in (0, 1) for the inversion below (1 would never end its loop). */
HIPRAND_KERNEL_QUALIFIERS double q_uniform_open(unsigned int x) {
  return x * k2Pow32InvDouble + (k2Pow32InvDouble / 2.0);
}
HIPRAND_KERNEL_QUALIFIERS double q_uniform_open(unsigned long long x) {
  return (x >> 11) * k2Pow53InvDouble + (k2Pow53InvDouble / 4.0);
}

/* One word per draw: inversion of the CDF (Fishman's ITR, the exponential taken in steps
 * of e^-500 so it does not underflow) below lambda 1000, the normal approximation above. */
template <typename Word>
HIPRAND_KERNEL_QUALIFIERS unsigned int q_poisson(Word x, double lambda) {
  if (!(lambda < 1000)) return (unsigned int)((sqrt(lambda) * q_normal_double(x)) + lambda + 0.5);
  constexpr double kStep = 500.0;
  double p = 1.0, q = 1.0;
  unsigned int k = 0;
  int reached = 0;
  double u = q_uniform_open(x);
  do {
    double l = lambda > (double)(reached + kStep) ? exp(-kStep) : exp((double)(reached - lambda));
    p *= l;
    q *= l;
    reached += (int)kStep;
    while (u > q) {
      ++k;
      p *= (double)lambda / (double)k;
      q += p;
    }
  } while ((double)reached < lambda);
  return k;
}

}  // namespace hiprand_detail

HIPRAND_KERNEL_QUALIFIERS void skipahead(unsigned long long n, hiprandStateSobol32_t* s) {
  hiprand_detail::sobol_skip<hiprandStateSobol32_t, unsigned int, 32>(s, (unsigned int)n);
}
HIPRAND_KERNEL_QUALIFIERS void skipahead(unsigned long long n, hiprandStateScrambledSobol32_t* s) {
  hiprand_detail::sobol_skip<hiprandStateScrambledSobol32_t, unsigned int, 32>(s, (unsigned int)n);
}
HIPRAND_KERNEL_QUALIFIERS void skipahead(unsigned long long n, hiprandStateSobol64_t* s) {
  hiprand_detail::sobol_skip<hiprandStateSobol64_t, unsigned long long, 64>(s, n);
}
HIPRAND_KERNEL_QUALIFIERS void skipahead(unsigned long long n, hiprandStateScrambledSobol64_t* s) {
  hiprand_detail::sobol_skip<hiprandStateScrambledSobol64_t, unsigned long long, 64>(s, n);
}

/* direction_vectors: the dimension's 32 (64) vectors, e.g. one row of
 * hiprandGetDirectionVectors32's table copied to the device. */
HIPRAND_KERNEL_QUALIFIERS void hiprand_init(hiprandDirectionVectors32_t direction_vectors,
                                            unsigned int offset, hiprandStateSobol32_t* s) {
  hiprand_detail::sobol_init<hiprandStateSobol32_t, unsigned int, 32>(direction_vectors, 0u,
                                                                       offset, s);
}
HIPRAND_KERNEL_QUALIFIERS void hiprand_init(hiprandDirectionVectors32_t direction_vectors,
                                            unsigned int scramble_constant, unsigned int offset,
                                            hiprandStateScrambledSobol32_t* s) {
  hiprand_detail::sobol_init<hiprandStateScrambledSobol32_t, unsigned int, 32>(
      direction_vectors, scramble_constant, offset, s);
}
/* AMD's header takes an unsigned int offset for the 64-bit states, cuRAND's an unsigned
 * long long: the wider one accepts both. */
HIPRAND_KERNEL_QUALIFIERS void hiprand_init(hiprandDirectionVectors64_t direction_vectors,
                                            unsigned long long offset, hiprandStateSobol64_t* s) {
  hiprand_detail::sobol_init<hiprandStateSobol64_t, unsigned long long, 64>(direction_vectors,
                                                                             0ull, offset, s);
}
HIPRAND_KERNEL_QUALIFIERS void hiprand_init(hiprandDirectionVectors64_t direction_vectors,
                                            unsigned long long scramble_constant,
                                            unsigned long long offset,
                                            hiprandStateScrambledSobol64_t* s) {
  hiprand_detail::sobol_init<hiprandStateScrambledSobol64_t, unsigned long long, 64>(
      direction_vectors, scramble_constant, offset, s);
}

HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand(hiprandStateSobol32_t* s) {
  return hiprand_detail::sobol_next(s);
}
HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand(hiprandStateScrambledSobol32_t* s) {
  return hiprand_detail::sobol_next(s);
}
/* AMD's hiprand() on a 64-bit state truncates to 32 bits; cuRAND's curand() returns all
 * 64, which CUDA code (curand -> hiprand) relies on. */
HIPRAND_KERNEL_QUALIFIERS unsigned long long hiprand(hiprandStateSobol64_t* s) {
  return hiprand_detail::sobol_next(s);
}
HIPRAND_KERNEL_QUALIFIERS unsigned long long hiprand(hiprandStateScrambledSobol64_t* s) {
  return hiprand_detail::sobol_next(s);
}
HIPRAND_KERNEL_QUALIFIERS unsigned long long hiprand_long_long(hiprandStateSobol64_t* s) {
  return hiprand_detail::sobol_next(s);
}
HIPRAND_KERNEL_QUALIFIERS unsigned long long hiprand_long_long(hiprandStateScrambledSobol64_t* s) {
  return hiprand_detail::sobol_next(s);
}

/* Each value from one word, so the sequence stays quasi-random; no Box-Muller spare. */
#define HIPRAND_SOBOL_FAMILY(State)                                                          \
  HIPRAND_KERNEL_QUALIFIERS float hiprand_uniform(State* s) {                                \
    return hiprand_detail::q_uniform(hiprand(s));                                            \
  }                                                                                          \
  HIPRAND_KERNEL_QUALIFIERS double hiprand_uniform_double(State* s) {                        \
    return hiprand_detail::q_uniform_double(hiprand(s));                                     \
  }                                                                                          \
  HIPRAND_KERNEL_QUALIFIERS float hiprand_normal(State* s) {                                 \
    return hiprand_detail::q_normal(hiprand(s));                                             \
  }                                                                                          \
  HIPRAND_KERNEL_QUALIFIERS double hiprand_normal_double(State* s) {                         \
    return hiprand_detail::q_normal_double(hiprand(s));                                      \
  }                                                                                          \
  HIPRAND_KERNEL_QUALIFIERS float hiprand_log_normal(State* s, float mean, float stddev) {   \
    return expf(mean + (stddev * hiprand_detail::q_normal(hiprand(s))));                     \
  }                                                                                          \
  HIPRAND_KERNEL_QUALIFIERS double hiprand_log_normal_double(State* s, double mean,          \
                                                             double stddev) {                \
    return exp(mean + (stddev * hiprand_detail::q_normal_double(hiprand(s))));               \
  }                                                                                          \
  HIPRAND_KERNEL_QUALIFIERS unsigned int hiprand_poisson(State* s, double lambda) {          \
    return hiprand_detail::q_poisson(hiprand(s), lambda);                                    \
  }

HIPRAND_SOBOL_FAMILY(hiprandStateSobol32_t)
HIPRAND_SOBOL_FAMILY(hiprandStateScrambledSobol32_t)
HIPRAND_SOBOL_FAMILY(hiprandStateSobol64_t)
HIPRAND_SOBOL_FAMILY(hiprandStateScrambledSobol64_t)
#undef HIPRAND_SOBOL_FAMILY

#undef HIPRAND_KERNEL_QUALIFIERS
#endif
