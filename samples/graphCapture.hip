// graphCapture: one step of work across two streams (fork through an event, copies in, a kernel
// on each half, copies out, join) is captured once into a graph and replayed several times, the
// host changing the pinned input between replays; then a kernel node's argument is changed in
// the executable graph (hipGraphExecKernelNodeSetParams) and the step replayed again. Every
// replay's output is checked.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

#include "sample_support.h"

// y[i] = x[i] * k + add
__global__ void axpb(const float* x, float* y, int n, float k, float add) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * k + add;
}

int main() {
  skipWithoutGpu("graphCapture");
  constexpr int kHalf = 1 << 18;
  constexpr int kN = 2 * kHalf;
  constexpr size_t kHalfBytes = kHalf * sizeof(float);
  float *hostIn = nullptr, *hostOut = nullptr, *devIn = nullptr, *devOut = nullptr;
  SAMPLE_CHECK(hipHostMalloc(reinterpret_cast<void**>(&hostIn), kN * sizeof(float), hipHostMallocDefault));
  SAMPLE_CHECK(hipHostMalloc(reinterpret_cast<void**>(&hostOut), kN * sizeof(float), hipHostMallocDefault));
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&devIn), kN * sizeof(float)));
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&devOut), kN * sizeof(float)));
  hipStream_t mainStream = nullptr, side = nullptr;
  SAMPLE_CHECK(hipStreamCreateWithFlags(&mainStream, hipStreamNonBlocking));
  SAMPLE_CHECK(hipStreamCreateWithFlags(&side, hipStreamNonBlocking));
  hipEvent_t fork = nullptr, join = nullptr;
  SAMPLE_CHECK(hipEventCreateWithFlags(&fork, hipEventDisableTiming));
  SAMPLE_CHECK(hipEventCreateWithFlags(&join, hipEventDisableTiming));

  // The step: half 0 on `mainStream` (x * 2 + 0), half 1 on `side` (x * 3 + 1).
  const unsigned threads = 256, blocks = (kHalf + threads - 1) / threads;
  SAMPLE_CHECK(hipStreamBeginCapture(mainStream, hipStreamCaptureModeGlobal));
  SAMPLE_CHECK(hipEventRecord(fork, mainStream));
  SAMPLE_CHECK(hipStreamWaitEvent(side, fork, 0));
  hipStream_t streams[2] = {mainStream, side};
  for (int s = 0; s < 2; ++s) {
    const size_t offset = static_cast<size_t>(s) * kHalf;
    SAMPLE_CHECK(hipMemcpyAsync(devIn + offset, hostIn + offset, kHalfBytes, hipMemcpyHostToDevice,
                                streams[s]));
    axpb<<<blocks, threads, 0, streams[s]>>>(devIn + offset, devOut + offset, kHalf,
                                             2.0f + static_cast<float>(s), static_cast<float>(s));
    SAMPLE_CHECK(hipGetLastError());
    SAMPLE_CHECK(hipMemcpyAsync(hostOut + offset, devOut + offset, kHalfBytes,
                                hipMemcpyDeviceToHost, streams[s]));
  }
  SAMPLE_CHECK(hipEventRecord(join, side));
  SAMPLE_CHECK(hipStreamWaitEvent(mainStream, join, 0));
  hipGraph_t graph = nullptr;
  SAMPLE_CHECK(hipStreamEndCapture(mainStream, &graph));
  size_t nodes = 0;
  SAMPLE_CHECK(hipGraphGetNodes(graph, nullptr, &nodes));
  hipGraphExec_t exec = nullptr;
  SAMPLE_CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));

  int errors = 0;
  auto check = [&](int replay, float k0, float k1) {
    for (int i = 0; i < kN; ++i) {
      const bool first = i < kHalf;
      const float expected = hostIn[i] * (first ? k0 : k1) + (first ? 0.0f : 1.0f);
      if (hostOut[i] != expected) {
        if (errors < 5)
          std::printf("replay %d: mismatch at %d: %f != %f\n", replay, i, hostOut[i], expected);
        ++errors;
      }
    }
  };
  constexpr int kReplays = 5;
  for (int r = 0; r < kReplays; ++r) {
    for (int i = 0; i < kN; ++i) hostIn[i] = static_cast<float>((i + r) % 997);
    SAMPLE_CHECK(hipGraphLaunch(exec, mainStream));
    SAMPLE_CHECK(hipStreamSynchronize(mainStream));
    check(r, 2.0f, 3.0f);
  }

  // Change the first half's factor in the executable graph: find its kernel node by argument.
  std::vector<hipGraphNode_t> all(nodes);
  SAMPLE_CHECK(hipGraphGetNodes(graph, all.data(), &nodes));
  bool changed = false;
  for (hipGraphNode_t node : all) {
    hipGraphNodeType type;
    SAMPLE_CHECK(hipGraphNodeGetType(node, &type));
    if (type != hipGraphNodeTypeKernel) continue;
    hipKernelNodeParams params;
    SAMPLE_CHECK(hipGraphKernelNodeGetParams(node, &params));
    if (*static_cast<const float**>(params.kernelParams[0]) != devIn) continue;
    int n = kHalf;
    float k = 5.0f, add = 0.0f;
    void* args[] = {&devIn, &devOut, &n, &k, &add};
    params.kernelParams = args;
    SAMPLE_CHECK(hipGraphExecKernelNodeSetParams(exec, node, &params));
    changed = true;
  }
  SAMPLE_CHECK(hipGraphLaunch(exec, mainStream));
  SAMPLE_CHECK(hipStreamSynchronize(mainStream));
  check(kReplays, 5.0f, 3.0f);

  std::printf("graphCapture: %zu nodes captured from 2 streams, %d replays, %d mismatches\n",
              nodes, kReplays + 1, errors);
  SAMPLE_CHECK(hipGraphExecDestroy(exec));
  SAMPLE_CHECK(hipGraphDestroy(graph));
  SAMPLE_CHECK(hipEventDestroy(fork));
  SAMPLE_CHECK(hipEventDestroy(join));
  SAMPLE_CHECK(hipStreamDestroy(mainStream));
  SAMPLE_CHECK(hipStreamDestroy(side));
  SAMPLE_CHECK(hipFree(devIn));
  SAMPLE_CHECK(hipFree(devOut));
  SAMPLE_CHECK(hipHostFree(hostIn));
  SAMPLE_CHECK(hipHostFree(hostOut));
  return verdict(changed && nodes >= 6 && errors == 0);
}
