// Texture references: HIP's codes for bad arguments, NotSupported beyond.
#include "api_cases.h"
#include "core/handles.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("texture references: argument checks, then hipErrorNotSupported", "[api][texref]") {
  installFake();
  textureReference ref{};
  const textureReference* constRef = nullptr;
  textureReference* refOut = nullptr;
  float devMem[64];
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t array = reinterpret_cast<hipArray_t>(0x70);
  hipArray_t arrayOut = nullptr;
  hipMipmappedArray_t mip = reinterpret_cast<hipMipmappedArray_t>(0x80);
  hipMipmappedArray_t mipOut = nullptr;
  HIP_ARRAY_DESCRIPTOR arrayDesc{16, 16, HIP_AD_FORMAT_FLOAT, 1};
  ihipModule_t deadModule;
  ihipModule_t& module = *unihip::moduleTable().create();  // a live handle lives in the slabs
  unihip::HandleTable<ihipModule_t>::publish(&module);
  size_t offset = 0;
  hipDeviceptr_t dptr = nullptr;
  hipTextureAddressMode am;
  hipTextureFilterMode fm;
  hipArray_Format format;
  unsigned int flags = 0;
  int channels = 0, aniso = 0;
  float border[4] = {}, bias = 0, lo = 0, hi = 0;
  static int symbol;

  checkCases({
      {"hipGetTextureReference null out", [&] { return hipGetTextureReference(nullptr, &symbol); }, hipErrorInvalidValue},
      {"hipGetTextureReference null symbol", [&] { return hipGetTextureReference(&constRef, nullptr); }, hipErrorInvalidValue},
      {"hipGetTextureReference", [&] { return hipGetTextureReference(&constRef, &symbol); }, hipErrorNotSupported},
      {"hipModuleGetTexRef null out", [&] { return hipModuleGetTexRef(nullptr, &module, "tex"); }, hipErrorInvalidValue},
      {"hipModuleGetTexRef null name", [&] { return hipModuleGetTexRef(&refOut, &module, nullptr); }, hipErrorInvalidValue},
      {"hipModuleGetTexRef null module", [&] { return hipModuleGetTexRef(&refOut, nullptr, "tex"); }, hipErrorInvalidHandle},
      {"hipModuleGetTexRef unloaded module", [&] { return hipModuleGetTexRef(&refOut, &deadModule, "tex"); }, hipErrorInvalidHandle},
      {"hipModuleGetTexRef empty name", [&] { return hipModuleGetTexRef(&refOut, &module, ""); }, hipErrorInvalidValue},
      {"hipModuleGetTexRef name not in the module", [&] { return hipModuleGetTexRef(&refOut, &module, "missing"); }, hipErrorNotFound},
      {"hipModuleGetTexRef", [&] { return hipModuleGetTexRef(&refOut, &module, "tex"); }, hipErrorNotSupported},
      {"hipGetTextureAlignmentOffset null out", [&] { return hipGetTextureAlignmentOffset(nullptr, &ref); }, hipErrorInvalidValue},
      {"hipGetTextureAlignmentOffset null ref", [&] { return hipGetTextureAlignmentOffset(&offset, nullptr); }, hipErrorInvalidValue},
      {"hipGetTextureAlignmentOffset", [&] { return hipGetTextureAlignmentOffset(&offset, &ref); }, hipErrorNotSupported},
      {"hipBindTexture null ref", [&] { return hipBindTexture(&offset, nullptr, devMem, &desc, sizeof devMem); }, hipErrorInvalidValue},
      {"hipBindTexture null ptr", [&] { return hipBindTexture(&offset, &ref, nullptr, &desc, sizeof devMem); }, hipErrorInvalidValue},
      {"hipBindTexture null desc", [&] { return hipBindTexture(&offset, &ref, devMem, nullptr); }, hipErrorInvalidValue},
      {"hipBindTexture null offset", [&] { return hipBindTexture(nullptr, &ref, devMem, &desc); }, hipErrorNotSupported},
      {"hipBindTexture2D null desc", [&] { return hipBindTexture2D(&offset, &ref, devMem, nullptr, 8, 8, 32); }, hipErrorInvalidValue},
      {"hipBindTexture2D", [&] { return hipBindTexture2D(&offset, &ref, devMem, &desc, 8, 8, 32); }, hipErrorNotSupported},
      {"hipBindTextureToArray null array", [&] { return hipBindTextureToArray(&ref, nullptr, &desc); }, hipErrorInvalidValue},
      {"hipBindTextureToArray null ref", [&] { return hipBindTextureToArray(nullptr, array, &desc); }, hipErrorInvalidValue},
      {"hipBindTextureToArray", [&] { return hipBindTextureToArray(&ref, array, &desc); }, hipErrorNotSupported},
      {"hipBindTextureToMipmappedArray null desc", [&] { return hipBindTextureToMipmappedArray(&ref, mip, nullptr); }, hipErrorInvalidValue},
      {"hipBindTextureToMipmappedArray", [&] { return hipBindTextureToMipmappedArray(&ref, mip, &desc); }, hipErrorNotSupported},
      {"hipUnbindTexture null", [&] { return hipUnbindTexture(nullptr); }, hipErrorInvalidValue},
      {"hipUnbindTexture", [&] { return hipUnbindTexture(&ref); }, hipErrorNotSupported},
      {"hipTexRefGetAddress null out", [&] { return hipTexRefGetAddress(nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetAddress", [&] { return hipTexRefGetAddress(&dptr, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetAddressMode null out", [&] { return hipTexRefGetAddressMode(nullptr, &ref, 0); }, hipErrorInvalidValue},
      {"hipTexRefGetAddressMode dim 2", [&] { return hipTexRefGetAddressMode(&am, &ref, 2); }, hipErrorInvalidValue},
      {"hipTexRefGetAddressMode", [&] { return hipTexRefGetAddressMode(&am, &ref, 1); }, hipErrorNotSupported},
      {"hipTexRefGetArray null ref", [&] { return hipTexRefGetArray(&arrayOut, nullptr); }, hipErrorInvalidValue},
      {"hipTexRefGetArray", [&] { return hipTexRefGetArray(&arrayOut, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetBorderColor null out", [&] { return hipTexRefGetBorderColor(nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetBorderColor", [&] { return hipTexRefGetBorderColor(border, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetFilterMode null ref", [&] { return hipTexRefGetFilterMode(&fm, nullptr); }, hipErrorInvalidValue},
      {"hipTexRefGetFilterMode", [&] { return hipTexRefGetFilterMode(&fm, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetFlags null out", [&] { return hipTexRefGetFlags(nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetFlags", [&] { return hipTexRefGetFlags(&flags, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetFormat null channels", [&] { return hipTexRefGetFormat(&format, nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetFormat", [&] { return hipTexRefGetFormat(&format, &channels, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetMaxAnisotropy null out", [&] { return hipTexRefGetMaxAnisotropy(nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetMaxAnisotropy", [&] { return hipTexRefGetMaxAnisotropy(&aniso, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetMipMappedArray null out", [&] { return hipTexRefGetMipMappedArray(nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetMipMappedArray", [&] { return hipTexRefGetMipMappedArray(&mipOut, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetMipmapFilterMode null ref", [&] { return hipTexRefGetMipmapFilterMode(&fm, nullptr); }, hipErrorInvalidValue},
      {"hipTexRefGetMipmapFilterMode", [&] { return hipTexRefGetMipmapFilterMode(&fm, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetMipmapLevelBias null out", [&] { return hipTexRefGetMipmapLevelBias(nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetMipmapLevelBias", [&] { return hipTexRefGetMipmapLevelBias(&bias, &ref); }, hipErrorNotSupported},
      {"hipTexRefGetMipmapLevelClamp null max", [&] { return hipTexRefGetMipmapLevelClamp(&lo, nullptr, &ref); }, hipErrorInvalidValue},
      {"hipTexRefGetMipmapLevelClamp", [&] { return hipTexRefGetMipmapLevelClamp(&lo, &hi, &ref); }, hipErrorNotSupported},
      {"hipTexRefSetAddress null ref", [&] { return hipTexRefSetAddress(&offset, nullptr, devMem, sizeof devMem); }, hipErrorInvalidValue},
      {"hipTexRefSetAddress", [&] { return hipTexRefSetAddress(&offset, &ref, devMem, sizeof devMem); }, hipErrorNotSupported},
      {"hipTexRefSetAddress2D null desc", [&] { return hipTexRefSetAddress2D(&ref, nullptr, devMem, 64); }, hipErrorInvalidValue},
      {"hipTexRefSetAddress2D", [&] { return hipTexRefSetAddress2D(&ref, &arrayDesc, devMem, 64); }, hipErrorNotSupported},
      {"hipTexRefSetAddressMode null ref", [&] { return hipTexRefSetAddressMode(nullptr, 0, hipAddressModeWrap); }, hipErrorInvalidValue},
      {"hipTexRefSetAddressMode dim 3", [&] { return hipTexRefSetAddressMode(&ref, 3, hipAddressModeWrap); }, hipErrorInvalidValue},
      {"hipTexRefSetAddressMode dim -1", [&] { return hipTexRefSetAddressMode(&ref, -1, hipAddressModeWrap); }, hipErrorInvalidValue},
      {"hipTexRefSetAddressMode", [&] { return hipTexRefSetAddressMode(&ref, 2, hipAddressModeWrap); }, hipErrorNotSupported},
      {"hipTexRefSetArray null array", [&] { return hipTexRefSetArray(&ref, nullptr, HIP_TRSA_OVERRIDE_FORMAT); }, hipErrorInvalidValue},
      {"hipTexRefSetArray flags 0", [&] { return hipTexRefSetArray(&ref, array, 0); }, hipErrorInvalidValue},
      {"hipTexRefSetArray", [&] { return hipTexRefSetArray(&ref, array, HIP_TRSA_OVERRIDE_FORMAT); }, hipErrorNotSupported},
      {"hipTexRefSetBorderColor null color", [&] { return hipTexRefSetBorderColor(&ref, nullptr); }, hipErrorInvalidValue},
      {"hipTexRefSetBorderColor", [&] { return hipTexRefSetBorderColor(&ref, border); }, hipErrorNotSupported},
      {"hipTexRefSetFilterMode null", [&] { return hipTexRefSetFilterMode(nullptr, hipFilterModePoint); }, hipErrorInvalidValue},
      {"hipTexRefSetFilterMode", [&] { return hipTexRefSetFilterMode(&ref, hipFilterModeLinear); }, hipErrorNotSupported},
      {"hipTexRefSetFlags null", [&] { return hipTexRefSetFlags(nullptr, HIP_TRSF_READ_AS_INTEGER); }, hipErrorInvalidValue},
      {"hipTexRefSetFlags", [&] { return hipTexRefSetFlags(&ref, HIP_TRSF_NORMALIZED_COORDINATES); }, hipErrorNotSupported},
      {"hipTexRefSetFormat null", [&] { return hipTexRefSetFormat(nullptr, HIP_AD_FORMAT_FLOAT, 1); }, hipErrorInvalidValue},
      {"hipTexRefSetFormat", [&] { return hipTexRefSetFormat(&ref, HIP_AD_FORMAT_FLOAT, 1); }, hipErrorNotSupported},
      {"hipTexRefSetMaxAnisotropy null", [&] { return hipTexRefSetMaxAnisotropy(nullptr, 4); }, hipErrorInvalidValue},
      {"hipTexRefSetMaxAnisotropy", [&] { return hipTexRefSetMaxAnisotropy(&ref, 4); }, hipErrorNotSupported},
      {"hipTexRefSetMipmapFilterMode null", [&] { return hipTexRefSetMipmapFilterMode(nullptr, hipFilterModePoint); }, hipErrorInvalidValue},
      {"hipTexRefSetMipmapFilterMode", [&] { return hipTexRefSetMipmapFilterMode(&ref, hipFilterModePoint); }, hipErrorNotSupported},
      {"hipTexRefSetMipmapLevelBias null", [&] { return hipTexRefSetMipmapLevelBias(nullptr, 0.5f); }, hipErrorInvalidValue},
      {"hipTexRefSetMipmapLevelBias", [&] { return hipTexRefSetMipmapLevelBias(&ref, 0.5f); }, hipErrorNotSupported},
      {"hipTexRefSetMipmapLevelClamp null", [&] { return hipTexRefSetMipmapLevelClamp(nullptr, 0, 4); }, hipErrorInvalidValue},
      {"hipTexRefSetMipmapLevelClamp", [&] { return hipTexRefSetMipmapLevelClamp(&ref, 0, 4); }, hipErrorNotSupported},
      {"hipTexRefSetMipmappedArray null array", [&] { return hipTexRefSetMipmappedArray(&ref, nullptr, HIP_TRSA_OVERRIDE_FORMAT); }, hipErrorInvalidValue},
      {"hipTexRefSetMipmappedArray flags 0", [&] { return hipTexRefSetMipmappedArray(&ref, mip, 0); }, hipErrorInvalidValue},
      {"hipTexRefSetMipmappedArray", [&] { return hipTexRefSetMipmappedArray(&ref, mip, HIP_TRSA_OVERRIDE_FORMAT); }, hipErrorNotSupported},
  });
}

TEST_CASE("texture references: the C++ texture<> overloads reach the C entry points",
          "[api][texref]") {
  installFake();
  texture<float, hipTextureType1D, hipReadModeElementType> tex;
  float devMem[16];
  size_t offset = 0;
  CHECK(hipBindTexture(&offset, tex, devMem, sizeof devMem) == hipErrorNotSupported);
  CHECK(hipBindTexture(&offset, tex, nullptr, tex.channelDesc) == hipErrorInvalidValue);
  CHECK(hipBindTexture2D(&offset, tex, nullptr, 4, 4, 16) == hipErrorInvalidValue);
  CHECK(hipBindTextureToArray(tex, nullptr, tex.channelDesc) == hipErrorInvalidValue);
  // Without a channel descriptor the array's is asked for first (hipGetChannelDesc), whose
  // answer for a null array is AMD's hipErrorInvalidHandle.
  CHECK(hipBindTextureToArray(tex, nullptr) == hipErrorInvalidHandle);
  CHECK(hipUnbindTexture(tex) == hipErrorNotSupported);
  (void)hipGetLastError();
}
