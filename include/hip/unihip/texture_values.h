/* unihip: HIP's texture type numbers and AMD's descriptor sizes, the one definition that
 * texture_types.h and hiprtc's NVRTC prelude both use (no includes: NVRTC reads it as it is). */
#ifndef UNIHIP_TEXTURE_VALUES_H
#define UNIHIP_TEXTURE_VALUES_H

/* Texture types (textureReference dim / texture<> texType). */
#define hipTextureType1D 0x01
#define hipTextureType2D 0x02
#define hipTextureType3D 0x03
#define hipTextureTypeCubemap 0x0C
#define hipTextureType1DLayered 0xF1
#define hipTextureType2DLayered 0xF2
#define hipTextureTypeCubemapLayered 0xFC

/* Sizes of AMD's image and sampler descriptors (as HSA's), in dwords. */
#define HIP_IMAGE_OBJECT_SIZE_DWORD 12
#define HIP_SAMPLER_OBJECT_SIZE_DWORD 8
#define HIP_SAMPLER_OBJECT_OFFSET_DWORD HIP_IMAGE_OBJECT_SIZE_DWORD
#define HIP_TEXTURE_OBJECT_SIZE_DWORD (HIP_IMAGE_OBJECT_SIZE_DWORD + HIP_SAMPLER_OBJECT_SIZE_DWORD)

#endif /* UNIHIP_TEXTURE_VALUES_H */
