// The timeline trace (core/trace/timeline.h) on the fake backend, whose events keep host times:
// the JSON's structure (Trace Event format), API calls with text and result, GPU work between its
// call and the synchronize that waited for it, roctx ranges nested, nothing written when off.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "api_cases.h"
#include "core/trace/timeline.h"
#include "install_fake.h"
#include "trace_json.h"

using namespace unihip;
using namespace unihip::testing;
using unihip::testing::Json;

hipError_t launchScale(float* x, float a, dim3 grid, dim3 block, hipStream_t stream);

namespace {

std::string tempPath(const char* tag) {
  return "/tmp/unihip_trace_" + std::to_string(getpid()) + "_" + tag + ".json";
}


}  // namespace

TEST_CASE("trace: off, nothing is recorded or written", "[trace]") {
  installFake();
  REQUIRE_FALSE(timeline::on());
  CHECK(unihipTraceWrite(nullptr) == hipErrorNotReady);
  CHECK_FALSE(timeline::stop());
  CHECK_FALSE(timeline::write(tempPath("off").c_str()));
  CHECK_FALSE(exists(tempPath("off")));
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);
  REQUIRE(hipFree(p) == hipSuccess);
  CHECK_FALSE(timeline::start(nullptr));
  CHECK_FALSE(timeline::start(""));
  CHECK_FALSE(timeline::on());
}

