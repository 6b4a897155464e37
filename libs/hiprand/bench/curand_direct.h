// cuRAND's host generators called directly (no hipRAND in between), for bench_uniform's
// comparison. Kept apart from the HIP headers: curand.h brings CUDA's runtime header, whose vector
// types HIP's also define.
#pragma once

#include <cstddef>
#include <string>

struct DirectRand;

// A cuRAND generator on `cuStream`: CURAND_RNG_PSEUDO_DEFAULT (XORWOW) or, with `philox`,
// CURAND_RNG_PSEUDO_PHILOX4_32_10; nullptr with `why` set when cuRAND cannot be loaded or refuses.
DirectRand* directRandCreate(void* cuStream, bool philox, std::string* why);
// The seed, and the offset back to 0: the next call starts the sequence again. False if refused.
bool directRandRestart(DirectRand* s, unsigned long long seed);
// `n` uniform floats at device `out`, enqueued; false if cuRAND refused it.
bool directRandUniform(DirectRand* s, float* out, size_t n);
void directRandDestroy(DirectRand* s);
