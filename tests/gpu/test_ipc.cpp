// Inter-process sharing on the GPU: a parent shares a buffer and an event with a child process
// through a pipe; the child (a fresh exec of this suite running one hidden case, so that it
// initialises the runtime itself) checks and changes the buffer and records the event; the
// parent waits on the event and checks the change. Plus HIP's codes for misuse.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "pool_kernels.h"

namespace {

constexpr size_t kN = 1 << 16;
constexpr unsigned kSeed = 1000;
constexpr const char* kChildFds = "UNIHIP_TEST_IPC_CHILD_FDS";
constexpr const char* kChildDevice = "UNIHIP_TEST_IPC_CHILD_DEVICE";  // the child's GPU
constexpr unsigned kPoolSeed = 5000;
constexpr int kPoolFd = 100;  // where the child finds the exported pool's file descriptor

struct Shared {
  hipIpcMemHandle_t mem;
  hipIpcEventHandle_t event;
  hipMemPoolPtrExportData poolPointer;  // a pointer of an exported pool (at kPoolFd)
};

// The child's side of the pool: import it and the pointer, make it accessible, count the values
// that differ from kPoolSeed + i.
unsigned checkImportedPool(const Shared& shared, int device, unsigned* wrong, hipStream_t s) {
  hipMemPool_t pool = nullptr;
  if (hipMemPoolImportFromShareableHandle(&pool, reinterpret_cast<void*>(intptr_t{kPoolFd}),
                                          hipMemHandleTypePosixFileDescriptor, 0) != hipSuccess)
    return 2000000;
  hipMemLocation here{hipMemLocationTypeDevice, device};
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  HIP_CHECK(hipMemPoolGetAccess(&flags, pool, &here));
  if (flags != hipMemAccessFlagsProtReadWrite) {
    hipMemAccessDesc rw{here, hipMemAccessFlagsProtReadWrite};
    HIP_CHECK(hipMemPoolSetAccess(pool, &rw, 1));
  }
  void* p = nullptr;
  hipMemPoolPtrExportData data = shared.poolPointer;
  if (hipMemPoolImportPointer(&p, pool, &data) != hipSuccess) return 3000000;
  unsigned result = 4000000;
  HIP_CHECK(hipMemsetAsync(wrong, 0, sizeof(unsigned), s));
  HIP_CHECK(launchPoolCheck(static_cast<unsigned*>(p), kN, kPoolSeed, wrong, s));
  HIP_CHECK(hipMemcpyAsync(&result, wrong, sizeof result, hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  HIP_CHECK(hipFree(p));  // before the exporter frees it
  HIP_CHECK(hipMemPoolDestroy(pool));
  return result;
}

bool readAll(int fd, void* data, size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t n = read(fd, p, size);
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool writeAll(int fd, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = write(fd, p, size);
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

// The child's side: runs only when the parent case starts it (hidden otherwise).
TEST_CASE("ipc child: opens the buffer and the event", "[.][ipc-child]") {
  const char* fds = std::getenv(kChildFds);
  if (fds == nullptr) return;
  int in = -1, out = -1;
  REQUIRE(std::sscanf(fds, "%d,%d", &in, &out) == 2);
  const char* deviceText = std::getenv(kChildDevice);
  const int device = deviceText != nullptr ? std::atoi(deviceText) : 0;
  HIP_REQUIRE(hipSetDevice(device));
  Shared shared{};
  REQUIRE(readAll(in, &shared, sizeof shared));
  unsigned result = 1000000;  // "did not get that far"
  void* p = nullptr;
  hipEvent_t event = nullptr;
  hipStream_t s = nullptr;
  unsigned* wrong = nullptr;
  if (hipIpcOpenMemHandle(&p, shared.mem, hipIpcMemLazyEnablePeerAccess) == hipSuccess &&
      hipIpcOpenEventHandle(&event, shared.event) == hipSuccess &&
      hipStreamCreate(&s) == hipSuccess &&
      hipMalloc(reinterpret_cast<void**>(&wrong), sizeof(unsigned)) == hipSuccess) {
    HIP_CHECK(hipMemsetAsync(wrong, 0, sizeof(unsigned), s));
    HIP_CHECK(launchPoolCheck(static_cast<unsigned*>(p), kN, kSeed, wrong, s));
    HIP_CHECK(launchPoolIncrement(static_cast<unsigned*>(p), kN, s));
    HIP_CHECK(hipEventRecord(event, s));
    HIP_CHECK(hipMemcpyAsync(&result, wrong, sizeof result, hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipStreamSynchronize(s));
    result += checkImportedPool(shared, device, wrong, s);
  }
  REQUIRE(writeAll(out, &result, sizeof result));
  char ack = 0;
  CHECK(readAll(in, &ack, 1));  // the parent has waited on the event
  if (p != nullptr) HIP_CHECK(hipIpcCloseMemHandle(p));
  CHECK(hipIpcCloseMemHandle(p) == hipErrorInvalidValue);  // closed already
  if (event != nullptr) HIP_CHECK(hipEventDestroy(event));
  if (s != nullptr) HIP_CHECK(hipStreamDestroy(s));
  if (wrong != nullptr) HIP_CHECK(hipFree(wrong));
  CHECK(result == 0);
}

namespace {

// Shares a buffer, an event and a pool's allocation of device 0 with a child process that works
// on `childDevice`.
void shareWithChild(int childDevice) {
  HIP_REQUIRE(hipSetDevice(0));
  unsigned* buffer = nullptr;
  HIP_REQUIRE(hipMalloc(reinterpret_cast<void**>(&buffer), kN * sizeof(unsigned)));
  HIP_REQUIRE(launchPoolFill(buffer, kN, kSeed, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  hipEvent_t event = nullptr;
  HIP_REQUIRE(hipEventCreateWithFlags(&event, hipEventInterprocess | hipEventDisableTiming));
  Shared shared{};
  HIP_REQUIRE(hipIpcGetMemHandle(&shared.mem, buffer));
  HIP_REQUIRE(hipIpcGetEventHandle(&shared.event, event));
  // An exportable pool with a filled allocation, shared as a file descriptor and export data.
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  props.location = {hipMemLocationTypeDevice, 0};
  hipMemPool_t pool = nullptr;
  HIP_REQUIRE(hipMemPoolCreate(&pool, &props));
  unsigned* pooled = nullptr;
  HIP_REQUIRE(hipMallocFromPoolAsync(reinterpret_cast<void**>(&pooled), kN * sizeof(unsigned),
                                     pool, nullptr));
  HIP_REQUIRE(launchPoolFill(pooled, kN, kPoolSeed, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  int poolFd = -1;
  HIP_REQUIRE(hipMemPoolExportToShareableHandle(&poolFd, pool, hipMemHandleTypePosixFileDescriptor,
                                                0));
  HIP_REQUIRE(hipMemPoolExportPointer(&shared.poolPointer, pooled));
  // Opening one's own handle is refused (the driver answers; it must not succeed).
  void* self = nullptr;
  CHECK(hipIpcOpenMemHandle(&self, shared.mem, hipIpcMemLazyEnablePeerAccess) != hipSuccess);
  (void)hipGetLastError();

  int toChild[2], fromChild[2];
  REQUIRE(pipe(toChild) == 0);
  REQUIRE(pipe(fromChild) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    // The child: a fresh process image, which initialises its own runtime.
    close(toChild[1]);
    close(fromChild[0]);
    dup2(poolFd, kPoolFd);  // kept across exec (dup2 clears close-on-exec)
    const std::string fds = std::to_string(toChild[0]) + "," + std::to_string(fromChild[1]);
    setenv(kChildFds, fds.c_str(), 1);
    setenv(kChildDevice, std::to_string(childDevice).c_str(), 1);
    execl("/proc/self/exe", "unihip_gpu_tests", "[ipc-child]", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(toChild[0]);
  close(fromChild[1]);
  REQUIRE(writeAll(toChild[1], &shared, sizeof shared));
  unsigned childWrong = 12345;
  const bool answered = readAll(fromChild[0], &childWrong, sizeof childWrong);
  CHECK(answered);
  CHECK(childWrong == 0);  // the child saw the parent's values, in the buffer and in the pool
  // The child recorded our event after its kernel: waiting on it orders our read after it.
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_CHECK(hipStreamWaitEvent(s, event, 0));
  HIP_CHECK(hipEventSynchronize(event));
  std::vector<unsigned> host(kN);
  HIP_CHECK(hipMemcpyAsync(host.data(), buffer, kN * sizeof(unsigned), hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  size_t wrong = 0;
  for (size_t i = 0; i < kN; ++i) wrong += host[i] != kSeed + 1 + static_cast<unsigned>(i);
  CHECK(wrong == 0);  // the child's increments are visible
  const char ack = 1;
  CHECK(writeAll(toChild[1], &ack, 1));
  int status = -1;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  close(toChild[1]);
  close(fromChild[0]);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipEventDestroy(event));
  HIP_CHECK(hipFree(buffer));
  HIP_CHECK(hipFreeAsync(pooled, nullptr));
  HIP_CHECK(hipStreamSynchronize(nullptr));
  HIP_CHECK(hipMemPoolDestroy(pool));
  close(poolFd);
}

}  // namespace

TEST_CASE("ipc: a child process uses a shared buffer and event", "[ipc]") { shareWithChild(0); }

TEST_CASE("ipc: a child process on another GPU uses a shared buffer, event and pool",
          "[multigpu]") {
  int devices = 0;
  if (hipGetDeviceCount(&devices) != hipSuccess || devices < 2) {
    WARN("one GPU: the cross-GPU IPC case does not apply");
    return;
  }
  int canAccess = 0;
  HIP_REQUIRE(hipDeviceCanAccessPeer(&canAccess, 1, 0));
  if (!canAccess) {
    WARN("device 1 cannot access device 0: the cross-GPU IPC case does not apply");
    return;
  }
  shareWithChild(1);
}

TEST_CASE("ipc: HIP's codes for misuse on the GPU", "[ipc]") {
  hipIpcMemHandle_t mem{};
  int local = 0;
  CHECK(hipIpcGetMemHandle(&mem, &local) == hipErrorInvalidValue);
  void* pooled = nullptr;
  HIP_REQUIRE(hipMallocAsync(&pooled, 256, nullptr));
  CHECK(hipIpcGetMemHandle(&mem, pooled) == hipErrorInvalidValue);  // pools share otherwise
  HIP_CHECK(hipFreeAsync(pooled, nullptr));
  void* buffer = nullptr;
  HIP_REQUIRE(hipMalloc(&buffer, 256));
  CHECK(hipIpcCloseMemHandle(buffer) == hipErrorInvalidValue);  // not opened by IPC
  CHECK(hipIpcCloseMemHandle(&local) == hipErrorInvalidValue);
  HIP_CHECK(hipFree(buffer));
  hipIpcMemHandle_t garbage;
  std::memset(&garbage, 0x5a, sizeof garbage);
  void* p = nullptr;
  CHECK(hipIpcOpenMemHandle(&p, garbage, hipIpcMemLazyEnablePeerAccess) != hipSuccess);
  CHECK(hipIpcOpenMemHandle(&p, garbage, 0) == hipErrorInvalidValue);
  hipEvent_t plain = nullptr;
  HIP_REQUIRE(hipEventCreate(&plain));
  hipIpcEventHandle_t eh{};
  CHECK(hipIpcGetEventHandle(&eh, plain) == hipErrorInvalidConfiguration);
  HIP_CHECK(hipEventDestroy(plain));
  CHECK(hipIpcGetEventHandle(&eh, plain) == hipErrorInvalidHandle);
  hipEvent_t opened = nullptr;
  std::memset(&eh, 0x5a, sizeof eh);
  CHECK(hipIpcOpenEventHandle(&opened, eh) != hipSuccess);
  (void)hipGetLastError();
}
