// Ordering: the legacy default stream against blocking and non-blocking streams, the per-thread
// default stream, events across streams, host functions and callbacks between kernels, async
// copies overlapping kernels, hipStreamWaitEvent on an unrecorded event.
//
// Probe: kernel A spins ~200 ms then writes 1 to a flag; kernel B copies the flag. B reading 1
// means B ran after A (ordered); 0 means they overlapped (not ordered).
#include "sem.h"

#include <atomic>
#include <thread>

namespace {

__global__ void ordSpinWrite(long long cycles, int* flag, int v) {
  semSpin(cycles);
  __threadfence_system();
  *flag = v;
  __threadfence_system();
}
__global__ void ordCopy(const int* flag, int* out) { *out = *(volatile const int*)flag; }

struct Probe {
  int* flag = nullptr;
  int* out = nullptr;
  Probe() {
    (void)hipMalloc(&flag, sizeof(int));
    (void)hipMalloc(&out, sizeof(int));
    (void)hipMemset(flag, 0, sizeof(int));
    (void)hipMemset(out, 0xff, sizeof(int));
    (void)hipDeviceSynchronize();
  }
  void a(hipStream_t s) { ordSpinWrite<<<1, 1, 0, s>>>(sem::cyclesForMs(200), flag, 1); }
  void b(hipStream_t s) { ordCopy<<<1, 1, 0, s>>>(flag, out); }
  int seen() {
    (void)hipDeviceSynchronize();
    int h = -1;
    (void)hipMemcpy(&h, out, sizeof h, hipMemcpyDeviceToHost);
    return h;
  }
};

enum Kind { kNull, kBlocking, kNonBlocking, kPerThread, kBlocking2 };
const char* kKindName[] = {"null", "blocking", "nonblocking", "per_thread", "blocking2"};

hipStream_t makeStream(Kind k, hipStream_t* created) {
  switch (k) {
    case kNull:
      return nullptr;
    case kPerThread:
      return hipStreamPerThread;
    case kNonBlocking:
      (void)hipStreamCreateWithFlags(created, hipStreamNonBlocking);
      return *created;
    default:
      (void)hipStreamCreateWithFlags(created, hipStreamDefault);
      return *created;
  }
}

const char* pairRule(Kind a, Kind b) {
  bool legacy = a == kNull || b == kNull;
  bool nb = a == kNonBlocking || b == kNonBlocking;
  if (a == b && a != kBlocking2) return "same stream: B runs after A (seen=1)";
  if (legacy && !nb) return "the legacy default stream waits for / blocks blocking streams (seen=1)";
  if (legacy && nb) return "a non-blocking stream does not sync with the null stream (seen=0)";
  return "two distinct streams are not ordered (seen=0)";
}

SEM_REGISTER(ordering_pairs) {
  const Kind kinds[] = {kNull, kBlocking, kNonBlocking, kPerThread};
  for (Kind a : kinds)
    for (Kind b : kinds) {
      Kind bb = (a == b && a != kNull && a != kPerThread) ? kBlocking2 : b;
      std::string name = std::string("ordering.a_") + kKindName[a] + "_then_b_" +
                         (bb == kBlocking2 && a == kBlocking ? "other_blocking"
                          : (a == b && a == kNonBlocking) ? "other_nonblocking"
                                                          : kKindName[b]);
      sem::Registrar(name, pairRule(a, bb == kBlocking2 ? kBlocking2 : b), [a, b] {
        Probe p;
        hipStream_t sa = nullptr, sb = nullptr;
        hipStream_t ha = makeStream(a, &sa);
        // Same kind on created streams: a second stream of that kind.
        hipStream_t hb = (a == b && (a == kBlocking || a == kNonBlocking)) ? makeStream(b, &sb)
                         : (a == b)                                         ? ha
                                                                            : makeStream(b, &sb);
        p.a(ha);
        p.b(hb);
        sem::Obs o;
        o.val("seen", p.seen());
        if (sa) (void)hipStreamDestroy(sa);
        if (sb) (void)hipStreamDestroy(sb);
        return o;
      });
    }
  return 0;
}

}  // namespace

