// The timeline trace's JSON for the tests (tests/cpu/api/test_trace.cpp, tests/gpu/test_trace.cpp):
// a small parser, and the checks every Trace Event must pass.
#pragma once

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cctype>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace unihip::testing {

// Just enough JSON for the trace: objects, arrays, strings, numbers.
struct Json {
  enum Kind { null, number, string, array, object } kind = null;
  double num = 0;
  std::string str;
  std::vector<Json> items;
  std::map<std::string, Json> fields;
  bool has(const std::string& k) const { return fields.count(k) != 0; }
  const Json& operator[](const std::string& k) const { return fields.at(k); }
};

struct Parser {
  const std::string& s;
  size_t i = 0;
  bool ok = true;
  void ws() {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  }
  bool eat(char c) {
    ws();
    if (i < s.size() && s[i] == c) return ++i, true;
    return false;
  }
  std::string str() {
    std::string out;
    if (!eat('"')) return ok = false, out;
    while (i < s.size() && s[i] != '"') {
      if (s[i] == '\\' && i + 1 < s.size()) {
        ++i;
        if (s[i] == 'u') {
          out += '?';
          i += 4;
        } else {
          out += s[i] == 'n' ? '\n' : s[i] == 't' ? '\t' : s[i];
        }
        ++i;
      } else {
        out += s[i++];
      }
    }
    if (i >= s.size()) ok = false;
    ++i;
    return out;
  }
  Json value() {
    Json v;
    ws();
    if (i >= s.size()) return ok = false, v;
    if (s[i] == '{') {
      v.kind = Json::object;
      ++i;
      if (eat('}')) return v;
      do {
        std::string k = str();
        if (!eat(':')) return ok = false, v;
        v.fields[k] = value();
      } while (ok && eat(','));
      if (!eat('}')) ok = false;
    } else if (s[i] == '[') {
      v.kind = Json::array;
      ++i;
      if (eat(']')) return v;
      do v.items.push_back(value());
      while (ok && eat(','));
      if (!eat(']')) ok = false;
    } else if (s[i] == '"') {
      v.kind = Json::string;
      v.str = str();
    } else {
      v.kind = Json::number;
      size_t used = 0;
      try {
        v.num = std::stod(s.substr(i, 40), &used);
      } catch (...) {
        ok = false;
      }
      i += used;
    }
    return v;
  }
};

inline std::string readFile(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline bool exists(const std::string& path) { return access(path.c_str(), F_OK) == 0; }

// The trace's events, after checking what every event must have.
inline std::vector<Json> parseTrace(const std::string& path) {
  const std::string text = readFile(path);
  Parser p{text};
  Json root = p.value();
  REQUIRE(p.ok);
  REQUIRE(root.kind == Json::object);
  REQUIRE(root.has("traceEvents"));
  const Json& events = root["traceEvents"];
  REQUIRE(events.kind == Json::array);
  for (const Json& e : events.items) {
    REQUIRE(e.kind == Json::object);
    for (const char* k : {"ph", "pid", "tid", "ts", "name"}) {
      INFO(k);
      REQUIRE(e.has(k));
    }
    CHECK(e["ph"].kind == Json::string);
    CHECK(e["name"].kind == Json::string);
    CHECK(e["ts"].num >= 0);
    if (e["ph"].str == "X") {
      REQUIRE(e.has("dur"));
      CHECK(e["dur"].num >= 0);
    }
  }
  return events.items;
}

// The events of that name and phase; of that category when `cat` is given.
inline std::vector<const Json*> named(const std::vector<Json>& events, const std::string& name,
                               const char* ph = "X", const char* cat = nullptr) {
  std::vector<const Json*> out;
  for (const Json& e : events)
    if (e["name"].str == name && e["ph"].str == ph &&
        (cat == nullptr || (e.has("cat") && e["cat"].str == cat)))
      out.push_back(&e);
  return out;
}

inline std::vector<const Json*> apiCalls(const std::vector<Json>& events, const std::string& name) {
  return named(events, name, "X", "api");
}

// GPU tracks: a process per device, from this pid on (core/trace/timeline.cpp).
constexpr double traceGpuPidBase = 1 << 30;

}  // namespace unihip::testing
