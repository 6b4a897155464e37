/* unihip: HIP's texture_types.h -- texture objects, texture references and their descriptors,
 * with HIP's names and values; in C++ also the texture<T, dim, mode> reference template. */
#ifndef UNIHIP_TEXTURE_TYPES_H
#define UNIHIP_TEXTURE_TYPES_H

#include "hip/unihip/enum_base.h"
#include "hip/channel_descriptor.h"
#include "hip/driver_types.h"

#include "hip/unihip/texture_values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque: the runtime defines struct __hip_texture. */
struct __hip_texture;
typedef struct __hip_texture* hipTextureObject_t;

typedef enum hipTextureAddressMode UNIHIP_ENUM_INT {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3
} hipTextureAddressMode;

typedef enum hipTextureFilterMode UNIHIP_ENUM_INT {
  hipFilterModePoint = 0,
  hipFilterModeLinear = 1
} hipTextureFilterMode;

typedef enum hipTextureReadMode UNIHIP_ENUM_INT {
  hipReadModeElementType = 0,
  hipReadModeNormalizedFloat = 1
} hipTextureReadMode;

typedef struct textureReference {
  int normalized;
  enum hipTextureReadMode readMode; /* driver API only */
  enum hipTextureFilterMode filterMode;
  enum hipTextureAddressMode addressMode[3];
  struct hipChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  hipTextureObject_t textureObject;
  int numChannels;
  enum hipArray_Format format;
} textureReference;

typedef struct hipTextureDesc {
  enum hipTextureAddressMode addressMode[3];
  enum hipTextureFilterMode filterMode;
  enum hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
} hipTextureDesc;

#ifdef __cplusplus
} /* extern "C" */
#endif

#ifdef __cplusplus
typedef textureReference* hipTexRef;

/* clang treats a global texture<> as a device texture reference in HIP mode, as HIP's header asks. */
#if defined(__HIP__)
#define UNIHIP_TEXTURE_ATTRIB __attribute__((device_builtin_texture_type))
#else
#define UNIHIP_TEXTURE_ATTRIB
#endif

template <class T, int texType = hipTextureType1D,
          enum hipTextureReadMode mode = hipReadModeElementType>
struct UNIHIP_TEXTURE_ATTRIB texture : public textureReference {
  texture(int norm = 0, enum hipTextureFilterMode fMode = hipFilterModePoint,
          enum hipTextureAddressMode aMode = hipAddressModeClamp) {
    init(norm, fMode, aMode, hipCreateChannelDesc<T>());
  }
  texture(int norm, enum hipTextureFilterMode fMode, enum hipTextureAddressMode aMode,
          struct hipChannelFormatDesc desc) {
    init(norm, fMode, aMode, desc);
  }

 private:
  void init(int norm, enum hipTextureFilterMode fMode, enum hipTextureAddressMode aMode,
            struct hipChannelFormatDesc desc) {
    normalized = norm;
    readMode = mode;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
    textureObject = nullptr;
    maxAnisotropy = 0;
    mipmapFilterMode = hipFilterModePoint;
    mipmapLevelBias = 0;
    minMipmapLevelClamp = 0;
    maxMipmapLevelClamp = 0;
    numChannels = 0;
    format = HIP_AD_FORMAT_FLOAT;
  }
};
#endif /* __cplusplus */

#endif /* UNIHIP_TEXTURE_TYPES_H */
