// CUDA driver types and constants of the images family (see cuda_driver_types.h); layouts and
// values as cuda.h declares them.
#pragma once

namespace unihip::cu {

using CUmipmappedArray = struct CUmipmappedArray_st*;
using CUtexObject = unsigned long long;
using CUsurfObject = unsigned long long;

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

// cuMipmappedArrayGetMemoryRequirements answers only for arrays made with deferred mapping.
inline constexpr unsigned CUDA_ARRAY3D_DEFERRED_MAPPING = 0x80;
struct CUDA_ARRAY_MEMORY_REQUIREMENTS {
  size_t size;
  size_t alignment;
  unsigned int reserved[4];
};

struct CUarrayMapInfo {
  int resourceType;  // CUresourcetype
  union {
    CUmipmappedArray mipmap;
    CUarray array;
  } resource;
  int subresourceType;  // CUarraySparseSubresourceType: hipArraySparseSubresourceType's values
  union {
    struct {
      unsigned int level, layer, offsetX, offsetY, offsetZ, extentWidth, extentHeight,
          extentDepth;
    } sparseLevel;
    struct {
      unsigned int layer;
      unsigned long long offset;
      unsigned long long size;
    } miptail;
  } subresource;
  int memOperationType;  // CUmemOperationType: hipMemOperationType's values
  int memHandleType;     // CUmemHandleType: hipMemHandleType's values
  union {
    unsigned long long memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
};

struct CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC {
  unsigned long long offset;
  CUDA_ARRAY3D_DESCRIPTOR arrayDesc;
  unsigned int numLevels;
  unsigned int reserved[16];
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
