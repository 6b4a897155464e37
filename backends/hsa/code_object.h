// An AMD GPU code object (ELF) read into a kernel table: the NT_AMDGPU_METADATA note
// (msgpack, code object v3-v6) gives each kernel's kernarg layout and segment sizes.
//
// Input is untrusted (user fat binaries, hipModuleLoadData): every offset, size and count is
// checked before use, and any defect gives hipErrorInvalidImage with one log line naming it.
// Pure CPU; no ROCr calls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace unihip::hsa {

// The metadata's .value_kind of one kernel argument.
enum class ArgKind : uint8_t {
  ByValue,
  GlobalBuffer,
  DynamicSharedPointer,
  Sampler,
  Image,
  Pipe,
  Queue,
  HiddenGlobalOffsetX,
  HiddenGlobalOffsetY,
  HiddenGlobalOffsetZ,
  HiddenNone,
  HiddenPrintfBuffer,
  HiddenHostcallBuffer,
  HiddenDefaultQueue,
  HiddenCompletionAction,
  HiddenMultigridSyncArg,
  HiddenHeapV1,
  HiddenBlockCountX,
  HiddenBlockCountY,
  HiddenBlockCountZ,
  HiddenGroupSizeX,
  HiddenGroupSizeY,
  HiddenGroupSizeZ,
  HiddenRemainderX,
  HiddenRemainderY,
  HiddenRemainderZ,
  HiddenGridDims,
  HiddenPrivateBase,
  HiddenSharedBase,
  HiddenQueuePtr,
  HiddenDynamicLdsSize,
  HiddenUnknown,  // a hidden_* kind this version does not know: zero-filled
};

// Maps a .value_kind string; false for a non-hidden kind that is not known (an invalid image).
bool parseArgKind(std::string_view text, ArgKind* kind);
const char* argKindName(ArgKind kind);
constexpr bool isHidden(ArgKind k) { return k >= ArgKind::HiddenGlobalOffsetX; }

struct KernelArg {
  uint32_t offset = 0;
  uint32_t size = 0;
  ArgKind kind = ArgKind::ByValue;
};

// One hidden argument a plain launch writes (kernarg_layout.h, writePlainKernargs): `size` bytes
// (2, 4 or 8) of launch value number `value` (PlainValue) at `offset`.
struct PlainStore {
  uint32_t offset = 0;
  uint8_t size = 0;
  uint8_t value = 0;
};

struct KernelInfo {
  std::string name;    // .name: the (mangled) kernel name used by getFunction
  std::string symbol;  // .symbol: the kernel descriptor, "<name>.kd"
  uint32_t kernargSize = 0;
  uint32_t kernargAlign = 0;
  uint32_t groupSegmentSize = 0;    // static LDS; dynamic shared memory is added at launch
  uint32_t privateSegmentSize = 0;  // per work-item scratch
  uint32_t wavefrontSize = 0;
  uint32_t maxFlatWorkgroupSize = 0;  // 0 when the metadata omits it
  uint32_t vgprCount = 0;  // .vgpr_count, .sgpr_count, .agpr_count (gfx90a+): 0 when omitted
  uint32_t sgprCount = 0;
  uint32_t agprCount = 0;
  bool usesDynamicStack = false;
  // Device services the launch must provide (hsa_device_services.cpp): hidden_hostcall_buffer,
  // hidden_heap_v1 among the arguments.
  bool needsHostcall = false;
  bool needsHeap = false;
  // .workgroup_processor_mode (gfx10+, v5+): the kernel runs in WGP mode (a workgroup may span
  // both CUs of a WGP); absent: CU mode. Occupancy counts SIMDs per WGP then.
  bool wgpMode = false;
  std::vector<KernelArg> args;  // metadata order: explicit arguments first, then hidden ones
  uint32_t explicitArgCount = 0;
  // The hidden arguments a launch may have to write (kinds that can be non-zero), filled at
  // parse so a launch skips the rest (global offsets, remainders, hidden_none: zero in HIP).
  // Sorted by size: [0, liveHiddenEnds[0]) are 2 bytes, then 4, then 8 up to liveHiddenEnds[2],
  // then any other size. `planned` false (a KernelInfo made by hand): layoutKernargs looks at
  // every argument.
  std::vector<KernelArg> liveHidden;
  uint32_t liveHiddenEnds[3] = {0, 0, 0};
  bool planned = false;
  // The plain launch (no device services, no cooperative grid; planPlainLaunch, at parse): every
  // hidden argument it may set is launch geometry or the queue pointer, of 2, 4 or 8 bytes; the
  // rest of the segment is zero. `layoutId` (unique per parsed kernel, never 0) names the kernarg
  // ring slots holding this kernel's plain arguments, which then need no zeroing.
  bool plainLaunch = false;
  uint64_t layoutId = 0;
  // Code object v5's block counts (3 x 4 bytes) and group sizes (3 x 2 bytes) at this offset,
  // written at once; -1: they are among plainStores (or absent). The grid dimension count
  // (2 bytes) at gridDimsOffset, -1: among plainStores or absent.
  int32_t geometryOffset = -1;
  int32_t gridDimsOffset = -1;
  std::vector<PlainStore> plainStores;
};

struct CodeObjectInfo {
  int codeObjectVersion = 0;  // 3..6, from the ELF ABI version
  uint32_t metadataVersion[2] = {0, 0};  // amdhsa.version
  std::string target;  // amdhsa.target, "amdgcn-amd-amdhsa--gfx90a:xnack-"; may be empty (v3)
  std::vector<KernelInfo> kernels;

  const KernelInfo* findKernel(std::string_view name) const;
};

// Limits that make absurd metadata fail rather than allocate or read without bound.
inline constexpr uint32_t kMaxKernargSegmentSize = 1u << 20;
inline constexpr uint32_t kMaxKernargAlign = 256;
inline constexpr uint32_t kMaxMetadataDepth = 8;

// Parses the ELF image `data[0, size)`. hipErrorInvalidImage on any defect.
Status parseCodeObject(const uint8_t* data, size_t size, CodeObjectInfo* out);

// Parses only the msgpack metadata blob (the note's descriptor); for tests of malformed msgpack
// and used by parseCodeObject.
Status parseCodeObjectMetadata(const uint8_t* data, size_t size, CodeObjectInfo* out);

}  // namespace unihip::hsa
