#include "aql_packet.h"

#include "base/log.h"
#include "kernarg_layout.h"

namespace unihip::hsa {

uint16_t packetHeader(hsa_packet_type_t type, bool barrier, hsa_fence_scope_t acquire,
                      hsa_fence_scope_t release) {
  return static_cast<uint16_t>((type << HSA_PACKET_HEADER_TYPE) |
                               ((barrier ? 1u : 0u) << HSA_PACKET_HEADER_BARRIER) |
                               (acquire << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                               (release << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

Status encodeDispatchBody(const DispatchParams& p, hsa_kernel_dispatch_packet_t* packet,
                          uint16_t* setup) {
  uint32_t gridItems[3];
  for (int d = 0; d < 3; ++d) {
    const uint64_t items = uint64_t{p.gridBlocks[d]} * p.blockSize[d];
    if (p.blockSize[d] == 0 || p.gridBlocks[d] == 0 || p.blockSize[d] > UINT16_MAX ||
        items > UINT32_MAX) {
      UNIHIP_LOG_ERROR("hsa: launch geometry {}x{} in dimension {} does not fit an AQL packet",
                       p.gridBlocks[d], p.blockSize[d], d);
      return hipErrorInvalidConfiguration;
    }
    gridItems[d] = static_cast<uint32_t>(items);
  }
  packet->workgroup_size_x = static_cast<uint16_t>(p.blockSize[0]);
  packet->workgroup_size_y = static_cast<uint16_t>(p.blockSize[1]);
  packet->workgroup_size_z = static_cast<uint16_t>(p.blockSize[2]);
  packet->reserved0 = 0;
  packet->grid_size_x = gridItems[0];
  packet->grid_size_y = gridItems[1];
  packet->grid_size_z = gridItems[2];
  packet->private_segment_size = p.privateSegmentBytes;
  packet->group_segment_size = p.groupSegmentBytes;
  packet->kernel_object = p.kernelObject;
  packet->kernarg_address = p.kernarg;
  packet->reserved2 = 0;
  packet->completion_signal = p.completion;
  *setup = static_cast<uint16_t>(gridDimensions(p.gridBlocks, p.blockSize)
                                 << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
  return kOk;
}

Status encodeBarrierAndBody(std::span<const hsa_signal_t> dependencies, hsa_signal_t completion,
                            hsa_barrier_and_packet_t* packet) {
  constexpr size_t kSlots = sizeof(packet->dep_signal) / sizeof(packet->dep_signal[0]);
  if (dependencies.size() > kSlots) {
    UNIHIP_LOG_ERROR("hsa: {} dependencies exceed a barrier packet's {}", dependencies.size(),
                     kSlots);
    return hipErrorInvalidValue;
  }
  packet->reserved1 = 0;  // header and reserved0 form the word publishPacket stores
  for (size_t i = 0; i < kSlots; ++i)
    packet->dep_signal[i] = i < dependencies.size() ? dependencies[i] : hsa_signal_t{0};
  packet->reserved2 = 0;
  packet->completion_signal = completion;
  return kOk;
}

}  // namespace unihip::hsa
