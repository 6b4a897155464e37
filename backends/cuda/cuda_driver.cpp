#include "cuda/cuda_driver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <vector>

#include "base/log.h"

namespace unihip::cu {

namespace {

using GetProcAddress = CUresult (*)(const char*, void**, int, uint64_t, int*);
using GetProcAddressV1 = CUresult (*)(const char*, void**, int, uint64_t);

}  // namespace

std::unique_ptr<DriverApi> loadDriver(std::string* reason) {
  std::vector<std::string> paths;
  if (const char* env = std::getenv("UNIHIP_CUDA_LIBRARY")) paths.emplace_back(env);
  paths.emplace_back("libcuda.so.1");
  paths.emplace_back("libcuda.so");
  void* library = nullptr;
  std::string tried;
  for (const auto& p : paths) {
    library = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library) {
      UNIHIP_LOG_DEBUG("cuda: opened {}", p);
      break;
    }
    const char* err = dlerror();
    tried += (tried.empty() ? "" : "; ") + p + " (" + (err ? err : "not found") + ")";
  }
  if (library == nullptr) {
    *reason = "libcuda not found; tried " + tried;
    return nullptr;
  }
  // Symbols come through cuGetProcAddress at a fixed API version, so the driver picks the
  // matching variant of each (cuMemAlloc_v2, cuStreamDestroy_v2, ...).
  auto getV2 = reinterpret_cast<GetProcAddress>(dlsym(library, "cuGetProcAddress_v2"));
  auto getV1 = reinterpret_cast<GetProcAddressV1>(dlsym(library, "cuGetProcAddress"));
  if (getV2 == nullptr && getV1 == nullptr) {
    *reason = "libcuda has no cuGetProcAddress (driver older than CUDA 11.3)";
    return nullptr;
  }
  auto api = std::make_unique<DriverApi>();
  auto resolve = [&](const char* name, void** slot, int version = kCudaApiVersion) -> bool {
    CUresult r = getV2 ? getV2(name, slot, version, CU_GET_PROC_ADDRESS_DEFAULT, nullptr)
                       : getV1(name, slot, version, CU_GET_PROC_ADDRESS_DEFAULT);
    if (r != CUDA_SUCCESS || *slot == nullptr) {
      *reason = std::string("libcuda lacks ") + name + " (cuGetProcAddress returned " +
                std::to_string(r) + ")";
      return false;
    }
    return true;
  };
#define UNIHIP_CU_REQUIRED(name, ...) \
  if (!resolve(#name, reinterpret_cast<void**>(&api->name))) return nullptr;
#define UNIHIP_CU_OPTIONAL(name, ...) \
  if (!resolve(#name, reinterpret_cast<void**>(&api->name))) api->name = nullptr;
#define UNIHIP_CU_OPTIONAL_SINCE(version, name, ...) \
  if (!resolve(#name, reinterpret_cast<void**>(&api->name), version)) api->name = nullptr;
  const std::string keep = *reason;
#include "cuda/cuda_symbols.h"
#undef UNIHIP_CU_REQUIRED
#undef UNIHIP_CU_OPTIONAL
#undef UNIHIP_CU_OPTIONAL_SINCE
  *reason = keep;  // an optional symbol's absence is no reason
  return api;
}

hipError_t toHipError(CUresult r) {
  switch (r) {
    case 0: return hipSuccess;
    case 1: return hipErrorInvalidValue;
    case 2: return hipErrorOutOfMemory;
    case 3: return hipErrorNotInitialized;
    case 4: return hipErrorDeinitialized;
    case 5: return hipErrorProfilerDisabled;
    case 6: return hipErrorProfilerNotInitialized;
    case 7: return hipErrorProfilerAlreadyStarted;
    case 8: return hipErrorProfilerAlreadyStopped;
    case 34: return hipErrorInsufficientDriver;   // CUDA_ERROR_STUB_LIBRARY
    case 46: return hipErrorNoDevice;             // CUDA_ERROR_DEVICE_UNAVAILABLE
    case 100: return hipErrorNoDevice;
    case 101: return hipErrorInvalidDevice;
    case 102: return hipErrorInvalidDevice;       // CUDA_ERROR_DEVICE_NOT_LICENSED
    case 200: return hipErrorInvalidImage;
    case 201: return hipErrorInvalidContext;
    case 202: return hipErrorContextAlreadyCurrent;
    case 205: return hipErrorMapFailed;
    case 206: return hipErrorUnmapFailed;
    case 207: return hipErrorArrayIsMapped;
    case 208: return hipErrorAlreadyMapped;
    case 209: return hipErrorNoBinaryForGpu;
    case 210: return hipErrorAlreadyAcquired;
    case 211: return hipErrorNotMapped;
    case 212: return hipErrorNotMappedAsArray;
    case 213: return hipErrorNotMappedAsPointer;
    case 214: return hipErrorECCNotCorrectable;
    case 215: return hipErrorUnsupportedLimit;
    case 216: return hipErrorContextAlreadyInUse;
    case 217: return hipErrorPeerAccessUnsupported;
    case 218: return hipErrorInvalidKernelFile;    // CUDA_ERROR_INVALID_PTX
    case 219: return hipErrorInvalidGraphicsContext;
    case 220: return hipErrorUnknown;              // CUDA_ERROR_NVLINK_UNCORRECTABLE
    case 221: return hipErrorInvalidKernelFile;    // CUDA_ERROR_JIT_COMPILER_NOT_FOUND
    case 222: return hipErrorInvalidKernelFile;    // CUDA_ERROR_UNSUPPORTED_PTX_VERSION
    case 223: return hipErrorInvalidKernelFile;    // CUDA_ERROR_JIT_COMPILATION_DISABLED
    case 224: return hipErrorNotSupported;         // CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY
    case 225: return hipErrorNotSupported;         // CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC
    case 226: return hipErrorInvalidContext;       // CUDA_ERROR_CONTAINED
    case 300: return hipErrorInvalidSource;
    case 301: return hipErrorFileNotFound;
    case 302: return hipErrorSharedObjectSymbolNotFound;
    case 303: return hipErrorSharedObjectInitFailed;
    case 304: return hipErrorOperatingSystem;
    case 400: return hipErrorInvalidHandle;
    case 401: return hipErrorIllegalState;
    case 402: return hipErrorUnknown;              // CUDA_ERROR_LOSSY_QUERY
    case 500: return hipErrorNotFound;
    case 600: return hipErrorNotReady;
    case 700: return hipErrorIllegalAddress;
    case 701: return hipErrorLaunchOutOfResources;
    case 702: return hipErrorLaunchTimeOut;
    case 703: return hipErrorLaunchFailure;        // CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING
    case 704: return hipErrorPeerAccessAlreadyEnabled;
    case 705: return hipErrorPeerAccessNotEnabled;
    case 708: return hipErrorSetOnActiveProcess;   // CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE
    case 709: return hipErrorContextIsDestroyed;
    case 710: return hipErrorAssert;
    case 711: return hipErrorUnknown;              // CUDA_ERROR_TOO_MANY_PEERS
    case 712: return hipErrorHostMemoryAlreadyRegistered;
    case 713: return hipErrorHostMemoryNotRegistered;
    case 714: return hipErrorLaunchFailure;        // CUDA_ERROR_HARDWARE_STACK_ERROR
    case 715: return hipErrorLaunchFailure;        // CUDA_ERROR_ILLEGAL_INSTRUCTION
    case 716: return hipErrorLaunchFailure;        // CUDA_ERROR_MISALIGNED_ADDRESS
    case 717: return hipErrorLaunchFailure;        // CUDA_ERROR_INVALID_ADDRESS_SPACE
    case 718: return hipErrorLaunchFailure;        // CUDA_ERROR_INVALID_PC
    case 719: return hipErrorLaunchFailure;
    case 720: return hipErrorCooperativeLaunchTooLarge;
    case 721: return hipErrorInvalidValue;         // CUDA_ERROR_TENSOR_MEMORY_LEAK
    case 800: return hipErrorNotSupported;         // CUDA_ERROR_NOT_PERMITTED
    case 801: return hipErrorNotSupported;
    case 802: return hipErrorInsufficientDriver;   // CUDA_ERROR_SYSTEM_NOT_READY
    case 803: return hipErrorInsufficientDriver;   // CUDA_ERROR_SYSTEM_DRIVER_MISMATCH
    case 804: return hipErrorNotSupported;         // CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE
    case 805: case 806: case 807: case 808: case 809: case 810: case 811: case 812:
      return hipErrorNotSupported;                 // MPS and CDP limits
    case 900: return hipErrorStreamCaptureUnsupported;
    case 901: return hipErrorStreamCaptureInvalidated;
    case 902: return hipErrorStreamCaptureMerge;
    case 903: return hipErrorStreamCaptureUnmatched;
    case 904: return hipErrorStreamCaptureUnjoined;
    case 905: return hipErrorStreamCaptureIsolation;
    case 906: return hipErrorStreamCaptureImplicit;
    case 907: return hipErrorCapturedEvent;
    case 908: return hipErrorStreamCaptureWrongThread;
    case 909: return hipErrorLaunchTimeOut;        // CUDA_ERROR_TIMEOUT
    case 910: return hipErrorGraphExecUpdateFailure;
    case 914: return hipErrorInvalidResourceType;
    case 915: return hipErrorInvalidResourceConfiguration;
    default: return hipErrorUnknown;               // 999 and codes newer than this table
  }
}

}  // namespace unihip::cu
