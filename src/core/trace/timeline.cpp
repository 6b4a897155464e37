#include "core/trace/timeline.h"

#include <cxxabi.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/active_captures.h"
#include "core/error_names.h"
#include "core/launch_generation.h"
#include "base/log.h"
#include "core/runtime.h"
#include "seam/graph_ops.h"

namespace unihip::timeline {

std::atomic<bool> g_on{false};

namespace {

// GPU tracks live in a process of their own per device, after the host's pid.
constexpr uint32_t kGpuPidBase = 1u << 30;

uint64_t nowNs() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

struct Event {
  char ph;  // 'X' complete, 'i' instant, 'b'/'e' async begin/end
  uint32_t pid, tid;
  uint64_t ts, dur;             // ns since the trace's start
  uint64_t id;                  // async events
  std::string name, cat, args;  // args: a JSON object's members, without braces
};

struct Open {
  std::string name, text;
  uint64_t ts;
  const char* function = nullptr;  // the C++ function that began it
};

// Deeper than any real nesting of API calls: calls that began but never returned through
// apiReturn are dropped beyond it.
constexpr size_t kMaxOpenCalls = 32;
// Pending GPU work that makes an API call read the finished work's times.
constexpr size_t kResolveBatch = 4096;

// One per thread that traced something; never freed (the writer reads it at exit).
struct ThreadBuffer {
  std::mutex mutex;  // uncontended but for the writer
  uint32_t tid = 0;
  std::vector<Event> events;
  std::vector<Open> calls;
  std::vector<Open> ranges;  // roctx push/pop
};

struct Pending {
  Device* device;
  NativeStream stream;
  NativeEvent start, end;
  OpKind kind;
  uint64_t hostTs;  // when it was queued
  std::string name, call;
};

struct Anchor {
  NativeEvent event = nullptr;
  uint64_t hostNs = 0;  // host time the anchor event completed at
  bool ok = false;
};

struct State {
  std::mutex mutex;
  std::string path;
  uint64_t t0 = 0;
  uint32_t pid = 0;
  std::vector<ThreadBuffer*> threads;
  std::vector<Pending> pending;
  std::map<Device*, Anchor> anchors;
  std::map<std::pair<Device*, NativeStream>, uint32_t> streams;  // -> track id
  std::vector<std::pair<Device*, NativeEvent>> spareEvents;
  std::vector<Event> gpuEvents;
  std::unordered_map<uint64_t, std::pair<std::string, uint64_t>> startStop;  // roctx start/stop
  size_t resolveAt = kResolveBatch;
  bool atExitRegistered = false;
  bool atExitAfterDriver = false;
  std::atomic<uint32_t> nextTid{1};
};

State& state() {
  static State* s = new State();  // never destroyed: written from an atexit handler
  return *s;
}

thread_local ThreadBuffer* t_buffer = nullptr;

ThreadBuffer& buffer() {
  if (t_buffer == nullptr) {
    auto* b = new ThreadBuffer();
    State& st = state();
    b->tid = static_cast<uint32_t>(gettid());
    std::lock_guard<std::mutex> lock(st.mutex);
    st.threads.push_back(b);
    t_buffer = b;
  }
  return *t_buffer;
}

uint64_t sinceStart() { return nowNs() - state().t0; }

void appendEscaped(std::string* out, std::string_view s) {
  for (char c : s) {
    switch (c) {
      case '"': *out += "\\\""; break;
      case '\\': *out += "\\\\"; break;
      case '\n': *out += "\\n"; break;
      case '\t': *out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20)
          *out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        else
          *out += c;
    }
  }
}

std::string quoted(std::string_view s) {
  std::string out = "\"";
  appendEscaped(&out, s);
  out += '"';
  return out;
}

const char* kindName(OpKind k) {
  switch (k) {
    case OpKind::kernel: return "kernel";
    case OpKind::copy: return "copy";
    case OpKind::fill: return "fill";
  }
  return "gpu";
}

// The anchor pair of a device: an event recorded on a private stream and waited for, with the
// host time it completed at; GPU times are this host time plus the event's elapsed time.
// Called with the state's lock held.
Anchor& anchorOf(Device* d) {
  Anchor& a = state().anchors[d];
  if (a.event != nullptr || d == nullptr) return a;
  Backend* b = d->backend;
  NativeStream s = nullptr;
  if (!b->streamCreate(d->local, hipStreamNonBlocking, 0, &s).ok()) return a;
  if (b->eventCreate(d->local, hipEventDefault, &a.event).ok()) {
    const uint64_t before = nowNs();
    if (b->eventRecord(d->local, a.event, s).ok() && b->eventSynchronize(d->local, a.event).ok()) {
      a.hostNs = before + (nowNs() - before) / 2 - state().t0;
      a.ok = true;
    }
  }
  (void)b->streamDestroy(d->local, s);
  return a;
}

NativeEvent takeEvent(Device* d) {
  State& st = state();
  for (size_t i = st.spareEvents.size(); i-- > 0;) {
    if (st.spareEvents[i].first == d) {
      NativeEvent e = st.spareEvents[i].second;
      st.spareEvents.erase(st.spareEvents.begin() + static_cast<long>(i));
      return e;
    }
  }
  NativeEvent e = nullptr;
  if (!d->backend->eventCreate(d->local, hipEventDefault, &e).ok()) return nullptr;
  return e;
}

uint32_t trackOf(Device* d, NativeStream s) {
  State& st = state();
  auto [it, added] = st.streams.try_emplace({d, s}, static_cast<uint32_t>(st.streams.size() + 1));
  return it->second;
}

// Reads the times of the GPU work the streams have passed (all of it with `wait`). Lock held.
void resolve(bool wait) {
  State& st = state();
  size_t kept = 0;
  for (size_t i = 0; i < st.pending.size(); ++i) {
    Pending& p = st.pending[i];
    Backend* b = p.device->backend;
    const int local = p.device->local;
    Status done = wait ? b->eventSynchronize(local, p.end) : b->eventQuery(local, p.end);
    if (!wait && done.code() == hipErrorNotReady) {
      st.pending[kept++] = std::move(p);
      continue;
    }
    Anchor& a = anchorOf(p.device);
    float fromAnchor = 0, length = 0;
    if (done.ok() && a.ok && b->eventElapsedTime(local, a.event, p.start, &fromAnchor).ok() &&
        b->eventElapsedTime(local, p.start, p.end, &length).ok()) {
      const double startNs = static_cast<double>(a.hostNs) + static_cast<double>(fromAnchor) * 1e6;
      Event e{'X',
              kGpuPidBase + static_cast<uint32_t>(p.device->ordinal),
              trackOf(p.device, p.stream),
              startNs < 0 ? 0 : static_cast<uint64_t>(startNs),
              static_cast<uint64_t>(static_cast<double>(length < 0 ? 0 : length) * 1e6),
              0,
              std::move(p.name),
              kindName(p.kind),
              ""};
      e.args =
          "\"call\":" + quoted(p.call) + ",\"queued_us\":" + fmt::format("{:.3f}", p.hostTs / 1e3);
      st.gpuEvents.push_back(std::move(e));
    }
    st.spareEvents.push_back({p.device, p.start});
    st.spareEvents.push_back({p.device, p.end});
  }
  st.pending.resize(kept);
}

std::string describeStream(NativeStream s) {
  return s == nullptr ? std::string("null stream") : fmt::format("stream {}", fmt::ptr(s));
}

void appendEvent(std::string* out, const Event& e, bool* first) {
  *out += *first ? "\n" : ",\n";
  *first = false;
  *out += fmt::format("{{\"ph\":\"{}\",\"pid\":{},\"tid\":{},\"ts\":{:.3f}", e.ph, e.pid, e.tid,
                      e.ts / 1e3);
  if (e.ph == 'X') *out += fmt::format(",\"dur\":{:.3f}", e.dur / 1e3);
  if (e.ph == 'i') *out += ",\"s\":\"t\"";
  if (e.ph == 'b' || e.ph == 'e') *out += fmt::format(",\"id\":{}", e.id);
  *out += ",\"name\":" + quoted(e.name);
  if (!e.cat.empty()) *out += ",\"cat\":" + quoted(e.cat);
  *out += ",\"args\":{" + e.args + "}}";
}

std::string metadata(uint32_t pid, uint32_t tid, const char* what, const std::string& name) {
  return fmt::format(
      "{{\"ph\":\"M\",\"pid\":{},\"tid\":{},\"ts\":0,\"name\":\"{}\",\"args\":{{\"name\":{}}}}}",
      pid, tid, what, quoted(name));
}

// Lock held.
bool writeLocked(const std::string& path) {
  State& st = state();
  resolve(true);
  std::string out = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[";
  bool first = true;
  auto meta = [&](std::string m) {
    out += first ? "\n" : ",\n";
    first = false;
    out += m;
  };
  meta(metadata(st.pid, 0, "process_name", "host (unihip)"));
  for (ThreadBuffer* b : st.threads) {
    std::lock_guard<std::mutex> lock(b->mutex);
    meta(metadata(st.pid, b->tid, "thread_name", fmt::format("thread {}", b->tid)));
    for (const Event& e : b->events) appendEvent(&out, e, &first);
  }
  std::map<int, bool> devices;
  for (const auto& [key, tid] : st.streams) {
    const uint32_t pid = kGpuPidBase + static_cast<uint32_t>(key.first->ordinal);
    if (!devices[key.first->ordinal])
      meta(metadata(pid, 0, "process_name", fmt::format("GPU {}", key.first->ordinal)));
    devices[key.first->ordinal] = true;
    meta(metadata(pid, tid, "thread_name", describeStream(key.second)));
  }
  for (const Event& e : st.gpuEvents) appendEvent(&out, e, &first);
  out += "\n]}\n";
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) {
    UNIHIP_LOG_WARN("UNIHIP_TRACE: cannot write {}", path);
    return false;
  }
  const bool ok = std::fwrite(out.data(), 1, out.size(), f) == out.size();
  return std::fclose(f) == 0 && ok;
}

void releaseLocked() {
  State& st = state();
  for (auto& [d, e] : st.spareEvents) (void)d->backend->eventDestroy(d->local, e);
  for (auto& [d, a] : st.anchors)
    if (a.event != nullptr) (void)d->backend->eventDestroy(d->local, a.event);
  st.spareEvents.clear();
  st.anchors.clear();
  st.streams.clear();
  st.gpuEvents.clear();
  st.startStop.clear();
  for (ThreadBuffer* b : st.threads) {
    std::lock_guard<std::mutex> lock(b->mutex);
    b->events.clear();
    b->calls.clear();
    b->ranges.clear();
  }
}

void atExit() { (void)stop(); }

// Work captured into a graph runs later: an event recorded now would become a graph node.
bool capturing(Device* d, NativeStream stream) {
  if (!active_captures::any()) return false;
  GraphOps* graphs = d->backend->graphs();
  if (graphs == nullptr) return false;
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  Status s = graphs->captureInfo(d->local, stream, &status, nullptr, nullptr, nullptr, nullptr);
  return !s.ok() || status != hipStreamCaptureStatusNone;
}

std::atomic<int8_t> g_savedTraceState{0};

}  // namespace