TEST_CASE("trace: API calls, a launch, copies and a fill, with GPU times", "[trace]") {
  FakeBackend* fake = installFake();
  fake->timedEvents = true;
  const std::string path = tempPath("run");
  std::remove(path.c_str());
  REQUIRE(timeline::start(path.c_str()));
  CHECK_FALSE(timeline::start(path.c_str()));  // one at a time

  float* d = nullptr;
  REQUIRE(hipMalloc(reinterpret_cast<void**>(&d), 64 * sizeof(float)) == hipSuccess);
  std::vector<float> host(64, 1.0f);
  REQUIRE(hipMemcpy(d, host.data(), 64 * sizeof(float), hipMemcpyHostToDevice) == hipSuccess);
  hipStream_t stream = nullptr;
  REQUIRE(hipStreamCreate(&stream) == hipSuccess);
  REQUIRE(hipMemsetAsync(d, 0, 16, stream) == hipSuccess);
  unihipTraceRoctx(1, "outer", 0);
  unihipTraceRoctx(1, "inner", 0);
  unihipTraceRoctx(0, "a mark", 0);
  float x = 1.0f;
  REQUIRE(launchScale(&x, 2.0f, dim3(2), dim3(32), stream) == hipSuccess);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  unihipTraceRoctx(2, nullptr, 0);
  unihipTraceRoctx(2, nullptr, 0);
  unihipTraceRoctx(2, nullptr, 0);  // nothing open: ignored
  unihipTraceRoctx(3, "process range", 7);
  REQUIRE(hipMemcpyAsync(host.data(), d, 64 * sizeof(float), hipMemcpyDeviceToHost, stream) ==
          hipSuccess);
  REQUIRE(hipStreamSynchronize(stream) == hipSuccess);
  unihipTraceRoctx(4, nullptr, 7);
  CHECK(hipMalloc(nullptr, 4) == hipErrorInvalidValue);  // a failed call and its result
  hipModule_t module = nullptr;
  CHECK(hipModuleLoad(&module, nullptr) != hipSuccess);
  CHECK(hipModuleLoad(&module, "/nonexistent.co") != hipSuccess);
  hipEvent_t event = nullptr;
  REQUIRE(hipEventCreateWithFlags(&event, hipEventDisableTiming) == hipSuccess);
  REQUIRE(hipEventDestroy(event) == hipSuccess);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  // On demand: the file exists while the trace goes on.
  REQUIRE(unihipTraceWrite(nullptr) == hipSuccess);
  CHECK(exists(path));
  REQUIRE(hipStreamDestroy(stream) == hipSuccess);
  REQUIRE(hipFree(d) == hipSuccess);
  REQUIRE(timeline::stop());
  CHECK_FALSE(timeline::on());

  const std::vector<Json> events = parseTrace(path);
  const double pid = getpid();

  // API calls: on this thread's track, with their text and result.
  auto memcpyAsync = apiCalls(events, "hipMemcpyAsync");
  REQUIRE(memcpyAsync.size() == 1);
  const Json& call = *memcpyAsync[0];
  CHECK(call["pid"].num == pid);
  CHECK(call["cat"].str == "api");
  CHECK(call["args"]["call"].str.rfind("hipMemcpyAsync(", 0) == 0);
  CHECK(call["args"]["result"].str == "hipSuccess");
  // The generated call text (api_trace.h, trace_args.h): pointers in hex, dim3 as {x,y,z},
  // input strings quoted or (null), flags in hex.
  auto text = [&](const char* name, size_t i = 0) {
    auto calls = apiCalls(events, name);
    return i < calls.size() ? (*calls[i])["args"]["call"].str : std::string("(no call)");
  };
  std::ostringstream memset;
  memset << "hipMemsetAsync(" << static_cast<const void*>(d) << ", 0, 16, "
         << static_cast<const void*>(stream) << ")";
  CHECK(text("hipMemsetAsync") == memset.str());
  CHECK(text("hipMalloc", 1) == "hipMalloc(0x0, 4)");
  CHECK(text("hipLaunchKernel").find(", {2,1,1}, {32,1,1}, ") != std::string::npos);
  std::ostringstream moduleOut;
  moduleOut << static_cast<const void*>(&module);
  CHECK(text("hipModuleLoad", 0) == "hipModuleLoad(" + moduleOut.str() + ", (null))");
  CHECK(text("hipModuleLoad", 1) ==
        "hipModuleLoad(" + moduleOut.str() + ", \"/nonexistent.co\")");
  const std::string flagged = text("hipEventCreateWithFlags");
  CHECK(flagged.size() > 6);
  CHECK(flagged.substr(flagged.size() - 6) == ", 0x2)");
  auto mallocs = apiCalls(events, "hipMalloc");
  REQUIRE(mallocs.size() == 2);
  CHECK(mallocs[0]->fields.at("args")["result"].str == "hipSuccess");
  CHECK(mallocs[1]->fields.at("args")["result"].str == "hipErrorInvalidValue");
  for (const char* n : {"hipMemcpy", "hipStreamCreate", "hipMemsetAsync", "hipStreamSynchronize",
                        "hipDeviceSynchronize", "hipStreamDestroy", "hipFree"}) {
    INFO(n);
    CHECK(apiCalls(events, n).size() == 1);
  }

  // GPU work: one track per stream on the device's GPU process, between its call's start and
  // the synchronize that waited for it (the anchor's uncertainty allowed).
  const double slack_us = 5000;
  auto kernels = named(events, "scale(float*, float)");
  REQUIRE(kernels.size() == 1);
  const Json& k = *kernels[0];
  CHECK(k["cat"].str == "kernel");
  CHECK(k["pid"].num == traceGpuPidBase);
  auto launches = apiCalls(events, "hipLaunchKernel");  // <<<>>>'s stub calls it
  REQUIRE(launches.size() == 1);
  const Json& sync = *apiCalls(events, "hipStreamSynchronize")[0];
  CHECK(k["ts"].num + slack_us >= (*launches[0])["ts"].num);
  CHECK(k["ts"].num + k["dur"].num <= sync["ts"].num + sync["dur"].num + slack_us);
  CHECK(k["args"]["call"].str.rfind("hipLaunchKernel(", 0) == 0);

  int copies = 0, fills = 0;
  std::map<double, int> gpuTracks;
  for (const Json& e : events) {
    if (e["ph"].str != "X" || e["pid"].num < traceGpuPidBase) continue;
    gpuTracks[e["tid"].num]++;
    if (e["cat"].str == "copy") ++copies;
    if (e["cat"].str == "fill") ++fills;
  }
  CHECK(copies == 2);  // hipMemcpy (null stream) and hipMemcpyAsync (the stream)
  CHECK(fills == 1);
  CHECK(gpuTracks.size() == 2);
  // The stream's work is in order on its track: fill, kernel, copy.
  const Json* fill = nullptr;
  const Json* copyBack = nullptr;
  for (const Json& e : events) {
    if (e["pid"].num < traceGpuPidBase || e["ph"].str != "X") continue;
    if (e["cat"].str == "fill") fill = &e;
    if (e["cat"].str == "copy" && e["tid"].num == k["tid"].num) copyBack = &e;
  }
  REQUIRE(fill != nullptr);
  REQUIRE(copyBack != nullptr);
  CHECK((*fill)["tid"].num == k["tid"].num);
  CHECK((*fill)["ts"].num <= k["ts"].num);
  CHECK(k["ts"].num <= (*copyBack)["ts"].num);

  // Tracks are named.
  int threadNames = 0, processNames = 0;
  for (const Json& e : events) {
    if (e["ph"].str != "M") continue;
    if (e["name"].str == "thread_name") ++threadNames;
    if (e["name"].str == "process_name") ++processNames;
    CHECK(e["args"]["name"].kind == Json::string);
  }
  CHECK(processNames == 2);  // the host and GPU 0
  CHECK(threadNames >= 3);   // this thread and the two streams

  // roctx: the inner range inside the outer one, on this thread; the mark; the process range.
  auto outer = named(events, "outer");
  auto inner = named(events, "inner");
  REQUIRE(outer.size() == 1);
  REQUIRE(inner.size() == 1);
  CHECK((*outer[0])["cat"].str == "roctx");
  CHECK((*outer[0])["tid"].num == (*inner[0])["tid"].num);
  CHECK((*outer[0])["ts"].num <= (*inner[0])["ts"].num);
  CHECK((*inner[0])["ts"].num + (*inner[0])["dur"].num <=
        (*outer[0])["ts"].num + (*outer[0])["dur"].num);
  CHECK((*outer[0])["args"]["level"].num == 0);
  CHECK((*inner[0])["args"]["level"].num == 1);
  // The launch happened inside the inner range.
  CHECK((*inner[0])["ts"].num <= (*launches[0])["ts"].num);
  CHECK(named(events, "a mark", "i").size() == 1);
  auto begins = named(events, "process range", "b");
  auto ends = named(events, "process range", "e");
  REQUIRE(begins.size() == 1);
  REQUIRE(ends.size() == 1);
  CHECK((*begins[0])["id"].num == 7);
  CHECK((*begins[0])["ts"].num <= (*ends[0])["ts"].num);
  // UNIHIP_TEST_KEEP_TRACE=<file>: keeps the trace (docs/images' picture of a fake-backend run).
  if (const char* keep = std::getenv("UNIHIP_TEST_KEEP_TRACE")) std::rename(path.c_str(), keep);
  std::remove(path.c_str());
}

