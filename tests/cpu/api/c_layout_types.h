/* The public types whose layout C and C++ must agree on (checked by test_headers.cpp against
 * c_header_check.c). One X(type) per line; usable from C and C++. */
#define UNIHIP_C_LAYOUT_TYPES(X)               \
  X(hipChannelFormatDesc)                      \
  X(HIP_ARRAY_DESCRIPTOR)                      \
  X(HIP_ARRAY3D_DESCRIPTOR)                    \
  X(hip_Memcpy2D)                              \
  X(hipMipmappedArray)                         \
  X(hipResourceDesc)                           \
  X(HIP_RESOURCE_DESC)                         \
  X(struct hipResourceViewDesc)                \
  X(HIP_RESOURCE_VIEW_DESC)                    \
  X(HIP_TEXTURE_DESC)                          \
  X(hipPitchedPtr)                             \
  X(hipExtent)                                 \
  X(hipPos)                                    \
  X(hipMemcpy3DParms)                          \
  X(HIP_MEMCPY3D)                              \
  X(hipMemLocation)                            \
  X(hipMemcpyAttributes)                       \
  X(hipMemcpy3DBatchOp)                        \
  X(hipMemcpy3DPeerParms)                      \
  X(hipIpcMemHandle_t)                         \
  X(hipIpcEventHandle_t)                       \
  X(hipMemAccessDesc)                          \
  X(hipMemPoolProps)                           \
  X(hipMemPoolPtrExportData)                   \
  X(hipMemAllocationProp)                      \
  X(hipArrayMapInfo)                           \
  X(hipExternalMemoryHandleDesc)               \
  X(hipExternalMemoryBufferDesc)               \
  X(hipExternalMemoryMipmappedArrayDesc)       \
  X(hipExternalSemaphoreHandleDesc)            \
  X(hipExternalSemaphoreSignalParams)          \
  X(hipExternalSemaphoreWaitParams)            \
  X(textureReference)                          \
  X(hipTextureDesc)                            \
  X(surfaceReference)
