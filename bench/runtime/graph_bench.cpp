// Graph figures (issue 14): the enqueue cost of launching a captured graph of 1, 10 and 100 empty
// kernels, against launching the same kernels one by one through <<<>>>; the cost of
// instantiating the 100-kernel graph. Graphs come from stream capture, in both runtimes.
#include <string>

#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

namespace bench {

// launch_bench.cu: `kernels` launches of bench_empty through <<<>>>.
void enqueueKernels(gpuStream_t s, int kernels);

namespace {

gpuGraph_t captureKernels(gpuStream_t s, int kernels) {
  gpuGraph_t graph = nullptr;
  GPU_CHECK(gpuStreamBeginCapture(s, gpuStreamCaptureModeGlobal));
  enqueueKernels(s, kernels);
  GPU_CHECK(gpuStreamEndCapture(s, &graph));
  return graph;
}

}  // namespace

void graphBenchmarks() {
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  auto drain = [&] {
    GPU_CHECK(gpuStreamSynchronize(s));
    GPU_CHECK(gpuGetLastError());
  };
  for (int kernels : {1, 10, 100}) {
    gpuGraph_t graph = captureKernels(s, kernels);
    gpuGraphExec_t exec = nullptr;
    GPU_CHECK(gpuGraphInstantiateWithFlags(&exec, graph, 0));
    // Fewer launches a sample for big graphs: the queue must not fill while timing.
    const int batch = kernels == 100 ? 10 : kLaunchBatch;
    const std::string n = std::to_string(kernels);
    report("graph_launch_" + n, "graph_launch", kernels,
           timeBatched(kLaunchSamples, batch, [&] { (void)gpuGraphLaunch(exec, s); }, drain));
    report("kernels_one_by_one_" + n, "graph_launch", kernels,
           timeBatched(kLaunchSamples, batch, [&] { enqueueKernels(s, kernels); }, drain));
    if (kernels == 100) {
      report("graph_instantiate_100", "graph_instantiate", kernels, timeEach(3, 100, [&] {
               gpuGraphExec_t e = nullptr;
               GPU_CHECK(gpuGraphInstantiateWithFlags(&e, graph, 0));
               GPU_CHECK(gpuGraphExecDestroy(e));
             }));
      report("capture_100", "graph_capture", kernels, timeEach(3, 100, [&] {
               GPU_CHECK(gpuGraphDestroy(captureKernels(s, kernels)));
             }));
    }
    GPU_CHECK(gpuGraphExecDestroy(exec));
    GPU_CHECK(gpuGraphDestroy(graph));
  }
  GPU_CHECK(gpuStreamDestroy(s));
}

}  // namespace bench