TEST_CASE("trace: a file that cannot be written fails the write", "[trace]") {
  installFake();
  REQUIRE(timeline::start("/nonexistent-dir/trace.json"));
  void* p = nullptr;
  REQUIRE(hipMalloc(&p, 16) == hipSuccess);
  REQUIRE(hipFree(p) == hipSuccess);
  CHECK(unihipTraceWrite(nullptr) == hipErrorInvalidValue);
  CHECK_FALSE(timeline::stop());
  CHECK_FALSE(timeline::on());
}

TEST_CASE("trace: unihipTraceRoctx ignores unknown operations and null messages", "[trace]") {
  installFake();
  const std::string path = tempPath("roctx");
  REQUIRE(timeline::start(path.c_str()));
  unihipTraceRoctx(-1, "x", 0);
  unihipTraceRoctx(9, "x", 0);
  unihipTraceRoctx(0, nullptr, 0);
  unihipTraceRoctx(4, nullptr, 12345);  // stop of a range never started
  // A thread whose first traced event is a process range.
  std::thread([] {
    unihipTraceRoctx(3, "from a thread", 99);
    unihipTraceRoctx(4, nullptr, 99);
  }).join();
  REQUIRE(timeline::stop());
  const std::vector<Json> events = parseTrace(path);
  CHECK(named(events, "x", "X").empty());
  CHECK(named(events, "", "i").size() == 1);
  CHECK(named(events, "from a thread", "b").size() == 1);
  CHECK(named(events, "from a thread", "e").size() == 1);
  std::remove(path.c_str());
}

const void* scaleHostFunction();

TEST_CASE("trace: a module-API launch on the kernel's track, its call closed", "[trace]") {
  FakeBackend* fake = installFake();
  fake->timedEvents = true;
  const std::string path = tempPath("module");
  REQUIRE(timeline::start(path.c_str()));
  hipFunction_t f = nullptr;
  REQUIRE(hipGetFuncBySymbol(&f, scaleHostFunction()) == hipSuccess);
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) == hipSuccess);
  REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, args, nullptr) == hipSuccess);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  REQUIRE(timeline::stop());
  const std::vector<Json> events = parseTrace(path);
  auto calls = apiCalls(events, "hipModuleLaunchKernel");
  REQUIRE(calls.size() == 2);  // both through the full path: a trace keeps the cache empty
  CHECK((*calls[0])["args"]["result"].str == "hipSuccess");
  auto kernels = named(events, "scale(float*, float)", "X", "kernel");
  REQUIRE(kernels.size() == 2);
  CHECK((*kernels[0])["args"]["call"].str.rfind("hipModuleLaunchKernel(", 0) == 0);
  CHECK((*kernels[0])["ts"].num + (*kernels[0])["dur"].num <= (*kernels[1])["ts"].num + 1);
  std::remove(path.c_str());
}
