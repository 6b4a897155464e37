// The math cases of the device suite, shared by the kernel (device expressions) and the test
// (host references, computed in double or long double). X(name, device, host, tolerance):
// `device` and `host` are expressions of x in [0.1, 0.9] and y in [0.5, 2]; the check is
// |device - host| <= tolerance * max(1, |host|).
#pragma once

#define PI_D 3.14159265358979323846
// REF_F32/REF_F64: an exact host value rounded as the device's float (double) arithmetic rounds
// it. floorf(x * 10) sees x * 10 already rounded: an exact product just below an integer or a
// .5 can round onto it, so the references round the product the same way.
#define REF_F32(v) static_cast<double>(static_cast<float>(v))
#define REF_F64(v) static_cast<long double>(static_cast<double>(v))

#define UNIHIP_MATH_CASES_FLOAT(X)                                                          \
  X(sinf, sinf(x), std::sin(dx), 2e-6) X(cosf, cosf(x), std::cos(dx), 2e-6)                 \
  X(tanf, tanf(x), std::tan(dx), 3e-6) X(asinf, asinf(x), std::asin(dx), 2e-6)              \
  X(acosf, acosf(x), std::acos(dx), 2e-6) X(atanf, atanf(x), std::atan(dx), 2e-6)           \
  X(atan2f, atan2f(x, y), std::atan2(dx, dy), 2e-6) X(sinhf, sinhf(x), std::sinh(dx), 2e-6) \
  X(coshf, coshf(x), std::cosh(dx), 2e-6) X(tanhf, tanhf(x), std::tanh(dx), 2e-6)           \
  X(asinhf, asinhf(x), std::asinh(dx), 2e-6) X(acoshf, acoshf(1 + x), std::acosh(1 + dx), 3e-6) \
  X(atanhf, atanhf(x * 0.5f), std::atanh(dx * 0.5), 2e-6)                                    \
  X(expf, expf(x), std::exp(dx), 2e-6) X(exp2f, exp2f(x), std::exp2(dx), 2e-6)              \
  X(exp10f, exp10f(x), std::pow(10.0, dx), 2e-6) X(expm1f, expm1f(x), std::expm1(dx), 2e-6) \
  X(logf, logf(x), std::log(dx), 2e-6) X(log2f, log2f(x), std::log2(dx), 2e-6)              \
  X(log10f, log10f(x), std::log10(dx), 2e-6) X(log1pf, log1pf(x), std::log1p(dx), 2e-6)     \
  X(logbf, logbf(y), std::logb(dy), 0) X(powf, powf(x, y), std::pow(dx, dy), 3e-6)          \
  X(sqrtf, sqrtf(x), REF_F32(std::sqrt(dx)), 0) X(rsqrtf, rsqrtf(x), 1.0 / std::sqrt(dx), 2e-6)   \
  X(cbrtf, cbrtf(x), std::cbrt(dx), 2e-6) X(rcbrtf, rcbrtf(x), 1.0 / std::cbrt(dx), 2e-6)   \
  X(hypotf, hypotf(x, y), std::hypot(dx, dy), 2e-6) X(fmaf, fmaf(x, y, 0.5f), dx * dy + 0.5, 1e-6) \
  X(erff, erff(x), std::erf(dx), 2e-6) X(erfcf, erfcf(x), std::erfc(dx), 3e-6)              \
  X(erfinvf, erff(erfinvf(x)), dx, 3e-6) X(erfcinvf, erfcf(erfcinvf(x)), dx, 3e-6)          \
  X(erfcxf, erfcxf(x), std::exp(dx * dx) * std::erfc(dx), 3e-6)                              \
  X(normcdff, normcdff(x), 0.5 * std::erfc(-dx / std::sqrt(2.0)), 3e-6)                      \
  X(normcdfinvf, normcdff(normcdfinvf(x)), dx, 3e-6)                                         \
  X(tgammaf, tgammaf(x), std::tgamma(dx), 1e-5) X(lgammaf, lgammaf(y), std::lgamma(dy), 1e-5) \
  X(sinpif, sinpif(x), std::sin(PI_D * dx), 2e-6) X(cospif, cospif(x), std::cos(PI_D * dx), 2e-6) \
  X(j0f, j0f(x), ::j0(dx), 1e-5) X(y1f, y1f(y), ::y1(dy), 1e-5)                              \
  X(floorf, floorf(x * 10), std::floor(REF_F32(dx * 10)), 0)                               \
  X(ceilf, ceilf(x * 10), std::ceil(REF_F32(dx * 10)), 0)                                  \
  X(roundf, roundf(x * 10), std::round(REF_F32(dx * 10)), 0)                               \
  X(truncf, truncf(y * 3), std::trunc(REF_F32(dy * 3)), 0)                                 \
  X(rintf, rintf(y * 3), std::rint(REF_F32(dy * 3)), 0) X(fabsf, fabsf(-x), dx, 0)          \
  X(fmodf, fmodf(y, x), std::fmod(dy, dx), 1e-6) X(remainderf, remainderf(y, x), std::remainder(dy, dx), 1e-6) \
  X(fminf, fminf(x, y), std::fmin(dx, dy), 0) X(fmaxf, fmaxf(x, y), std::fmax(dx, dy), 0)   \
  X(copysignf, copysignf(x, -y), -dx, 0) X(fdimf, fdimf(y, x), std::fdim(dy, dx), 1e-6)      \
  X(ldexpf, ldexpf(x, 3), dx * 8, 0) X(sin_overload, sin(x), std::sin(dx), 2e-6)            \
  X(frexpf, frexpWrap(x), frexpRef(dx), 1e-7)               \
  X(sincosf, sincosWrap(x), std::sin(dx) + 10 * std::cos(dx), 2e-6)                          \
  X(__expf, __expf(x), std::exp(dx), 5e-4) X(__logf, __logf(y), std::log(dy), 5e-4)          \
  X(__sinf, __sinf(x), std::sin(dx), 5e-4) X(__cosf, __cosf(x), std::cos(dx), 5e-4)          \
  X(__powf, __powf(x, y), std::pow(dx, dy), 5e-4) X(__fdividef, __fdividef(x, y), dx / dy, 5e-4) \
  X(__exp10f, __exp10f(x), std::pow(10.0, dx), 5e-4) X(__log2f, __log2f(y), std::log2(dy), 5e-4) \
  X(__saturatef, __saturatef(y - 1.0f), std::fmin(1.0, std::fmax(0.0, dy - 1.0)), 1e-7)      \
  X(__fmul_rn, __fmul_rn(x, y), double(float(dx * dy)), 0)                                 \
  X(__fadd_rn, __fadd_rn(__fmul_rn(x, y), -0.5f), REF_F32(REF_F32(dx * dy) - 0.5), 0)

