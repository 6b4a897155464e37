// hipDeviceGetAttribute answered from a device's hipDeviceProp_t.
#pragma once

#include "base/status.h"

namespace unihip {

// `attr` is the raw value of a hipDeviceAttribute_t (see base/enum_value.h: the caller may pass
// any integer). hipErrorInvalidValue for a value that names no attribute (range markers and the
// UnusedN placeholders included), as AMD's runtime answers; hipErrorNotSupported when the
// properties do not carry a valid `attr` (the backend is asked then).
Status attributeFromProperties(const hipDeviceProp_t& p, int attr, int* value);

// True when `attr` is the value of a hipDeviceAttribute_t enumerator that names an attribute.
bool isDeviceAttribute(int attr);

}  // namespace unihip
