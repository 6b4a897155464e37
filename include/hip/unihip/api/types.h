/* HIP host API types that HIP declares in hip_runtime_api.h: graphs, stream capture, memory
 * pools, VMM, IPC, external resources, launch attributes. */
#ifndef UNIHIP_API_TYPES_H
#define UNIHIP_API_TYPES_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#endif /* UNIHIP_API_TYPES_H */
