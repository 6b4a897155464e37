// Errors: which are returned at launch and which at the next synchronisation, which are sticky
// (a trapping kernel, an illegal address, a failed assert) and what the context can still do
// afterwards, hipGetLastError/hipPeekAtLastError clearing rules, errors across host threads.
// A broken context stays broken: every case runs in its own process, so each "after a fault"
// observation is a case of its own.
#include "sem.h"

#include <thread>

namespace {

__global__ void errNop(int* out) {
  if (out) *out = 1;
}
__global__ void errTrap(int* out) {
  if (out) *out = 1;
  SEM_TRAP();
}
__global__ void errIllegalAddress(int* out) {
  *reinterpret_cast<volatile int*>(0x8) = 1;  // unmapped page
  if (out) *out = 1;
}
__global__ void errMisaligned(char* base) {
  *reinterpret_cast<volatile int*>(base + 1) = 1;
}
__global__ void errAssert(int v) { assert(v == 0); }

void badLaunch() { errNop<<<dim3(0), dim3(1)>>>(nullptr); }  // hipErrorInvalidValue (HIP 7)

// Kinds of fault and the launches that cause them.
enum Fault { kTrap, kIllegal, kAssert, kMisaligned };
const char* kFaultName[] = {"trap", "illegal_address", "assert", "misaligned"};
const char* kFaultExpect[] = {"hipErrorLaunchFailure", "hipErrorIllegalAddress", "hipErrorAssert",
                              "hipErrorMisalignedAddress (CUDA) / hipErrorLaunchFailure"};

void fault(Fault f) {
  static char* scratch = nullptr;
  if (!scratch) (void)hipMalloc(&scratch, 64);
  switch (f) {
    case kTrap: errTrap<<<1, 1>>>(nullptr); break;
    case kIllegal: errIllegalAddress<<<1, 1>>>(nullptr); break;
    case kAssert: errAssert<<<1, 1>>>(1); break;
    case kMisaligned: errMisaligned<<<1, 1>>>(scratch); break;
  }
}

// What the context can do after a fault: one observation per case (each in its own process).
struct After {
  const char* name;
  const char* expect;
  void (*observe)(sem::Obs&);
};
void afterSyncTwice(sem::Obs& o) { o.err("sync2", hipDeviceSynchronize()); }
void afterGetLast(sem::Obs& o) {
  o.err("get1", hipGetLastError()).err("get2", hipGetLastError());
}
void afterPeek(sem::Obs& o) {
  o.err("peek1", hipPeekAtLastError()).err("get", hipGetLastError());
  o.err("peek2", hipPeekAtLastError());
}
void afterMalloc(sem::Obs& o) {
  void* p = nullptr;
  o.err("malloc", hipMalloc(&p, 1024));
}
void afterLaunch(sem::Obs& o) {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  errNop<<<1, 1>>>(d);
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
}
void afterMemcpy(sem::Obs& o) {
  int h = 0, g = 1;
  o.err("memcpy_h2h", hipMemcpy(&h, &g, sizeof h, hipMemcpyHostToHost));
  void* dev = nullptr;
  (void)hipMalloc(&dev, 4);
  o.err("memcpy_d2h", hipMemcpy(&h, dev, 4, hipMemcpyDeviceToHost));
}
void afterStreamCreate(sem::Obs& o) {
  hipStream_t s = nullptr;
  o.err("create", hipStreamCreate(&s));
  o.err("query", s ? hipStreamQuery(s) : hipErrorInvalidHandle);
}
void afterEvent(sem::Obs& o) {
  hipEvent_t e = nullptr;
  o.err("create", hipEventCreate(&e));
  o.err("record", e ? hipEventRecord(e, nullptr) : hipErrorInvalidHandle);
  o.err("sync", e ? hipEventSynchronize(e) : hipErrorInvalidHandle);
}
void afterStreamSync(sem::Obs& o) { o.err("stream_sync", hipStreamSynchronize(nullptr)); }
void afterDeviceQuery(sem::Obs& o) {
  int count = -1, dev = -1;
  o.err("count", hipGetDeviceCount(&count)).err("get_device", hipGetDevice(&dev));
  hipDeviceProp_t prop;
  o.err("props", hipGetDeviceProperties(&prop, 0));
}
void afterReset(sem::Obs& o) {
  o.err("reset", hipDeviceReset());
  afterLaunch(o);
}
void afterResetLastError(sem::Obs& o) {
  o.err("reset", hipDeviceReset());
  o.err("get", hipGetLastError());
}
void afterOtherThread(sem::Obs& o) {
  hipError_t sync = hipSuccess, last = hipSuccess;
  std::thread t([&] {
    last = hipGetLastError();
    sync = hipDeviceSynchronize();
  });
  t.join();
  o.err("thread_last", last).err("thread_sync", sync);
}

const After kAfter[] = {
    {"sync_twice", "sticky: the next synchronisation fails again", afterSyncTwice},
    {"get_last_error", "hipGetLastError returns the fault, then (HIP) hipSuccess", afterGetLast},
    {"peek", "hipPeekAtLastError does not clear", afterPeek},
    {"malloc_after", "sticky: hipMalloc fails with the fault", afterMalloc},
    {"launch_after", "sticky: a new launch fails", afterLaunch},
    {"memcpy_after", "sticky: hipMemcpy fails", afterMemcpy},
    {"stream_create_after", "sticky: stream calls fail", afterStreamCreate},
    {"event_after", "sticky: event calls fail", afterEvent},
    {"stream_sync_after", "hipStreamSynchronize(null) reports the fault", afterStreamSync},
    {"device_query_after", "device queries still work (no context needed)", afterDeviceQuery},
    {"reset_then_launch", "hipDeviceReset gives a fresh context: launches work again",
     afterReset},
    {"reset_clears_last_error", "after hipDeviceReset, hipGetLastError", afterResetLastError},
    {"other_thread_sees", "another host thread sees the sticky error at its next sync",
     afterOtherThread},
};

SEM_REGISTER(errors_faults) {
  for (int f = 0; f < 4; ++f) {
    Fault fk = static_cast<Fault>(f);
    std::string base = std::string("errors.") + kFaultName[f];
    sem::Registrar(base + "_at_launch_and_sync",
                   std::string("launch returns hipSuccess; the sync returns ") + kFaultExpect[f],
                   [fk] {
                     sem::Obs o;
                     fault(fk);
                     o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
                     return o;
                   });
    if (fk == kMisaligned) continue;  // the follow-ups are the same as for the others
    for (const After& a : kAfter) {
      After copy = a;
      sem::Registrar(base + "." + a.name, a.expect, [fk, copy] {
        sem::Obs o;
        fault(fk);
        o.err("sync", hipDeviceSynchronize());
        copy.observe(o);
        return o;
      });
    }
  }
  return 0;
}

}  // namespace

