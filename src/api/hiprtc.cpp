// hiprtc, HIP's runtime compiler, exported by libunihip (hip/hiprtc.h). The version and the error
// texts are answered; compiling and linking come with issue 15. Until then every other call
// checks its arguments and answers HIPRTC_ERROR_INTERNAL_ERROR: hiprtcResult has no "not
// supported", and no call may claim success. No program or link state is ever created, so any
// non-NULL handle is invalid.
// unihip-coverage: not-supported hiprtcAddNameExpression hiprtcCompileProgram hiprtcCreateProgram
// unihip-coverage: not-supported hiprtcDestroyProgram hiprtcGetLoweredName hiprtcGetProgramLog
// unihip-coverage: not-supported hiprtcGetProgramLogSize hiprtcGetCode hiprtcGetCodeSize
// unihip-coverage: not-supported hiprtcGetBitcode hiprtcGetBitcodeSize hiprtcLinkCreate
// unihip-coverage: not-supported hiprtcLinkAddFile hiprtcLinkAddData hiprtcLinkComplete
// unihip-coverage: not-supported hiprtcLinkDestroy
#include "hip/hiprtc.h"

#include "api/api_boundary.h"

#define UNIHIP_RTC_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

hiprtcResult notImplemented(const char* function) {
  (void)unihip::notSupported(function);  // logs once per function
  return HIPRTC_ERROR_INTERNAL_ERROR;
}

// Every handle this runtime could have issued is NULL.
hiprtcResult checkProgram(hiprtcProgram prog) {
  return prog == nullptr ? HIPRTC_ERROR_INVALID_INPUT : HIPRTC_ERROR_INVALID_PROGRAM;
}

bool optionsMissing(unsigned int count, const void* options, const void* values) {
  return count > 0 && (options == nullptr || values == nullptr);
}

}  // namespace

UNIHIP_RTC_EXPORT const char* hiprtcGetErrorString(hiprtcResult result) {
  switch (result) {
    case HIPRTC_SUCCESS: return "HIPRTC_SUCCESS";
    case HIPRTC_ERROR_OUT_OF_MEMORY: return "HIPRTC_ERROR_OUT_OF_MEMORY";
    case HIPRTC_ERROR_PROGRAM_CREATION_FAILURE: return "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE";
    case HIPRTC_ERROR_INVALID_INPUT: return "HIPRTC_ERROR_INVALID_INPUT";
    case HIPRTC_ERROR_INVALID_PROGRAM: return "HIPRTC_ERROR_INVALID_PROGRAM";
    case HIPRTC_ERROR_INVALID_OPTION: return "HIPRTC_ERROR_INVALID_OPTION";
    case HIPRTC_ERROR_COMPILATION: return "HIPRTC_ERROR_COMPILATION";
    case HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE: return "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE";
    case HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION:
      return "HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
    case HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION:
      return "HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
    case HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID: return "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
    case HIPRTC_ERROR_INTERNAL_ERROR: return "HIPRTC_ERROR_INTERNAL_ERROR";
    case HIPRTC_ERROR_LINKING: return "HIPRTC_ERROR_LINKING";
  }
  return "Invalid HIPRTC error code";
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcVersion(int* major, int* minor) {
  if (major == nullptr || minor == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  *major = HIP_VERSION_MAJOR;
  *minor = HIP_VERSION_MINOR;
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcCreateProgram(hiprtcProgram* prog, const char* src,
                                                   const char* name, int numHeaders,
                                                   const char** headers,
                                                   const char** includeNames) {
  (void)name;
  if (prog == nullptr || src == nullptr || numHeaders < 0 ||
      (numHeaders > 0 && (headers == nullptr || includeNames == nullptr)))
    return HIPRTC_ERROR_INVALID_INPUT;
  *prog = nullptr;
  return notImplemented(__func__);
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog) {
  if (prog == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  return checkProgram(*prog);
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog,
                                                       const char* name_expression) {
  if (name_expression == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  return checkProgram(prog);
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions,
                                                    const char** options) {
  if (numOptions < 0 || (numOptions > 0 && options == nullptr)) return HIPRTC_ERROR_INVALID_INPUT;
  return checkProgram(prog);
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog,
                                                    const char* name_expression,
                                                    const char** lowered_name) {
  if (name_expression == nullptr || lowered_name == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  return checkProgram(prog);
}

// The four output pairs (log, code, bitcode): one shape of check.
#define UNIHIP_RTC_GETTER(function, type, out)                 \
  UNIHIP_RTC_EXPORT hiprtcResult function(hiprtcProgram prog, type out) { \
    if (out == nullptr) return HIPRTC_ERROR_INVALID_INPUT;     \
    return checkProgram(prog);                                 \
  }
UNIHIP_RTC_GETTER(hiprtcGetProgramLog, char*, log)
UNIHIP_RTC_GETTER(hiprtcGetProgramLogSize, size_t*, logSizeRet)
UNIHIP_RTC_GETTER(hiprtcGetCode, char*, code)
UNIHIP_RTC_GETTER(hiprtcGetCodeSize, size_t*, codeSizeRet)
UNIHIP_RTC_GETTER(hiprtcGetBitcode, char*, bitcode)
UNIHIP_RTC_GETTER(hiprtcGetBitcodeSize, size_t*, bitcode_size)
#undef UNIHIP_RTC_GETTER

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkCreate(unsigned int num_options,
                                                hiprtcJIT_option* option_ptr,
                                                void** option_vals_pptr,
                                                hiprtcLinkState* hip_link_state_ptr) {
  if (hip_link_state_ptr == nullptr || optionsMissing(num_options, option_ptr, option_vals_pptr))
    return HIPRTC_ERROR_INVALID_INPUT;
  *hip_link_state_ptr = nullptr;
  return notImplemented(__func__);
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state,
                                                 hiprtcJITInputType input_type,
                                                 const char* file_path, unsigned int num_options,
                                                 hiprtcJIT_option* options_ptr,
                                                 void** option_values) {
  (void)input_type;
  if (hip_link_state == nullptr || file_path == nullptr ||
      optionsMissing(num_options, options_ptr, option_values))
    return HIPRTC_ERROR_INVALID_INPUT;
  return HIPRTC_ERROR_INVALID_INPUT;  // not a link state this runtime created
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state,
                                                 hiprtcJITInputType input_type, void* image,
                                                 size_t image_size, const char* name,
                                                 unsigned int num_options,
                                                 hiprtcJIT_option* options_ptr,
                                                 void** option_values) {
  (void)input_type;
  (void)name;
  if (hip_link_state == nullptr || image == nullptr || image_size == 0 ||
      optionsMissing(num_options, options_ptr, option_values))
    return HIPRTC_ERROR_INVALID_INPUT;
  return HIPRTC_ERROR_INVALID_INPUT;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void** bin_out,
                                                  size_t* size_out) {
  if (hip_link_state == nullptr || bin_out == nullptr || size_out == nullptr)
    return HIPRTC_ERROR_INVALID_INPUT;
  return HIPRTC_ERROR_INVALID_INPUT;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state) {
  (void)hip_link_state;
  return HIPRTC_ERROR_INVALID_INPUT;  // NULL, or not a link state this runtime created
}
