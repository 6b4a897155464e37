// Graphs: stream capture, instantiate, launch, and graphs built node by node; kernels, fills,
// copies and host functions.
#include "cuda_check.h"

__global__ void inc(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

static void CUDART_CB count_call(void* calls) { ++*static_cast<int*>(calls); }

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
  cudaGraphNodeType type;
  CHECK(cudaGraphNodeGetType(node, &type));
  EXPECT(type == cudaGraphNodeTypeKernel);
  cudaKernelNodeParams back = {};
  CHECK(cudaGraphKernelNodeGetParams(node, &back));
  EXPECT(back.func == (void*)inc && back.gridDim.x == n / 256 && back.blockDim.x == 256);
  cudaGraphExec_t e2;
  CHECK(cudaGraphInstantiate(&e2, g2, 0));
  CHECK(cudaGraphLaunch(e2, s));
  CHECK(cudaStreamSynchronize(s));

  int h[n];
  CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == 11;
  EXPECT_RESULT(ok);

  // A fill, a copy and a host function captured, launched twice.
  int* e;
  CHECK(cudaMalloc(&e, n * sizeof(int)));
  int* pinned;
  CHECK(cudaMallocHost(&pinned, n * sizeof(int)));
  int calls = 0;
  cudaGraph_t g3;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK(cudaMemsetAsync(e, 0x01, n * sizeof(int), s));
  CHECK(cudaMemcpyAsync(pinned, e, n * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK(cudaLaunchHostFunc(s, count_call, &calls));
  CHECK(cudaStreamEndCapture(s, &g3));
  CHECK(cudaGraphGetNodes(g3, nullptr, &nodes));
  EXPECT(nodes == 3);
  cudaGraphExec_t e3;
  CHECK(cudaGraphInstantiate(&e3, g3, 0));
  CHECK(cudaGraphLaunch(e3, s));
  CHECK(cudaGraphLaunch(e3, s));
  CHECK(cudaStreamSynchronize(s));
  EXPECT(calls == 2 && pinned[0] == 0x01010101 && pinned[n - 1] == 0x01010101);

  // The same by hand: a memset node, then a 1D copy node after it.
  cudaGraph_t g4;
  CHECK(cudaGraphCreate(&g4, 0));
  cudaMemsetParams mp = {};
  mp.dst = e;
  mp.value = 7;
  mp.elementSize = sizeof(int);
  mp.width = n;
  mp.height = 1;
  cudaGraphNode_t set, copy;
  CHECK(cudaGraphAddMemsetNode(&set, g4, nullptr, 0, &mp));
  CHECK(cudaGraphAddMemcpyNode1D(&copy, g4, &set, 1, pinned, e, n * sizeof(int),
                                 cudaMemcpyDeviceToHost));
  CHECK(cudaGraphNodeGetType(copy, &type));
  EXPECT(type == cudaGraphNodeTypeMemcpy);
  cudaGraphExec_t e4;
  CHECK(cudaGraphInstantiate(&e4, g4, 0));
  CHECK(cudaGraphLaunch(e4, s));
  CHECK(cudaStreamSynchronize(s));
  EXPECT(pinned[0] == 7 && pinned[n - 1] == 7);
  CHECK(cudaGraphExecDestroy(e3));
  CHECK(cudaGraphExecDestroy(e4));
  CHECK(cudaGraphDestroy(g3));
  CHECK(cudaGraphDestroy(g4));
  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFree(e));
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphExecDestroy(e2));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaGraphDestroy(g2));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(d));
  return finish("graphs");
}
