// unihip's HIP headers (include/hip), compiled into the library for the clang engine
// (generated: <build>/src/rtc/rtc_hip_headers.cpp).
#pragma once

#include <utility>
#include <vector>

namespace unihip::rtc {

// "hip/hip_runtime.h" -> contents, every file under include/hip.
const std::vector<std::pair<const char*, const char*>>& embeddedHipHeaders();
// Changes whenever any of them does (for the compile cache).
const char* embeddedHipHeadersDigest();

}  // namespace unihip::rtc
