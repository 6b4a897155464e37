// The shared-memory segments of inter-process events (hsa_ipc_event.h).
#include "hsa_ipc_event.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <new>
#include <thread>

namespace unihip::hsa {

namespace {

std::atomic<unsigned> g_nextSegment{0};

// Maps `fd` (the segment), page-locks its words for `agent`; closes fd.
Status mapSegment(const HsaApi& api, hsa_agent_t agent, int fd, std::string name,
                  std::unique_ptr<IpcEventSegment>* out) {
  void* p = mmap(nullptr, sizeof(IpcEventShared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED) return hipErrorInvalidValue;
  auto s = std::make_unique<IpcEventSegment>();
  s->name = std::move(name);
  s->shared = static_cast<IpcEventShared*>(p);
  void* agentPtr = nullptr;
  if (api.hsa_amd_memory_lock(s->shared->signal, sizeof s->shared->signal, &agent, 1, &agentPtr) !=
      HSA_STATUS_SUCCESS) {
    munmap(p, sizeof(IpcEventShared));
    return hipErrorOutOfMemory;
  }
  s->deviceSignals = static_cast<uint32_t*>(agentPtr);
  *out = std::move(s);
  return kOk;
}

}  // namespace

Status createIpcEventSegment(const HsaApi& api, hsa_agent_t agent, int device,
                             std::unique_ptr<IpcEventSegment>* out) {
  // Unique per process and event; fits AMD's 32-byte name with its NUL.
  const std::string name = "/unihip_ev_" + std::to_string(::getpid()) + "_" +
                           std::to_string(g_nextSegment.fetch_add(1));
  const int fd = shm_open(name.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
  if (fd < 0) return hipErrorOutOfMemory;
  if (ftruncate(fd, sizeof(IpcEventShared)) != 0) {
    ::close(fd);
    shm_unlink(name.c_str());
    return hipErrorOutOfMemory;
  }
  if (Status st = mapSegment(api, agent, fd, name, out); !st.ok()) {
    shm_unlink(name.c_str());
    return st;
  }
  IpcEventShared* sh = (*out)->shared;
  new (sh) IpcEventShared{};
  sh->owners = 1;
  sh->ownerDevice = device;
  sh->ownerProcess = static_cast<int>(::getpid());
  sh->readIndex = -1;
  sh->writeIndex = 0;
  return kOk;
}

Status openIpcEventSegment(const HsaApi& api, hsa_agent_t agent,
                           const hipIpcEventHandle_t& handle,
                           std::unique_ptr<IpcEventSegment>* out) {
  IpcEventHandleLayout h;
  std::memcpy(&h, &handle, sizeof h);
  const size_t length = strnlen(h.name, sizeof h.name);
  // A name as unihip makes them (garbage bytes never reach shm_open).
  if (length == 0 || length == sizeof h.name || std::strncmp(h.name, "/unihip_ev_", 11) != 0 ||
      std::memchr(h.name + 1, '/', length - 1) != nullptr)
    return hipErrorInvalidValue;
  const std::string name(h.name, length);
  // Never created here: a segment that is gone is an error, not a new event.
  const int fd = shm_open(name.c_str(), O_RDWR, 0600);
  if (fd < 0) return hipErrorInvalidValue;
  std::unique_ptr<IpcEventSegment> s;
  UNIHIP_TRY(mapSegment(api, agent, fd, name, &s));
  if (s->shared->ownerProcess.load() == static_cast<int>(::getpid())) {
    (void)api.hsa_amd_memory_unlock(s->shared->signal);
    munmap(s->shared, sizeof(IpcEventShared));
    return hipErrorInvalidContext;  // AMD: opening one's own event
  }
  s->shared->owners.fetch_add(1);
  *out = std::move(s);
  return kOk;
}

void fillIpcEventHandle(const IpcEventSegment& segment, int device, hipIpcEventHandle_t* handle) {
  segment.shared->ownerDevice = device;
  segment.shared->ownerProcess = static_cast<int>(::getpid());
  IpcEventHandleLayout h{};
  segment.name.copy(h.name, sizeof h.name - 1);
  h.processId = static_cast<int32_t>(::getpid());
  std::memcpy(handle, &h, sizeof h);
}

void closeIpcEventSegment(const HsaApi& api, std::unique_ptr<IpcEventSegment> segment) {
  if (!segment) return;
  (void)api.hsa_amd_memory_unlock(segment->shared->signal);
  const bool last = segment->shared->owners.fetch_sub(1) == 1;
  munmap(segment->shared, sizeof(IpcEventShared));
  if (last) shm_unlink(segment->name.c_str());
}

int acquireIpcEventSlot(IpcEventSegment& segment) {
  IpcEventShared& sh = *segment.shared;
  const int index = sh.writeIndex.fetch_add(1);
  auto& word = reinterpret_cast<std::atomic<uint32_t>&>(sh.signal[index % kIpcEventSlots]);
  while (word.load(std::memory_order_acquire) != 0)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  word.store(1, std::memory_order_release);
  return index;
}

void publishIpcEventSlot(IpcEventSegment& segment, int index) {
  // Records publish in the order they took their slots (as AMD's runtime).
  int expected = index - 1;
  while (!segment.shared->readIndex.compare_exchange_weak(expected, index)) {
    expected = index - 1;
    std::this_thread::yield();
  }
}

int pendingIpcEventSlot(const IpcEventSegment& segment) {
  const int index = segment.shared->readIndex.load();
  if (index < 0) return -1;
  auto& word = reinterpret_cast<std::atomic<uint32_t>&>(
      segment.shared->signal[index % kIpcEventSlots]);
  return word.load(std::memory_order_acquire) != 0 ? index : -1;
}

void waitIpcEventSlot(const IpcEventSegment& segment, int index) {
  auto& word = reinterpret_cast<std::atomic<uint32_t>&>(
      segment.shared->signal[index % kIpcEventSlots]);
  // A later record reusing the slot (32 on) also ends the wait: the one waited for is done.
  while (word.load(std::memory_order_acquire) != 0 &&
         segment.shared->readIndex.load() < index + kIpcEventSlots)
    std::this_thread::sleep_for(std::chrono::microseconds(50));
}

}  // namespace unihip::hsa
