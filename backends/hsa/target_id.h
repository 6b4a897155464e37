// AMD target IDs ("gfx90a:sramecc+:xnack-") and which code object suits which agent.
// Pure functions; no ROCr calls.
//
// Rules (ROCm's code-object selection): the code object's processor equals the agent's, or is
// the generic target the agent's processor belongs to (code object v6); each of xnack/sramecc
// in the code object is either absent ("any") or equal to the agent's setting. Among matches,
// an exact processor beats a generic one, and an explicit feature setting beats "any".
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "base/status.h"
#include "base/bundle.h"

namespace unihip::hsa {

enum class FeatureSetting : uint8_t { Any, On, Off };

struct TargetId {
  std::string processor;  // "gfx90a", "gfx9-generic"
  FeatureSetting xnack = FeatureSetting::Any;
  FeatureSetting sramecc = FeatureSetting::Any;
  friend bool operator==(const TargetId&, const TargetId&) = default;
};

// Parses "gfx90a:xnack-", "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-" (ROCr ISA names and the
// metadata's amdhsa.target). False for an empty processor, an unknown or repeated feature, or a
// feature without a +/- suffix.
bool parseTargetId(std::string_view text, TargetId* out);

// "gfx90a:sramecc+:xnack-" (features in the order ROCm prints them).
std::string formatTargetId(const TargetId& id);

// The generic target a processor belongs to ("gfx1030" -> "gfx10-3-generic"), or "".
std::string_view genericTargetFor(std::string_view processor);

// How well a code object built for `code` suits an agent with `agent`: -1 when it cannot run,
// otherwise higher is better (exact processor > generic; explicit feature > any).
int targetMatchScore(const TargetId& code, const TargetId& agent);

// Splits an offload-bundle entry id for AMD: "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-" or
// "hip-amdgcn-amd-amdhsa--gfx90a". False for other kinds/triples or a bad target ID.
bool parseAmdBundleId(std::string_view id, TargetId* target);

// Picks the best AMD code object in `entries` for `agent`. Entries whose id is empty (a bare ELF)
// are judged by `entry.target`, or when that is empty by the code object's amdhsa.target.
// hipErrorNoBinaryForGpu (with a log line listing what was offered) when none suits.
Status selectAmdImage(const TargetId& agent, std::span<const BundleEntry> entries, size_t* index);

}  // namespace unihip::hsa
