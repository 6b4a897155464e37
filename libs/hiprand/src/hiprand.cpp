// hipRAND's host API over cuRAND, loaded at run time. The forwarders come from
// hiprand_functions.def; each argument passes through translate(), which turns hipRAND's
// objects into cuRAND's and reports the status for a bad one.
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <tuple>

#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

#define HIPRAND_EXPORT __attribute__((visibility("default")))

struct hiprandGenerator_st {
  void* vendor;  // curandGenerator_t
};

namespace {

void* curand_library() {
  static void* so = [] {
    const char* env = std::getenv("UNIHIP_CURAND_LIBRARY");
    const char* const defaults[] = {"libcurand.so.10", "/usr/local/cuda/lib64/libcurand.so.10",
                                    "libcurand.so"};
    std::string why;
    for (const char* p : defaults) {
      const char* path = env != nullptr && *env != '\0' ? env : p;
      if (void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL)) return h;
      const char* err = dlerror();
      why += (why.empty() ? "" : "; ") + std::string(err != nullptr ? err : path);
      if (path == env) break;
    }
    std::fprintf(stderr, "hiprand: cuRAND unavailable: %s\n", why.c_str());
    return static_cast<void*>(nullptr);
  }();
  return so;
}

}  // namespace

namespace unihip::rand {

// cuRAND's status values, in hipRAND's terms (unknown ones: internal error).
hiprandStatus_t from_curand(int s) {
  switch (s) {
    case 0: return HIPRAND_STATUS_SUCCESS;
    case 100: return HIPRAND_STATUS_VERSION_MISMATCH;
    case 101: return HIPRAND_STATUS_NOT_INITIALIZED;
    case 102: return HIPRAND_STATUS_ALLOCATION_FAILED;
    case 103: return HIPRAND_STATUS_TYPE_ERROR;
    case 104: return HIPRAND_STATUS_OUT_OF_RANGE;
    case 105: return HIPRAND_STATUS_LENGTH_NOT_MULTIPLE;
    case 106: return HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED;
    case 201: return HIPRAND_STATUS_LAUNCH_FAILURE;
    case 202: return HIPRAND_STATUS_PREEXISTING_FAILURE;
    case 203: return HIPRAND_STATUS_INITIALIZATION_FAILED;
    case 204: return HIPRAND_STATUS_ARCH_MISMATCH;
    default: return HIPRAND_STATUS_INTERNAL_ERROR;
  }
}

// hipRAND's generator types as cuRAND's curandRngType_t; -1 where cuRAND has none.
int rng_to_curand(hiprandRngType_t t) {
  switch (t) {
    case HIPRAND_RNG_TEST: return 0;
    case HIPRAND_RNG_PSEUDO_DEFAULT: return 100;
    case HIPRAND_RNG_PSEUDO_XORWOW: return 101;
    case HIPRAND_RNG_PSEUDO_MRG32K3A: return 121;
    case HIPRAND_RNG_PSEUDO_MTGP32: return 141;
    case HIPRAND_RNG_PSEUDO_MT19937: return 142;
    case HIPRAND_RNG_PSEUDO_PHILOX4_32_10: return 161;
    case HIPRAND_RNG_QUASI_DEFAULT: return 200;
    case HIPRAND_RNG_QUASI_SOBOL32: return 201;
    case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32: return 202;
    case HIPRAND_RNG_QUASI_SOBOL64: return 203;
    case HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64: return 204;
    default: return -1;
  }
}

}  // namespace unihip::rand

