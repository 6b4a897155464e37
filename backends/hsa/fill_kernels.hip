// The kernels behind hipMemset* on AMD GPUs, compiled at build time for each supported target
// and embedded (fill_kernels.h). Grid-stride loops: `stride` is the launched thread count.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

__device__ static inline unsigned long long globalThreadId() {
  return static_cast<unsigned long long>(__builtin_amdgcn_workgroup_id_x()) *
             __builtin_amdgcn_workgroup_size_x() + __builtin_amdgcn_workitem_id_x();
}

extern "C" __global__ void __unihip_fill_u8(unsigned char* dst, unsigned value,
                                            unsigned long long count,
                                            unsigned long long stride) {
  for (unsigned long long i = globalThreadId(); i < count; i += stride)
    dst[i] = static_cast<unsigned char>(value);
}

extern "C" __global__ void __unihip_fill_u32(unsigned* dst, unsigned value,
                                             unsigned long long count,
                                             unsigned long long stride) {
  for (unsigned long long i = globalThreadId(); i < count; i += stride) dst[i] = value;
}

// Before a cooperative kernel: initialises the global wave sync (GWS) barrier that the device
// library's grid sync (__ockl_grid_sync, ds_gws_barrier) uses, for `value` + 1 workgroups, as
// AMD's runtime does (rocvirtual.cpp RunGwsInit). Launched as one work-item on the cooperative
// queue. gfx12 has no GWS (its device libraries use a software barrier instead).
extern "C" __global__ void __unihip_gws_init(unsigned value) {
#if !defined(__gfx1200__) && !defined(__gfx1201__) && !defined(__gfx12_generic__)
  __builtin_amdgcn_ds_gws_init(value, 0);
#endif
}

// hipStreamWaitValue32/64: one work-item polls the word until the comparison holds (flags:
// 0 Gte, 1 Eq, 2 And, 3 Nor; unsigned, with CLR's masking: its blit kernel __amd_streamOpsWait).
// Exactly one of p32 / p64 is set.
extern "C" __global__ void __unihip_stream_wait(unsigned* p32, unsigned long long* p64,
                                                unsigned long long value,
                                                unsigned long long flags,
                                                unsigned long long mask) {
  if (p32 != nullptr) {
    value &= 0xFFFFFFFFull;
    mask &= 0xFFFFFFFFull;
  }
  for (;;) {
    const unsigned long long v =
        p32 != nullptr
            ? __hip_atomic_load(p32, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM)
            : __hip_atomic_load(p64, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
    bool done = false;
    switch (flags) {
      case 0: done = (v & mask) >= value; break;
      case 1: done = (v & mask) == value; break;
      case 2: done = ((v & mask) & value) != 0; break;
      default: done = ((v | value) & mask) != mask; break;
    }
    if (done) return;
    __builtin_amdgcn_s_sleep(1);
  }
}

// hipStreamWriteValue32/64: one work-item stores the word (system scope; the packet's release
// fence makes it visible to the host and other devices).
extern "C" __global__ void __unihip_stream_write(unsigned* p32, unsigned long long* p64,
                                                 unsigned long long value) {
  if (p32 != nullptr)
    __hip_atomic_store(p32, static_cast<unsigned>(value), __ATOMIC_RELAXED,
                       __HIP_MEMORY_SCOPE_SYSTEM);
  else
    __hip_atomic_store(p64, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
}

// Graph memcpy nodes (pre-built packets, hsa_graph_exec.h): a 3-D pitched copy between memory
// the GPU can reach, as AMD's runtime does such copies with its blit kernels. Sizes, pitches
// and slices are in elements of T (the widest unit every address and pitch is aligned to); one
// grid-stride loop over width * height * depth elements.
template <typename T>
__device__ static inline void copy3d(T* dst, const T* src, unsigned long long width,
                                     unsigned long long height, unsigned long long depth,
                                     unsigned long long dpitch, unsigned long long dslice,
                                     unsigned long long spitch, unsigned long long sslice,
                                     unsigned long long stride) {
  const unsigned long long total = width * height * depth;
  if (height == 1 && depth == 1) {  // linear: no index arithmetic
    for (unsigned long long i = globalThreadId(); i < total; i += stride) dst[i] = src[i];
    return;
  }
  for (unsigned long long i = globalThreadId(); i < total; i += stride) {
    const unsigned long long x = i % width, row = i / width;
    const unsigned long long y = row % height, z = row / height;
    dst[z * dslice + y * dpitch + x] = src[z * sslice + y * spitch + x];
  }
}

struct alignas(16) Unit16 {
  unsigned v[4];
};

#define UNIHIP_COPY_KERNEL(name, T)                                                           \
  extern "C" __global__ void name(T* dst, const T* src, unsigned long long width,             \
                                  unsigned long long height, unsigned long long depth,        \
                                  unsigned long long dpitch, unsigned long long dslice,       \
                                  unsigned long long spitch, unsigned long long sslice,       \
                                  unsigned long long stride) {                                \
    copy3d(dst, src, width, height, depth, dpitch, dslice, spitch, sslice, stride);          \
  }
UNIHIP_COPY_KERNEL(__unihip_copy_u8, unsigned char)
UNIHIP_COPY_KERNEL(__unihip_copy_u32, unsigned)
UNIHIP_COPY_KERNEL(__unihip_copy_u128, Unit16)
