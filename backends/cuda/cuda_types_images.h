// CUDA driver types and constants of the images family (see cuda_driver_types.h); layouts and
// values as cuda.h declares them.
#pragma once

namespace unihip::cu {

using CUarray = struct CUarray_st*;
using CUmipmappedArray = struct CUmipmappedArray_st*;
using CUtexObject = unsigned long long;
using CUsurfObject = unsigned long long;

// CUmemorytype
inline constexpr int CU_MEMORYTYPE_HOST = 0x01;
inline constexpr int CU_MEMORYTYPE_DEVICE = 0x02;
inline constexpr int CU_MEMORYTYPE_ARRAY = 0x03;
inline constexpr int CU_MEMORYTYPE_UNIFIED = 0x04;

// CUresourcetype
inline constexpr int CU_RESOURCE_TYPE_ARRAY = 0x00;
inline constexpr int CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01;
inline constexpr int CU_RESOURCE_TYPE_LINEAR = 0x02;
inline constexpr int CU_RESOURCE_TYPE_PITCH2D = 0x03;

struct CUDA_ARRAY3D_DESCRIPTOR {
  size_t Width;
  size_t Height;
  size_t Depth;
  int Format;  // CUarray_format: the same values as hipArray_Format
  unsigned int NumChannels;
  unsigned int Flags;
};

struct CUDA_MEMCPY3D {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  int srcMemoryType;
  const void* srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void* reserved0;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  int dstMemoryType;
  void* dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void* reserved1;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
};

struct CUDA_RESOURCE_DESC {
  int resType;
  union {
    struct {
      CUarray hArray;
    } array;
    struct {
      CUmipmappedArray hMipmappedArray;
    } mipmap;
    struct {
      CUdeviceptr devPtr;
      int format;
      unsigned int numChannels;
      size_t sizeInBytes;
    } linear;
    struct {
      CUdeviceptr devPtr;
      int format;
      unsigned int numChannels;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
};

struct CUDA_TEXTURE_DESC {
  int addressMode[3];
  int filterMode;
  unsigned int flags;
  unsigned int maxAnisotropy;
  int mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  float borderColor[4];
  int reserved[12];
};

struct CUDA_RESOURCE_VIEW_DESC {
  int format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
  unsigned int reserved[16];
};

}  // namespace unihip::cu
