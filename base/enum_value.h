// The integer inside an enum parameter, read without an enum-typed load.
//
// Callers of the C API pass any integer as a hipError_t, hipDeviceAttribute_t or hsa_status_t;
// a value outside the enum's range makes a load of the enum object undefined behaviour (UBSan:
// "load of value N, which is not a valid value for type ..."). Copying its bytes into the
// underlying integer type is defined for every value, so conversions switch on that integer.
#pragma once

#include <cstring>
#include <type_traits>

namespace unihip {

template <typename E>
  requires std::is_enum_v<E>
inline std::underlying_type_t<E> enumValue(const E& e) {
  std::underlying_type_t<E> v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

}  // namespace unihip