namespace {

bool startTrace(const char* path) {
  if (path == nullptr || *path == '\0') return false;
  State& st = state();
  {
    std::lock_guard<std::mutex> lock(st.mutex);
    if (on()) return false;
    st.path = path;
    st.t0 = nowNs();
    st.pid = static_cast<uint32_t>(getpid());
    if (!st.atExitRegistered) {
      st.atExitRegistered = true;
      std::atexit(atExit);
    }
    g_savedTraceState.store(log::g_traceState.load(std::memory_order_relaxed));
    log::g_traceState.store(1, std::memory_order_relaxed);
    g_on.store(true, std::memory_order_release);
  }
  invalidateLaunchCaches();  // cached launches skip the trace path
  return true;
}

}  // namespace

bool start(const char* path) {
  (void)log::traceEnabled();  // the logger exists (it sets the trace state) before it is overridden
  return startTrace(path);
}

bool startFromEnvironment() {
  static const bool started = [] {
    const char* path = std::getenv("UNIHIP_TRACE");
    return startTrace(path);
  }();
  return started;
}

namespace {
// At load, before any API call creates the logger (which then starts the trace).
[[maybe_unused]] const bool g_hooked = [] {
  log::g_onLoggerCreated.store(&startFromEnvironment, std::memory_order_release);
  return true;
}();
}  // namespace

