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
