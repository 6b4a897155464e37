// The interposers behind CallCounter (call_counters.h): this executable's definitions of
// operator new and pthread_mutex_lock / pthread_rwlock_*lock take precedence over libstdc++'s
// and libc's for every caller, including the runtime (linked in statically) and the fake ROCr.
#include "call_counters.h"

#include <dlfcn.h>
#include <pthread.h>

#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UNIHIP_COUNTERS_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define UNIHIP_COUNTERS_OFF 1
#endif
#endif

namespace unihip::hsa::test {
namespace {
thread_local int t_depth = 0;  // CallCounters alive on this thread
thread_local int t_allocations = 0;
thread_local int t_locks = 0;

// Whether `caller` (a return address) lies outside the fake ROCr library.
[[gnu::noinline]] bool outsideFake(void* caller) {
  Dl_info info;
  if (dladdr(caller, &info) == 0 || info.dli_fname == nullptr) return true;
  return std::strstr(info.dli_fname, "unihip_fake_hsa") == nullptr;
}
}  // namespace

CallCounter::CallCounter() {
  ++t_depth;
  t_allocations = t_locks = 0;
}
CallCounter::~CallCounter() { --t_depth; }
int CallCounter::allocations() const { return t_allocations; }
int CallCounter::locks() const { return t_locks; }
bool CallCounter::available() {
#ifdef UNIHIP_COUNTERS_OFF
  return false;
#else
  return true;
#endif
}

// Called by the interposers; depth guards against counting the counter's own work (dladdr).
[[gnu::noinline]] void countAllocation(void* caller) {
  if (t_depth <= 0) return;
  --t_depth;
  if (outsideFake(caller)) ++t_allocations;
  ++t_depth;
}
[[gnu::noinline]] void countLock(void* caller) {
  if (t_depth <= 0) return;
  --t_depth;
  if (outsideFake(caller)) ++t_locks;
  ++t_depth;
}

}  // namespace unihip::hsa::test

#ifndef UNIHIP_COUNTERS_OFF
using unihip::hsa::test::countAllocation;
using unihip::hsa::test::countLock;

namespace {
void* allocate(size_t n, void* caller) {
  countAllocation(caller);
  void* p = std::malloc(n ? n : 1);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* allocateAligned(size_t n, std::align_val_t a, void* caller) {
  countAllocation(caller);
  size_t align = static_cast<size_t>(a);
  void* p = std::aligned_alloc(align, (n + align - 1) / align * align);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
// libc's function, looked up on first use (no function-local static: its guard may lock).
template <typename F>
F next(F* cache, const char* name) {
  F f = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
  if (f == nullptr) {
    f = reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
    __atomic_store_n(cache, f, __ATOMIC_RELEASE);
  }
  return f;
}
int (*g_mutexLock)(pthread_mutex_t*) = nullptr;
int (*g_rdlock)(pthread_rwlock_t*) = nullptr;
int (*g_wrlock)(pthread_rwlock_t*) = nullptr;
}  // namespace

void* operator new(size_t n) { return allocate(n, __builtin_return_address(0)); }
void* operator new[](size_t n) { return allocate(n, __builtin_return_address(0)); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  countAllocation(__builtin_return_address(0));
  return std::malloc(n ? n : 1);
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  countAllocation(__builtin_return_address(0));
  return std::malloc(n ? n : 1);
}
void* operator new(size_t n, std::align_val_t a) {
  return allocateAligned(n, a, __builtin_return_address(0));
}
void* operator new[](size_t n, std::align_val_t a) {
  return allocateAligned(n, a, __builtin_return_address(0));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { std::free(p); }

extern "C" int pthread_mutex_lock(pthread_mutex_t* m) {
  countLock(__builtin_return_address(0));
  return next(&g_mutexLock, "pthread_mutex_lock")(m);
}
extern "C" int pthread_rwlock_rdlock(pthread_rwlock_t* l) {
  countLock(__builtin_return_address(0));
  return next(&g_rdlock, "pthread_rwlock_rdlock")(l);
}
extern "C" int pthread_rwlock_wrlock(pthread_rwlock_t* l) {
  countLock(__builtin_return_address(0));
  return next(&g_wrlock, "pthread_rwlock_wrlock")(l);
}
#endif