bool stop() {
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mutex);
  if (!on()) return false;
  const bool ok = writeLocked(st.path);
  g_on.store(false, std::memory_order_release);
  log::g_traceState.store(g_savedTraceState.load(), std::memory_order_relaxed);
  releaseLocked();
  return ok;
}

bool write(const char* path) {
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mutex);
  if (!on()) return false;
  return writeLocked(path != nullptr && *path != '\0' ? std::string(path) : st.path);
}

void apiBegin(const char* function, fmt::string_view format, fmt::format_args args) noexcept {
  if (!on()) return;
  try {
    std::string text = fmt::vformat(format, args);
    std::string name = text.substr(0, text.find('('));
    ThreadBuffer& b = buffer();
    std::lock_guard<std::mutex> lock(b.mutex);
    if (b.calls.size() >= kMaxOpenCalls) b.calls.erase(b.calls.begin());
    b.calls.push_back({std::move(name), std::move(text), sinceStart(), function});
  } catch (...) {
  }
}

void apiEnd(const char* function, int result) noexcept {
  if (!on() || t_buffer == nullptr || function == nullptr) return;
  ThreadBuffer& b = *t_buffer;
  try {
    bool synchronize = false;
    {
      std::lock_guard<std::mutex> lock(b.mutex);
      // The innermost open call of that name; calls opened inside it that never returned
      // through apiReturn are dropped.
      size_t i = b.calls.size();
      while (i > 0 && b.calls[i - 1].name != function &&
             (b.calls[i - 1].function == nullptr ||
              std::strcmp(b.calls[i - 1].function, function) != 0))
        --i;
      if (i == 0) return;
      Open& o = b.calls[i - 1];
      const uint64_t end = sinceStart();
      Event e{'X', state().pid, b.tid, o.ts, end - o.ts, 0, o.name, "api", ""};
      e.args = "\"call\":" + quoted(o.text) + ",\"result\":" + quoted(errorName(result));
      b.events.push_back(std::move(e));
      synchronize = o.name.find("Synchronize") != std::string::npos;
      b.calls.resize(i - 1);
    }
    State& st = state();
    std::lock_guard<std::mutex> lock(st.mutex);
    if (synchronize || st.pending.size() >= st.resolveAt) {
      resolve(false);
      // Work still queued is asked about again only once as much more is pending.
      st.resolveAt = std::max<size_t>(kResolveBatch, 2 * st.pending.size());
    }
  } catch (...) {
  }
}

