// Opening ROCr (libhsa-runtime64) with dlopen and resolving the entry points of hsa_symbols.h.
// unihip has no link-time dependency on ROCr: a machine without it still loads libunihip.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_image.h>

#include "hsa_vmem_api.h"

#include <string>
#include <vector>

namespace unihip::hsa {

// The function table. Members carry ROCr's own prototypes (decltype of the header declaration).
// Tests fill members with fakes to drive code that calls ROCr (queue publishing).
struct HsaApi {
#define UNIHIP_HSA_SYMBOL(kind, name) decltype(&::name) name = nullptr;
#include "hsa_symbols.h"
#undef UNIHIP_HSA_SYMBOL
  void* library = nullptr;  // dlopen handle; null for a fake table
  std::string libraryPath;  // the path that opened
};

// Candidate library paths in the order tried: $UNIHIP_HSA_LIBRARY (when set), then
// libhsa-runtime64.so.1, then libhsa-runtime64.so.
std::vector<std::string> hsaLibraryCandidates();

// Opens the first candidate that loads and resolves every REQUIRED symbol. On failure returns
// false and `reason` names each path tried with dlerror's text, or the missing symbol.
bool loadHsaApi(HsaApi* api, std::string* reason);
bool loadHsaApiFrom(const std::vector<std::string>& candidates, HsaApi* api, std::string* reason);

// dlclose; the table's pointers become null.
void unloadHsaApi(HsaApi* api);

}  // namespace unihip::hsa
