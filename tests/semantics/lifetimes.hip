// Lifetimes: destroying a stream or event with pending work, freeing memory a running kernel
// uses, device reset with live handles, module unload during use. Using a destroyed handle is
// undefined in CUDA (it may crash): HIP documents an error; each case reports what happened.
#include "sem.h"

#include <chrono>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

__global__ void lifeSpinWrite(long long cycles, int* flag, int v) {
  semSpin(cycles);
  *(volatile int*)flag = v;
  __threadfence_system();
}

int* mappedInt() {
  int* h = nullptr;
  (void)hipHostMalloc(&h, sizeof(int), hipHostMallocMapped);
  *h = 0;
  return h;
}

}  // namespace

SEM_CASE(lifetimes, stream_destroy_pending_work,
         "hipStreamDestroy with queued work returns at once; the work still completes") {
  int* flag = mappedInt();
  hipStream_t s;
  (void)hipStreamCreate(&s);
  lifeSpinWrite<<<1, 1, 0, s>>>(sem::cyclesForMs(300), flag, 1);
  auto t0 = std::chrono::steady_clock::now();
  sem::Obs o;
  o.err("destroy", hipStreamDestroy(s));
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  o.val("flag_at_return", *(volatile int*)flag);
  o.err("device_sync", hipDeviceSynchronize());
  o.val("flag_after_sync", *(volatile int*)flag);
  return o.note("destroy took " + std::to_string(ms) + " ms");
}
SEM_CASE(lifetimes, stream_destroy_twice, "hipStreamDestroy twice: an error (CUDA: undefined)") {
  hipStream_t s;
  (void)hipStreamCreate(&s);
  sem::Obs o;
  o.err("first", hipStreamDestroy(s));
  return o.err("second", hipStreamDestroy(s));
}
SEM_CASE(lifetimes, stream_query_destroyed, "hipStreamQuery on a destroyed stream (HIP: error)") {
  hipStream_t s;
  (void)hipStreamCreate(&s);
  (void)hipStreamDestroy(s);
  return sem::Obs().err("query", hipStreamQuery(s));
}
SEM_CASE(lifetimes, launch_on_destroyed_stream,
         "a launch on a destroyed stream (HIP: hipErrorInvalidHandle / hipErrorContextIsDestroyed)") {
  int* flag = mappedInt();
  hipStream_t s;
  (void)hipStreamCreate(&s);
  (void)hipStreamDestroy(s);
  lifeSpinWrite<<<1, 1, 0, s>>>(0, flag, 1);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  return o.val("ran", *flag);
}
SEM_CASE(lifetimes, stream_destroy_null, "hipStreamDestroy(nullptr): hipErrorInvalidHandle") {
  return sem::Obs().err("destroy", hipStreamDestroy(nullptr));
}
SEM_CASE(lifetimes, stream_destroy_callback_pending,
         "a host function queued before hipStreamDestroy still runs") {
  static int calls = 0;
  int* flag = mappedInt();
  hipStream_t s;
  (void)hipStreamCreate(&s);
  lifeSpinWrite<<<1, 1, 0, s>>>(sem::cyclesForMs(200), flag, 1);
  (void)hipLaunchHostFunc(s, [](void*) { ++calls; }, nullptr);
  sem::Obs o;
  o.err("destroy", hipStreamDestroy(s));
  o.err("sync", hipDeviceSynchronize());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  return o.val("calls", calls);
}
SEM_CASE(lifetimes, event_destroy_pending,
         "hipEventDestroy of an event whose record is pending: hipSuccess") {
  int* flag = mappedInt();
  hipEvent_t e;
  (void)hipEventCreate(&e);
  lifeSpinWrite<<<1, 1>>>(sem::cyclesForMs(200), flag, 1);
  (void)hipEventRecord(e, nullptr);
  sem::Obs o;
  o.err("destroy", hipEventDestroy(e));
  return o.err("sync", hipDeviceSynchronize()).val("flag", *flag);
}
SEM_CASE(lifetimes, event_destroy_twice, "hipEventDestroy twice (HIP: error; CUDA: undefined)") {
  hipEvent_t e;
  (void)hipEventCreate(&e);
  sem::Obs o;
  o.err("first", hipEventDestroy(e));
  return o.err("second", hipEventDestroy(e));
}
SEM_CASE(lifetimes, event_sync_destroyed, "hipEventSynchronize on a destroyed event") {
  hipEvent_t e;
  (void)hipEventCreate(&e);
  (void)hipEventDestroy(e);
  return sem::Obs().err("sync", hipEventSynchronize(e));
}
SEM_CASE(lifetimes, event_record_destroyed, "hipEventRecord on a destroyed event") {
  hipEvent_t e;
  (void)hipEventCreate(&e);
  (void)hipEventDestroy(e);
  return sem::Obs().err("record", hipEventRecord(e, nullptr));
}
SEM_CASE(lifetimes, wait_on_destroyed_event_pending,
         "a hipStreamWaitEvent queued before the event is destroyed still waits (seen=1)") {
  int* flag = nullptr;
  int* out = nullptr;
  (void)hipMalloc(&flag, sizeof(int));
  (void)hipMalloc(&out, sizeof(int));
  (void)hipMemset(flag, 0, sizeof(int));
  (void)hipDeviceSynchronize();
  hipStream_t a, b;
  (void)hipStreamCreateWithFlags(&a, hipStreamNonBlocking);
  (void)hipStreamCreateWithFlags(&b, hipStreamNonBlocking);
  hipEvent_t e;
  (void)hipEventCreate(&e);
  lifeSpinWrite<<<1, 1, 0, a>>>(sem::cyclesForMs(200), flag, 1);
  (void)hipEventRecord(e, a);
  (void)hipStreamWaitEvent(b, e, 0);
  sem::Obs o;
  o.err("destroy", hipEventDestroy(e));
  (void)hipMemcpyAsync(out, flag, sizeof(int), hipMemcpyDeviceToDevice, b);
  (void)hipDeviceSynchronize();
  int h = -1;
  (void)hipMemcpy(&h, out, sizeof h, hipMemcpyDeviceToHost);
  return o.val("seen", h);
}
SEM_CASE(lifetimes, free_after_sync, "hipFree after the kernel using it finished: hipSuccess") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  lifeSpinWrite<<<1, 1>>>(sem::cyclesForMs(50), d, 1);
  (void)hipDeviceSynchronize();
  return sem::Obs().err("free", hipFree(d)).err("sync", hipDeviceSynchronize());
}
SEM_CASE(lifetimes, free_while_running,
         "hipFree while a kernel still uses the memory: hipFree synchronises first (no fault)") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  int* flag = mappedInt();
  lifeSpinWrite<<<1, 1>>>(sem::cyclesForMs(300), d, 1);
  lifeSpinWrite<<<1, 1>>>(0, flag, 2);
  sem::Obs o;
  o.err("free", hipFree(d));
  o.val("kernel_done_at_return", *(volatile int*)flag == 2);
  return o.err("sync", hipDeviceSynchronize());
}
SEM_CASE(lifetimes, free_while_running_nonblocking,
         "hipFree while a kernel in a non-blocking stream uses the memory") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  hipStream_t s;
  (void)hipStreamCreateWithFlags(&s, hipStreamNonBlocking);
  int* flag = mappedInt();
  lifeSpinWrite<<<1, 1, 0, s>>>(sem::cyclesForMs(300), d, 1);
  lifeSpinWrite<<<1, 1, 0, s>>>(0, flag, 2);
  sem::Obs o;
  o.err("free", hipFree(d));
  o.val("kernel_done_at_return", *(volatile int*)flag == 2);
  return o.err("sync", hipDeviceSynchronize());
}
SEM_CASE(lifetimes, host_free_while_running,
         "hipHostFree of pinned memory a kernel writes: synchronises first (no fault)") {
  int* flag = mappedInt();
  int* done = mappedInt();
  lifeSpinWrite<<<1, 1>>>(sem::cyclesForMs(300), flag, 1);
  lifeSpinWrite<<<1, 1>>>(0, done, 2);
  sem::Obs o;
  o.err("host_free", hipHostFree(flag));
  o.val("kernel_done_at_return", *(volatile int*)done == 2);
  return o.err("sync", hipDeviceSynchronize());
}
SEM_CASE(lifetimes, free_twice, "hipFree twice: hipErrorInvalidValue (HIP) / cudaErrorInvalidValue") {
  int* d = nullptr;
  (void)hipMalloc(&d, 64);
  sem::Obs o;
  o.err("first", hipFree(d));
  return o.err("second", hipFree(d));
}
SEM_CASE(lifetimes, free_interior_pointer, "hipFree of an interior pointer: an error") {
  char* d = nullptr;
  (void)hipMalloc(&d, 64);
  return sem::Obs().err("free", hipFree(d + 8));
}
SEM_CASE(lifetimes, kernel_uses_freed_memory,
         "a kernel writing memory freed before its launch: undefined; report (may fault)") {
  int* d = nullptr;
  (void)hipMalloc(&d, size_t(64) << 20);
  (void)hipFree(d);
  lifeSpinWrite<<<1, 1>>>(0, d + 1000, 1);
  sem::Obs o;
  return o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
}
SEM_CASE(lifetimes, reset_with_live_stream,
         "hipDeviceReset with a live stream: the old stream handle is invalid afterwards") {
  hipStream_t s;
  (void)hipStreamCreate(&s);
  sem::Obs o;
  o.err("reset", hipDeviceReset());
  return o.err("query_old", hipStreamQuery(s));
}
SEM_CASE(lifetimes, reset_with_live_allocation,
         "hipDeviceReset frees allocations: hipFree of an old pointer afterwards") {
  int* d = nullptr;
  (void)hipMalloc(&d, 64);
  sem::Obs o;
  o.err("reset", hipDeviceReset());
  return o.err("free_old", hipFree(d));
}
SEM_CASE(lifetimes, reset_pointer_attributes,
         "after hipDeviceReset, hipPointerGetAttributes on an old pointer") {
  int* d = nullptr;
  (void)hipMalloc(&d, 64);
  (void)hipDeviceReset();
  hipPointerAttribute_t a;
  return sem::Obs().err("attributes", hipPointerGetAttributes(&a, d));
}
SEM_CASE(lifetimes, reset_with_pending_work,
         "hipDeviceReset while a kernel runs: waits or aborts it (observe)") {
  int* flag = mappedInt();
  lifeSpinWrite<<<1, 1>>>(sem::cyclesForMs(300), flag, 1);
  sem::Obs o;
  // The reset frees `flag` (host memory the runtime allocated): not read afterwards.
  return o.err("reset", hipDeviceReset());
}
SEM_CASE(lifetimes, reset_then_new_work, "after hipDeviceReset, new allocations and launches work") {
  int* d = nullptr;
  (void)hipMalloc(&d, 64);
  sem::Obs o;
  o.err("reset", hipDeviceReset());
  int* e = nullptr;
  o.err("malloc", hipMalloc(&e, sizeof(int)));
  lifeSpinWrite<<<1, 1>>>(0, e, 9);
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  int h = 0;
  (void)hipMemcpy(&h, e, sizeof h, hipMemcpyDeviceToHost);
  return o.val("out", h);
}
SEM_CASE(lifetimes, reset_event_handle, "after hipDeviceReset, an old event handle") {
  hipEvent_t ev;
  (void)hipEventCreate(&ev);
  (void)hipDeviceReset();
  return sem::Obs().err("record_old", hipEventRecord(ev, nullptr));
}
// The child of lifetimes.exit_with_pending_work (hidden from --list by its leading '_').
SEM_CASE(lifetimes, _exit_with_kernel_running, "helper: exits while a kernel runs") {
  int* flag = mappedInt();
  lifeSpinWrite<<<1, 1>>>(sem::cyclesForMs(300), flag, 1);
  std::printf("CASE lifetimes._exit_with_kernel_running | exiting | \n");
  std::exit(0);  // the runtime's real teardown, with the kernel still running
}
SEM_CASE(lifetimes, exit_with_pending_work,
         "the process exits (exit()) while a kernel runs: the runtime's teardown is clean") {
  // A fresh process (fork after the runtime started is not supported by CUDA): this executable
  // again, running the helper case above; the observation is how that process ended.
  char self[4096] = {};
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return sem::Obs().str("result", "no-self-path");
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    execl(self, self, "--case", "lifetimes._exit_with_kernel_running", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  sem::Obs o;
  if (WIFEXITED(status)) return o.val("child_exit", WEXITSTATUS(status));
  return o.val("child_signal", WTERMSIG(status));
}

// Module unload during use: the module file is built beside the executable by each build
// (semantics_module.<ext>); without it the case reports `no-module-file`.
static std::string moduleFile() {
  char self[4096] = {};
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  std::string dir = n > 0 ? std::string(self, static_cast<size_t>(n)) : std::string(".");
  dir = dir.substr(0, dir.rfind('/'));
#if defined(SEM_USE_CUDA)
  const char* exts[] = {".cubin"};
#else
  const char* exts[] = {".hipfb", ".co"};
#endif
  for (const char* ext : exts) {
    std::string p = dir + "/semantics_module" + ext;
    if (access(p.c_str(), R_OK) == 0) return p;
  }
  return "";
}
static sem::Obs moduleCase(int mode) {
  std::string path = moduleFile();
  if (path.empty()) return sem::Obs().str("result", "no-module-file");
  hipModule_t m = nullptr;
  hipFunction_t f = nullptr;
  sem::Obs o;
  o.err("load", hipModuleLoad(&m, path.c_str()));
  o.err("get_function", hipModuleGetFunction(&f, m, "semModuleSpin"));
  if (!f) return o;
  int* flag = mappedInt();
  long long cycles = mode == 0 ? sem::cyclesForMs(300) : 0;
  void* args[] = {&cycles, &flag};
  o.err("launch", hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr));
  if (mode == 0) {
    o.err("unload_while_running", hipModuleUnload(m));
    o.err("sync", hipDeviceSynchronize());
    o.val("flag", *(volatile int*)flag);
  } else if (mode == 1) {
    (void)hipDeviceSynchronize();
    o.err("unload", hipModuleUnload(m));
    o.err("launch_after_unload",
          hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr));
    o.err("sync", hipDeviceSynchronize());
  } else {
    (void)hipDeviceSynchronize();
    o.err("unload", hipModuleUnload(m));
    o.err("unload_again", hipModuleUnload(m));
  }
  return o;
}
SEM_CASE(lifetimes, module_unload_while_running,
         "hipModuleUnload while its kernel runs: the kernel completes (flag=1)") {
  return moduleCase(0);
}
SEM_CASE(lifetimes, module_launch_after_unload,
         "launching a function of an unloaded module: an error (CUDA: undefined)") {
  return moduleCase(1);
}
SEM_CASE(lifetimes, module_unload_twice, "hipModuleUnload twice: an error") {
  return moduleCase(2);
}
