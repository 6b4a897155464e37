// The vendor side of a pair benchmark (libs/<lib>/bench/*_direct.cpp): the vendor library's entry
// points, typed by the vendor's own header and looked up in the library the HIP library opened
// (the same override variable and sonames: dlopen answers with the one already mapped). Those
// files include no HIP header: CUDA's headers define the same vector types.
#pragma once

#include <dlfcn.h>

#include <string>

#include "vendor_library.h"

namespace unihip::libs::bench {

// *slot = `name` in `so`; false, with `name` added to *missing, when the library lacks it.
template <class F>
bool resolve(void* so, const char* name, F* slot, std::string* missing) {
  *slot = reinterpret_cast<F>(dlsym(so, name));
  if (*slot == nullptr) *missing += (missing->empty() ? "" : ", ") + std::string(name);
  return *slot != nullptr;
}

}  // namespace unihip::libs::bench

// The member `fn` of `table`, resolved as the vendor's function of the same name.
#define BENCH_DIRECT_RESOLVE(so, table, fn, missing) \
  ::unihip::libs::bench::resolve(so, #fn, &(table)->fn, missing)
