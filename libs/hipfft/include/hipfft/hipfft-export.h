/* hipFFT's export attribute (libhipfft.so exports only the declared C API). */
#ifndef HIPFFT_EXPORT_H_
#define HIPFFT_EXPORT_H_
#define HIPFFT_EXPORT __attribute__((visibility("default")))
#endif
