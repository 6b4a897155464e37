/* HIP host API: graphics interop shared by all graphics APIs (map, unmap, mapped pointer/array,
 * unregister). OpenGL registration: hip/hip_gl_interop.h. */
#ifndef UNIHIP_API_INTEROP_H
#define UNIHIP_API_INTEROP_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif

hipError_t hipGraphicsMapResources(int count, hipGraphicsResource_t* resources,
                                   hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipGraphicsUnmapResources(int count, hipGraphicsResource_t* resources,
                                     hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipGraphicsResourceGetMappedPointer(void** devPtr, size_t* size,
                                               hipGraphicsResource_t resource);
hipError_t hipGraphicsSubResourceGetMappedArray(hipArray_t* array, hipGraphicsResource_t resource,
                                                unsigned int arrayIndex, unsigned int mipLevel);
hipError_t hipGraphicsUnregisterResource(hipGraphicsResource_t resource);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_INTEROP_H */
