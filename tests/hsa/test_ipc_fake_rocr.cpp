// The HSA backend's IPC memory handles and external memory on the fake ROCr: AMD's handle layout
// (allocation handle, size, offset, exporter), attach/detach through ROCr's IPC entry points,
// dma-buf imports through hsa_amd_interop_map_buffer, and HIP's codes for every bad input. A
// second process is simulated by rewriting the handle's process id (the fake maps the memory in
// this one); what only two processes on a real GPU show: docs/design/amd-ipc.md.
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "backend.h"
#include "fake_rocr.h"
#include "hsa_ipc_event.h"
#include "hsa_memory_pools.h"
#include "seam/memory_pool_ops.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::IpcMemHandleLayout;
using unihip::hsa::test::fakeBackend;
using unihip::hsa::test::fakeStat;

namespace {

enum { kIpcAttached = 9, kInteropMaps = 10 };

IpcMemHandleLayout layoutOf(const hipIpcMemHandle_t& h) {
  IpcMemHandleLayout l;
  std::memcpy(&l, &h, sizeof l);
  return l;
}

// The handle as another process receives it (same bytes, another exporter).
hipIpcMemHandle_t fromOtherProcess(hipIpcMemHandle_t h) {
  IpcMemHandleLayout l = layoutOf(h);
  l.processId = static_cast<int32_t>(getpid()) + 1;
  std::memcpy(&h, &l, sizeof l);
  return h;
}

// A dma-buf stand-in: a memfd of `size` bytes, byte i holding i & 0xFF.
int patternFd(size_t size) {
  const int fd = memfd_create("unihip-extmem", 0);
  REQUIRE(fd >= 0);
  REQUIRE(ftruncate(fd, static_cast<off_t>(size)) == 0);
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<uint8_t>(i);
  REQUIRE(pwrite(fd, bytes.data(), size, 0) == static_cast<ssize_t>(size));
  return fd;
}

bool fdOpen(int fd) { return fcntl(fd, F_GETFD) != -1; }

}  // namespace

TEST_CASE("fake ROCr: IPC memory handle round trip with an offset", "[hsa][backend][ipc]") {
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  void* buffer = nullptr;
  REQUIRE(b->malloc(0, 10000, &buffer).ok());
  REQUIRE(b->memset(0, buffer, 0x5A, 10000).ok());
  void* inside = static_cast<char*>(buffer) + 4104;

  hipIpcMemHandle_t handle{};
  REQUIRE(ops->ipcGetMemHandle(0, inside, &handle).ok());
  const IpcMemHandleLayout l = layoutOf(handle);
  CHECK(l.size == 10000);  // the whole allocation is shared
  CHECK(l.offset == 4104);
  CHECK(l.processId == static_cast<int32_t>(getpid()));
  CHECK(l.deviceId == 0);

  // The exporter itself may not open it (AMD's runtime: hipErrorInvalidContext).
  void* opened = nullptr;
  size_t size = 0;
  CHECK(ops->ipcOpenMemHandle(0, handle, &opened, &size) == hipErrorInvalidContext);
  CHECK(fakeStat(kIpcAttached) == 0);

  const hipIpcMemHandle_t remote = fromOtherProcess(handle);
  REQUIRE(ops->ipcOpenMemHandle(0, remote, &opened, &size).ok());
  CHECK(opened == inside);  // the fake maps the same pages; the offset is applied
  CHECK(size == 10000 - 4104);
  CHECK(fakeStat(kIpcAttached) == 1);
  uint8_t host[8] = {};
  REQUIRE(b->memcpy(0, host, opened, sizeof host, CopyDirection::DeviceToHost).ok());
  CHECK(host[0] == 0x5A);
  CHECK(host[7] == 0x5A);

  // Opened twice (the same address here): two attachments, each closed once.
  void* again = nullptr;
  REQUIRE(ops->ipcOpenMemHandle(0, remote, &again, &size).ok());
  CHECK(fakeStat(kIpcAttached) == 2);
  REQUIRE(ops->ipcCloseMemHandle(0, again).ok());
  REQUIRE(ops->ipcCloseMemHandle(0, opened).ok());
  CHECK(fakeStat(kIpcAttached) == 0);
  CHECK(ops->ipcCloseMemHandle(0, opened) == hipErrorInvalidHandle);  // closed twice

  // The handle of the allocation's start has offset 0.
  REQUIRE(ops->ipcGetMemHandle(0, buffer, &handle).ok());
  CHECK(layoutOf(handle).offset == 0);
  REQUIRE(b->free(0, buffer).ok());
}

