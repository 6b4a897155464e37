// Device-feature kernels: every atomic, at device, block and system scope.
#include <hip/hip_runtime.h>

#include "device_kernels.h"

constexpr int kThreads = 256;

__global__ void initAtomics(AtomicResults* r) {
  *r = AtomicResults{};
  r->subInt = 1 << 20;
  r->minInt = 1 << 30;
  r->andInt = -1;
  r->minUint = ~0u;
  r->andUint = ~0u;
  r->minUll = ~0ull;
  r->andUll = ~0ull;
  r->exchInt = -1;
  r->maxFloat = -1.0f;
  r->minFloat = 1e30f;
  r->subFloat = 4096.0f;
  r->maxDouble = -1.0;
  r->minDouble = 1e300;
  r->subDouble = 4096.0;
  r->blockScopeOk = 1;
  r->systemMaxFloat = -1.0f;
}

// A CAS-loop increment, the pattern CUDA code uses for ops the hardware lacks.
template <typename T>
__device__ void casIncrement(T* address) {
  T old = *address, assumed;
  do {
    assumed = old;
    old = atomicCAS(address, assumed, assumed + 1);
  } while (old != assumed);
}

__global__ void runAtomics(AtomicResults* r) {
  __shared__ int blockTotal;
  __shared__ unsigned blockMax;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned u = static_cast<unsigned>(t);
  if (threadIdx.x == 0) blockTotal = 0, blockMax = 0;
  __syncthreads();

  atomicAdd(&r->addInt, 1);
  atomicSub(&r->subInt, 2);
  atomicMax(&r->maxInt, t);
  atomicMin(&r->minInt, t + 5);
  atomicAnd(&r->andInt, ~(1 << (t % 31)));
  atomicOr(&r->orInt, 1 << (t % 31));
  if (t < 36) atomicXor(&r->xorInt, 1 << (t % 32));  // bits 0-3 twice, 4-31 once
  casIncrement(&r->casInt);
  int oldExch = atomicExch(&r->exchInt, t);
  atomicAdd(&r->exchSum, static_cast<unsigned long long>(oldExch + 1));  // olds are -1..N-1 minus one

  atomicAdd(&r->addUint, 3u);
  atomicMax(&r->maxUint, u * 2);
  atomicMin(&r->minUint, u + 7);
  atomicInc(&r->incUint, 99u);
  atomicDec(&r->decUint, 99u);
  atomicAnd(&r->andUint, ~(1u << (t % 32)));
  atomicOr(&r->orUint, 1u << (t % 32));
  atomicXor(&r->xorUint, 1u);
  casIncrement(&r->casUint);

  atomicAdd(&r->addUll, 1ull << 33);
  atomicMax(&r->maxUll, static_cast<unsigned long long>(t) << 40);
  atomicMin(&r->minUll, (static_cast<unsigned long long>(t) << 40) + 1);
  atomicAnd(&r->andUll, ~(1ull << (t % 64)));
  atomicOr(&r->orUll, 1ull << (t % 64));
  atomicXor(&r->xorUll, 1ull << 63);
  casIncrement(&r->casUll);

  atomicAdd(&r->addFloat, 0.5f);
  atomicMax(&r->maxFloat, static_cast<float>(t) * 0.25f);
  atomicMin(&r->minFloat, static_cast<float>(t) + 0.5f);
  atomicSub(&r->subFloat, 1.0f);
  atomicExch(&r->exchFloat, 2.5f);
  atomicAdd(&r->addDouble, 0.25);
  atomicMax(&r->maxDouble, static_cast<double>(t) * 0.5);
  atomicMin(&r->minDouble, static_cast<double>(t) + 0.25);
  atomicSub(&r->subDouble, 0.5);

  // Block scope on shared memory; the block's total is checked against the formula.
  atomicAdd_block(&blockTotal, static_cast<int>(threadIdx.x));
  atomicMax_block(&blockMax, threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0 &&
      (blockTotal != kThreads * (kThreads - 1) / 2 || blockMax != kThreads - 1))
    atomicAnd_block(&r->blockScopeOk, 0);

  // System scope (NVIDIA: atom.sys) on device memory.
  atomicAdd_system(&r->systemAddInt, 1);
  atomicAdd_system(&r->systemAddUll, 2ull);
  atomicAdd_system(&r->systemAddFloat, 1.0f);
  atomicAdd_system(&r->systemAddDouble, 1.0);
  atomicMax_system(&r->systemMaxUint, u);
  atomicInc_system(&r->systemIncUint, 9u);
  atomicMax_system(&r->systemMaxFloat, static_cast<float>(t));
  int old = r->systemCasInt, assumed;
  do {
    assumed = old;
    old = atomicCAS_system(&r->systemCasInt, assumed, assumed + 1);
  } while (old != assumed);
}

__global__ void systemAtomicOnHost(int* counter, int n) {
  if (blockIdx.x * blockDim.x + threadIdx.x < n) atomicAdd_system(counter, 1);
}

hipError_t launchAtomics(AtomicResults* r, int blocks) {
  initAtomics<<<1, 1>>>(r);
  runAtomics<<<blocks, kThreads>>>(r);
  return hipGetLastError();
}

hipError_t launchSystemAtomicOnHost(int* counter, int n) {
  systemAtomicOnHost<<<(n + 127) / 128, 128>>>(counter, n);
  return hipGetLastError();
}
