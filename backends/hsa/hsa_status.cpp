#include "hsa_status.h"

#include <cstdint>

#include "base/enum_value.h"
#include "base/log.h"
#include "hsa_loader.h"

namespace unihip::hsa {

namespace {
// The code as its integer: extension codes (HSA_EXT_STATUS_*, 0x3000 on) lie outside
// hsa_status_t's value range, which clang refuses in a constant expression.
struct StatusRow {
  uint32_t status;
  const char* name;
  hipError_t hip;
};

#define ROW(s, h) {static_cast<uint32_t>(s), #s, h}
constexpr StatusRow kStatusTable[] = {
    ROW(HSA_STATUS_SUCCESS, hipSuccess),
    ROW(HSA_STATUS_INFO_BREAK, hipSuccess),
    ROW(HSA_STATUS_ERROR, hipErrorUnknown),
    ROW(HSA_STATUS_ERROR_INVALID_ARGUMENT, hipErrorInvalidValue),
    ROW(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION, hipErrorOutOfMemory),
    ROW(HSA_STATUS_ERROR_INVALID_ALLOCATION, hipErrorOutOfMemory),
    ROW(HSA_STATUS_ERROR_INVALID_AGENT, hipErrorInvalidDevice),
    ROW(HSA_STATUS_ERROR_INVALID_REGION, hipErrorInvalidValue),
    ROW(HSA_STATUS_ERROR_INVALID_SIGNAL, hipErrorInvalidHandle),
    ROW(HSA_STATUS_ERROR_INVALID_QUEUE, hipErrorInvalidHandle),
    ROW(HSA_STATUS_ERROR_OUT_OF_RESOURCES, hipErrorOutOfMemory),
    ROW(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, hipErrorLaunchFailure),
    ROW(HSA_STATUS_ERROR_RESOURCE_FREE, hipErrorInvalidValue),
    ROW(HSA_STATUS_ERROR_NOT_INITIALIZED, hipErrorNotInitialized),
    ROW(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW, hipErrorUnknown),
    ROW(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, hipErrorInvalidValue),
    ROW(HSA_STATUS_ERROR_INVALID_INDEX, hipErrorInvalidValue),
    ROW(HSA_STATUS_ERROR_INVALID_ISA, hipErrorNoBinaryForGpu),
    ROW(HSA_STATUS_ERROR_INVALID_ISA_NAME, hipErrorNoBinaryForGpu),
    ROW(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_INVALID_EXECUTABLE, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_FROZEN_EXECUTABLE, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME, hipErrorNotFound),
    ROW(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_VARIABLE_UNDEFINED, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_EXCEPTION, hipErrorLaunchFailure),
    ROW(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_INVALID_FILE, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER, hipErrorInvalidImage),
    ROW(HSA_STATUS_ERROR_INVALID_CACHE, hipErrorUnknown),
    ROW(HSA_STATUS_ERROR_INVALID_WAVEFRONT, hipErrorLaunchFailure),
    ROW(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP, hipErrorInvalidHandle),
    ROW(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE, hipErrorIllegalState),
    ROW(HSA_STATUS_ERROR_FATAL, hipErrorUnknown),
    ROW(HSA_STATUS_ERROR_INVALID_MEMORY_POOL, hipErrorInvalidValue),
    ROW(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION, hipErrorIllegalAddress),
    ROW(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION, hipErrorLaunchFailure),
    ROW(HSA_STATUS_ERROR_MEMORY_FAULT, hipErrorIllegalAddress),
    // The image extension: what the device cannot hold or describe is a bad argument to HIP.
    ROW(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED, hipErrorInvalidValue),
    ROW(HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED, hipErrorInvalidValue),
    ROW(HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED, hipErrorInvalidValue),
    ROW(HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED, hipErrorInvalidValue),
};
#undef ROW
}  // namespace

// ROCr may return codes newer than our headers: every lookup reads the status as its integer
// (base/enum_value.h), never as an out-of-range enum.
namespace {
template <typename Raw>
const StatusRow* findRow(Raw raw) {
  for (const StatusRow& row : kStatusTable)
    if (row.status == static_cast<uint32_t>(raw)) return &row;
  return nullptr;
}
}  // namespace

const char* hsaStatusName(hsa_status_t status) {
  const StatusRow* row = findRow(enumValue(status));
  return row ? row->name : "HSA_STATUS_<unknown>";
}

hipError_t hipErrorFromHsa(hsa_status_t status) {
  const StatusRow* row = findRow(enumValue(status));
  return row ? row->hip : hipErrorUnknown;
}

Status reportHsaFailure(const HsaApi& api, hsa_status_t status, const char* call) {
  const auto raw = enumValue(status);
  const char* text = nullptr;
  if (api.hsa_status_string == nullptr ||
      enumValue(api.hsa_status_string(static_cast<hsa_status_t>(raw), &text)) != HSA_STATUS_SUCCESS)
    text = nullptr;
  const StatusRow* row = findRow(raw);
  UNIHIP_LOG_ERROR("hsa: {} failed: {} (0x{:x}): {}", call,
                   row ? row->name : "HSA_STATUS_<unknown>", static_cast<unsigned>(raw),
                   text ? text : "");
  return row ? row->hip : hipErrorUnknown;
}

}  // namespace unihip::hsa