TEST_CASE("fake ROCr: IPC memory handles refuse bad input with HIP's codes", "[hsa][backend][ipc]") {
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  hipIpcMemHandle_t handle{};
  void* p = nullptr;
  size_t size = 0;

  // Not ROCr memory (a host pointer, a pointer past any allocation).
  std::vector<uint8_t> host(64);
  CHECK(ops->ipcGetMemHandle(0, host.data(), &handle) == hipErrorInvalidDevicePointer);

  // An all-zero handle (size 0), and one whose offset is outside its allocation.
  hipIpcMemHandle_t zero{};
  CHECK(ops->ipcOpenMemHandle(0, zero, &p, &size) == hipErrorInvalidValue);
  IpcMemHandleLayout l{};
  l.size = 4096;
  l.offset = 4096;
  l.processId = static_cast<int32_t>(getpid()) + 1;
  hipIpcMemHandle_t outside{};
  std::memcpy(&outside, &l, sizeof l);
  CHECK(ops->ipcOpenMemHandle(0, outside, &p, &size) == hipErrorInvalidValue);
  // A handle ROCr does not know (garbage bytes): the attach fails.
  l.offset = 0;
  std::memset(&l.handle, 0xA7, sizeof l.handle);
  hipIpcMemHandle_t garbage{};
  std::memcpy(&garbage, &l, sizeof l);
  CHECK(ops->ipcOpenMemHandle(0, garbage, &p, &size) == hipErrorInvalidDevicePointer);

  // A handle whose memory the exporter freed.
  void* buffer = nullptr;
  REQUIRE(b->malloc(0, 4096, &buffer).ok());
  REQUIRE(ops->ipcGetMemHandle(0, buffer, &handle).ok());
  REQUIRE(b->free(0, buffer).ok());
  CHECK(ops->ipcOpenMemHandle(0, fromOtherProcess(handle), &p, &size) ==
        hipErrorInvalidDevicePointer);
  CHECK(ops->ipcGetMemHandle(0, buffer, &handle) == hipErrorInvalidDevicePointer);

  // Closing what was never opened: a pointer of hipMalloc, a host pointer.
  REQUIRE(b->malloc(0, 4096, &buffer).ok());
  CHECK(ops->ipcCloseMemHandle(0, buffer) == hipErrorInvalidHandle);
  CHECK(ops->ipcCloseMemHandle(0, host.data()) == hipErrorInvalidHandle);
  REQUIRE(b->free(0, buffer).ok());
  CHECK(fakeStat(kIpcAttached) == 0);
}

