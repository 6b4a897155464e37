#include "forward.h"

#include <dlfcn.h>

#include "vendor.h"

namespace unihip::sparse {

uintptr_t resolveSlow(Entry& e) {
  uintptr_t r = kNoSymbol;
  if (e.name != nullptr) {  // a row without a counterpart needs no library
    void* so = vendorLibrary(e.vendor);
    void* fn = so != nullptr ? dlsym(so, e.name) : nullptr;
    r = so == nullptr ? kNoLibrary : fn != nullptr ? reinterpret_cast<uintptr_t>(fn) : kNoSymbol;
  }
  e.resolved.store(r, std::memory_order_relaxed);
  return r;
}

}  // namespace unihip::sparse
