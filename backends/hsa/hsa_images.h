// The images family (arrays, texture and surface objects) on AMD: not implemented yet. ROCr's
// image extension (hsa_ext_image_*) would carry it; HsaBackend::images() stays null, so these
// answer hipErrorNotSupported after their argument checks (array sides of hipMemcpy3D &co. too).
// unihip-coverage: not-supported hipMallocArray hipMalloc3DArray hipArrayCreate hipArray3DCreate hipFreeArray hipArrayDestroy
// unihip-coverage: not-supported hipArrayGetInfo hipArrayGetDescriptor hipArray3DGetDescriptor hipGetChannelDesc
// unihip-coverage: not-supported hipMemcpy2DToArray hipMemcpy2DToArrayAsync hipMemcpy2DToArray_spt hipMemcpy2DToArrayAsync_spt
// unihip-coverage: not-supported hipMemcpy2DFromArray hipMemcpy2DFromArrayAsync hipMemcpy2DFromArray_spt hipMemcpy2DFromArrayAsync_spt
// unihip-coverage: not-supported hipMemcpy2DArrayToArray hipMemcpyToArray hipMemcpyFromArray hipMemcpyFromArray_spt
// unihip-coverage: not-supported hipMemcpyAtoA hipMemcpyAtoD hipMemcpyDtoA hipMemcpyAtoH hipMemcpyHtoA hipMemcpyAtoHAsync hipMemcpyHtoAAsync
// unihip-coverage: not-supported hipMallocMipmappedArray hipFreeMipmappedArray hipGetMipmappedArrayLevel hipMipmappedArrayCreate hipMipmappedArrayDestroy hipMipmappedArrayGetLevel
// unihip-coverage: not-supported hipCreateTextureObject hipDestroyTextureObject hipGetTextureObjectResourceDesc hipGetTextureObjectResourceViewDesc hipGetTextureObjectTextureDesc
// unihip-coverage: not-supported hipTexObjectCreate hipTexObjectDestroy hipTexObjectGetResourceDesc hipTexObjectGetResourceViewDesc hipTexObjectGetTextureDesc
// unihip-coverage: not-supported hipCreateSurfaceObject hipDestroySurfaceObject hipDeviceGetTexture1DLinearMaxWidth
// unihip-coverage: not-supported hipExternalMemoryGetMappedMipmappedArray
#pragma once
