#include "core/visible_devices.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace unihip {

std::string uuidString(const DeviceUuid& uuid) {
  char text[64];
  const uint8_t* b = uuid.data();
  std::snprintf(text, sizeof text,
                "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
                b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                b[14], b[15]);
  return text;
}

namespace {

std::string trimmed(const std::string& s) {
  size_t begin = 0, end = s.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(s[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(s[end - 1]))) --end;
  return s.substr(begin, end - begin);
}

// The device `entry` names, or -1: a decimal index, or a unique prefix of a device's UUID string.
int deviceNamed(const std::string& entry, const std::vector<DeviceUuid>& uuids) {
  const int count = static_cast<int>(uuids.size());
  if (!entry.empty() && std::all_of(entry.begin(), entry.end(),
                                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    if (entry.size() > 9) return -1;
    const int index = std::stoi(entry);
    return index < count ? index : -1;
  }
  if (entry.size() <= 4 || entry.compare(0, 4, "GPU-") != 0) return -1;
  int found = -1;
  for (int i = 0; i < count; ++i) {
    if (uuidString(uuids[i]).compare(0, entry.size(), entry) != 0) continue;
    if (found >= 0) return -1;  // ambiguous prefix
    found = i;
  }
  return found;
}

}  // namespace

std::vector<int> visibleDevices(const char* spec, const std::vector<DeviceUuid>& uuids) {
  std::vector<int> visible;
  const std::string text = spec;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    const int device = deviceNamed(trimmed(text.substr(pos, comma - pos)), uuids);
    if (device < 0 || std::find(visible.begin(), visible.end(), device) != visible.end()) break;
    visible.push_back(device);
    pos = comma + 1;
  }
  return visible;
}

}  // namespace unihip
