/* unihip: hip_bfloat16, HIP's older bfloat16 struct (as rocBLAS and friends use it).
 *
 * One uint16_t `data` holding the upper half of an IEEE float. Conversion from float rounds to
 * nearest even (or truncates with hip_bfloat16::truncate); NaN stays a quiet NaN. Arithmetic and
 * comparisons go through float. In C only the struct is declared, as in HIP. For the newer
 * __hip_bfloat16 API see hip_bf16.h. */
#ifndef UNIHIP_HIP_BFLOAT16_H
#define UNIHIP_HIP_BFLOAT16_H

#include <stdint.h>

#include "hip/unihip/host_math.h"
#include "hip/unihip/qualifiers.h"

#if !defined(__cplusplus)

typedef struct {
  uint16_t data;
} hip_bfloat16;

#else

#include <ostream>

#define UNIHIP_BF16_LEGACY_FN __host__ __device__ inline __attribute__((always_inline))

typedef struct {
  uint16_t data;
} hip_bfloat16_public;

struct hip_bfloat16 {
  uint16_t data;

  enum truncate_t { truncate };

  hip_bfloat16() = default;
  UNIHIP_BF16_LEGACY_FN explicit hip_bfloat16(float f) : data(float_to_bfloat16(f)) {}
  UNIHIP_BF16_LEGACY_FN explicit hip_bfloat16(float f, truncate_t)
      : data(truncate_float_to_bfloat16(f)) {}
  UNIHIP_BF16_LEGACY_FN operator float() const {
    return __builtin_bit_cast(float, (uint32_t)data << 16);
  }
  static UNIHIP_BF16_LEGACY_FN hip_bfloat16 round_to_bfloat16(float f) {
    hip_bfloat16 r;
    r.data = float_to_bfloat16(f);
    return r;
  }
  static UNIHIP_BF16_LEGACY_FN hip_bfloat16 round_to_bfloat16(float f, truncate_t) {
    hip_bfloat16 r;
    r.data = truncate_float_to_bfloat16(f);
    return r;
  }

 private:
  static UNIHIP_BF16_LEGACY_FN uint16_t float_to_bfloat16(float f) {
    uint32_t u = __builtin_bit_cast(uint32_t, f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x0040u);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
  }
  static UNIHIP_BF16_LEGACY_FN uint16_t truncate_float_to_bfloat16(float f) {
    uint32_t u = __builtin_bit_cast(uint32_t, f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x0040u);
    return (uint16_t)(u >> 16);
  }
};
static_assert(sizeof(hip_bfloat16) == 2, "hip_bfloat16 is 2 bytes");

inline std::ostream& operator<<(std::ostream& os, const hip_bfloat16& b) { return os << float(b); }

#define UNIHIP_BF16L_BIN(op)                                                                 \
  UNIHIP_BF16_LEGACY_FN hip_bfloat16 operator op(hip_bfloat16 a, hip_bfloat16 b) {            \
    return hip_bfloat16(float(a) op float(b));                                               \
  }                                                                                          \
  UNIHIP_BF16_LEGACY_FN hip_bfloat16& operator op##=(hip_bfloat16& a, hip_bfloat16 b) {       \
    return a = a op b;                                                                       \
  }
UNIHIP_BF16L_BIN(+)
UNIHIP_BF16L_BIN(-)
UNIHIP_BF16L_BIN(*)
UNIHIP_BF16L_BIN(/)
#undef UNIHIP_BF16L_BIN
#define UNIHIP_BF16L_CMP(op) \
  UNIHIP_BF16_LEGACY_FN bool operator op(hip_bfloat16 a, hip_bfloat16 b) { return float(a) op float(b); }
UNIHIP_BF16L_CMP(<)
UNIHIP_BF16L_CMP(>)
UNIHIP_BF16L_CMP(<=)
UNIHIP_BF16L_CMP(>=)
UNIHIP_BF16L_CMP(==)
UNIHIP_BF16L_CMP(!=)
#undef UNIHIP_BF16L_CMP
UNIHIP_BF16_LEGACY_FN hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
UNIHIP_BF16_LEGACY_FN hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data ^= 0x8000;
  return a;
}
UNIHIP_BF16_LEGACY_FN hip_bfloat16& operator++(hip_bfloat16& a) { return a += hip_bfloat16(1.0f); }
UNIHIP_BF16_LEGACY_FN hip_bfloat16& operator--(hip_bfloat16& a) { return a -= hip_bfloat16(1.0f); }
UNIHIP_BF16_LEGACY_FN hip_bfloat16 operator++(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  ++a;
  return old;
}
UNIHIP_BF16_LEGACY_FN hip_bfloat16 operator--(hip_bfloat16& a, int) {
  hip_bfloat16 old = a;
  --a;
  return old;
}

/* HIP adds these to namespace std for hip_bfloat16. */
namespace std {
UNIHIP_BF16_LEGACY_FN bool isinf(hip_bfloat16 a) { return (a.data & 0x7fff) == 0x7f80; }
UNIHIP_BF16_LEGACY_FN bool isnan(hip_bfloat16 a) { return (a.data & 0x7fff) > 0x7f80; }
UNIHIP_BF16_LEGACY_FN bool iszero(hip_bfloat16 a) { return (a.data & 0x7fff) == 0; }
UNIHIP_BF16_LEGACY_FN hip_bfloat16 sin(hip_bfloat16 a) { return hip_bfloat16(sinf(float(a))); }
UNIHIP_BF16_LEGACY_FN hip_bfloat16 cos(hip_bfloat16 a) { return hip_bfloat16(cosf(float(a))); }
UNIHIP_BF16_LEGACY_FN hip_bfloat16 real(const hip_bfloat16 a) { return a; }
}  // namespace std

#undef UNIHIP_BF16_LEGACY_FN

#endif /* __cplusplus */

#endif /* UNIHIP_HIP_BFLOAT16_H */
