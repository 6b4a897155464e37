// The on-disk compile cache: a successful compile's outputs keyed by everything that decides
// them (engine and its version, target, engine arguments, source, headers, name expressions).
// One file per entry, holding the full key (a hash collision is a miss, never a wrong hit);
// written to a temporary file and renamed, so concurrent processes see whole entries or none.
//   UNIHIP_RTC_CACHE=0            disables it
//   UNIHIP_RTC_CACHE_DIR=<dir>    location (default $XDG_CACHE_HOME/unihip/rtc, ~/.cache/...)
//   UNIHIP_RTC_CACHE_MAX_MB=<n>   size limit (default 256): least recently used entries go first
#pragma once

#include <optional>
#include <string>

#include "rtc/engine.h"

namespace unihip::rtc {

// The key text for a compile; `engine` names the engine and its version.
std::string cacheKey(const std::string& engine, const std::string& arch,
                     const std::vector<std::string>& arguments, const Program& p);

// Whether the outputs depend only on what the key holds: no -I / -include, and every #include
// names a header given to the program, a built-in one, or <...> (the toolkit's, versioned with
// the engine). A file the compiler would read from disk makes the compile uncacheable.
bool cacheable(const Program& p, const CompileOptions& o);

std::optional<CompileOutput> cacheLookup(const std::string& key);
void cacheStore(const std::string& key, const CompileOutput& out);

}  // namespace unihip::rtc