GpuMark gpuBegin(Device* device, NativeStream stream) noexcept {
  GpuMark m{device, stream, nullptr};
  if (device == nullptr || capturing(device, stream)) return m;
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mutex);
  if (!on()) return m;
  (void)anchorOf(device);
  // Exit handlers run last-registered first: registered again once the driver is up (its own
  // teardown was registered at its initialization), the trace is written while the work's
  // events can still be read. stop() runs once.
  if (!st.atExitAfterDriver) {
    st.atExitAfterDriver = true;
    std::atexit(atExit);
  }
  NativeEvent e = takeEvent(device);
  if (e == nullptr) return m;
  if (!device->backend->eventRecord(device->local, e, stream).ok()) {
    st.spareEvents.push_back({device, e});
    return m;
  }
  m.start = e;
  return m;
}

void gpuEnd(const GpuMark& mark, OpKind kind, const char* label, Status status) noexcept {
  if (mark.start == nullptr) return;
  State& st = state();
  try {
    std::string name, call;
    if (t_buffer != nullptr) {
      std::lock_guard<std::mutex> lock(t_buffer->mutex);
      if (!t_buffer->calls.empty()) {
        name = t_buffer->calls.back().name;
        call = t_buffer->calls.back().text;
      }
    }
    if (label != nullptr && *label != '\0') {
      int failed = 0;
      char* plain = abi::__cxa_demangle(label, nullptr, nullptr, &failed);
      name = failed == 0 && plain != nullptr ? plain : label;
      std::free(plain);
    }
    if (name.empty()) name = kindName(kind);
    std::lock_guard<std::mutex> lock(st.mutex);
    Device* d = mark.device;
    NativeEvent end = status.ok() ? takeEvent(d) : nullptr;
    if (end == nullptr || !d->backend->eventRecord(d->local, end, mark.stream).ok()) {
      st.spareEvents.push_back({d, mark.start});
      if (end != nullptr) st.spareEvents.push_back({d, end});
      return;
    }
    st.pending.push_back(
        {d, mark.stream, mark.start, end, kind, sinceStart(), std::move(name), std::move(call)});
  } catch (...) {
  }
}

void roctx(RoctxOp op, const char* message, uint64_t id) noexcept {
  if (!on()) return;
  try {
    const std::string text = message != nullptr ? message : "";
    const uint64_t now = sinceStart();
    if (op == RoctxOp::start || op == RoctxOp::stop) {
      ThreadBuffer& b = buffer();  // before the state's lock: a new thread's buffer takes it
      State& st = state();
      std::lock_guard<std::mutex> lock(st.mutex);
      if (op == RoctxOp::start) {
        st.startStop[id] = {text, now};
        return;
      }
      auto it = st.startStop.find(id);
      if (it == st.startStop.end()) return;
      std::lock_guard<std::mutex> lockB(b.mutex);
      // Start/stop ranges may overlap anything: async events, each on its own row.
      b.events.push_back(
          {'b', st.pid, b.tid, it->second.second, 0, id, it->second.first, "roctx", ""});
      b.events.push_back({'e', st.pid, b.tid, now, 0, id, it->second.first, "roctx", ""});
      st.startStop.erase(it);
      return;
    }
    ThreadBuffer& b = buffer();
    std::lock_guard<std::mutex> lock(b.mutex);
    if (op == RoctxOp::mark) {
      b.events.push_back({'i', state().pid, b.tid, now, 0, 0, text, "roctx", ""});
    } else if (op == RoctxOp::push) {
      b.ranges.push_back({text, text, now});
    } else if (op == RoctxOp::pop && !b.ranges.empty()) {
      Open o = std::move(b.ranges.back());
      b.ranges.pop_back();
      b.events.push_back({'X', state().pid, b.tid, o.ts, now - o.ts, 0, o.name, "roctx",
                          fmt::format("\"level\":{}", b.ranges.size())});
    }
  } catch (...) {
  }
}

}  // namespace unihip::timeline
