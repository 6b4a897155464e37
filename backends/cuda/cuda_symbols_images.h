// libcuda entry points of the images family (UNIHIP_CU_OPTIONAL lines; see cuda_symbols.h).
UNIHIP_CU_OPTIONAL(cuArray3DCreate, CUarray*, const CUDA_ARRAY3D_DESCRIPTOR*)
UNIHIP_CU_OPTIONAL(cuArrayDestroy, CUarray)
UNIHIP_CU_OPTIONAL(cuMipmappedArrayCreate, CUmipmappedArray*, const CUDA_ARRAY3D_DESCRIPTOR*,
                   unsigned int)
UNIHIP_CU_OPTIONAL(cuMipmappedArrayDestroy, CUmipmappedArray)
UNIHIP_CU_OPTIONAL(cuMipmappedArrayGetLevel, CUarray*, CUmipmappedArray, unsigned int)
UNIHIP_CU_OPTIONAL(cuMemcpy3DAsync, const CUDA_MEMCPY3D*, CUstream)
UNIHIP_CU_OPTIONAL(cuTexObjectCreate, CUtexObject*, const CUDA_RESOURCE_DESC*,
                   const CUDA_TEXTURE_DESC*, const CUDA_RESOURCE_VIEW_DESC*)
UNIHIP_CU_OPTIONAL(cuTexObjectDestroy, CUtexObject)
UNIHIP_CU_OPTIONAL(cuSurfObjectCreate, CUsurfObject*, const CUDA_RESOURCE_DESC*)
UNIHIP_CU_OPTIONAL(cuSurfObjectDestroy, CUsurfObject)
// hipExternalMemoryGetMappedMipmappedArray
UNIHIP_CU_OPTIONAL(cuExternalMemoryGetMappedMipmappedArray, CUmipmappedArray*, CUexternalMemory,
                   const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC*)
// hipMemMapArrayAsync
UNIHIP_CU_OPTIONAL(cuMemMapArrayAsync, CUarrayMapInfo*, unsigned int, CUstream)
