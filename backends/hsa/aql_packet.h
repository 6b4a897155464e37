// Encoding of AQL packets (HSA spec, "Architected Queuing Language"). Bodies and headers are
// separate: the body is written with plain stores while the packet slot is still invalid, and
// the header (with setup, one 32-bit word) is published last by aql_queue.h. Pure functions.
#pragma once

#include <hsa/hsa.h>

#include <cstdint>
#include <span>

#include "base/status.h"

namespace unihip::hsa {

// The 16-bit header: packet type, barrier bit, acquire and release fence scopes.
uint16_t packetHeader(hsa_packet_type_t type, bool barrier, hsa_fence_scope_t acquire,
                      hsa_fence_scope_t release);

// The 32-bit word stored at offset 0 of a packet: header in the low half, setup (for a kernel
// dispatch, the dimension count) in the high half.
constexpr uint32_t headerWord(uint16_t header, uint16_t setup) {
  return uint32_t{header} | (uint32_t{setup} << 16);
}

struct DispatchParams {
  uint32_t gridBlocks[3] = {1, 1, 1};  // HIP gridDim (workgroups)
  uint32_t blockSize[3] = {1, 1, 1};   // HIP blockDim (work-items per workgroup)
  uint32_t groupSegmentBytes = 0;      // static LDS + dynamic shared memory
  uint32_t privateSegmentBytes = 0;
  uint64_t kernelObject = 0;
  void* kernarg = nullptr;
  hsa_signal_t completion{0};
};

// Checks the geometry fits AQL's fields (workgroup sizes are 16-bit, grid sizes in work-items
// 32-bit) and writes every field of `packet` except header and setup; returns the setup value
// (dimension count) through `setup`. hipErrorInvalidConfiguration when it does not fit.
Status encodeDispatchBody(const DispatchParams& params, hsa_kernel_dispatch_packet_t* packet,
                          uint16_t* setup);

// Writes every field of a barrier-AND packet except the header: up to five dependency signals
// (unused slots zero) and the completion signal. hipErrorInvalidValue for more than five.
Status encodeBarrierAndBody(std::span<const hsa_signal_t> dependencies, hsa_signal_t completion,
                            hsa_barrier_and_packet_t* packet);

}  // namespace unihip::hsa
