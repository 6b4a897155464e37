// hipDeviceGetAttribute answered from a device's hipDeviceProp_t.
#pragma once

#include "core/status.h"

namespace unihip {

// hipErrorNotSupported when the properties do not carry `attr` (the backend is asked then);
// hipErrorInvalidValue for a value that is no hipDeviceAttribute_t.
Status attributeFromProperties(const hipDeviceProp_t& p, hipDeviceAttribute_t attr, int* value);

}  // namespace unihip
