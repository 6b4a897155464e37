/* The hipFFT release whose API this library provides (AMD's names for the version macros). */
#ifndef HIPFFT_VERSION_H_
#define HIPFFT_VERSION_H_
#define hipfftVersionMajor 1
#define hipfftVersionMinor 0
#define hipfftVersionPatch 21
#define hipfftVersionTweak 0
#endif
