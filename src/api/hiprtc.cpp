// hiprtc, HIP's runtime compiler (hip/hiprtc.h), exported by libunihip and by libhiprtc (a thin
// library over it). Programs and link states live in handle registries (src/rtc): a garbage or
// destroyed handle answers HIPRTC_ERROR_INVALID_PROGRAM / INVALID_INPUT, never a crash.
// Compilation: src/rtc/compile.cpp (NVRTC for NVIDIA targets, clang-19 for AMD ones).
#include "hip/hiprtc.h"

#include <atomic>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "hip/hip_version.h"
#include "rtc/compile.h"
#include "rtc/handle_registry.h"
#include "rtc/link.h"
#include "rtc/program.h"

#define UNIHIP_RTC_EXPORT extern "C" __attribute__((visibility("default")))

using unihip::rtc::LinkState;
using unihip::rtc::Program;
using unihip::rtc::registryOf;

namespace {

bool optionsMissing(unsigned int count, const void* options, const void* values) {
  return count > 0 && (options == nullptr || values == nullptr);
}

// The types HIP's linker takes: bitcode only (CUDA's input kinds are refused, as AMD's).
bool linkInputType(hiprtcJITInputType t) {
  return t == HIPRTC_JIT_INPUT_LLVM_BITCODE || t == HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE ||
         t == HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE;
}

// Copies `bytes` out; the size getters and these agree.
void copyOut(char* dst, const std::vector<char>& bytes) {
  if (!bytes.empty()) std::memcpy(dst, bytes.data(), bytes.size());
}

hiprtcResult addLinkInput(LinkState& s, std::vector<char> bytes, const char* name) {
  std::lock_guard<std::mutex> lock(s.mutex);
  s.names.emplace_back(name != nullptr && *name != '\0' ? name
                                                        : "input" + std::to_string(s.inputs.size()));
  s.inputs.push_back(std::move(bytes));
  return HIPRTC_SUCCESS;
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
                                                   const char* const* headers,
                                                   const char* const* includeNames) {
  if (prog == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (numHeaders < 0 || (numHeaders > 0 && (headers == nullptr || includeNames == nullptr)))
    return HIPRTC_ERROR_INVALID_INPUT;
  if (src == nullptr || *src == '\0') return HIPRTC_ERROR_INVALID_INPUT;
  auto p = std::make_unique<Program>();
  for (int i = 0; i < numHeaders; ++i) {
    if (headers[i] == nullptr || includeNames[i] == nullptr || *includeNames[i] == '\0')
      return HIPRTC_ERROR_INVALID_INPUT;
    p->headers.emplace_back(includeNames[i], headers[i]);
  }
  static std::atomic<unsigned> unnamed{0};
  p->name = name != nullptr && *name != '\0' ? std::string(name)
                                             : "CompileSource" + std::to_string(unnamed++);
  p->source = src;
  *prog = reinterpret_cast<hiprtcProgram>(registryOf<Program>().add(std::move(p)).get());
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcDestroyProgram(hiprtcProgram* prog) {
  if (prog == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  if (!registryOf<Program>().remove(*prog)) return HIPRTC_ERROR_INVALID_PROGRAM;
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog,
                                                       const char* name_expression) {
  if (name_expression == nullptr || *name_expression == '\0') return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  if (p->compiled) return HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  p->nameExpressions.emplace_back(name_expression);
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions,
                                                    const char* const* options) {
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && options == nullptr)) return HIPRTC_ERROR_INVALID_INPUT;
  std::vector<std::string> opts;
  for (int i = 0; i < numOptions; ++i) {
    if (options[i] == nullptr) return HIPRTC_ERROR_INVALID_OPTION;
    opts.emplace_back(options[i]);
  }
  std::lock_guard<std::mutex> lock(p->mutex);
  return unihip::rtc::compileProgram(*p, opts);
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog,
                                                    const char* name_expression,
                                                    const char** lowered_name) {
  if (name_expression == nullptr || lowered_name == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  if (!p->succeeded) return HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  auto it = p->lowered.find(name_expression);
  if (it == p->lowered.end()) return HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
  *lowered_name = it->second.c_str();  // valid until hiprtcDestroyProgram
  return HIPRTC_SUCCESS;
}

// Log (NUL-terminated, size counts the NUL, as NVRTC's), code and bitcode: one shape each.
UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t* logSizeRet) {
  if (logSizeRet == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  *logSizeRet = p->log.size() + 1;
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char* log) {
  if (log == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  std::memcpy(log, p->log.c_str(), p->log.size() + 1);
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t* codeSizeRet) {
  if (codeSizeRet == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  *codeSizeRet = p->code.size();  // 0 before a successful compile and for -fgpu-rdc, as AMD's
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetCode(hiprtcProgram prog, char* code) {
  if (code == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  copyOut(code, p->code);
  return HIPRTC_SUCCESS;
}

// Bitcode exists only after a -fgpu-rdc compile (AMD's rule): else INVALID_PROGRAM.
UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t* bitcode_size) {
  if (bitcode_size == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  if (p->bitcode.empty()) return HIPRTC_ERROR_INVALID_PROGRAM;
  *bitcode_size = p->bitcode.size();
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char* bitcode) {
  if (bitcode == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  auto p = registryOf<Program>().find(prog);
  if (p == nullptr) return HIPRTC_ERROR_INVALID_PROGRAM;
  std::lock_guard<std::mutex> lock(p->mutex);
  if (p->bitcode.empty()) return HIPRTC_ERROR_INVALID_PROGRAM;
  copyOut(bitcode, p->bitcode);
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkCreate(unsigned int num_options,
                                                hiprtcJIT_option* option_ptr,
                                                void** option_vals_pptr,
                                                hiprtcLinkState* hip_link_state_ptr) {
  if (hip_link_state_ptr == nullptr || optionsMissing(num_options, option_ptr, option_vals_pptr))
    return HIPRTC_ERROR_INVALID_INPUT;
  auto s = std::make_unique<LinkState>();
  if (!unihip::rtc::applyLinkOptions(*s, num_options, option_ptr, option_vals_pptr))
    return HIPRTC_ERROR_INVALID_OPTION;
  *hip_link_state_ptr =
      reinterpret_cast<hiprtcLinkState>(registryOf<LinkState>().add(std::move(s)).get());
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state,
                                                 hiprtcJITInputType input_type,
                                                 const char* file_path, unsigned int num_options,
                                                 hiprtcJIT_option* options_ptr,
                                                 void** option_values) {
  if (hip_link_state == nullptr || file_path == nullptr ||
      optionsMissing(num_options, options_ptr, option_values) || !linkInputType(input_type))
    return HIPRTC_ERROR_INVALID_INPUT;
  auto s = registryOf<LinkState>().find(hip_link_state);
  if (s == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  std::ifstream f(file_path, std::ios::binary);
  std::vector<char> bytes{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  if (!f.good() && !f.eof()) return HIPRTC_ERROR_PROGRAM_CREATION_FAILURE;
  if (bytes.empty()) return HIPRTC_ERROR_PROGRAM_CREATION_FAILURE;  // missing or empty file
  return addLinkInput(*s, std::move(bytes), file_path);
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state,
                                                 hiprtcJITInputType input_type, void* image,
                                                 size_t image_size, const char* name,
                                                 unsigned int num_options,
                                                 hiprtcJIT_option* options_ptr,
                                                 void** option_values) {
  if (hip_link_state == nullptr || image == nullptr || image_size == 0 ||
      optionsMissing(num_options, options_ptr, option_values) || !linkInputType(input_type))
    return HIPRTC_ERROR_INVALID_INPUT;
  auto s = registryOf<LinkState>().find(hip_link_state);
  if (s == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  const char* bytes = static_cast<const char*>(image);
  return addLinkInput(*s, std::vector<char>(bytes, bytes + image_size), name);
}

namespace {
// Linked images live until exit (owned here, so no leak checker reports them).
char* keepLinkedImage(const std::vector<char>& bytes) {
  static std::mutex mutex;
  static std::vector<std::unique_ptr<char[]>> images;
  std::unique_ptr<char[]> copy(new (std::nothrow) char[bytes.size()]);
  if (copy == nullptr) return nullptr;
  std::memcpy(copy.get(), bytes.data(), bytes.size());
  std::lock_guard<std::mutex> lock(mutex);
  images.push_back(std::move(copy));
  return images.back().get();
}
}  // namespace

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void** bin_out,
                                                  size_t* size_out) {
  if (hip_link_state == nullptr || bin_out == nullptr || size_out == nullptr)
    return HIPRTC_ERROR_INVALID_INPUT;
  auto s = registryOf<LinkState>().find(hip_link_state);
  if (s == nullptr) return HIPRTC_ERROR_INVALID_INPUT;
  std::lock_guard<std::mutex> lock(s->mutex);
  if (!unihip::rtc::linkComplete(*s)) return HIPRTC_ERROR_LINKING;
  // A buffer of its own that outlives the link state, as AMD's (programs load it after
  // hiprtcLinkDestroy); kept until the process exits, as AMD's is.
  char* image = keepLinkedImage(s->output);
  if (image == nullptr) return HIPRTC_ERROR_OUT_OF_MEMORY;
  *bin_out = image;
  *size_out = s->output.size();
  return HIPRTC_SUCCESS;
}

UNIHIP_RTC_EXPORT hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state) {
  if (!registryOf<LinkState>().remove(hip_link_state)) return HIPRTC_ERROR_INVALID_INPUT;
  return HIPRTC_SUCCESS;
}
