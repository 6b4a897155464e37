/* unihip: HIP runtime compilation (hiprtc) API. Names, signatures and numeric values follow HIP 6;
 * libunihip exports these functions. Compiles as C and C++. */
#ifndef UNIHIP_HIPRTC_H
#define UNIHIP_HIPRTC_H

#include "hip/unihip/enum_base.h"
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprtcResult UNIHIP_ENUM_INT {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

typedef enum hiprtcJIT_option UNIHIP_ENUM_INT {
  HIPRTC_JIT_MAX_REGISTERS = 0,
  HIPRTC_JIT_THREADS_PER_BLOCK,
  HIPRTC_JIT_WALL_TIME,
  HIPRTC_JIT_INFO_LOG_BUFFER,
  HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
  HIPRTC_JIT_ERROR_LOG_BUFFER,
  HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
  HIPRTC_JIT_OPTIMIZATION_LEVEL,
  HIPRTC_JIT_TARGET_FROM_HIPCONTEXT,
  HIPRTC_JIT_TARGET,
  HIPRTC_JIT_FALLBACK_STRATEGY,
  HIPRTC_JIT_GENERATE_DEBUG_INFO,
  HIPRTC_JIT_LOG_VERBOSE,
  HIPRTC_JIT_GENERATE_LINE_INFO,
  HIPRTC_JIT_CACHE_MODE,
  HIPRTC_JIT_NEW_SM3X_OPT,
  HIPRTC_JIT_FAST_COMPILE,
  HIPRTC_JIT_GLOBAL_SYMBOL_NAMES,
  HIPRTC_JIT_GLOBAL_SYMBOL_ADDRESS,
  HIPRTC_JIT_GLOBAL_SYMBOL_COUNT,
  HIPRTC_JIT_LTO,
  HIPRTC_JIT_FTZ,
  HIPRTC_JIT_PREC_DIV,
  HIPRTC_JIT_PREC_SQRT,
  HIPRTC_JIT_FMA,
  HIPRTC_JIT_NUM_OPTIONS,
  HIPRTC_JIT_IR_TO_ISA_OPT_EXT = 10000,
  HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT
} hiprtcJIT_option;

typedef enum hiprtcJITInputType UNIHIP_ENUM_INT {
  HIPRTC_JIT_INPUT_CUBIN = 0,
  HIPRTC_JIT_INPUT_PTX,
  HIPRTC_JIT_INPUT_FATBINARY,
  HIPRTC_JIT_INPUT_OBJECT,
  HIPRTC_JIT_INPUT_LIBRARY,
  HIPRTC_JIT_INPUT_NVVM,
  HIPRTC_JIT_NUM_LEGACY_INPUT_TYPES,
  HIPRTC_JIT_INPUT_LLVM_BITCODE = 100,
  HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE = 101,
  HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE = 102,
  HIPRTC_JIT_NUM_INPUT_TYPES = (HIPRTC_JIT_NUM_LEGACY_INPUT_TYPES + 3)
} hiprtcJITInputType;

typedef struct ihiprtcLinkState* hiprtcLinkState;
typedef struct _hiprtcProgram* hiprtcProgram;

/* The name of `result` ("HIPRTC_ERROR_COMPILATION"), or "Invalid HIPRTC error code". */
const char* hiprtcGetErrorString(hiprtcResult result);
hiprtcResult hiprtcVersion(int* major, int* minor);

hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char* name_expression);
/* HIP 7 signatures (CUDA's): the option, header and include-name arrays are const char* const*. */
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char* const* options);
hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog, const char* src, const char* name,
                                 int numHeaders, const char* const* headers,
                                 const char* const* includeNames);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char* name_expression,
                                  const char** lowered_name);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log);
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t* logSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code);
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t* codeSizeRet);
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char* bitcode);
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t* bitcode_size);

hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option* option_ptr,
                              void** option_vals_pptr, hiprtcLinkState* hip_link_state_ptr);
hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               const char* file_path, unsigned int num_options,
                               hiprtcJIT_option* options_ptr, void** option_values);
hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               void* image, size_t image_size, const char* name,
                               unsigned int num_options, hiprtcJIT_option* options_ptr,
                               void** option_values);
hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void** bin_out, size_t* size_out);
hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_HIPRTC_H */