TEST_CASE("fake ROCr: external memory through a dma-buf import", "[hsa][backend][external]") {
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  const int fd = patternFd(8192);
  hipExternalMemoryHandleDesc desc{};
  desc.type = hipExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = fd;
  desc.size = 8192;
  NativeExternalMemory memory = nullptr;
  REQUIRE(ops->importExternalMemory(0, desc, &memory).ok());
  CHECK(fakeStat(kInteropMaps) == 1);

  hipExternalMemoryBufferDesc view{};
  view.offset = 4096;
  view.size = 4096;
  void* p = nullptr;
  REQUIRE(ops->externalMemoryBuffer(0, memory, view, &p).ok());
  uint8_t host[4] = {};
  REQUIRE(b->memcpy(0, host, p, sizeof host, CopyDirection::DeviceToHost).ok());
  CHECK(host[0] == 0x00);  // byte 4096 of the file
  CHECK(host[3] == 0x03);
  // The device's writes are the file's.
  REQUIRE(b->memset(0, p, 0xE1, 16).ok());
  uint8_t back = 0;
  REQUIRE(pread(fd, &back, 1, 4096 + 15) == 1);
  CHECK(back == 0xE1);
  void* same = nullptr;
  REQUIRE(ops->externalMemoryBuffer(0, memory, view, &same).ok());
  CHECK(same == p);

  // Out of range buffers.
  view.offset = 8192 - 16;
  view.size = 32;
  void* q = nullptr;
  CHECK(ops->externalMemoryBuffer(0, memory, view, &q) == hipErrorInvalidValue);
  view.offset = 8193;
  view.size = 1;
  CHECK(ops->externalMemoryBuffer(0, memory, view, &q) == hipErrorInvalidValue);

  // Destroyed: no new buffer, a second destroy refused; the mapped buffer keeps the mapping
  // until hipFree (which frees the view, not ROCr memory), then it and the descriptor go.
  REQUIRE(ops->destroyExternalMemory(0, memory).ok());
  CHECK(ops->destroyExternalMemory(0, memory) == hipErrorInvalidValue);
  view.offset = 0;
  view.size = 16;
  CHECK(ops->externalMemoryBuffer(0, memory, view, &q) == hipErrorInvalidValue);
  CHECK(fakeStat(kInteropMaps) == 1);
  CHECK(fdOpen(fd));
  REQUIRE(b->free(0, p).ok());
  CHECK(fakeStat(kInteropMaps) == 0);
  CHECK_FALSE(fdOpen(fd));  // HIP owned the descriptor from the import on
  CHECK(b->free(0, p) != hipSuccess);  // freed twice: no longer a buffer, not ROCr memory

  // Destroyed without a buffer: unmapped at once.
  const int fd2 = patternFd(4096);
  desc.handle.fd = fd2;
  desc.size = 4096;
  REQUIRE(ops->importExternalMemory(0, desc, &memory).ok());
  REQUIRE(ops->destroyExternalMemory(0, memory).ok());
  CHECK(fakeStat(kInteropMaps) == 0);
  CHECK_FALSE(fdOpen(fd2));
}

TEST_CASE("fake ROCr: external memory imports refuse bad input", "[hsa][backend][external]") {
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  // More than the descriptor holds: refused, nothing kept, the descriptor still the caller's.
  const int fd = patternFd(4096);
  hipExternalMemoryHandleDesc desc{};
  desc.type = hipExternalMemoryHandleTypeOpaqueFd;
  desc.handle.fd = fd;
  desc.size = 8192;
  NativeExternalMemory memory = nullptr;
  CHECK(ops->importExternalMemory(0, desc, &memory) == hipErrorInvalidValue);
  CHECK(fakeStat(kInteropMaps) == 0);
  CHECK(fdOpen(fd));
  close(fd);
  // A descriptor that is no buffer (closed): ROCr refuses it.
  CHECK(ops->importExternalMemory(0, desc, &memory) == hipErrorInvalidValue);
  // Handles the backend never made.
  int notOurs = 0;
  hipExternalMemoryBufferDesc view{};
  view.size = 16;
  void* p = nullptr;
  CHECK(ops->externalMemoryBuffer(0, &notOurs, view, &p) == hipErrorInvalidValue);
  CHECK(ops->destroyExternalMemory(0, &notOurs) == hipErrorInvalidValue);
  // External semaphores: ROCr 5.2 offers no import.
  hipExternalSemaphoreHandleDesc sem{};
  sem.type = hipExternalSemaphoreHandleTypeOpaqueFd;
  NativeExternalSemaphore s = nullptr;
  CHECK(ops->importExternalSemaphore(0, sem, &s) == hipErrorNotSupported);
}

TEST_CASE("HSA IPC and external memory without ROCr's entry points: not supported",
          "[hsa][backend][ipc]") {
  auto b = fakeBackend();
  // A ROCr without the optional entry points (the table of fake_rocr.h leaves them null).
  const hsa::HsaApi api = hsa::test::fakeApi();
  REQUIRE(api.hsa_amd_ipc_memory_create == nullptr);
  hsa::HsaMemoryPools ops(
      *b, api, hsa::HsaPoolHooks{[](int) { return hsa_agent_t{2}; }, [](int) { return Status(kOk); },
                                 nullptr, nullptr});
  hipIpcMemHandle_t handle{};
  int local = 0;
  CHECK(ops.ipcGetMemHandle(0, &local, &handle) == hipErrorNotSupported);
  void* p = nullptr;
  size_t size = 0;
  CHECK(ops.ipcOpenMemHandle(0, handle, &p, &size) == hipErrorNotSupported);
  hipExternalMemoryHandleDesc desc{};
  desc.size = 16;
  NativeExternalMemory memory = nullptr;
  CHECK(ops.importExternalMemory(0, desc, &memory) == hipErrorNotSupported);
  hipIpcEventHandle_t eventHandle{};
  NativeEvent event = nullptr;
  CHECK(ops.ipcOpenEventHandle(0, eventHandle, &event) == hipErrorNotSupported);
  // The generic pools still work over the backend.
  NativePool pool = nullptr;
  CHECK(ops.defaultPool(0, &pool).ok());
  ops.releaseAll();
}

