// Kernels with varied signatures, compiled to code objects whose metadata the tests check.
// The bodies only need to keep every argument alive; they never run.
#include "device_attributes.h"

struct Pod {
  char c;
  double d;
  int i[3];
};

struct Small {
  short a;
  char b;
};

// Pointers and an int; reads blockDim (hidden group sizes) and gridDim (hidden block counts).
extern "C" __global__ void axpy(float a, const float* x, float* y, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  if (i < n) y[i] = a * x[i] + y[i];
}

// By-value structs of odd sizes and alignments around a pointer and a short.
extern "C" __global__ void by_value(Pod p, short s, Small q, Pod* out, char tail) {
  if (__builtin_amdgcn_workitem_id_x() == 0) {
    out->c = p.c + q.b + tail;
    out->d = p.d + s + q.a;
    out->i[0] = p.i[0];
    out->i[1] = p.i[1];
    out->i[2] = p.i[2];
  }
}

// Dynamic shared memory (extern array) plus 1 KiB of static shared memory.
extern __shared__ float dynamic_lds[];
__global__ void shared_memory(float* out, int n) {
  static __shared__ float tile[256];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  tile[t & 255] = out[t];
  dynamic_lds[t] = t;
  __builtin_amdgcn_s_barrier();
  out[t] = tile[(t + 1) & 255] + dynamic_lds[(t + n) % 64];
}

// Reads the whole hidden block through the implicit argument pointer, so every hidden argument
// stays in the metadata; also uses scratch (a dynamically indexed private array).
__global__ void hidden_everything(unsigned long long* out, int k) {
  const unsigned long long* implicit =
      reinterpret_cast<const unsigned long long*>(__builtin_amdgcn_implicitarg_ptr());
  volatile int scratch[64];
  for (int i = 0; i < 64; ++i) scratch[i] = i * k;
  unsigned t = __builtin_amdgcn_workitem_id_x();
  out[t] = implicit[t % 32] + scratch[(t + k) & 63];
}

// No arguments at all.
extern "C" __global__ void no_args() {}

// A C++ (mangled) kernel with a 64-bit argument between two 32-bit ones.
template <typename T>
__global__ void scale(T* data, T factor, unsigned n) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  if (i < n) data[i] *= factor;
}
template __global__ void scale<double>(double*, double, unsigned);

// Module variables: one with initial bytes (.data), one without (.bss).
__device__ int initialised_table[4] = {11, 22, 33, 44};
__device__ double zeroed_value;
