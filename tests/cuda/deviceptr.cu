// CUdeviceptr as CUDA has it, an unsigned integer: arithmetic on it, printf, copies and fills at
// an offset (d + 16), CUDA's own cuMemcpy/cuMemcpyAsync/cuMemcpyPeer and 16/32-bit 2-D sets,
// CUDA 13's location forms of cuMemAdvise/cuMemPrefetchAsync (and CUDA 12's), address ranges, pitched, mapped and managed memory, the 2D/3D copy
// descriptors' srcDevice/dstDevice, a texture object's resource, a module's global, a kernel launched with the integer as its
// pointer argument; and HIP's void* hipDeviceptr_t beside it in the same program.
#include <cuda.h>
#include <hip/hip_runtime.h>
#include <string>
#include <type_traits>
#include <vector>
#include "cuda_check.h"

#define CU_CHECK(x)                                                                      \
  do {                                                                                   \
    CUresult r_ = (x);                                                                   \
    if (r_ != CUDA_SUCCESS) {                                                            \
      const char* s_ = nullptr;                                                          \
      (void)cuGetErrorString(r_, &s_);                                                   \
      std::printf("%s:%d: %s: %s\nFAILED\n", __FILE__, __LINE__, #x, s_ ? s_ : "?");     \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

static_assert(std::is_same<CUdeviceptr, unsigned long long>::value, "CUDA's CUdeviceptr");
static_assert(std::is_same<CUdeviceptr_v2, CUdeviceptr>::value, "CUDA 13's CUdeviceptr_v2");
static_assert(std::is_same<hipDeviceptr_t, void*>::value, "HIP's hipDeviceptr_t stays void*");

int main(int, char** argv) {
  skip_without_gpu("deviceptr");
  CU_CHECK(cuInit(0));
  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));

  const size_t bytes = 256;
  CUdeviceptr d = 0;
  CU_CHECK(cuMemAlloc(&d, bytes));
  std::printf("deviceptr: cuMemAlloc: 0x%llx\n", d);
  EXPECT(d != 0 && d % 256 == 0);
  unsigned char in[64], out[80];
  for (int i = 0; i < 64; ++i) in[i] = (unsigned char)(i + 1);
  CU_CHECK(cuMemsetD8(d, 0xEE, bytes));
  CU_CHECK(cuMemcpyHtoD(d + 16, in, sizeof(in)));
  CU_CHECK(cuMemcpyDtoH(out, d, sizeof(out)));
  EXPECT(out[0] == 0xEE && out[15] == 0xEE && out[16] == 1 && out[79] == 64);
  CU_CHECK(cuMemsetD16(d + 16, 0x0102, 2));
  CU_CHECK(cuMemsetD32(d + 32, 0x0A0B0C0D, 1));
  CU_CHECK(cuMemcpyDtoH(out, d, sizeof(out)));
  EXPECT(out[16] == 0x02 && out[17] == 0x01 && out[20] == 5 && out[32] == 0x0D && out[35] == 0x0A);

  CUdeviceptr base = 0;
  size_t range = 0;
  CU_CHECK(cuMemGetAddressRange(&base, &range, d + 100));
  EXPECT(base == d && range >= bytes);
  unsigned int memory_type = 0;
  CU_CHECK(cuPointerGetAttribute(&memory_type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d + 8));
  EXPECT(memory_type == CU_MEMORYTYPE_DEVICE);

  // Device to device at offsets, async on a stream.
  CUdeviceptr e = 0;
  CU_CHECK(cuMemAlloc(&e, bytes));
  CUstream stream;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CU_CHECK(cuMemsetD8Async(e, 0, bytes, stream));
  CU_CHECK(cuMemcpyDtoDAsync(e + 64, d + 16, 64, stream));
  CU_CHECK(cuMemsetD32Async(e + 128, 7, 4, stream));
  CU_CHECK(cuMemcpyDtoHAsync(out, e + 64, sizeof(out), stream));
  CU_CHECK(cuStreamSynchronize(stream));
  EXPECT(out[0] == 0x02 && out[4] == 5 && out[63] == 64 && out[64] == 7 && out[65] == 0);
  CU_CHECK(cuMemcpyDtoD(e, d, 16));

  // The copy descriptors: device fields are CUdeviceptr.
  unsigned char rows[4][16] = {};
  CUDA_MEMCPY2D copy2d;
  std::memset(&copy2d, 0, sizeof(copy2d));
  copy2d.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy2d.srcDevice = d + 16;
  copy2d.srcPitch = 16;
  copy2d.dstMemoryType = CU_MEMORYTYPE_HOST;
  copy2d.dstHost = rows;
  copy2d.dstPitch = 16;
  copy2d.WidthInBytes = 8;
  copy2d.Height = 4;
  CU_CHECK(cuMemcpy2D(&copy2d));
  EXPECT(rows[0][0] == 0x02 && rows[1][0] == 0x0D && rows[2][0] == in[32] && rows[3][7] == in[55] &&
         rows[0][8] == 0);
  CUDA_MEMCPY3D copy3d;
  std::memset(&copy3d, 0, sizeof(copy3d));
  copy3d.srcMemoryType = CU_MEMORYTYPE_HOST;
  copy3d.srcHost = in;
  copy3d.srcPitch = 8;
  copy3d.srcHeight = 2;
  copy3d.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy3d.dstDevice = e + 192;
  copy3d.dstPitch = 8;
  copy3d.dstHeight = 2;
  copy3d.WidthInBytes = 8;
  copy3d.Height = 2;
  copy3d.Depth = 2;
  CU_CHECK(cuMemcpy3D(&copy3d));
  CU_CHECK(cuMemcpyDtoH(out, e + 192, 32));
  EXPECT(out[0] == 1 && out[31] == 32);

  // A texture object over linear memory: the resource descriptor's devPtr is a CUdeviceptr.
  CUDA_RESOURCE_DESC res;
  std::memset(&res, 0, sizeof(res));
  res.resType = CU_RESOURCE_TYPE_LINEAR;
  res.res.linear.devPtr = e;
  res.res.linear.format = CU_AD_FORMAT_UNSIGNED_INT32;
  res.res.linear.numChannels = 1;
  res.res.linear.sizeInBytes = bytes;
  CUDA_TEXTURE_DESC tex;
  std::memset(&tex, 0, sizeof(tex));
  CUtexObject texture;
  CU_CHECK(cuTexObjectCreate(&texture, &res, &tex, nullptr));
  CUDA_RESOURCE_DESC back;
  CU_CHECK(cuTexObjectGetResourceDesc(&back, texture));
  EXPECT(back.resType == CU_RESOURCE_TYPE_LINEAR && back.res.linear.devPtr == e &&
         back.res.linear.sizeInBytes == bytes);
  CU_CHECK(cuTexObjectDestroy(texture));

  // Pitched, mapped and managed memory hand out CUdeviceptr too.
  CUdeviceptr pitched = 0;
  size_t pitch = 0;
  CU_CHECK(cuMemAllocPitch(&pitched, &pitch, 100, 4, 4));
  EXPECT(pitched != 0 && pitch >= 100);
  void* host = nullptr;
  CU_CHECK(cuMemHostAlloc(&host, 64, CU_MEMHOSTALLOC_DEVICEMAP));
  CUdeviceptr mapped = 0;
  CU_CHECK(cuMemHostGetDevicePointer(&mapped, host, 0));
  EXPECT(mapped != 0);
  CUdeviceptr managed = 0;
  CU_CHECK(cuMemAllocManaged(&managed, 64, CU_MEM_ATTACH_GLOBAL));
  EXPECT(managed != 0);
  std::printf("deviceptr: pitched 0x%llx (pitch %zu), mapped 0x%llx, managed 0x%llx\n", pitched, pitch,
              mapped, managed);

  // A module's global and a kernel taking the integer as its int*.
  std::string path = argv[0];
  path = path.substr(0, path.find_last_of('/') + 1) + "driver_module.hipfb";
  CUmodule mod;
  CU_CHECK(cuModuleLoad(&mod, path.c_str()));
  CUdeviceptr counter = 0;
  size_t counter_bytes = 0;
  CU_CHECK(cuModuleGetGlobal(&counter, &counter_bytes, mod, "module_counter"));
  int counter_value = 0;
  CU_CHECK(cuMemcpyDtoH(&counter_value, counter, sizeof(counter_value)));
  EXPECT(counter_bytes == sizeof(int) && counter_value == 3);
  CUfunction fn;
  CU_CHECK(cuModuleGetFunction(&fn, mod, "add_value"));
  CU_CHECK(cuMemsetD32(e, 10, 64));
  CUdeviceptr second_half = e + 32 * sizeof(int);
  int value = 5, n = 32;
  void* params[] = {&second_half, &value, &n};
  CU_CHECK(cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, stream, params, nullptr));
  CU_CHECK(cuStreamSynchronize(stream));
  int result[64];
  CU_CHECK(cuMemcpyDtoH(result, e, sizeof(result)));
  EXPECT(result[0] == 10 && result[31] == 10);
  EXPECT_RESULT(result[32] == 15 && result[63] == 15);
  // The integer as a pointer, for the runtime API and kernels of the program.
  int* as_pointer = (int*)e;
  int first = 0;
  CHECK(cudaMemcpy(&first, as_pointer + 1, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(first == 10);

  // HIP's names keep HIP's types in the same program.
  hipDeviceptr_t hip_ptr = (hipDeviceptr_t)(d + 16);
  unsigned char hip_in[4] = {9, 8, 7, 6}, hip_out[4] = {};
  EXPECT(hipMemcpyHtoD(hip_ptr, hip_in, 4) == hipSuccess);
  EXPECT(hipMemcpyDtoH(hip_out, hip_ptr, 4) == hipSuccess);
  EXPECT(hip_out[0] == 9 && hip_out[3] == 6);
  hipDeviceptr_t hip_base = nullptr;
  size_t hip_range = 0;
  EXPECT(hipMemGetAddressRange(&hip_base, &hip_range, hip_ptr) == hipSuccess && hip_base == (void*)d);

  // cuMemsetD2D8/16/32 over the pitched rows (one set a row: the pitch exceeds the row), bytes
  // past each row untouched; a contiguous 2-D set is one set; a misaligned pointer is refused.
  CU_CHECK(cuMemsetD8(pitched, 0, pitch * 4));
  CU_CHECK(cuMemsetD2D32(pitched, pitch, 0x01020304u, 25, 4));
  CU_CHECK(cuMemsetD2D16(pitched, pitch, 0xABCD, 10, 4));
  CU_CHECK(cuMemsetD2D8(pitched, pitch, 0x7F, 4, 4));
  std::vector<unsigned char> pitched_rows(pitch * 4);
  CU_CHECK(cuMemcpyDtoH(pitched_rows.data(), pitched, pitched_rows.size()));
  const unsigned char word[4] = {0x04, 0x03, 0x02, 0x01};
  bool rows_ok = true;
  for (size_t r = 0; r < 4; ++r) {
    const unsigned char* row = pitched_rows.data() + r * pitch;
    for (size_t b = 0; b < pitch; ++b) {
      const unsigned char want = b < 4 ? 0x7F : b < 20 ? ((b & 1) ? 0xAB : 0xCD) : b < 100 ? word[b & 3] : 0;
      rows_ok = rows_ok && row[b] == want;
    }
  }
  EXPECT_RESULT(rows_ok);
  CU_CHECK(cuMemsetD2D32Async(e, 16, 7u, 4, 4, stream));
  CU_CHECK(cuMemsetD2D16Async(e + 64, 8, 0x0101, 4, 2, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  CU_CHECK(cuMemcpyDtoH(result, e, 80));
  EXPECT_RESULT(result[0] == 7 && result[15] == 7 && result[16] == 0x01010101 && result[19] == 0x01010101);
  EXPECT(cuMemsetD2D32(pitched + 2, pitch, 0, 1, 2) == CUDA_ERROR_INVALID_VALUE);
  EXPECT(cuMemsetD2D16(pitched, 3, 0, 1, 2) == CUDA_ERROR_INVALID_VALUE);
  // cuMemcpy / cuMemcpyAsync (unified addressing) and cuMemcpyPeer within one context.
  CU_CHECK(cuMemsetD32(e, 0, 64));
  CU_CHECK(cuMemcpy(e, d + 16, 16));
  CU_CHECK(cuMemcpyAsync(e + 16, d + 16, 16, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  CU_CHECK(cuMemcpyPeer(e + 32, ctx, d + 16, ctx, 16));
  CU_CHECK(cuMemcpyPeerAsync(e + 48, ctx, d + 16, ctx, 16, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  unsigned char copied[64], source[16];
  CU_CHECK(cuMemcpyDtoH(copied, e, 64));
  CU_CHECK(cuMemcpyDtoH(source, d + 16, 16));
  bool copies_ok = true;
  for (int i = 0; i < 64; ++i) copies_ok = copies_ok && copied[i] == source[i % 16];
  EXPECT_RESULT(copies_ok);
  EXPECT(cuMemcpyPeer(e, nullptr, d, ctx, 16) != CUDA_SUCCESS);
  // CUDA 13's cuMemAdvise / cuMemPrefetchAsync take a CUmemLocation; CUDA 12's a device.
  CUmemLocation where = {};
  where.type = CU_MEM_LOCATION_TYPE_DEVICE;
  where.id = dev;
  CU_CHECK(cuMemAdvise(managed, 64, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, where));
  CU_CHECK(cuMemPrefetchAsync(managed, 64, where, 0, stream));
  CU_CHECK(cuMemAdvise(managed, 64, CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION, dev));
  CU_CHECK(cuMemPrefetchAsync(managed, 64, dev, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  EXPECT(cuMemAdvise(0, 64, CU_MEM_ADVISE_SET_READ_MOSTLY, where) != CUDA_SUCCESS);

  CU_CHECK(cuModuleUnload(mod));
  CU_CHECK(cuMemFree(managed));
  CU_CHECK(cuMemFreeHost(host));
  CU_CHECK(cuMemFree(pitched));
  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuMemFree(e));
  CU_CHECK(cuMemFree(d));
  EXPECT(cuMemAlloc(nullptr, 16) != CUDA_SUCCESS);
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  return finish("deviceptr");
}
