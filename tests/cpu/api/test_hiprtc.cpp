// hiprtc (exec): version and error texts answered; everything else checks its arguments and
// never claims success until issue 15 brings the compiler.
#include <catch2/catch.hpp>

#include <cstring>

#include "hip/hip_runtime_api.h"
#include "hip/hiprtc.h"

TEST_CASE("hiprtcVersion and hiprtcGetErrorString") {
  int major = -1, minor = -1;
  CHECK(hiprtcVersion(nullptr, &minor) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcVersion(&major, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  REQUIRE(hiprtcVersion(&major, &minor) == HIPRTC_SUCCESS);
  CHECK(major == HIP_VERSION_MAJOR);
  CHECK(minor == HIP_VERSION_MINOR);
  CHECK(std::strcmp(hiprtcGetErrorString(HIPRTC_SUCCESS), "HIPRTC_SUCCESS") == 0);
  CHECK(std::strcmp(hiprtcGetErrorString(HIPRTC_ERROR_LINKING), "HIPRTC_ERROR_LINKING") == 0);
  CHECK(std::strcmp(hiprtcGetErrorString(HIPRTC_ERROR_INTERNAL_ERROR),
                    "HIPRTC_ERROR_INTERNAL_ERROR") == 0);
  CHECK(std::strcmp(hiprtcGetErrorString(static_cast<hiprtcResult>(55)),
                    "Invalid HIPRTC error code") == 0);
}

TEST_CASE("hiprtc programs: bad input is refused, creation is not available yet") {
  hiprtcProgram prog = reinterpret_cast<hiprtcProgram>(0x1);
  CHECK(hiprtcCreateProgram(nullptr, "x", "x.hip", 0, nullptr, nullptr) ==
        HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcCreateProgram(&prog, nullptr, "x.hip", 0, nullptr, nullptr) ==
        HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcCreateProgram(&prog, "x", "x.hip", 1, nullptr, nullptr) ==
        HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcCreateProgram(&prog, "__global__ void k() {}", "k.hip", 0, nullptr, nullptr) ==
        HIPRTC_ERROR_INTERNAL_ERROR);
  CHECK(prog == nullptr);
  hiprtcProgram bogus = reinterpret_cast<hiprtcProgram>(0x10);
  CHECK(hiprtcDestroyProgram(nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcDestroyProgram(&prog) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcDestroyProgram(&bogus) == HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(hiprtcCompileProgram(nullptr, 0, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcCompileProgram(bogus, 1, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcCompileProgram(bogus, 0, nullptr) == HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(hiprtcAddNameExpression(bogus, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcAddNameExpression(bogus, "k") == HIPRTC_ERROR_INVALID_PROGRAM);
  const char* lowered = nullptr;
  CHECK(hiprtcGetLoweredName(bogus, "k", nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcGetLoweredName(bogus, "k", &lowered) == HIPRTC_ERROR_INVALID_PROGRAM);
  char buf[8];
  size_t n = 0;
  CHECK(hiprtcGetProgramLog(bogus, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcGetProgramLog(bogus, buf) == HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(hiprtcGetProgramLogSize(nullptr, &n) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcGetProgramLogSize(bogus, &n) == HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(hiprtcGetCode(bogus, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcGetCode(bogus, buf) == HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(hiprtcGetCodeSize(bogus, &n) == HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(hiprtcGetBitcode(bogus, buf) == HIPRTC_ERROR_INVALID_PROGRAM);
  CHECK(hiprtcGetBitcodeSize(bogus, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcGetBitcodeSize(bogus, &n) == HIPRTC_ERROR_INVALID_PROGRAM);
}

TEST_CASE("hiprtc linking: bad input is refused, link states are not available yet") {
  hiprtcLinkState state = reinterpret_cast<hiprtcLinkState>(0x1);
  hiprtcJIT_option opt = HIPRTC_JIT_IR_TO_ISA_OPT_EXT;
  CHECK(hiprtcLinkCreate(0, nullptr, nullptr, nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkCreate(1, &opt, nullptr, &state) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkCreate(0, nullptr, nullptr, &state) == HIPRTC_ERROR_INTERNAL_ERROR);
  CHECK(state == nullptr);
  hiprtcLinkState bogus = reinterpret_cast<hiprtcLinkState>(0x10);
  char image[4] = {1, 2, 3, 4};
  void* bin = nullptr;
  size_t size = 0;
  CHECK(hiprtcLinkAddFile(nullptr, HIPRTC_JIT_INPUT_LLVM_BITCODE, "a.bc", 0, nullptr, nullptr) ==
        HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkAddFile(bogus, HIPRTC_JIT_INPUT_LLVM_BITCODE, "a.bc", 0, nullptr, nullptr) ==
        HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkAddData(bogus, HIPRTC_JIT_INPUT_LLVM_BITCODE, nullptr, 4, "a", 0, nullptr,
                          nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkAddData(bogus, HIPRTC_JIT_INPUT_LLVM_BITCODE, image, 4, "a", 0, nullptr,
                          nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkComplete(bogus, nullptr, &size) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkComplete(bogus, &bin, &size) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkDestroy(nullptr) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(hiprtcLinkDestroy(bogus) == HIPRTC_ERROR_INVALID_INPUT);
  CHECK(HIPRTC_JIT_NUM_INPUT_TYPES == 9);
  CHECK(HIPRTC_JIT_NUM_OPTIONS == 25);
}
