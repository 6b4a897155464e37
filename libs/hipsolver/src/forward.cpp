#include "forward.h"

#include <dlfcn.h>

#include <cstdio>

#include "vendor.h"

namespace unihip::solver {

uintptr_t resolveSlow(Entry& e) {
  uintptr_t r = kNoSymbol;
  if (e.name != nullptr) {  // a row without a cuSOLVER counterpart needs no library
    void* so = cusolverLibrary();
    void* fn = so != nullptr ? dlsym(so, e.name) : nullptr;
    r = so == nullptr ? kNoLibrary : fn != nullptr ? reinterpret_cast<uintptr_t>(fn) : kNoSymbol;
    // An older cuSOLVER than the header's: say which entry point, once per function.
    if (r == kNoSymbol)
      std::fprintf(stderr, "hipsolver: %s is not in the loaded cuSOLVER: NOT_SUPPORTED\n", e.name);
  }
  e.resolved.store(r, std::memory_order_relaxed);
  return r;
}

}  // namespace unihip::solver
