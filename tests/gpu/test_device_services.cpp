// printf and malloc/free in kernels. On AMD they go through the HSA backend's hostcall service
// (docs/design/amd-execution.md, "Device services"); on NVIDIA through the driver. Output is
// captured from file descriptor 1 around the launch and the synchronization.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "device_services_kernels.h"
#include "gpu_test_support.h"

namespace {

// Captures what is written to stdout (the descriptor) while alive.
class StdoutCapture {
 public:
  StdoutCapture() {
    std::fflush(stdout);
    REQUIRE(pipe(pipe_) == 0);
    fcntl(pipe_[0], F_SETFL, O_NONBLOCK);
    saved_ = dup(1);
    dup2(pipe_[1], 1);
  }
  ~StdoutCapture() { restore(); }
  std::string text() {
    restore();
    std::string all;
    char buf[4096];
    for (ssize_t n; (n = read(pipe_[0], buf, sizeof buf)) > 0;) all.append(buf, static_cast<size_t>(n));
    close(pipe_[0]);
    return all;
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stdout);
    dup2(saved_, 1);
    close(saved_);
    close(pipe_[1]);
    saved_ = -1;
  }
  int pipe_[2] = {-1, -1};
  int saved_ = -1;
};

bool isAmd() { return std::string(deviceProperties().gcnArchName).rfind("gfx", 0) == 0; }

}  // namespace

TEST_CASE("device printf: every work-item's line, each conversion as its type", "[device_services]") {
  constexpr int kThreads = 8;
  const char tagHost[] = "hello";
  DeviceBuffer<char> tag(sizeof tagHost);
  HIP_REQUIRE(hipMemcpy(tag.ptr, tagHost, sizeof tagHost, hipMemcpyHostToDevice));
  DeviceBuffer<int> ret(kThreads);
  std::string text;
  {
    StdoutCapture capture;
    HIP_REQUIRE(launchServicesPrintf(kThreads, tag.ptr, ret.ptr));
    HIP_REQUIRE(hipDeviceSynchronize());
    text = capture.text();
  }
  const std::vector<int> r = ret.read();
  for (int t = 0; t < kThreads; ++t) {
    char line[64];
    const int n = std::snprintf(line, sizeof line, "svc t=%d tag=hello x=%.2f %%\n", t, t / 4.0);
    INFO("thread " << t << " output:\n" << text);
    CHECK(text.find(line) != std::string::npos);
    // AMD's printf returns the characters printed; CUDA's the number of arguments.
    if (isAmd()) CHECK(r[t] == n);
    else CHECK(r[t] >= 0);
  }
  size_t lines = 0;
  for (char c : text) lines += c == '\n';
  CHECK(lines == kThreads);
}

TEST_CASE("device malloc/free: small and large blocks, many threads", "[device_services]") {
  for (unsigned bytes : {16u, 256u, 8192u}) {
    constexpr int kBlocks = 4, kThreads = 64;
    DeviceBuffer<int> ok(kBlocks * kThreads);
    HIP_REQUIRE(launchServicesMalloc(kBlocks, kThreads, bytes, ok.ptr));
    HIP_REQUIRE(hipDeviceSynchronize());
    const std::vector<int> r = ok.read();
    int good = 0;
    for (int v : r) good += v;
    INFO(bytes << " bytes per thread");
    CHECK(good == kBlocks * kThreads);
  }
}

TEST_CASE("device malloc: the heap limit reads back", "[device_services]") {
  size_t heap = 0;
  HIP_REQUIRE(hipDeviceGetLimit(&heap, hipLimitMallocHeapSize));
  CHECK(heap > 0);
  CHECK(hipDeviceGetLimit(nullptr, hipLimitMallocHeapSize) == hipErrorInvalidValue);
}
