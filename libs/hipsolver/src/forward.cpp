#include "forward.h"

#include <dlfcn.h>

#include <cstdio>

#include "vendor.h"

namespace unihip::solver {

uintptr_t resolveSlow(Entry& e) {
  uintptr_t r = kNoSymbol;
  if (e.name != nullptr) {  // a row without a vendor counterpart needs no library
    void* so = vendorLibrary(e.lib);
    void* fn = so != nullptr ? dlsym(so, e.name) : nullptr;
    r = so == nullptr ? kNoLibrary : fn != nullptr ? reinterpret_cast<uintptr_t>(fn) : kNoSymbol;
    // An older library than the header's: say which entry point, once per function.
    if (r == kNoSymbol)
      std::fprintf(stderr, "hipsolver: %s is not in the loaded %s: NOT_SUPPORTED\n", e.name,
                   vendorName(e.lib));
  }
  e.resolved.store(r, std::memory_order_relaxed);
  return r;
}

}  // namespace unihip::solver
