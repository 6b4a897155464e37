// How the API trace prints one argument (the generated UNIHIP_TRACE_<function> macros,
// api_trace.h, pass each through traceArg): pointers and handles as hex addresses, input strings
// quoted (null-safe), enums as their integer (hipError_t by name), dim3 and the by-value
// structs as {fields}. Only the trace's cold path calls these.
#pragma once

#include <fmt/format.h>

#include <type_traits>

#include "base/enum_value.h"
#include "core/error_names.h"
#include "hip/hip_runtime_api.h"

namespace unihip {

struct TraceString {
  const char* s;
};
struct TraceTriple {  // dim3, hipExtent
  size_t x, y, z;
};
struct TracePitchedPtr {
  const void* ptr;
  size_t pitch, xsize, ysize;
};
struct TraceLocation {  // hipMemLocation
  int type, id;
};
struct TraceOpaque {};  // a by-value handle whose bytes mean nothing to a reader

// Pointers (handles, outputs, buffers) as addresses: an output is not read before the call.
template <typename T>
inline const void* traceArg(T* p) {
  return p;
}
template <typename R, typename... A>
inline const void* traceArg(R (*f)(A...)) {
  return reinterpret_cast<const void*>(f);
}
// An input string; `char*` (an output buffer) stays a pointer.
inline TraceString traceArg(const char* s) { return {s}; }

template <typename T>
requires std::is_arithmetic_v<T>
inline T traceArg(T v) { return v; }
// The integer, without an enum-typed load (the caller may pass any value).
template <typename E>
requires std::is_enum_v<E>
inline std::underlying_type_t<E> traceArg(const E& e) { return enumValue(e); }
inline const char* traceArg(const hipError_t& e) { return errorName(enumValue(e)); }

inline TraceTriple traceArg(const dim3& d) { return {d.x, d.y, d.z}; }
inline TraceTriple traceArg(const hipExtent& e) { return {e.width, e.height, e.depth}; }
inline TracePitchedPtr traceArg(const hipPitchedPtr& p) {
  return {p.ptr, p.pitch, p.xsize, p.ysize};
}
inline TraceLocation traceArg(const hipMemLocation& l) { return {enumValue(l.type), l.id}; }
inline TraceOpaque traceArg(const hipIpcMemHandle_t&) { return {}; }
inline TraceOpaque traceArg(const hipIpcEventHandle_t&) { return {}; }

}  // namespace unihip

template <>
struct fmt::formatter<unihip::TraceString> : fmt::formatter<fmt::string_view> {
  auto format(const unihip::TraceString& a, fmt::format_context& ctx) const {
    if (a.s == nullptr) return fmt::format_to(ctx.out(), "(null)");
    return fmt::format_to(ctx.out(), "\"{}\"", a.s);
  }
};
template <>
struct fmt::formatter<unihip::TraceTriple> : fmt::formatter<fmt::string_view> {
  auto format(const unihip::TraceTriple& a, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{{{},{},{}}}", a.x, a.y, a.z);
  }
};
template <>
struct fmt::formatter<unihip::TracePitchedPtr> : fmt::formatter<fmt::string_view> {
  auto format(const unihip::TracePitchedPtr& a, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{{{},{},{},{}}}", a.ptr, a.pitch, a.xsize, a.ysize);
  }
};
template <>
struct fmt::formatter<unihip::TraceLocation> : fmt::formatter<fmt::string_view> {
  auto format(const unihip::TraceLocation& a, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{{{},{}}}", a.type, a.id);
  }
};
template <>
struct fmt::formatter<unihip::TraceOpaque> : fmt::formatter<fmt::string_view> {
  auto format(const unihip::TraceOpaque&, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{{...}}");
  }
};
