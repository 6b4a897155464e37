#include "forward.h"

#include <dlfcn.h>

#include "vendor.h"

namespace unihip::solver {

uintptr_t resolveSlow(Entry& e) {
  uintptr_t r = kNoSymbol;
  if (e.name != nullptr) {  // a row without a cuSOLVER counterpart needs no library
    void* so = cusolverLibrary();
    void* fn = so != nullptr ? dlsym(so, e.name) : nullptr;
    r = so == nullptr ? kNoLibrary : fn != nullptr ? reinterpret_cast<uintptr_t>(fn) : kNoSymbol;
  }
  e.resolved.store(r, std::memory_order_relaxed);
  return r;
}

}  // namespace unihip::solver