SEM_CASE(ordering, per_thread_two_threads,
         "each host thread's per-thread default stream is its own: not ordered (seen=0)") {
  Probe p;
  p.a(hipStreamPerThread);
  std::thread t([&] {
    p.b(hipStreamPerThread);
    (void)hipStreamSynchronize(hipStreamPerThread);
  });
  t.join();
  return sem::Obs().val("seen", p.seen());
}
SEM_CASE(ordering, event_across_streams, "hipStreamWaitEvent orders B after A (seen=1)") {
  Probe p;
  hipStream_t s1, s2;
  hipEvent_t e;
  (void)hipStreamCreateWithFlags(&s1, hipStreamNonBlocking);
  (void)hipStreamCreateWithFlags(&s2, hipStreamNonBlocking);
  (void)hipEventCreate(&e);
  p.a(s1);
  sem::Obs o;
  o.err("record", hipEventRecord(e, s1));
  o.err("wait", hipStreamWaitEvent(s2, e, 0));
  p.b(s2);
  return o.val("seen", p.seen());
}
SEM_CASE(ordering, wait_unrecorded_event,
         "hipStreamWaitEvent on a never-recorded event: returns hipSuccess, waits for nothing "
         "(CUDA: completes at once)") {
  Probe p;
  hipStream_t s1, s2;
  hipEvent_t e;
  (void)hipStreamCreateWithFlags(&s1, hipStreamNonBlocking);
  (void)hipStreamCreateWithFlags(&s2, hipStreamNonBlocking);
  (void)hipEventCreate(&e);
  p.a(s1);
  sem::Obs o;
  o.err("wait", hipStreamWaitEvent(s2, e, 0));
  p.b(s2);
  return o.val("seen", p.seen());
}
SEM_CASE(ordering, wait_event_bad_flags, "hipStreamWaitEvent with flags 0x4: hipErrorInvalidValue") {
  hipEvent_t e;
  (void)hipEventCreate(&e);
  (void)hipEventRecord(e, nullptr);
  return sem::Obs().err("wait", hipStreamWaitEvent(nullptr, e, 0x4));
}
SEM_CASE(ordering, wait_event_rerecorded,
         "a wait uses the record made before it, not a later re-record (seen=1)") {
  Probe p;
  hipStream_t s1, s2;
  hipEvent_t e;
  (void)hipStreamCreateWithFlags(&s1, hipStreamNonBlocking);
  (void)hipStreamCreateWithFlags(&s2, hipStreamNonBlocking);
  (void)hipEventCreate(&e);
  p.a(s1);
  (void)hipEventRecord(e, s1);
  (void)hipStreamWaitEvent(s2, e, 0);
  (void)hipEventRecord(e, s2);  // re-record on the (empty-so-far) s2
  p.b(s2);
  return sem::Obs().val("seen", p.seen());
}
SEM_CASE(ordering, event_query_unrecorded,
         "hipEventQuery on a never-recorded event (HIP: hipSuccess, as CUDA)") {
  hipEvent_t e;
  (void)hipEventCreate(&e);
  return sem::Obs().err("query", hipEventQuery(e));
}
SEM_CASE(ordering, event_synchronize_unrecorded,
         "hipEventSynchronize on a never-recorded event returns at once") {
  hipEvent_t e;
  (void)hipEventCreate(&e);
  return sem::Obs().err("sync", hipEventSynchronize(e));
}
SEM_CASE(ordering, event_elapsed_unrecorded,
         "hipEventElapsedTime with unrecorded events: hipErrorInvalidHandle (HIP) / "
         "cudaErrorInvalidResourceHandle (CUDA)") {
  hipEvent_t a, b;
  (void)hipEventCreate(&a);
  (void)hipEventCreate(&b);
  float ms = -1;
  return sem::Obs().err("elapsed", hipEventElapsedTime(&ms, a, b));
}
SEM_CASE(ordering, event_elapsed_disable_timing,
         "hipEventElapsedTime on hipEventDisableTiming events: hipErrorInvalidHandle") {
  hipEvent_t a, b;
  (void)hipEventCreateWithFlags(&a, hipEventDisableTiming);
  (void)hipEventCreateWithFlags(&b, hipEventDisableTiming);
  (void)hipEventRecord(a, nullptr);
  (void)hipEventRecord(b, nullptr);
  (void)hipDeviceSynchronize();
  float ms = -1;
  return sem::Obs().err("elapsed", hipEventElapsedTime(&ms, a, b));
}
SEM_CASE(ordering, event_elapsed_pending,
         "hipEventElapsedTime while the end event is pending: hipErrorNotReady") {
  Probe p;
  hipEvent_t a, b;
  (void)hipEventCreate(&a);
  (void)hipEventCreate(&b);
  (void)hipEventRecord(a, nullptr);
  p.a(nullptr);
  (void)hipEventRecord(b, nullptr);
  float ms = -1;
  sem::Obs o;
  o.err("elapsed", hipEventElapsedTime(&ms, a, b));
  (void)hipDeviceSynchronize();
  o.err("after", hipEventElapsedTime(&ms, a, b));
  o.val("ms_ge_100", ms >= 100);
  return o;
}
SEM_CASE(ordering, event_query_pending, "hipEventQuery before the work is done: hipErrorNotReady") {
  Probe p;
  hipEvent_t e;
  (void)hipEventCreate(&e);
  p.a(nullptr);
  (void)hipEventRecord(e, nullptr);
  sem::Obs o;
  o.err("pending", hipEventQuery(e));
  (void)hipEventSynchronize(e);
  return o.err("done", hipEventQuery(e));
}
SEM_CASE(ordering, stream_query_pending, "hipStreamQuery: hipErrorNotReady, then hipSuccess") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  p.a(s);
  sem::Obs o;
  o.err("pending", hipStreamQuery(s));
  (void)hipStreamSynchronize(s);
  return o.err("done", hipStreamQuery(s));
}
SEM_CASE(ordering, null_stream_sync_waits_blocking,
         "hipStreamSynchronize(nullptr) waits for work in blocking streams (legacy semantics)") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  p.a(s);
  (void)hipStreamSynchronize(nullptr);
  sem::Obs o;
  o.err("query", hipStreamQuery(s));
  return o;
}
SEM_CASE(ordering, device_sync_waits_nonblocking, "hipDeviceSynchronize waits for every stream") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreateWithFlags(&s, hipStreamNonBlocking);
  p.a(s);
  (void)hipDeviceSynchronize();
  return sem::Obs().err("query", hipStreamQuery(s));
}
SEM_CASE(ordering, memcpy_waits_blocking_stream,
         "a synchronous hipMemcpy (null stream) sees a blocking stream's kernel result") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  p.a(s);
  int h = -1;
  (void)hipMemcpy(&h, p.flag, sizeof h, hipMemcpyDeviceToHost);
  return sem::Obs().val("read", h);
}
SEM_CASE(ordering, memcpy_vs_nonblocking_stream,
         "a synchronous hipMemcpy does not wait for a non-blocking stream (read=0 expected)") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreateWithFlags(&s, hipStreamNonBlocking);
  p.a(s);
  int h = -1;
  (void)hipMemcpy(&h, p.flag, sizeof h, hipMemcpyDeviceToHost);
  return sem::Obs().val("read", h);
}
SEM_CASE(ordering, memset_async_other_stream_overlaps,
         "hipMemsetAsync on a non-blocking stream is not ordered after a kernel elsewhere") {
  Probe p;
  hipStream_t s1, s2;
  (void)hipStreamCreateWithFlags(&s1, hipStreamNonBlocking);
  (void)hipStreamCreateWithFlags(&s2, hipStreamNonBlocking);
  p.a(s1);
  (void)hipMemsetAsync(p.out, 0, sizeof(int), s2);
  sem::Obs o;
  o.err("s2", hipStreamSynchronize(s2));
  o.err("s1_query", hipStreamQuery(s1));
  return o;
}
SEM_CASE(ordering, async_copy_overlaps_kernel,
         "hipMemcpyAsync (pinned host) on another non-blocking stream finishes while a kernel "
         "runs") {
  Probe p;
  hipStream_t s1, s2;
  (void)hipStreamCreateWithFlags(&s1, hipStreamNonBlocking);
  (void)hipStreamCreateWithFlags(&s2, hipStreamNonBlocking);
  int* host = nullptr;
  (void)hipHostMalloc(&host, 1 << 20, 0);
  int* dev = nullptr;
  (void)hipMalloc(&dev, 1 << 20);
  p.a(s1);
  (void)hipMemcpyAsync(dev, host, 1 << 20, hipMemcpyHostToDevice, s2);
  sem::Obs o;
  o.err("copy", hipStreamSynchronize(s2));
  o.err("kernel_query", hipStreamQuery(s1));
  return o;
}
SEM_CASE(ordering, async_copy_same_stream_waits,
         "hipMemcpyAsync on the kernel's stream copies the kernel's result (read=1)") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  int* host = nullptr;
  (void)hipHostMalloc(&host, sizeof(int), 0);
  *host = -1;
  p.a(s);
  (void)hipMemcpyAsync(host, p.flag, sizeof(int), hipMemcpyDeviceToHost, s);
  (void)hipStreamSynchronize(s);
  return sem::Obs().val("read", *host);
}
SEM_CASE(ordering, async_copy_returns_before_kernel,
         "hipMemcpyAsync to pinned memory returns before the kernel ahead of it finishes") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  int* host = nullptr;
  (void)hipHostMalloc(&host, sizeof(int), 0);
  *host = -1;
  p.a(s);
  (void)hipMemcpyAsync(host, p.flag, sizeof(int), hipMemcpyDeviceToHost, s);
  int early = *host;
  (void)hipStreamSynchronize(s);
  return sem::Obs().val("early", early).val("late", *host);
}

