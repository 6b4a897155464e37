/* hipFFT's extended API (AMD's hipfftXt.h): callbacks, typed plans, multi-GPU descriptors.
 * On NVIDIA each forwards to cuFFT's cufftXt* counterpart. */
#ifndef HIPFFTXT_H_
#define HIPFFTXT_H_

#include "hipfft/hipfft.h"
#include "hipfft/hiplibxt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipfftXtCallbackType_t {
  HIPFFT_CB_LD_COMPLEX = 0x0,
  HIPFFT_CB_LD_COMPLEX_DOUBLE = 0x1,
  HIPFFT_CB_LD_REAL = 0x2,
  HIPFFT_CB_LD_REAL_DOUBLE = 0x3,
  HIPFFT_CB_ST_COMPLEX = 0x4,
  HIPFFT_CB_ST_COMPLEX_DOUBLE = 0x5,
  HIPFFT_CB_ST_REAL = 0x6,
  HIPFFT_CB_ST_REAL_DOUBLE = 0x7,
  HIPFFT_CB_UNDEFINED = 0x8
} hipfftXtCallbackType;

typedef hipfftComplex (*hipfftCallbackLoadC)(void* dataIn, size_t offset, void* callerInfo,
                                             void* sharedPointer);
typedef hipfftDoubleComplex (*hipfftCallbackLoadZ)(void* dataIn, size_t offset, void* callerInfo,
                                                   void* sharedPointer);
typedef hipfftReal (*hipfftCallbackLoadR)(void* dataIn, size_t offset, void* callerInfo,
                                          void* sharedPointer);
typedef hipfftDoubleReal (*hipfftCallbackLoadD)(void* dataIn, size_t offset, void* callerInfo,
                                                void* sharedPointer);
typedef void (*hipfftCallbackStoreC)(void* dataOut, size_t offset, hipfftComplex element,
                                     void* callerInfo, void* sharedPointer);
typedef void (*hipfftCallbackStoreZ)(void* dataOut, size_t offset, hipfftDoubleComplex element,
                                     void* callerInfo, void* sharedPointer);
typedef void (*hipfftCallbackStoreR)(void* dataOut, size_t offset, hipfftReal element,
                                     void* callerInfo, void* sharedPointer);
typedef void (*hipfftCallbackStoreD)(void* dataOut, size_t offset, hipfftDoubleReal element,
                                     void* callerInfo, void* sharedPointer);

typedef hipfftComplex (*hipfftJITCallbackLoadC)(void* data, unsigned long long offset,
                                                void* cbdata, void* sharedMem);
typedef hipfftDoubleComplex (*hipfftJITCallbackLoadZ)(void* data, unsigned long long offset,
                                                      void* cbdata, void* sharedMem);
typedef hipfftReal (*hipfftJITCallbackLoadR)(void* data, unsigned long long offset, void* cbdata,
                                             void* sharedMem);
typedef hipfftDoubleReal (*hipfftJITCallbackLoadD)(void* data, unsigned long long offset,
                                                   void* cbdata, void* sharedMem);
typedef void (*hipfftJITCallbackStoreC)(void* data, unsigned long long offset,
                                        hipfftComplex element, void* cbdata, void* sharedMem);
typedef void (*hipfftJITCallbackStoreZ)(void* data, unsigned long long offset,
                                        hipfftDoubleComplex element, void* cbdata,
                                        void* sharedMem);
typedef void (*hipfftJITCallbackStoreR)(void* data, unsigned long long offset, hipfftReal element,
                                        void* cbdata, void* sharedMem);
typedef void (*hipfftJITCallbackStoreD)(void* data, unsigned long long offset,
                                        hipfftDoubleReal element, void* cbdata, void* sharedMem);

typedef enum hipfftXtSubFormat_t {
  HIPFFT_XT_FORMAT_INPUT = 0x00,
  HIPFFT_XT_FORMAT_OUTPUT = 0x01,
  HIPFFT_XT_FORMAT_INPLACE = 0x02,
  HIPFFT_XT_FORMAT_INPLACE_SHUFFLED = 0x03,
  HIPFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 0x04,
  HIPFFT_FORMAT_UNDEFINED = 0x05
} hipfftXtSubFormat;

/* Legacy (device function pointer) callbacks: cuFFT takes them only when linked statically, so
 * the shared libcufft answers with its own error. */
HIPFFT_EXPORT hipfftResult hipfftXtSetCallback(hipfftHandle plan, void** callbacks,
                                               hipfftXtCallbackType cbtype, void** callbackData);
HIPFFT_EXPORT hipfftResult hipfftXtClearCallback(hipfftHandle plan, hipfftXtCallbackType cbtype);
HIPFFT_EXPORT hipfftResult hipfftXtSetCallbackSharedSize(hipfftHandle plan,
                                                         hipfftXtCallbackType cbtype,
                                                         size_t sharedSize);
/* NVIDIA: LTO-IR callbacks (cuFFT 11.5+ / CUDA 12.6+; older ones: HIPFFT_NOT_SUPPORTED). */
HIPFFT_EXPORT hipfftResult hipfftXtSetJITCallback(hipfftHandle plan, const char* symbol_name,
                                                  const void* bitcode_data,
                                                  size_t bitcode_len_bytes,
                                                  hipfftXtCallbackType cbtype, void** cbdata);

HIPFFT_EXPORT hipfftResult hipfftXtMakePlanMany(hipfftHandle plan, int rank, long long int* n,
                                                long long int* inembed, long long int istride,
                                                long long int idist, hipDataType inputType,
                                                long long int* onembed, long long int ostride,
                                                long long int odist, hipDataType outputType,
                                                long long int batch, size_t* workSize,
                                                hipDataType executionType);
HIPFFT_EXPORT hipfftResult hipfftXtGetSizeMany(hipfftHandle plan, int rank, long long int* n,
                                               long long int* inembed, long long int istride,
                                               long long int idist, hipDataType inputType,
                                               long long int* onembed, long long int ostride,
                                               long long int odist, hipDataType outputType,
                                               long long int batch, size_t* workSize,
                                               hipDataType executionType);
HIPFFT_EXPORT hipfftResult hipfftXtExec(hipfftHandle plan, void* input, void* output,
                                        int direction);

HIPFFT_EXPORT hipfftResult hipfftXtSetGPUs(hipfftHandle plan, int count, int* gpus);
HIPFFT_EXPORT hipfftResult hipfftXtMalloc(hipfftHandle plan, hipLibXtDesc** desc,
                                          hipfftXtSubFormat format);
HIPFFT_EXPORT hipfftResult hipfftXtMemcpy(hipfftHandle plan, void* dest, void* src,
                                          hipfftXtCopyType type);
HIPFFT_EXPORT hipfftResult hipfftXtFree(hipLibXtDesc* desc);

HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorC2C(hipfftHandle plan, hipLibXtDesc* input,
                                                     hipLibXtDesc* output, int direction);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorR2C(hipfftHandle plan, hipLibXtDesc* input,
                                                     hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorC2R(hipfftHandle plan, hipLibXtDesc* input,
                                                     hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorZ2Z(hipfftHandle plan, hipLibXtDesc* input,
                                                     hipLibXtDesc* output, int direction);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorD2Z(hipfftHandle plan, hipLibXtDesc* input,
                                                     hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptorZ2D(hipfftHandle plan, hipLibXtDesc* input,
                                                     hipLibXtDesc* output);
HIPFFT_EXPORT hipfftResult hipfftXtExecDescriptor(hipfftHandle plan, hipLibXtDesc* input,
                                                  hipLibXtDesc* output, int direction);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HIPFFTXT_H_ */
