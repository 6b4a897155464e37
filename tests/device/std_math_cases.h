// The std:: math cases of the device suite (issue 35: <cmath>'s std:: forms in device code).
// X(name, expression, tolerance): one expression of d (double), f (float) and i (int), written
// once, so the kernel computes it with the device overloads and the test with the host's; the
// check is |device - host| <= tolerance * max(1, |host|). The float forms round in float on
// the device, where the host may compute in double (std::pow(float, int) is double in C++11).
#pragma once

#define UNIHIP_STD_MATH_CASES(X)                                                            \
  X(pow_dd, std::pow(d, 2.5), 1e-14) X(pow_fi, std::pow(f, 3), 2e-6)                        \
  X(pow_di, std::pow(d, i), 1e-14) X(pow_ff, std::pow(f, 0.5f), 2e-6)                       \
  X(pow_ii, std::pow(i, 2), 1e-14) X(pow_fd, std::pow(f, 1.5), 1e-14)                       \
  X(sqrt_d, std::sqrt(d), 1e-15) X(sqrt_f, std::sqrt(f), 1e-7) X(sqrt_i, std::sqrt(i), 1e-15) \
  X(exp_d, std::exp(d), 1e-14) X(exp_f, std::exp(f), 2e-6) X(log_d, std::log(d), 1e-14)     \
  X(log2_f, std::log2(f), 2e-6) X(log10_d, std::log10(d), 1e-14)                            \
  X(sin_d, std::sin(d), 1e-14) X(cos_f, std::cos(f), 2e-6) X(tan_d, std::tan(d), 1e-14)     \
  X(atan2_dd, std::atan2(d, 2.0), 1e-14) X(atan2_fi, std::atan2(f, 2), 1e-14)               \
  X(fmod_d, std::fmod(d, 0.75), 1e-15) X(hypot_f, std::hypot(f, 2.0f), 2e-6)                \
  X(fma_d, std::fma(d, d, 1.0), 1e-15) X(cbrt_f, std::cbrt(f), 2e-6)                        \
  X(floor_d, std::floor(d * 10), 0) X(ceil_f, std::ceil(f * 10), 0)                         \
  X(trunc_d, std::trunc(d * 10), 0) X(round_f, std::round(f * 10), 0)                       \
  X(fabs_d, std::fabs(-d), 0) X(abs_d, std::abs(-d), 0) X(abs_f, std::abs(-f), 0)           \
  X(abs_i, std::abs(-i), 0) X(abs_l, std::abs(-3L * i), 0) X(abs_ll, std::abs(-4LL * i), 0) \
  X(min_d, std::min(d, 1.0), 0) X(max_f, std::max(f, 1.0f), 0) X(min_i, std::min(i, 2), 0)  \
  X(max_i, std::max(i, 2), 0) X(fmin_d, std::fmin(d, 1.0), 0) X(fmax_f, std::fmax(f, 1.0f), 0) \
  X(copysign_d, std::copysign(d, -1.0), 0) X(ldexp_f, std::ldexp(f, 3), 0)                  \
  X(tgamma_d, std::tgamma(d), 1e-13) X(lgamma_f, std::lgamma(f), 4e-6)                      \
  X(erf_d, std::erf(d), 1e-14) X(erfc_f, std::erfc(f), 4e-6) X(expm1_d, std::expm1(d), 1e-14) \
  X(isnan_d, std::isnan((d - d) / (d - d)), 0) X(isinf_f, std::isinf(f / (f - f)), 0)             \
  X(isfinite_d, std::isfinite(d), 0) X(signbit_f, std::signbit(-f), 0)
