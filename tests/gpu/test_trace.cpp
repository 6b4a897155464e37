// The timeline trace on a GPU: this executable runs itself with UNIHIP_TRACE (the trace starts
// with the runtime, so it needs a fresh process) on a hidden case that queues kernels, copies and
// a fill on two streams, then checks the trace: GPU start and end in order, inside the host time
// the work was queued and waited for, and in stream order on each stream's track.
#include <hip/hip_runtime_api.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "kernels.h"
#include "trace_json.h"

using unihip::testing::Json;
using unihip::testing::parseTrace;
using unihip::testing::traceGpuPidBase;

TEST_CASE("trace: [child] work on two streams, traced", "[.trace-child]") {
  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n, 0.0f);
  float *da = nullptr, *db = nullptr, *dc = nullptr;
  REQUIRE(hipMalloc(reinterpret_cast<void**>(&da), bytes) == hipSuccess);
  REQUIRE(hipMalloc(reinterpret_cast<void**>(&db), bytes) == hipSuccess);
  REQUIRE(hipMalloc(reinterpret_cast<void**>(&dc), bytes) == hipSuccess);
  hipStream_t s1 = nullptr, s2 = nullptr;
  REQUIRE(hipStreamCreate(&s1) == hipSuccess);
  REQUIRE(hipStreamCreate(&s2) == hipSuccess);
  REQUIRE(hipMemcpyAsync(da, a.data(), bytes, hipMemcpyHostToDevice, s1) == hipSuccess);
  REQUIRE(hipMemcpyAsync(db, b.data(), bytes, hipMemcpyHostToDevice, s2) == hipSuccess);
  REQUIRE(hipMemsetAsync(dc, 0, bytes, s1) == hipSuccess);
  REQUIRE(hipStreamSynchronize(s2) == hipSuccess);
  for (int i = 0; i < 4; ++i) REQUIRE(launchVectorAddChevrons(da, db, dc, n, s1) == hipSuccess);
  REQUIRE(launchVectorAddArgs(da, db, dc, n, s1) == hipSuccess);
  REQUIRE(hipMemcpyAsync(c.data(), dc, bytes, hipMemcpyDeviceToHost, s1) == hipSuccess);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  CHECK(c[n - 1] == 3.0f);
  REQUIRE(hipMemcpy(c.data(), dc, bytes, hipMemcpyDeviceToHost) == hipSuccess);
  REQUIRE(hipStreamDestroy(s1) == hipSuccess);
  REQUIRE(hipStreamDestroy(s2) == hipSuccess);
  REQUIRE(hipFree(da) == hipSuccess);
  REQUIRE(hipFree(db) == hipSuccess);
  REQUIRE(hipFree(dc) == hipSuccess);
}

TEST_CASE("trace: GPU start and end times are ordered and inside the host interval", "[trace]") {
  char self[4096] = {};
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  REQUIRE(len > 0);
  const std::string path = "/tmp/unihip_gpu_trace_" + std::to_string(getpid()) + ".json";
  std::remove(path.c_str());
  const std::string command =
      "UNIHIP_TRACE=" + path + " '" + std::string(self, len) + "' '[.trace-child]' >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  const std::vector<Json> events = parseTrace(path);

  double hostBegin = 1e300, hostEnd = -1;
  std::map<std::string, std::pair<double, double>> apiCalls;  // call text -> begin, end
  std::map<std::pair<double, double>, std::vector<const Json*>> tracks;
  int kernels = 0, copies = 0, fills = 0;
  for (const Json& e : events) {
    if (e["ph"].str != "X") continue;
    const double ts = e["ts"].num, end = ts + e["dur"].num;
    if (e["pid"].num < traceGpuPidBase) {
      hostBegin = std::min(hostBegin, ts);
      hostEnd = std::max(hostEnd, end);
      // The first call of each text: repeated launches share one.
      if (e["cat"].str == "api") apiCalls.try_emplace(e["args"]["call"].str, ts, end);
      continue;
    }
    tracks[{e["pid"].num, e["tid"].num}].push_back(&e);
    kernels += e["cat"].str == "kernel";
    copies += e["cat"].str == "copy";
    fills += e["cat"].str == "fill";
  }
  CHECK(kernels == 5);
  CHECK(copies == 4);
  CHECK(fills == 1);
  CHECK(tracks.size() >= 3);  // two streams and the null stream
  // The anchor pair's uncertainty (an event's wait) and float milliseconds' rounding.
  const double slack_us = 50;
  for (auto& [track, list] : tracks) {
    std::sort(list.begin(), list.end(), [](const Json* x, const Json* y) {
      return x->fields.at("ts").num < y->fields.at("ts").num;
    });
    double previousEnd = -1;
    for (const Json* e : list) {
      const double ts = (*e)["ts"].num, end = ts + (*e)["dur"].num;
      INFO((*e)["name"].str << " at " << ts << " us, " << (*e)["dur"].num << " us");
      CHECK(end >= ts);
      CHECK(ts + slack_us >= hostBegin);
      CHECK(end <= hostEnd + slack_us);
      // Not before the API call that queued it began.
      const auto call = apiCalls.find((*e)["args"]["call"].str);
      REQUIRE(call != apiCalls.end());
      CHECK(ts + slack_us >= call->second.first);
      // One stream runs its work in order.
      CHECK(ts + slack_us >= previousEnd);
      previousEnd = end;
    }
  }
  std::remove(path.c_str());
}
