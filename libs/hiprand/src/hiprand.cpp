// hipRAND's host API over the vendor's library, loaded at run time: cuRAND on NVIDIA devices,
// rocRAND on AMD devices. The forwarders come from hiprand_functions.def (one Entry per row,
// naming both vendors' functions); a call goes to its generator's vendor, or without one to
// the current device's, and each argument passes through Call, which turns hipRAND's objects
// into the vendor's and records the status for a bad one.
#include <dlfcn.h>

#include <atomic>
#include <cstring>
#include <new>
#include <tuple>
#include <utility>

#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

#include "vendor_library.h"
#include "vendor_map.h"

#define HIPRAND_EXPORT __attribute__((visibility("default")))

struct hiprandGenerator_st {
  void* native;  // curandGenerator_t / rocrand_generator
  unihip::rand::Vendor vendor;
};

namespace unihip::rand {

// The vendor library's dlopen handle, or nullptr (one log line names the paths tried).
// UNIHIP_CURAND_LIBRARY / UNIHIP_ROCRAND_LIBRARY, when set, are the only path tried.
void* vendorLibrary(Vendor v) {
  static libs::VendorLibrary curand{
      "hiprand", "cuRAND", "UNIHIP_CURAND_LIBRARY",
      {"libcurand.so.10", "/usr/local/cuda/lib64/libcurand.so.10", "libcurand.so"}};
  static libs::VendorLibrary rocrand{
      "hiprand", "rocRAND", "UNIHIP_ROCRAND_LIBRARY",
      {"librocrand.so.1", "/opt/rocm/lib/librocrand.so.1", "librocrand.so"}};
  return (v == Vendor::curand ? curand : rocrand).open();
}

// The current device's vendor: INITIALIZATION_FAILED without a device, NOT_IMPLEMENTED for a
// backend with no RNG library.
hiprandStatus_t deviceVendor(Vendor* v) {
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return HIPRAND_STATUS_INITIALIZATION_FAILED;
  const char* backend = unihipGetDeviceBackendName(device);
  if (backend != nullptr && std::strcmp(backend, "cuda") == 0) {
    *v = Vendor::curand;
  } else if (backend != nullptr && std::strcmp(backend, "hsa") == 0) {
    *v = Vendor::rocrand;
  } else {
    return HIPRAND_STATUS_NOT_IMPLEMENTED;
  }
  return HIPRAND_STATUS_SUCCESS;
}

}  // namespace unihip::rand

namespace {
using namespace unihip::rand;

// Where a call without a generator goes: the current device's vendor; cuRAND when there is no
// device (its host generators need none).
Vendor currentVendor() {
  Vendor v = Vendor::curand;
  (void)deviceVendor(&v);
  return v;
}

// One call's arguments in the vendor's terms; `status` keeps the first refusal.
struct Call {
  Vendor vendor;
  hiprandStatus_t status = HIPRAND_STATUS_SUCCESS;

  void fail(hiprandStatus_t s) {
    if (status == HIPRAND_STATUS_SUCCESS) status = s;
  }
  int checked(int v) {
    if (v < 0) fail(HIPRAND_STATUS_TYPE_ERROR);
    return v;
  }

  template <typename T>
  T operator()(T v) { return v; }
  void* operator()(hiprandGenerator_t g) {
    if (g == nullptr || g->native == nullptr) fail(HIPRAND_STATUS_NOT_INITIALIZED);
    return g != nullptr ? g->native : nullptr;
  }
  void* operator()(hipStream_t s) {
    if (vendor == Vendor::rocrand) return s;  // rocRAND runs on unihip as its HIP runtime
    void* native = nullptr;
    if (unihipStreamGetNativeHandle(s, &native) != hipSuccess)
      fail(HIPRAND_STATUS_NOT_INITIALIZED);
    return native;
  }
  int operator()(hiprandOrdering_t o) { return checked(orderingToVendor(vendor, o)); }
  int operator()(hiprandDirectionVectorSet_t s) {
    return checked(directionSetToVendor(vendor, s));
  }
  // rocRAND's __half is a union with an unsigned short, passed in an integer register; ours
  // holds only a _Float16, passed in a vector register: pass the bits.
  unsigned short operator()(half h) { return __builtin_bit_cast(unsigned short, h); }
  void** operator()(hiprandDiscreteDistribution_t* d) { return reinterpret_cast<void**>(d); }
  void* operator()(hiprandDiscreteDistribution_t d) { return d; }
};

template <typename T>
const hiprandGenerator_st* generatorOf(T) { return nullptr; }
const hiprandGenerator_st* generatorOf(hiprandGenerator_t g) { return g; }

// One row of hiprand_functions.def: both vendors' names ("-": none) and their functions,
// resolved on first use. Thread safety: a race resolves the same pointer twice.
class Entry {
 public:
  constexpr Entry(const char* curand, const char* rocrand) : names_{curand, rocrand} {}

  bool has(Vendor v) const { return std::strcmp(names_[index(v)], "-") != 0; }

