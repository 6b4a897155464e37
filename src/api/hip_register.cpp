// The registration ABI that clang emits for HIP host code (see shared/README.md): module
// constructors register the embedded fat binary, its kernels and its device variables.
#include "api/api_boundary.h"
#include "api/hip_register.h"
#include "core/registry.h"

using namespace unihip;

namespace {

FatBinary* fatBinaryOf(void** handle) { return reinterpret_cast<FatBinary*>(handle); }

}  // namespace

UNIHIP_EXPORT void** __hipRegisterFatBinary(const void* data) {
  UNIHIP_TRACE_API("__hipRegisterFatBinary({})", data);
  return reinterpret_cast<void**>(Registry::get().registerFatBinary(data));
}

UNIHIP_EXPORT void __hipRegisterFunction(void** modules, const void* hostFunction,
                                         char* deviceFunction, const char* deviceName,
                                         unsigned int threadLimit, void* tid, void* bid,
                                         dim3* blockDim, dim3* gridDim, int* wSize) {
  (void)deviceFunction, (void)threadLimit, (void)tid, (void)bid, (void)blockDim, (void)gridDim,
      (void)wSize;
  UNIHIP_TRACE_API("__hipRegisterFunction({}, {}, {})", fmt::ptr(modules), hostFunction,
                   deviceName ? deviceName : "(null)");
  Registry::get().registerFunction(fatBinaryOf(modules), hostFunction, deviceName);
}

UNIHIP_EXPORT void __hipRegisterVar(void** modules, void* var, char* hostVar,
                                    const char* deviceVar, int ext, size_t size, int constant,
                                    int global) {
  (void)hostVar, (void)ext, (void)global;
  UNIHIP_TRACE_API("__hipRegisterVar({}, {}, {}, {})", fmt::ptr(modules), var,
                   deviceVar ? deviceVar : "(null)", size);
  Registry::get().registerVariable(fatBinaryOf(modules), var, deviceVar, size, constant != 0);
}

UNIHIP_EXPORT void __hipRegisterManagedVar(void* hipModule, void** pointer, void* init_value,
                                           const char* name, size_t size, unsigned align) {
  UNIHIP_TRACE_API("__hipRegisterManagedVar({}, {}, {}, {}, {}, {})", hipModule,
                   fmt::ptr(pointer), init_value, name ? name : "(null)", size, align);
  Registry::get().registerManagedVariable(fatBinaryOf(static_cast<void**>(hipModule)), pointer,
                                          init_value, name, size, align);
}

UNIHIP_EXPORT void __hipUnregisterFatBinary(void** modules) {
  UNIHIP_TRACE_API("__hipUnregisterFatBinary({})", fmt::ptr(modules));
  Registry::get().unregisterFatBinary(fatBinaryOf(modules));
}

UNIHIP_EXPORT uint64_t unihipGetFatBinaryParseCount(void) {
  return Registry::get().parseCount();
}
