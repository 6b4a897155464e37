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
