// What one device and its driver can do natively, filled once per device by its backend
// (DeviceOps::capabilities). Callers that have a generic path choose it from here before calling,
// so that a vendor's hipErrorNotSupported means only "not supported" and a driver's own refusal
// reaches the user instead of silently switching to a slower route.
#pragma once

namespace unihip {

struct DeviceCapabilities {
  // Paths chosen from these (a generic one where they are false):
  bool pitchedCopies = false;  // memcpyPitchedAsync: one 2-D/3-D copy (else row by row)
  bool pitchedFills = false;   // memsetPitchedAsync: one 2-D fill (else row by row)
  bool batchCopies = false;    // memcpyBatchAsync: one batch (else memcpyAsync per copy)
  bool batchMemOps = false;    // streamBatchMemOp: one batch (else the seam's wait/write loop)
  // What the device reports (the optional families are also null when absent):
  bool cooperativeLaunch = false;  // launchCooperative
  bool managedMemory = false;      // mallocManagedImpl
  bool graphs = false;             // graphs() (native or generic)
  bool memoryPools = false;        // memoryPools()
  bool images = false;             // images()
  bool executionContexts = false;  // executionContexts(): green contexts, SM splits
  // Device memory is coherent for the host's copies, peers and system-scope atomics without a
  // cache flush (NVIDIA: one L2 is the point of coherence), so hipExtMallocWithFlags' uncached,
  // contiguous and signal kinds are ordinary device memory.
  bool deviceMemoryIsUncached = false;
};

}  // namespace unihip
