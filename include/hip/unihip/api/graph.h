/* HIP host API: graphs and stream capture. */
#ifndef UNIHIP_API_GRAPH_H
#define UNIHIP_API_GRAPH_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif



#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_GRAPH_H */
