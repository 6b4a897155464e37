#include "target_id.h"

#include "code_object.h"
#include "base/log.h"

namespace unihip::hsa {

namespace {

constexpr std::string_view kAmdTriple = "amdgcn-amd-amdhsa--";

bool parseFeature(std::string_view token, TargetId* out) {
  if (token.size() < 2) return false;
  const char sign = token.back();
  if (sign != '+' && sign != '-') return false;
  const FeatureSetting value = sign == '+' ? FeatureSetting::On : FeatureSetting::Off;
  const std::string_view name = token.substr(0, token.size() - 1);
  FeatureSetting* slot = nullptr;
  if (name == "xnack") slot = &out->xnack;
  else if (name == "sramecc") slot = &out->sramecc;
  else return false;
  if (*slot != FeatureSetting::Any) return false;  // repeated
  *slot = value;
  return true;
}

struct GenericFamily {
  std::string_view generic;
  std::initializer_list<std::string_view> members;
};

// From the AMDGPU backend's processor table (LLVM AMDGPUUsage, "Generic processors").
const GenericFamily kGenericFamilies[] = {
    {"gfx9-generic", {"gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"}},
    {"gfx10-1-generic", {"gfx1010", "gfx1011", "gfx1012", "gfx1013"}},
    {"gfx10-3-generic",
     {"gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036"}},
    {"gfx11-generic",
     {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"}},
    {"gfx12-generic", {"gfx1200", "gfx1201"}},
};

const char* featureText(FeatureSetting s) {
  return s == FeatureSetting::On ? "+" : "-";
}

}  // namespace

bool parseTargetId(std::string_view text, TargetId* out) {
  if (text.starts_with(kAmdTriple)) text.remove_prefix(kAmdTriple.size());
  TargetId id;
  size_t colon = text.find(':');
  id.processor = std::string(text.substr(0, colon));
  if (id.processor.empty() || !id.processor.starts_with("gfx")) return false;
  while (colon != std::string_view::npos) {
    text.remove_prefix(colon + 1);
    colon = text.find(':');
    if (!parseFeature(text.substr(0, colon), &id)) return false;
  }
  *out = std::move(id);
  return true;
}

std::string formatTargetId(const TargetId& id) {
  std::string text = id.processor;
  if (id.sramecc != FeatureSetting::Any) text += std::string(":sramecc") + featureText(id.sramecc);
  if (id.xnack != FeatureSetting::Any) text += std::string(":xnack") + featureText(id.xnack);
  return text;
}

std::string_view genericTargetFor(std::string_view processor) {
  for (const GenericFamily& family : kGenericFamilies)
    for (std::string_view member : family.members)
      if (member == processor) return family.generic;
  return {};
}

int targetMatchScore(const TargetId& code, const TargetId& agent) {
  int score;
  if (code.processor == agent.processor) score = 100;
  else if (!code.processor.empty() && genericTargetFor(agent.processor) == code.processor) score = 10;
  else return -1;
  for (auto [c, a] : {std::pair{code.xnack, agent.xnack}, std::pair{code.sramecc, agent.sramecc}}) {
    if (c == FeatureSetting::Any) continue;
    if (c != a) return -1;  // includes a feature the agent does not have (agent Any)
    score += 1;
  }
  return score;
}

bool parseAmdBundleId(std::string_view id, TargetId* target) {
  std::string_view rest;
  if (id.starts_with("hipv4-")) rest = id.substr(6);
  else if (id.starts_with("hip-")) rest = id.substr(4);
  else return false;
  if (!rest.starts_with(kAmdTriple)) return false;
  return parseTargetId(rest, target);
}

Status selectAmdImage(const TargetId& agent, std::span<const BundleEntry> entries, size_t* index) {
  int best = -1;
  std::string offered;
  for (size_t i = 0; i < entries.size(); ++i) {
    const BundleEntry& e = entries[i];
    TargetId code;
    bool known;
    if (!e.id.empty()) {
      known = parseAmdBundleId(e.id, &code);
    } else if (e.kind != ImageKind::AmdCodeObject) {
      known = false;
    } else if (!e.target.empty()) {
      known = parseTargetId(e.target, &code);
    } else {
      // A bare code object: its metadata names the target.
      CodeObjectInfo info;
      known = parseCodeObject(e.data, e.size, &info).ok() && parseTargetId(info.target, &code);
    }
    if (!known) continue;
    offered += (offered.empty() ? "" : ", ") + formatTargetId(code);
    const int score = targetMatchScore(code, agent);
    if (score > best) {
      best = score;
      *index = i;
    }
  }
  if (best < 0) {
    UNIHIP_LOG_WARN("hsa: no code object for {} (offered: {})", formatTargetId(agent),
                    offered.empty() ? "none" : offered);
    return hipErrorNoBinaryForGpu;
  }
  return kOk;
}

}  // namespace unihip::hsa
