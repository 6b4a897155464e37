// Texture references (deprecated in HIP: hipBindTexture*, hipTexRef*, hipModuleGetTexRef):
// arguments are checked as AMD's runtime checks them; binding is not implemented yet
// (hipErrorNotSupported).
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "core/handles.h"
#include "core/runtime.h"

using namespace unihip;

namespace {

// Every texture-reference call needs its reference and its in/out pointers.
template <typename... P>
Status required(const P*... pointers) {
  return anyNull(pointers...) ? Status(hipErrorInvalidValue) : kOk;
}

// Binding an array (or mipmapped array) by reference takes HIP_TRSA_OVERRIDE_FORMAT only.
Status checkSetArrayFlags(unsigned int flags) {
  return flags == HIP_TRSA_OVERRIDE_FORMAT ? kOk : Status(hipErrorInvalidValue);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGetTextureReference(const textureReference** texref,
                                                const void* symbol) {
  UNIHIP_TRACE_hipGetTextureReference(texref, symbol);
  UNIHIP_RETURN_IF_FAILED(required(texref, symbol));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipModuleGetTexRef(textureReference** texRef, hipModule_t hmod,
                                            const char* name) {
  UNIHIP_TRACE_hipModuleGetTexRef(texRef, hmod, name);
  // AMD's order and codes: the pointers and an empty name, the module, then the name looked up
  // in it (hipErrorNotFound for a name it lacks). A reference the module has cannot be handed
  // out: binding references is not implemented.
  UNIHIP_RETURN_IF_FAILED(required(texRef, name));
  if (name[0] == '\0') UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isLive(hmod)) UNIHIP_RETURN(hipErrorInvalidHandle);
  Device* d = Runtime::get().device(hmod->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  void* address = nullptr;
  size_t bytes = 0;
  if (!d->backend->getGlobal(d->local, hmod->native, name, &address, &bytes).ok())
    UNIHIP_RETURN(hipErrorNotFound);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGetTextureAlignmentOffset(size_t* offset,
                                                      const textureReference* texref) {
  UNIHIP_TRACE_hipGetTextureAlignmentOffset(offset, texref);
  UNIHIP_RETURN_IF_FAILED(required(offset, texref));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// `offset` may be null: memory from hipMalloc is aligned, so there is no offset to report.
UNIHIP_EXPORT hipError_t hipBindTexture(size_t* offset, const textureReference* tex,
                                        const void* devPtr, const hipChannelFormatDesc* desc,
                                        size_t size) {
  UNIHIP_TRACE_hipBindTexture(offset, tex, devPtr, desc, size);
  UNIHIP_RETURN_IF_FAILED(required(tex, devPtr, desc));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipBindTexture2D(size_t* offset, const textureReference* tex,
                                          const void* devPtr, const hipChannelFormatDesc* desc,
                                          size_t width, size_t height, size_t pitch) {
  UNIHIP_TRACE_hipBindTexture2D(offset, tex, devPtr, desc, width, height, pitch);
  UNIHIP_RETURN_IF_FAILED(required(tex, devPtr, desc));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipBindTextureToArray(const textureReference* tex,
                                               hipArray_const_t array,
                                               const hipChannelFormatDesc* desc) {
  UNIHIP_TRACE_hipBindTextureToArray(tex, array, desc);
  UNIHIP_RETURN_IF_FAILED(required(tex, array, desc));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipBindTextureToMipmappedArray(const textureReference* tex,
                                                        hipMipmappedArray_const_t mipmappedArray,
                                                        const hipChannelFormatDesc* desc) {
  UNIHIP_TRACE_hipBindTextureToMipmappedArray(tex, mipmappedArray, desc);
  UNIHIP_RETURN_IF_FAILED(required(tex, mipmappedArray, desc));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipUnbindTexture(const textureReference* tex) {
  UNIHIP_TRACE_hipUnbindTexture(tex);
  UNIHIP_RETURN_IF_FAILED(required(tex));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetAddress(hipDeviceptr_t* dev_ptr,
                                             const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetAddress(dev_ptr, texRef);
  UNIHIP_RETURN_IF_FAILED(required(dev_ptr, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// AMD's runtime accepts dimensions 0 and 1 here (0 to 2 when setting).
UNIHIP_EXPORT hipError_t hipTexRefGetAddressMode(enum hipTextureAddressMode* pam,
                                                 const textureReference* texRef, int dim) {
  UNIHIP_TRACE_hipTexRefGetAddressMode(pam, texRef, dim);
  UNIHIP_RETURN_IF_FAILED(required(pam, texRef));
  if (dim != 0 && dim != 1) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetArray(hipArray_t* pArray, const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetArray(pArray, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pArray, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetBorderColor(float* pBorderColor,
                                                 const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetBorderColor(pBorderColor, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pBorderColor, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetFilterMode(enum hipTextureFilterMode* pfm,
                                                const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetFilterMode(pfm, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pfm, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetFlags(unsigned int* pFlags, const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetFlags(pFlags, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pFlags, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetFormat(hipArray_Format* pFormat, int* pNumChannels,
                                            const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetFormat(pFormat, pNumChannels, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pFormat, pNumChannels, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetMaxAnisotropy(int* pmaxAnsio,
                                                   const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetMaxAnisotropy(pmaxAnsio, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pmaxAnsio, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetMipMappedArray(hipMipmappedArray_t* pArray,
                                                    const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetMipMappedArray(pArray, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pArray, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetMipmapFilterMode(enum hipTextureFilterMode* pfm,
                                                      const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetMipmapFilterMode(pfm, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pfm, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetMipmapLevelBias(float* pbias,
                                                     const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetMipmapLevelBias(pbias, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pbias, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefGetMipmapLevelClamp(float* pminMipmapLevelClamp,
                                                      float* pmaxMipmapLevelClamp,
                                                      const textureReference* texRef) {
  UNIHIP_TRACE_hipTexRefGetMipmapLevelClamp(pminMipmapLevelClamp, pmaxMipmapLevelClamp, texRef);
  UNIHIP_RETURN_IF_FAILED(required(pminMipmapLevelClamp, pmaxMipmapLevelClamp, texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetAddress(size_t* ByteOffset, textureReference* texRef,
                                             hipDeviceptr_t dptr, size_t bytes) {
  UNIHIP_TRACE_hipTexRefSetAddress(ByteOffset, texRef, dptr, bytes);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetAddress2D(textureReference* texRef,
                                               const HIP_ARRAY_DESCRIPTOR* desc,
                                               hipDeviceptr_t dptr, size_t Pitch) {
  UNIHIP_TRACE_hipTexRefSetAddress2D(texRef, desc, dptr, Pitch);
  UNIHIP_RETURN_IF_FAILED(required(texRef, desc));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetAddressMode(textureReference* texRef, int dim,
                                                 enum hipTextureAddressMode am) {
  UNIHIP_TRACE_hipTexRefSetAddressMode(texRef, dim, am);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  if (dim < 0 || dim > 2) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetArray(textureReference* tex, hipArray_const_t array,
                                           unsigned int flags) {
  UNIHIP_TRACE_hipTexRefSetArray(tex, array, flags);
  UNIHIP_RETURN_IF_FAILED(required(tex, array));
  UNIHIP_RETURN_IF_FAILED(checkSetArrayFlags(flags));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetBorderColor(textureReference* texRef, float* pBorderColor) {
  UNIHIP_TRACE_hipTexRefSetBorderColor(texRef, pBorderColor);
  UNIHIP_RETURN_IF_FAILED(required(texRef, pBorderColor));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetFilterMode(textureReference* texRef,
                                                enum hipTextureFilterMode fm) {
  UNIHIP_TRACE_hipTexRefSetFilterMode(texRef, fm);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetFlags(textureReference* texRef, unsigned int Flags) {
  UNIHIP_TRACE_hipTexRefSetFlags(texRef, Flags);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetFormat(textureReference* texRef, hipArray_Format fmt,
                                            int NumPackedComponents) {
  UNIHIP_TRACE_hipTexRefSetFormat(texRef, fmt, NumPackedComponents);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetMaxAnisotropy(textureReference* texRef,
                                                   unsigned int maxAniso) {
  UNIHIP_TRACE_hipTexRefSetMaxAnisotropy(texRef, maxAniso);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetMipmapFilterMode(textureReference* texRef,
                                                      enum hipTextureFilterMode fm) {
  UNIHIP_TRACE_hipTexRefSetMipmapFilterMode(texRef, fm);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetMipmapLevelBias(textureReference* texRef, float bias) {
  UNIHIP_TRACE_hipTexRefSetMipmapLevelBias(texRef, bias);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetMipmapLevelClamp(textureReference* texRef,
                                                      float minMipMapLevelClamp,
                                                      float maxMipMapLevelClamp) {
  UNIHIP_TRACE_hipTexRefSetMipmapLevelClamp(texRef, minMipMapLevelClamp, maxMipMapLevelClamp);
  UNIHIP_RETURN_IF_FAILED(required(texRef));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexRefSetMipmappedArray(textureReference* texRef,
                                                    struct hipMipmappedArray* mipmappedArray,
                                                    unsigned int Flags) {
  UNIHIP_TRACE_hipTexRefSetMipmappedArray(texRef, mipmappedArray, Flags);
  UNIHIP_RETURN_IF_FAILED(required(texRef, mipmappedArray));
  UNIHIP_RETURN_IF_FAILED(checkSetArrayFlags(Flags));
  UNIHIP_RETURN_NOT_SUPPORTED();
}
