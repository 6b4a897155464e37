// ROCr status codes: their names and their mapping onto unihip::Status.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "base/enum_value.h"
#include "base/status.h"

namespace unihip::hsa {

struct HsaApi;

// "HSA_STATUS_ERROR_OUT_OF_RESOURCES", or "HSA_STATUS_<unknown>" for codes not in the table.
const char* hsaStatusName(hsa_status_t status);

// The HIP error a ROCr status stands for (complete table; unknown codes -> hipErrorUnknown).
hipError_t hipErrorFromHsa(hsa_status_t status);

// The failure half of checkHsa (out of line: the success test stays a compare on hot paths).
Status reportHsaFailure(const HsaApi& api, hsa_status_t status, const char* call);

// Maps `status`; on failure logs "<call> failed: <name> (0x....): <ROCr's text>" at error level.
inline Status checkHsa(const HsaApi& api, hsa_status_t status, const char* call) {
  const auto raw = enumValue(status);
  if (raw == HSA_STATUS_SUCCESS || raw == HSA_STATUS_INFO_BREAK) [[likely]] return kOk;
  return reportHsaFailure(api, status, call);
}

}  // namespace unihip::hsa

// Evaluates a ROCr call through the table and returns its mapped Status from the enclosing
// function when it fails. The call's text names it in the log.
#define UNIHIP_HSA_TRY(api, call) UNIHIP_TRY(::unihip::hsa::checkHsa((api), (api).call, #call))