#define UNIHIP_MATH_CASES_DOUBLE(X)                                                         \
  X(sin, sin(x), std::sin(lx), 1e-15) X(cos, cos(x), std::cos(lx), 1e-15)                   \
  X(tan, tan(x), std::tan(lx), 1e-15) X(asin, asin(x), std::asin(lx), 1e-15)                \
  X(atan2, atan2(x, y), std::atan2(lx, ly), 1e-15) X(tanh, tanh(x), std::tanh(lx), 1e-15)   \
  X(exp, exp(x), std::exp(lx), 1e-15) X(exp2, exp2(x), std::exp2(lx), 1e-15)                \
  X(exp10, exp10(x), std::pow(10.0L, lx), 1e-15) X(expm1, expm1(x), std::expm1(lx), 1e-15)  \
  X(log, log(x), std::log(lx), 1e-15) X(log2, log2(x), std::log2(lx), 1e-15)                \
  X(log10, log10(x), std::log10(lx), 1e-15) X(log1p, log1p(x), std::log1p(lx), 1e-15)       \
  X(pow, pow(x, y), std::pow(lx, ly), 1e-15) X(sqrt, sqrt(x), std::sqrt(lx), 1e-16)         \
  X(rsqrt, rsqrt(x), 1.0L / std::sqrt(lx), 1e-15) X(cbrt, cbrt(x), std::cbrt(lx), 1e-15)    \
  X(hypot, hypot(x, y), std::hypot(lx, ly), 1e-15) X(fma, fma(x, y, 0.5), lx * ly + 0.5L, 1e-16) \
  X(erf, erf(x), std::erf(lx), 1e-15) X(erfc, erfc(x), std::erfc(lx), 1e-15)                \
  X(erfinv, erf(erfinv(x)), lx, 1e-14) X(tgamma, tgamma(x), std::tgamma(lx), 1e-14)         \
  X(lgamma, lgamma(y), std::lgamma(ly), 1e-14) X(sinpi, sinpi(x), std::sin(PI_D * lx), 1e-15) \
  X(floor, floor(x * 10), std::floor(REF_F64(lx * 10)), 0)                                  \
  X(round, round(x * 10), std::round(REF_F64(lx * 10)), 0)                                  \
  X(fmod, fmod(y, x), std::fmod(ly, lx), 1e-15) X(fmin, fmin(x, y), std::fmin(lx, ly), 0)   \
  X(fmax, fmax(x, y), std::fmax(lx, ly), 0) X(fabs, fabs(-x), lx, 0)                        \
  X(sincos, sincosWrap(x), std::sin(lx) + 10 * std::cos(lx), 1e-14)                          \
  X(__dmul_rn, __dmul_rn(x, y), (long double)(double)(lx * ly), 1e-16)                      \
  X(__dadd_rn, __dadd_rn(__dmul_rn(x, y), -0.5), REF_F64(REF_F64(lx * ly) - 0.5L), 0)
