// Graphs: stream capture, instantiate, launch, and a graph built node by node.
#include "cuda_check.h"

__global__ void inc(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

int main() {
  skip_without_gpu("graphs");
  const int n = 4096;
  int* d;
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  CHECK(cudaMemset(d, 0, n * sizeof(int)));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));

  cudaGraph_t graph;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  inc<<<n / 256, 256, 0, s>>>(d, n);
  inc<<<n / 256, 256, 0, s>>>(d, n);
  CHECK(cudaStreamEndCapture(s, &graph));
  size_t nodes = 0;
  CHECK(cudaGraphGetNodes(graph, nullptr, &nodes));
  EXPECT(nodes == 2);
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i < 5; ++i) CHECK(cudaGraphLaunch(exec, s));
  CHECK(cudaStreamSynchronize(s));

  // A graph built by hand: one kernel node.
  cudaGraph_t g2;
  CHECK(cudaGraphCreate(&g2, 0));
  int count = n;
  void* args[] = {&d, &count};
  cudaKernelNodeParams p = {};
  p.func = (void*)inc;
  p.gridDim = dim3(n / 256);
  p.blockDim = dim3(256);
  p.kernelParams = args;
  cudaGraphNode_t node;
  CHECK(cudaGraphAddKernelNode(&node, g2, nullptr, 0, &p));
  cudaGraphExec_t e2;
  CHECK(cudaGraphInstantiate(&e2, g2, 0));
  CHECK(cudaGraphLaunch(e2, s));
  CHECK(cudaStreamSynchronize(s));

  int h[n];
  CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == 11;
  EXPECT(ok);
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphExecDestroy(e2));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaGraphDestroy(g2));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(d));
  return finish("graphs");
}