SEM_CASE(errors, config_error_at_launch, "a zero grid's hipErrorInvalidValue from hipGetLastError") {
  badLaunch();
  sem::Obs o;
  o.err("get1", hipGetLastError()).err("get2", hipGetLastError());
  return o;
}
SEM_CASE(errors, config_error_not_at_sync,
         "a launch-time error is not reported again by the next synchronisation") {
  badLaunch();
  return sem::Obs().err("sync", hipDeviceSynchronize()).err("last", hipGetLastError());
}
SEM_CASE(errors, peek_does_not_clear, "hipPeekAtLastError twice, then hipGetLastError clears") {
  badLaunch();
  sem::Obs o;
  o.err("peek1", hipPeekAtLastError()).err("peek2", hipPeekAtLastError());
  o.err("get", hipGetLastError()).err("peek3", hipPeekAtLastError());
  return o;
}
SEM_CASE(errors, success_does_not_clear,
         "a later successful call does not reset the last error (CUDA); AMD's HIP: observe") {
  badLaunch();
  void* p = nullptr;
  sem::Obs o;
  o.err("malloc", hipMalloc(&p, 64));
  return o.err("get", hipGetLastError());
}
SEM_CASE(errors, later_error_overwrites, "the last error is the latest failure") {
  badLaunch();
  (void)hipSetDevice(9999);
  return sem::Obs().err("get", hipGetLastError());
}
SEM_CASE(errors, api_error_sets_last_error,
         "a failing API call (hipMalloc too big) sets the last error") {
  void* p = nullptr;
  sem::Obs o;
  o.err("malloc", hipMalloc(&p, size_t(1) << 60));
  return o.err("get", hipGetLastError()).err("get2", hipGetLastError());
}
SEM_CASE(errors, set_device_invalid, "hipSetDevice(count): hipErrorInvalidDevice") {
  int n = 0;
  (void)hipGetDeviceCount(&n);
  return sem::Obs().err("set", hipSetDevice(n)).err("get", hipGetLastError());
}
SEM_CASE(errors, memcpy_bad_kind, "hipMemcpy with kind 77: hipErrorInvalidMemcpyDirection") {
  int a = 0, b = 0;
  return sem::Obs()
      .err("memcpy", hipMemcpy(&a, &b, sizeof a, static_cast<hipMemcpyKind>(77)))
      .err("get", hipGetLastError());
}
SEM_CASE(errors, last_error_per_thread,
         "the last error is per host thread: another thread sees hipSuccess") {
  badLaunch();
  hipError_t other = hipErrorUnknown;
  std::thread t([&] { other = hipGetLastError(); });
  t.join();
  return sem::Obs().err("other_thread", other).err("this_thread", hipGetLastError());
}
SEM_CASE(errors, other_thread_launch_error_stays_there,
         "a bad launch in another thread does not set this thread's last error") {
  std::thread t([] { badLaunch(); });
  t.join();
  return sem::Obs().err("this_thread", hipGetLastError());
}
SEM_CASE(errors, async_error_seen_by_stream_sync,
         "a fault in a stream is reported by hipStreamSynchronize of that stream") {
  hipStream_t s;
  (void)hipStreamCreate(&s);
  errTrap<<<1, 1, 0, s>>>(nullptr);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("stream_sync", hipStreamSynchronize(s));
  return o;
}
SEM_CASE(errors, async_error_seen_by_other_stream,
         "a fault in stream A is reported when synchronising an unrelated stream B") {
  hipStream_t a, b;
  (void)hipStreamCreateWithFlags(&a, hipStreamNonBlocking);
  (void)hipStreamCreateWithFlags(&b, hipStreamNonBlocking);
  errTrap<<<1, 1, 0, a>>>(nullptr);
  (void)hipStreamSynchronize(a);
  return sem::Obs().err("b_sync", hipStreamSynchronize(b)).err("b_query", hipStreamQuery(b));
}
SEM_CASE(errors, async_error_seen_by_event_sync, "a fault is reported by hipEventSynchronize") {
  hipEvent_t e;
  (void)hipEventCreate(&e);
  errTrap<<<1, 1>>>(nullptr);
  (void)hipEventRecord(e, nullptr);
  return sem::Obs().err("event_sync", hipEventSynchronize(e)).err("query", hipEventQuery(e));
}
SEM_CASE(errors, async_error_seen_by_stream_query, "hipStreamQuery after a fault") {
  hipStream_t s;
  (void)hipStreamCreate(&s);
  errTrap<<<1, 1, 0, s>>>(nullptr);
  hipError_t q = hipErrorNotReady;
  for (int i = 0; i < 2000 && q == hipErrorNotReady; ++i) {
    q = hipStreamQuery(s);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return sem::Obs().err("query", q);
}
SEM_CASE(errors, async_error_seen_by_memcpy,
         "a synchronous hipMemcpy after a faulting kernel returns the fault") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  errIllegalAddress<<<1, 1>>>(nullptr);
  int h = 0;
  return sem::Obs().err("memcpy", hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
}
SEM_CASE(errors, launch_after_fault_before_sync,
         "a launch queued behind a faulting kernel (before any sync): its launch status") {
  errTrap<<<1, 1>>>(nullptr);
  errNop<<<1, 1>>>(nullptr);
  sem::Obs o;
  o.err("second_launch", hipGetLastError());
  return o.err("sync", hipDeviceSynchronize());
}
SEM_CASE(errors, memory_written_before_trap,
         "memory a kernel wrote before trapping: can it be read back after the fault (sticky: no)") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  errTrap<<<1, 1>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  int h = -1;
  o.err("memcpy", hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost));
  return o;
}
SEM_CASE(errors, error_name_unknown_code, "hipGetErrorName of an unknown code (12345)") {
  const char* n = hipGetErrorName(static_cast<hipError_t>(12345));
  return sem::Obs().str("null", n ? "no" : "yes").note(n ? n : "(null)");
}
SEM_CASE(errors, error_string_success, "hipGetErrorString(hipSuccess) is non-empty") {
  const char* s = hipGetErrorString(hipSuccess);
  return sem::Obs().val("nonempty", s && *s).note(s ? s : "(null)");
}
