// Launch wrappers around the device-feature kernels (kernels_*.hip, built by unihipcc), so the
// Catch2 checks compile with the ordinary host compiler. Each returns the launch's status
// (hipGetLastError after the launch); the caller synchronizes and checks the results.
#pragma once

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>

#include <cstddef>
#include <cstdint>

// --- kernels_core.hip: coordinates, barriers, fences, memory spaces -----------------------
// 12 values per thread: threadIdx, blockIdx, blockDim, gridDim (x, y, z each), indexed by
// the thread's global linear id.
hipError_t launchCoordinates(dim3 grid, dim3 block, unsigned* out);
hipError_t launchWarpSize(int* out);
// Block of 256: out = {count(t%3==0), and(t<1000), and(t!=5), or(t==200), or(0)}.
hipError_t launchSyncthreadsReductions(int* out);
// Two blocks: block 0 publishes `value` behind a __threadfence and a flag; block 1 waits for
// the flag and copies what it sees to *seen. *fences gets 1 once the other fences ran.
hipError_t launchFencedMessage(int* data, int* flag, int* seen, int value, int* fences);
// Reverses n ints (n <= 256) through static shared memory, HIP_DYNAMIC_SHARED, and
// `extern __shared__`, one kernel each (which: 0, 1, 2).
hipError_t launchReverseShared(int which, int* data, int n);
// __constant__ float coefficients[4], __device__ int deviceCounter, __device__ float
// deviceTable[64]; host-side symbol handles for hipMemcpyToSymbol & co.
const void* coefficientsSymbol();
const void* deviceCounterSymbol();
const void* deviceTableSymbol();
// out[i] = coefficients[i % 4] * deviceTable[i]; deviceCounter += n.
hipError_t launchUseSymbols(float* out, int n, hipStream_t stream);

// --- kernels_atomics.hip ------------------------------------------------------------------
struct AtomicResults {
  int addInt, subInt, maxInt, minInt, andInt, orInt, xorInt, casInt, exchInt;
  unsigned addUint, maxUint, minUint, incUint, decUint, andUint, orUint, xorUint, casUint;
  unsigned long long addUll, maxUll, minUll, andUll, orUll, xorUll, casUll, exchSum;
  float addFloat, maxFloat, minFloat, subFloat, exchFloat;
  double addDouble, maxDouble, minDouble, subDouble;
  int blockScopeOk;  // per-block shared-memory totals through the _block forms
  int systemAddInt;
  unsigned long long systemAddUll;
  float systemAddFloat;
  double systemAddDouble;
  unsigned systemMaxUint, systemIncUint;
  int systemCasInt;
  float systemMaxFloat;
};
// Initializes *r (one thread), then runs `blocks` x 256 threads of every atomic on it.
hipError_t launchAtomics(AtomicResults* r, int blocks);
// atomicAdd_system on a host-visible counter (pinned host memory), n threads.
hipError_t launchSystemAtomicOnHost(int* counter, int n);
// The __hip_atomic builtins with acquire/release/seq_cst order (NVIDIA: fences around relaxed
// accesses): block 0 publishes kOrderedValues through a release store, block 1 acquires them;
// every ordered read-modify-write once. out: [0, kOrderedValues) what block 1 read, then the
// flag's final value, the exchange's old value, the fetch_add total, the CAS results.
// gccBuiltins: the same through GCC's __atomic builtins (LLVM 19's NVPTX backend cannot select
// them ordered: the NVPTX plugin's fences).
inline constexpr int kOrderedValues = 64;
hipError_t launchOrderedAtomics(int* out, bool gccBuiltins);
// atomicAdd / unsafeAtomicAdd on __half2 and __hip_bfloat162 by n threads (HIP's packed adds):
// half2 += (1, 2), bfloat162 += (1, 0.5) per thread; out: the half2's and bfloat162's lanes.
hipError_t launchPackedAtomicAdd(float* out, int n);

// --- kernels_warp.hip ----------------------------------------------------------------------
// One block of `threads` (a multiple of 64); kWarpValues ints per thread (see kernels_warp.hip).
inline constexpr int kWarpValues = 28;
hipError_t launchWarpOps(int threads, long long* out);
// --- kernels_amdgcn.hip: AMD's __builtin_amdgcn_* (one block; kAmdgcnValues per thread) -----
inline constexpr int kAmdgcnValues = 20;
hipError_t launchAmdgcnBuiltins(int threads, long long* out);
// Bit intrinsics on in[0..3]; results in out[0..kBitResults).
inline constexpr int kBitResults = 16;
hipError_t launchBits(const unsigned long long* in, long long* out);

// --- kernels_math.hip ----------------------------------------------------------------------
// out[i * caseCount + k] = case k of math_cases.h on (x[i], y[i]).
int mathCaseCountFloat();
int mathCaseCountDouble();
hipError_t launchMathFloat(const float* x, const float* y, float* out, int n);
hipError_t launchMathDouble(const double* x, const double* y, double* out, int n);
// sin and cos of each x, computed together (pair*) and each alone (alone*).
hipError_t launchSinCosFloat(const float* x, float* pairSin, float* pairCos, float* aloneSin,
                             float* aloneCos, int n);
hipError_t launchSinCosDouble(const double* x, double* pairSin, double* pairCos,
                              double* aloneSin, double* aloneCos, int n);
// Half precision: out[i * kHalfResults + k], see kernels_math.hip.
inline constexpr int kHalfResults = 15;
hipError_t launchHalf(const float* a, const float* b, float* out, int n);
// Vector types: out = in * 2 + (1, 2, 3, 4); layout[] = sizeof/alignof of types on the device.
inline constexpr int kVectorLayouts = 12;
hipError_t launchVectors(const float4* in, float4* out, int n, int* layout);
// clocks[0..1] clock64 before/after, [2..3] wall_clock64 before/after a __nanosleep(ns) loop.
hipError_t launchClocks(long long* clocks, unsigned sleepNs);
// printf("unihip printf %d %.2f %s\n", 42 + i, 1.5, "ok") from `threads` threads.
hipError_t launchPrintf(int threads);
// malloc/free in a kernel: out[t] = sum of (t + i) over n ints thread t allocated, -1 on null.
hipError_t launchDeviceHeap(long long* out, int blocks, int threads, int n);
// assert(x[i] >= 0) for every i, then out[i] = x[i] + 1.
hipError_t launchAssert(const int* x, int* out, int n);

// --- kernels_std_math.hip: std:: math in device code --------------------------------------
// out[t * stdMathCaseCount() + k] = case k of std_math_cases.h on (d[t], float(d[t]), i[t]).
int stdMathCaseCount();
hipError_t launchStdMath(const double* d, const int* i, double* out, int n);