namespace {
using unihip::rand::from_curand;

// One argument in cuRAND's terms; `st` gets the status for one that cannot be forwarded.
template <typename T>
T translate(T v, hiprandStatus_t&) { return v; }
void* translate(hiprandGenerator_t g, hiprandStatus_t& st) {
  if (g == nullptr || g->vendor == nullptr) st = HIPRAND_STATUS_NOT_INITIALIZED;
  return g != nullptr ? g->vendor : nullptr;
}
void* translate(hipStream_t s, hiprandStatus_t& st) {
  void* native = nullptr;
  if (unihipStreamGetNativeHandle(s, &native) != hipSuccess) st = HIPRAND_STATUS_NOT_INITIALIZED;
  return native;
}
void** translate(hiprandDiscreteDistribution_t* d, hiprandStatus_t&) {
  return reinterpret_cast<void**>(d);
}
void* translate(hiprandDiscreteDistribution_t d, hiprandStatus_t&) { return d; }

struct Forward {
  const char* vendor;  // "-": cuRAND has no such function
  template <typename... A>
  hiprandStatus_t operator()(A... a) const {
    if (std::strcmp(vendor, "-") == 0) return HIPRAND_STATUS_NOT_IMPLEMENTED;
    hiprandStatus_t st = HIPRAND_STATUS_SUCCESS;
    auto fn = reinterpret_cast<int (*)(decltype(translate(a, st))...)>(
        curand_library() != nullptr ? dlsym(curand_library(), vendor) : nullptr);
    auto args = std::make_tuple(translate(a, st)...);
    if (st != HIPRAND_STATUS_SUCCESS) return st;
    if (curand_library() == nullptr) return HIPRAND_STATUS_NOT_INITIALIZED;
    if (fn == nullptr) return HIPRAND_STATUS_NOT_IMPLEMENTED;
    return from_curand(std::apply(fn, args));
  }
};

// The vendor that serves device generators: the current device's backend.
hiprandStatus_t device_backend_is_cuda() {
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return HIPRAND_STATUS_INITIALIZATION_FAILED;
  const char* backend = unihipGetDeviceBackendName(device);
  if (backend != nullptr && std::strcmp(backend, "cuda") == 0) return HIPRAND_STATUS_SUCCESS;
  // AMD: rocRAND forwarding is not written yet.
  return HIPRAND_STATUS_NOT_IMPLEMENTED;
}

// cuRAND (through cudart) uses the thread's current CUDA context: make it the primary
// context of unihip's current device, so a device generator lands there.
void bind_current_context() {
  int device = 0;
  if (hipGetDevice(&device) == hipSuccess) (void)unihipDeviceBindNativeContext(device);
}

hiprandStatus_t create(hiprandGenerator_t* generator, hiprandRngType_t rng_type, bool host) {
  if (generator == nullptr) return HIPRAND_STATUS_NOT_INITIALIZED;
  const int type = unihip::rand::rng_to_curand(rng_type);
  if (type < 0) return HIPRAND_STATUS_TYPE_ERROR;
  if (!host) {
    if (hiprandStatus_t st = device_backend_is_cuda(); st != HIPRAND_STATUS_SUCCESS) return st;
    bind_current_context();
  }
  if (curand_library() == nullptr) return HIPRAND_STATUS_NOT_INITIALIZED;
  auto fn = reinterpret_cast<int (*)(void**, int)>(
      dlsym(curand_library(), host ? "curandCreateGeneratorHost" : "curandCreateGenerator"));
  if (fn == nullptr) return HIPRAND_STATUS_NOT_IMPLEMENTED;
  auto* g = new (std::nothrow) hiprandGenerator_st{nullptr};
  if (g == nullptr) return HIPRAND_STATUS_ALLOCATION_FAILED;
  hiprandStatus_t st = from_curand(fn(&g->vendor, type));
  if (st != HIPRAND_STATUS_SUCCESS) {
    delete g;
    return st;
  }
  *generator = g;
  return st;
}

}  // namespace

extern "C" {

#define HIPRAND_FUNCTION(ret, name, vendor, params, args) \
  HIPRAND_EXPORT ret name params { return Forward{#vendor} args; }
#define HIPRAND_FUNCTION_CUSTOM(ret, name, vendor, params, args)
#include "hiprand/hiprand_functions.def"
#undef HIPRAND_FUNCTION_CUSTOM
#undef HIPRAND_FUNCTION

HIPRAND_EXPORT hiprandStatus_t hiprandCreateGenerator(hiprandGenerator_t* generator,
                                                      hiprandRngType_t rng_type) {
  return create(generator, rng_type, false);
}

HIPRAND_EXPORT hiprandStatus_t hiprandCreateGeneratorHost(hiprandGenerator_t* generator,
                                                          hiprandRngType_t rng_type) {
  return create(generator, rng_type, true);
}

HIPRAND_EXPORT hiprandStatus_t hiprandDestroyGenerator(hiprandGenerator_t generator) {
  hiprandStatus_t st = Forward{"curandDestroyGenerator"}(generator);
  if (st == HIPRAND_STATUS_SUCCESS) delete generator;
  return st;
}

HIPRAND_EXPORT hiprandStatus_t hiprandGetVersion(int* version) {
  if (version == nullptr) return HIPRAND_STATUS_OUT_OF_RANGE;
  return Forward{"curandGetVersion"}(version);
}

}  // extern "C"
