#include "forward.h"

namespace unihip::blas {

void* resolve(Entry& e, Vendor v) {
  const int i = static_cast<int>(v);
  uintptr_t r = e.resolved[i].load(std::memory_order_relaxed);
  if (r == 0) {
    void* fn = vendorSymbol(v, e.names[i]);
    r = fn != nullptr ? reinterpret_cast<uintptr_t>(fn) : 1;
    e.resolved[i].store(r, std::memory_order_relaxed);
  }
  return r == 1 ? nullptr : reinterpret_cast<void*>(r);
}

}  // namespace unihip::blas