// Host functions and callbacks between kernels.
struct HostFnState {
  int* mapped = nullptr;  // kernel A's flag, visible to the host
  int seenByHost = -1;
  std::atomic<int> calls{0};
  hipError_t status = hipErrorUnknown;
};
static void hostFnRead(void* p) {
  auto* s = static_cast<HostFnState*>(p);
  s->seenByHost = *(volatile int*)s->mapped;
  s->calls++;
}
static void callbackRead(hipStream_t, hipError_t status, void* p) {
  auto* s = static_cast<HostFnState*>(p);
  s->status = status;
  hostFnRead(p);
}
__global__ void ordSpinWriteMapped(long long cycles, int* flag) {
  semSpin(cycles);
  *(volatile int*)flag = 1;
  __threadfence_system();
}
SEM_CASE(ordering, host_func_after_kernel,
         "hipLaunchHostFunc runs after the kernel before it in the stream (seen=1)") {
  HostFnState st;
  (void)hipHostMalloc(&st.mapped, sizeof(int), hipHostMallocMapped);
  *st.mapped = 0;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  ordSpinWriteMapped<<<1, 1, 0, s>>>(sem::cyclesForMs(200), st.mapped);
  sem::Obs o;
  o.err("launch_host_func", hipLaunchHostFunc(s, hostFnRead, &st));
  o.err("sync", hipStreamSynchronize(s));
  return o.val("seen", st.seenByHost).val("calls", st.calls.load());
}
__global__ void ordReadMapped(const int* flag, int* out) { *out = *(volatile const int*)flag; }
static void hostFnWrite(void* p) {
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  *(volatile int*)static_cast<HostFnState*>(p)->mapped = 7;
}
SEM_CASE(ordering, kernel_after_host_func,
         "a kernel after hipLaunchHostFunc sees what the host function wrote (seen=7)") {
  HostFnState st;
  (void)hipHostMalloc(&st.mapped, sizeof(int), hipHostMallocMapped);
  *st.mapped = 0;
  int* out = nullptr;
  (void)hipMalloc(&out, sizeof(int));
  hipStream_t s;
  (void)hipStreamCreate(&s);
  (void)hipLaunchHostFunc(s, hostFnWrite, &st);
  ordReadMapped<<<1, 1, 0, s>>>(st.mapped, out);
  (void)hipStreamSynchronize(s);
  int h = -1;
  (void)hipMemcpy(&h, out, sizeof h, hipMemcpyDeviceToHost);
  return sem::Obs().val("seen", h);
}
SEM_CASE(ordering, host_func_null_stream, "hipLaunchHostFunc on the null stream runs in order") {
  HostFnState st;
  (void)hipHostMalloc(&st.mapped, sizeof(int), hipHostMallocMapped);
  *st.mapped = 0;
  ordSpinWriteMapped<<<1, 1>>>(sem::cyclesForMs(100), st.mapped);
  sem::Obs o;
  o.err("launch_host_func", hipLaunchHostFunc(nullptr, hostFnRead, &st));
  o.err("sync", hipDeviceSynchronize());
  return o.val("seen", st.seenByHost);
}
SEM_CASE(ordering, host_func_null_fn, "hipLaunchHostFunc(fn = nullptr): hipErrorInvalidValue") {
  return sem::Obs().err("status", hipLaunchHostFunc(nullptr, nullptr, nullptr));
}
SEM_CASE(ordering, stream_callback_after_kernel,
         "hipStreamAddCallback runs after the kernel, with status hipSuccess") {
  HostFnState st;
  (void)hipHostMalloc(&st.mapped, sizeof(int), hipHostMallocMapped);
  *st.mapped = 0;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  ordSpinWriteMapped<<<1, 1, 0, s>>>(sem::cyclesForMs(200), st.mapped);
  sem::Obs o;
  o.err("add", hipStreamAddCallback(s, callbackRead, &st, 0));
  o.err("sync", hipStreamSynchronize(s));
  return o.val("seen", st.seenByHost).err("cb_status", st.status);
}
SEM_CASE(ordering, stream_callback_bad_flags, "hipStreamAddCallback with flags != 0: InvalidValue") {
  HostFnState st;
  return sem::Obs().err("add", hipStreamAddCallback(nullptr, callbackRead, &st, 1));
}
SEM_CASE(ordering, host_func_blocks_next_kernel_query,
         "while a host function runs, the stream reports hipErrorNotReady") {
  HostFnState st;
  (void)hipHostMalloc(&st.mapped, sizeof(int), hipHostMallocMapped);
  hipStream_t s;
  (void)hipStreamCreate(&s);
  (void)hipLaunchHostFunc(s, hostFnWrite, &st);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  sem::Obs o;
  o.err("query", hipStreamQuery(s));
  (void)hipStreamSynchronize(s);
  return o.err("after", hipStreamQuery(s));
}
SEM_CASE(ordering, blocking_stream_from_other_thread_null,
         "the null stream used from another host thread still orders with blocking streams") {
  Probe p;
  hipStream_t s;
  (void)hipStreamCreate(&s);
  p.a(s);
  std::thread t([&] { p.b(nullptr); });
  t.join();
  return sem::Obs().val("seen", p.seen());
}
