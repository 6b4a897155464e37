/* HIP host API: texture and surface objects, texture references. */
#ifndef UNIHIP_API_TEXTURE_H
#define UNIHIP_API_TEXTURE_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif



#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_TEXTURE_H */