TEST_CASE("fake ROCr: inter-process events through a shared segment", "[hsa][backend][ipc]") {
  using unihip::hsa::IpcEventHandleLayout;
  using unihip::hsa::IpcEventShared;
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  NativeEvent plain = nullptr, shared = nullptr, opened = nullptr;
  REQUIRE(b->eventCreate(0, 0, &plain).ok());
  REQUIRE(b->eventCreate(0, hipEventInterprocess | hipEventDisableTiming, &shared).ok());
  hipIpcEventHandle_t handle{};
  CHECK(ops->ipcGetEventHandle(0, plain, &handle) == hipErrorInvalidConfiguration);
  REQUIRE(ops->ipcGetEventHandle(0, shared, &handle).ok());
  IpcEventHandleLayout l;
  std::memcpy(&l, &handle, sizeof l);
  const std::string name(l.name, strnlen(l.name, sizeof l.name));
  CHECK(name.rfind("/unihip_ev_", 0) == 0);
  CHECK(l.processId == static_cast<int32_t>(getpid()));

  // The exporter may not open its own event (AMD: hipErrorInvalidContext).
  CHECK(ops->ipcOpenEventHandle(0, handle, &opened) == hipErrorInvalidContext);
  // Another process: the segment says so.
  const int fd = shm_open(name.c_str(), O_RDWR, 0600);
  REQUIRE(fd >= 0);
  void* map = mmap(nullptr, sizeof(IpcEventShared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  REQUIRE(map != MAP_FAILED);
  auto* segment = static_cast<IpcEventShared*>(map);
  CHECK(segment->owners.load() == 1);
  segment->ownerProcess = static_cast<int>(getpid()) + 1;
  REQUIRE(ops->ipcOpenEventHandle(0, handle, &opened).ok());
  CHECK(segment->owners.load() == 2);
  CHECK(b->eventQuery(0, opened) == hipSuccess);  // never recorded

  // A record behind a held stream: both sides see it pending; a stream waiting on the opened
  // event holds too; releasing the first stream completes all.
  void* host = nullptr;
  REQUIRE(b->hostMalloc(0, 64, 0, &host).ok());
  auto* gate = static_cast<std::atomic<uint32_t>*>(host);
  auto* done = reinterpret_cast<std::atomic<uint64_t>*>(static_cast<char*>(host) + 8);
  gate->store(0);
  done->store(0);
  NativeStream s1 = nullptr, s2 = nullptr;
  REQUIRE(b->streamCreate(0, hipStreamNonBlocking, 0, &s1).ok());
  REQUIRE(b->streamCreate(0, hipStreamNonBlocking, 0, &s2).ok());
  REQUIRE(b->streamWaitValue(0, s1, host, 1, ~0ull, hipStreamWaitValueEq, false).ok());
  REQUIRE(b->eventRecord(0, shared, s1).ok());
  CHECK(b->eventQuery(0, shared) == hipErrorNotReady);
  CHECK(b->eventQuery(0, opened) == hipErrorNotReady);
  REQUIRE(b->streamWaitEvent(0, s2, opened).ok());
  REQUIRE(b->streamWriteValue(0, s2, done, 1, true).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(done->load() == 0);
  CHECK(b->streamQuery(0, s2) == hipErrorNotReady);
  gate->store(1);
  REQUIRE(b->eventSynchronize(0, opened).ok());
  CHECK(b->eventQuery(0, opened) == hipSuccess);
  CHECK(b->eventQuery(0, shared) == hipSuccess);
  REQUIRE(b->streamSynchronize(0, s2).ok());
  CHECK(done->load() == 1);
  // The opener records too; the exporter sees it.
  REQUIRE(b->eventRecord(0, opened, s2).ok());
  REQUIRE(b->eventSynchronize(0, shared).ok());
  CHECK(segment->readIndex.load() == 1);

  // The last owner removes the segment.
  munmap(map, sizeof(IpcEventShared));
  REQUIRE(b->eventDestroy(0, opened).ok());
  REQUIRE(b->eventDestroy(0, shared).ok());
  const int gone = shm_open(name.c_str(), O_RDWR, 0600);
  CHECK(gone < 0);
  if (gone >= 0) close(gone);
  // Its handle no longer opens.
  CHECK(ops->ipcOpenEventHandle(0, handle, &opened) == hipErrorInvalidValue);
  REQUIRE(b->eventDestroy(0, plain).ok());
  REQUIRE(b->streamDestroy(0, s1).ok());
  REQUIRE(b->streamDestroy(0, s2).ok());
  REQUIRE(b->hostFree(0, host).ok());
}

TEST_CASE("fake ROCr: inter-process event handles refuse bad input", "[hsa][backend][ipc]") {
  using unihip::hsa::IpcEventHandleLayout;
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  NativeEvent e = nullptr;
  hipIpcEventHandle_t zero{};
  CHECK(ops->ipcOpenEventHandle(0, zero, &e) == hipErrorInvalidValue);
  IpcEventHandleLayout l{};
  std::memset(l.name, 'x', sizeof l.name);  // no terminating NUL
  hipIpcEventHandle_t h{};
  std::memcpy(&h, &l, sizeof l);
  CHECK(ops->ipcOpenEventHandle(0, h, &e) == hipErrorInvalidValue);
  l = {};
  std::strcpy(l.name, "/unihip_ev_0_nonexistent");
  std::memcpy(&h, &l, sizeof l);
  CHECK(ops->ipcOpenEventHandle(0, h, &e) == hipErrorInvalidValue);
  std::strcpy(l.name, "/other_segment");  // not unihip's: never opened
  std::memcpy(&h, &l, sizeof l);
  CHECK(ops->ipcOpenEventHandle(0, h, &e) == hipErrorInvalidValue);
}

TEST_CASE("fake ROCr: pool sharing through a shareable descriptor and pointer export",
          "[hsa][backend][mempool][ipc]") {
  auto b = fakeBackend();
  MemoryPoolOps* ops = b->memoryPools();
  REQUIRE(ops != nullptr);
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  NativePool pool = nullptr;
  REQUIRE(ops->poolCreate(0, props, &pool).ok());
  void* p = nullptr;
  REQUIRE(ops->mallocFromPool(0, pool, 4096, nullptr, &p).ok());
  REQUIRE(b->memset(0, p, 0x6B, 4096).ok());

  int fd = -1;
  REQUIRE(ops->poolExport(pool, hipMemHandleTypePosixFileDescriptor, &fd).ok());
  CHECK(fd >= 0);
  int again = -1;
  REQUIRE(ops->poolExport(pool, hipMemHandleTypePosixFileDescriptor, &again).ok());
  CHECK(again == fd);  // one descriptor per pool
  NativePool imported = nullptr;
  REQUIRE(ops->poolImport(&fd, hipMemHandleTypePosixFileDescriptor, &imported).ok());
  CHECK(imported != pool);
  int device = -1;
  REQUIRE(ops->poolDevice(imported, &device).ok());
  CHECK(device == 0);

  hipMemPoolPtrExportData data{};
  REQUIRE(ops->poolExportPointer(p, &data).ok());
  IpcMemHandleLayout l;
  std::memcpy(&l, &data, sizeof l);
  CHECK(l.offset == 0);
  CHECK(l.size == 4096);
  void* q = nullptr;
  REQUIRE(ops->poolImportPointer(imported, data, &q).ok());
  CHECK(q == p);  // the fake maps the same pages
  CHECK(fakeStat(kIpcAttached) == 1);
  uint8_t host[4] = {};
  REQUIRE(b->memcpy(0, host, q, sizeof host, CopyDirection::DeviceToHost).ok());
  CHECK(host[3] == 0x6B);
  // Freeing the imported pointer detaches it, once.
  REQUIRE(ops->freeAsync(0, q, nullptr).ok());
  CHECK(fakeStat(kIpcAttached) == 0);

  // Bad input, with AMD's codes: a pointer that is no ROCr block, export data that names none,
  // a descriptor that is no exported pool.
  std::vector<uint8_t> plain(64);
  CHECK(ops->poolExportPointer(plain.data(), &data) == hipErrorOutOfMemory);
  hipMemPoolPtrExportData zero{};
  CHECK(ops->poolImportPointer(imported, zero, &q) == hipErrorOutOfMemory);
  std::memset(&l.handle, 0x3C, sizeof l.handle);
  std::memcpy(&data, &l, sizeof l);
  CHECK(ops->poolImportPointer(imported, data, &q) == hipErrorOutOfMemory);
  const int other = patternFd(4096);
  NativePool bad = nullptr;
  CHECK(ops->poolImport(const_cast<int*>(&other), hipMemHandleTypePosixFileDescriptor, &bad) ==
        hipErrorInvalidValue);
  close(other);
  int closed = -1;
  CHECK(ops->poolImport(&closed, hipMemHandleTypePosixFileDescriptor, &bad) ==
        hipErrorInvalidValue);

  REQUIRE(ops->freeAsync(0, p, nullptr).ok());
  REQUIRE(b->deviceSynchronize(0).ok());
  REQUIRE(ops->poolDestroy(imported).ok());
  REQUIRE(ops->poolDestroy(pool).ok());
  CHECK_FALSE(fdOpen(fd));  // the pool's descriptor goes with it
}

namespace {

hsa_status_t lockStub(void* host, size_t, hsa_agent_t*, int, void** agentPtr) {
  *agentPtr = host;
  return HSA_STATUS_SUCCESS;
}
hsa_status_t unlockStub(void*) { return HSA_STATUS_SUCCESS; }

}  // namespace

TEST_CASE("IPC event segments across two real processes", "[hsa][ipc]") {
  using namespace unihip::hsa;
  HsaApi api = test::fakeApi();
  api.hsa_amd_memory_lock = lockStub;
  api.hsa_amd_memory_unlock = unlockStub;
  std::unique_ptr<IpcEventSegment> mine;
  REQUIRE(createIpcEventSegment(api, hsa_agent_t{2}, 0, &mine).ok());
  hipIpcEventHandle_t handle{};
  fillIpcEventHandle(*mine, 0, &handle);
  std::unique_ptr<IpcEventSegment> own;
  CHECK(openIpcEventSegment(api, hsa_agent_t{2}, handle, &own) == hipErrorInvalidContext);
  const int index = acquireIpcEventSlot(*mine);  // a record whose device write is pending
  publishIpcEventSlot(*mine, index);
  CHECK(pendingIpcEventSlot(*mine) == index);

  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // Another process: it opens the segment, sees the pending record and waits for it.
    std::unique_ptr<IpcEventSegment> theirs;
    int code = 0;
    if (!openIpcEventSegment(api, hsa_agent_t{2}, handle, &theirs).ok()) code = 1;
    else if (theirs->shared->owners.load() != 2) code = 2;
    else if (pendingIpcEventSlot(*theirs) != index) code = 3;
    if (code == 0) {
      waitIpcEventSlot(*theirs, index);
      if (pendingIpcEventSlot(*theirs) != -1) code = 4;
      closeIpcEventSegment(api, std::move(theirs));
    }
    _exit(code);
  }
  // The "device" completes the record once the child is waiting.
  for (int i = 0; i < 500 && mine->shared->owners.load() != 2; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  CHECK(mine->shared->owners.load() == 2);
  reinterpret_cast<std::atomic<uint32_t>&>(mine->shared->signal[index % kIpcEventSlots]).store(0);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(mine->shared->owners.load() == 1);  // the child's close
  const std::string name = mine->name;
  closeIpcEventSegment(api, std::move(mine));
  const int gone = shm_open(name.c_str(), O_RDWR, 0600);
  CHECK(gone < 0);
  if (gone >= 0) close(gone);
}
