// libcuda opened with dlopen at first use: the resolved entry points, and the status mapping.
#pragma once

#include <memory>
#include <string>

#include "base/status.h"
#include "cuda/cuda_driver_types.h"

namespace unihip::cu {

// The driver API version whose semantics unihip asks for (CUDA 12.0).
inline constexpr int kCudaApiVersion = 12000;

struct DriverApi {
#define UNIHIP_CU_REQUIRED(name, ...) CUresult (*name)(__VA_ARGS__) = nullptr;
#define UNIHIP_CU_OPTIONAL(name, ...) CUresult (*name)(__VA_ARGS__) = nullptr;
#define UNIHIP_CU_OPTIONAL_SINCE(version, name, ...) CUresult (*name)(__VA_ARGS__) = nullptr;
#include "cuda/cuda_symbols.h"
#undef UNIHIP_CU_REQUIRED
#undef UNIHIP_CU_OPTIONAL
#undef UNIHIP_CU_OPTIONAL_SINCE
};

// Opens libcuda (UNIHIP_CUDA_LIBRARY, then libcuda.so.1, then libcuda.so) and resolves every
// entry point. nullptr with `reason` naming each path tried or the missing symbol.
std::unique_ptr<DriverApi> loadDriver(std::string* reason);

// The complete CUresult -> hipError_t table.
hipError_t toHipError(CUresult result);

}  // namespace unihip::cu
