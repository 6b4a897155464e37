// The built-in memset kernels, the graph copy kernels, the GWS initialiser of cooperative launches and the stream memory operations (fill_kernels.hip), compiled at build time for each target in
// UNIHIP_FILL_KERNEL_TARGETS and embedded as one offload bundle.
//
// Why kernels and not hsa_amd_memory_fill: ROCr's fill is synchronous, device-wide and needs
// 4-byte alignment, while hipMemsetAsync must be ordered on a stream at any alignment. A kernel
// is an ordinary AQL dispatch on the stream's queue. hsa_amd_memory_fill remains the fallback
// for agents with no matching fill kernel (4-byte-aligned cases only, after a stream sync).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "base/status.h"
#include "hsa_discovery.h"
#include "hsa_module.h"

namespace unihip::hsa {

extern const unsigned char kFillKernelBundle[];
extern const size_t kFillKernelBundleSize;

// How a fill of `count` elements is launched (hipMemsetAsync and pre-built graph memset nodes):
// 256-item workgroups, at most 16384 of them, every item striding over the rest.
struct FillGeometry {
  static constexpr uint32_t kWorkgroup = 256;
  static constexpr uint64_t kMaxWorkgroups = 16384;
  explicit FillGeometry(uint64_t count)
      : workgroups(static_cast<uint32_t>(
            std::min<uint64_t>((count + kWorkgroup - 1) / kWorkgroup, kMaxWorkgroups))),
        stride(uint64_t{workgroups} * kWorkgroup) {}
  uint32_t workgroups;
  uint64_t stride;  // items in the whole grid
};

struct FillKernels {
  std::unique_ptr<HsaModule> module;
  HsaFunction* fillU8 = nullptr;   // (uchar* dst, uint value, u64 count, u64 stride)
  HsaFunction* fillU32 = nullptr;  // (uint* dst, uint value, u64 count, u64 stride)
  HsaFunction* gwsInit = nullptr;  // (uint workgroups - 1); null in bundles built before it
  HsaFunction* streamWait = nullptr;   // (uint* p32, u64* p64, u64 value, u64 flags, u64 mask)
  HsaFunction* streamWrite = nullptr;  // (uint* p32, u64* p64, u64 value)
  // Graph memcpy nodes: (T* dst, const T* src, u64 width, height, depth, dpitch, dslice,
  // spitch, sslice, stride), in elements of 1, 4 and 16 bytes; null in bundles built before.
  HsaFunction* copy[3] = {};
};

// Picks the embedded code object for `agent` and loads it. hipErrorNoBinaryForGpu when the
// build has none for this target.
Status loadFillKernels(const HsaApi& api, const AgentInfo& agent, FillKernels* out);

}  // namespace unihip::hsa
