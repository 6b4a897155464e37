// The vocabulary every family of the seam shares: opaque vendor handles, a validated launch, a
// copy direction. See docs/design/seam.md.
#pragma once

#include <cstdint>

#include "hip/hip_runtime_api.h"

namespace unihip {

// Opaque vendor handles. A null NativeStream is the device's legacy default stream.
using NativeStream = void*;
using NativeEvent = void*;
using NativeModule = void*;
using NativeFunction = void*;

// A launch as the API layer validated it.
struct LaunchConfig {
  dim3 grid;
  dim3 block;
  uint32_t sharedMemBytes = 0;
  NativeStream stream = nullptr;
};

// Where one grid stands in a multi-device cooperative launch (AMD's mg_info): its rank, the
// number of grids, and the threads of the lower-ranked grids and of all of them.
struct CooperativeGrid {
  uint32_t gridId = 0;
  uint32_t numGrids = 1;
  uint64_t prevSum = 0;
  uint64_t allSum = 0;
};

// Where one explicit kernel argument lies in the kernel's parameter buffer.
struct KernelParamSlot {
  uint32_t offset = 0;
  uint32_t size = 0;
};

// Direction of a copy, decided by the API layer from hipMemcpyKind.
enum class CopyDirection : uint8_t { HostToHost, HostToDevice, DeviceToHost, DeviceToDevice, Default };

}  // namespace unihip
