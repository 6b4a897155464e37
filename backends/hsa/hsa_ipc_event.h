// Inter-process events on HSA, as AMD's runtime emulates them (clr hip_event_ipc.cpp): a POSIX
// shared-memory segment per shared event holding a ring of 32 completion words. A record takes
// the next word, sets it to 1 and queues a device write of 0 behind the stream's work; query and
// synchronize read the latest recorded word; a stream waits for it with a wait-value packet
// (AMD waits on the host). Any process that opened the segment may record, query and wait.
// The words are page-locked for the GPU (hsa_amd_memory_lock). Design: docs/design/amd-ipc.md.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "base/status.h"
#include "hip/hip_runtime_api.h"
#include "hsa_loader.h"

namespace unihip::hsa {

inline constexpr int kIpcEventSlots = 32;

// AMD's ihipIpcEventShmem_t.
struct IpcEventShared {
  std::atomic<int> owners;
  std::atomic<int> ownerDevice;
  std::atomic<int> ownerProcess;
  std::atomic<int> readIndex;   // the latest record's slot counter; -1: never recorded
  std::atomic<int> writeIndex;  // the next record's
  alignas(64) uint32_t signal[kIpcEventSlots];
};

// hipIpcEventHandle_t: the segment's name (AMD's shmem_name) and the exporter's process.
struct IpcEventHandleLayout {
  char name[32];
  int32_t processId;
  char reserved[28];
};
static_assert(sizeof(IpcEventHandleLayout) == 64, "hipIpcEventHandle_t is 64 bytes");

struct IpcEventSegment {
  std::string name;
  IpcEventShared* shared = nullptr;
  uint32_t* deviceSignals = nullptr;  // `shared->signal` as the GPU addresses it
};

// A new segment (the exporter's, owners 1) or the segment a handle names (owners + 1).
// Open: a name that is no segment -> hipErrorInvalidValue; the caller's own ->
// hipErrorInvalidContext (as AMD's runtime).
Status createIpcEventSegment(const HsaApi& api, hsa_agent_t agent, int device,
                             std::unique_ptr<IpcEventSegment>* out);
Status openIpcEventSegment(const HsaApi& api, hsa_agent_t agent,
                           const hipIpcEventHandle_t& handle,
                           std::unique_ptr<IpcEventSegment>* out);
void fillIpcEventHandle(const IpcEventSegment& segment, int device, hipIpcEventHandle_t* handle);
// Unlocks and unmaps; the last owner removes the name.
void closeIpcEventSegment(const HsaApi& api, std::unique_ptr<IpcEventSegment> segment);

// Takes the next slot for a record (waiting while a record 32 back is still pending) and sets
// it to 1; publish() makes it the one query/wait see once the device write is queued.
int acquireIpcEventSlot(IpcEventSegment& segment);
void publishIpcEventSlot(IpcEventSegment& segment, int index);
// The latest recorded slot still pending, or -1 (never recorded, or completed).
int pendingIpcEventSlot(const IpcEventSegment& segment);
// Waits on the host until slot `index` completed.
void waitIpcEventSlot(const IpcEventSegment& segment, int index);

}  // namespace unihip::hsa
