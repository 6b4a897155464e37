/* HIP host API: stream-ordered allocation and memory pools, IPC, virtual memory management, external resources. */
#ifndef UNIHIP_API_MEMORY_EXT_H
#define UNIHIP_API_MEMORY_EXT_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif



#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_MEMORY_EXT_H */
