// Device-feature kernels: every atomic, at device, block and system scope.
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
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

// Each ordered operation of the test as the __hip_atomic builtins or GCC's __atomic builtins
// (std::atomic's); NVIDIA: the header's fences, or the NVPTX plugin's (ordered_atomics_pass.cpp).
template <bool Gcc>
struct Ordered {
  static __device__ void storeRelease(int* p, int v) {
    if constexpr (Gcc) {
      __atomic_thread_fence(__ATOMIC_SEQ_CST);
      __atomic_store_n(p, v, __ATOMIC_RELEASE);
    } else {
      __hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
    }
  }
  static __device__ int loadAcquire(int* p) {
    if constexpr (Gcc) return __atomic_load_n(p, __ATOMIC_ACQUIRE);
    else return __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
  }
  static __device__ int loadSeqCst(int* p) {
    if constexpr (Gcc) return __atomic_load_n(p, __ATOMIC_SEQ_CST);
    else return __hip_atomic_load(p, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_AGENT);
  }
  static __device__ int exchangeAcqRel(int* p, int v) {
    if constexpr (Gcc) return __atomic_exchange_n(p, v, __ATOMIC_ACQ_REL);
    else return __hip_atomic_exchange(p, v, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
  }
  static __device__ int fetchAddSeqCst(int* p, int v) {
    if constexpr (Gcc) return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
    else return __hip_atomic_fetch_add(p, v, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_SYSTEM);
  }
  static __device__ bool casStrongAcqRel(int* p, int* expected, int v) {
    if constexpr (Gcc)
      return __atomic_compare_exchange_n(p, expected, v, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    else
      return __hip_atomic_compare_exchange_strong(p, expected, v, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE,
                                                  __HIP_MEMORY_SCOPE_AGENT);
  }
  static __device__ bool casWeakSeqCst(int* p, int* expected, int v) {
    if constexpr (Gcc)
      return __atomic_compare_exchange_n(p, expected, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    else
      return __hip_atomic_compare_exchange_weak(p, expected, v, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST,
                                                __HIP_MEMORY_SCOPE_WORKGROUP);
  }
};

template <bool Gcc>
__global__ void orderedAtomics(int* data, int* flag, int* out) {
  using A = Ordered<Gcc>;
  if (blockIdx.x == 0) {
    if (threadIdx.x < kOrderedValues) data[threadIdx.x] = 100 + threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) A::storeRelease(flag, 1);
    return;
  }
  if (threadIdx.x == 0) {
    while (A::loadAcquire(flag) == 0) {
    }
  }
  __syncthreads();
  if (threadIdx.x < kOrderedValues) out[threadIdx.x] = data[threadIdx.x];
  if (threadIdx.x != 0) return;
  int* tail = out + kOrderedValues;
  tail[1] = A::exchangeAcqRel(flag, 5);
  int sum = 0;
  for (int i = 0; i < 4; ++i) sum += A::fetchAddSeqCst(flag, 1);
  tail[2] = sum;  // 5 + 6 + 7 + 8
  int expected = 9;
  tail[3] = A::casStrongAcqRel(flag, &expected, 20);
  expected = 0;
  tail[4] = A::casWeakSeqCst(flag, &expected, 30);
  tail[5] = expected;  // the failed CAS reports the current value
  tail[0] = A::loadSeqCst(flag);
}

hipError_t launchOrderedAtomics(int* out, bool gccBuiltins) {
  int* scratch = nullptr;  // data, then the flag
  hipError_t e = hipMalloc(reinterpret_cast<void**>(&scratch), (kOrderedValues + 1) * sizeof(int));
  if (e != hipSuccess) return e;
  e = hipMemset(scratch, 0, (kOrderedValues + 1) * sizeof(int));
  if (e == hipSuccess) {
    if (gccBuiltins) orderedAtomics<true><<<2, 128>>>(scratch, scratch + kOrderedValues, out);
    else orderedAtomics<false><<<2, 128>>>(scratch, scratch + kOrderedValues, out);
    e = hipGetLastError();
  }
  if (e == hipSuccess) e = hipDeviceSynchronize();
  const hipError_t f = hipFree(scratch);
  return e != hipSuccess ? e : f;
}

__global__ void packedAtomicAdd(__half2* h, __hip_bfloat162* b, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const __half2 dh{__float2half(1.0f), __float2half(2.0f)};
  const __hip_bfloat162 db{__float2bfloat16(1.0f), __float2bfloat16(0.5f)};
  if (t & 1) {
    (void)atomicAdd(h, dh);
    (void)unsafeAtomicAdd(b, db);
  } else {
    (void)unsafeAtomicAdd(h, dh);
    (void)atomicAdd(b, db);
  }
}

__global__ void packedRead(const __half2* h, const __hip_bfloat162* b, float* out) {
  out[0] = __half2float(h->x);
  out[1] = __half2float(h->y);
  out[2] = __bfloat162float(b->x);
  out[3] = __bfloat162float(b->y);
}

hipError_t launchPackedAtomicAdd(float* out, int n) {
  void* scratch = nullptr;
  hipError_t e = hipMalloc(&scratch, 8);
  if (e != hipSuccess) return e;
  e = hipMemset(scratch, 0, 8);
  __half2* h = static_cast<__half2*>(scratch);
  __hip_bfloat162* b = reinterpret_cast<__hip_bfloat162*>(static_cast<char*>(scratch) + 4);
  if (e == hipSuccess) {
    packedAtomicAdd<<<(n + 127) / 128, 128>>>(h, b, n);
    packedRead<<<1, 1>>>(h, b, out);
    e = hipGetLastError();
  }
  if (e == hipSuccess) e = hipDeviceSynchronize();
  const hipError_t f = hipFree(scratch);
  return e != hipSuccess ? e : f;
}