  // The vendor's function, or nullptr with *st saying why (library or symbol missing).
  void* resolve(Vendor v, hiprandStatus_t* st) {
    std::atomic<void*>& slot = fns_[index(v)];
    if (void* f = slot.load(std::memory_order_acquire)) return f;
    void* so = has(v) ? vendorLibrary(v) : nullptr;
    if (has(v) && so == nullptr) {
      *st = HIPRAND_STATUS_NOT_INITIALIZED;
      return nullptr;
    }
    void* f = so != nullptr ? dlsym(so, names_[index(v)]) : nullptr;
    if (f == nullptr) {
      *st = HIPRAND_STATUS_NOT_IMPLEMENTED;
      return nullptr;
    }
    slot.store(f, std::memory_order_release);
    return f;
  }

  // The forward: the vendor is the first generator's, else the current device's.
  template <typename... A>
  hiprandStatus_t operator()(A... a) {
    const hiprandGenerator_st* g = nullptr;
    ((g = g != nullptr ? g : generatorOf(a)), ...);
    Call call{g != nullptr ? g->vendor : currentVendor()};
    if (!has(call.vendor)) return HIPRAND_STATUS_NOT_IMPLEMENTED;
    // Braced initialization translates left to right.
    std::tuple<decltype(call(a))...> args{call(a)...};
    if (call.status != HIPRAND_STATUS_SUCCESS) return call.status;
    hiprandStatus_t st = HIPRAND_STATUS_SUCCESS;
    auto fn = reinterpret_cast<int (*)(decltype(call(a))...)>(resolve(call.vendor, &st));
    if (fn == nullptr) return st;
    return fromVendor(call.vendor, std::apply(fn, args));
  }

 private:
  static int index(Vendor v) { return static_cast<int>(v); }
  const char* names_[2];
  std::atomic<void*> fns_[2] = {};
};

// The rows with hand-written bodies, as entries.
#define HIPRAND_FUNCTION(ret, name, curand, rocrand, params, args)
#define HIPRAND_FUNCTION_CUSTOM(ret, name, curand, rocrand, params, args) \
  Entry k_##name{#curand, #rocrand};
#include "hiprand/hiprand_functions.def"
#undef HIPRAND_FUNCTION_CUSTOM
#undef HIPRAND_FUNCTION

hiprandStatus_t create(Entry& entry, hiprandGenerator_t* generator, hiprandRngType_t rng_type,
                       bool host) {
  if (generator == nullptr) return HIPRAND_STATUS_NOT_INITIALIZED;
  Vendor v = Vendor::curand;
  // A host generator needs no device: without one it is cuRAND's.
  if (hiprandStatus_t st = deviceVendor(&v); st != HIPRAND_STATUS_SUCCESS && !host) return st;
  const int type = rngToVendor(v, rng_type);
  if (type < 0) return HIPRAND_STATUS_TYPE_ERROR;
  hiprandStatus_t st = HIPRAND_STATUS_SUCCESS;
  auto fn = reinterpret_cast<int (*)(void**, int)>(entry.resolve(v, &st));
  if (fn == nullptr) return st;
  // cuRAND (through cudart) uses the thread's current CUDA context: make it the primary
  // context of unihip's current device, so a device generator lands there.
  if (!host && v == Vendor::curand) {
    int device = 0;
    if (hipGetDevice(&device) == hipSuccess) (void)unihipDeviceBindNativeContext(device);
  }
  auto* g = new (std::nothrow) hiprandGenerator_st{nullptr, v};
  if (g == nullptr) return HIPRAND_STATUS_ALLOCATION_FAILED;
  st = fromVendor(v, fn(&g->native, type));
  if (st != HIPRAND_STATUS_SUCCESS) {
    delete g;
    return st;
  }
  *generator = g;
  return st;
}

}  // namespace

extern "C" {

#define HIPRAND_FUNCTION(ret, name, curand, rocrand, params, args) \
  HIPRAND_EXPORT ret name params {                                 \
    static Entry entry{#curand, #rocrand};                         \
    return entry args;                                             \
  }
#define HIPRAND_FUNCTION_CUSTOM(ret, name, curand, rocrand, params, args)
#include "hiprand/hiprand_functions.def"
#undef HIPRAND_FUNCTION_CUSTOM
#undef HIPRAND_FUNCTION

HIPRAND_EXPORT hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t* generator,
                                                      hiprandRngType_t rng_type) {
  return create(k_hiprandCreateGenerator, generator, rng_type, false);
}

// AMD's hipRAND makes rocRAND's host generators blocking: cuRAND's do not enqueue on the
// stream either.
HIPRAND_EXPORT hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t* generator,
                                                          hiprandRngType_t rng_type) {
  return create(k_hiprandCreateGeneratorHost, generator, rng_type, true);
}

HIPRAND_EXPORT hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t generator) {
  hiprandStatus_t st = k_hiprandDestroyGenerator(generator);
  if (st == HIPRAND_STATUS_SUCCESS) delete generator;
  return st;
}

HIPRAND_EXPORT hiprandStatus_t hiprandGetVersion(int* version) {
  if (version == nullptr) return HIPRAND_STATUS_OUT_OF_RANGE;
  return k_hiprandGetVersion(version);
}

}  // extern "C"
