/* unihip: HIP's hip_gl_interop.h -- OpenGL buffers and images as HIP graphics resources. */
#ifndef UNIHIP_HIP_GL_INTEROP_H
#define UNIHIP_HIP_GL_INTEROP_H

#include "hip/hip_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GL's own types (identical to GL/gl.h's, so both headers may be included). */
typedef unsigned int GLuint;
typedef unsigned int GLenum;

hipError_t hipGLGetDevices(unsigned int* pHipDeviceCount, int* pHipDevices,
                           unsigned int hipDeviceCount, hipGLDeviceList deviceList);
hipError_t hipGraphicsGLRegisterBuffer(hipGraphicsResource** resource, GLuint buffer,
                                       unsigned int flags);
hipError_t hipGraphicsGLRegisterImage(hipGraphicsResource** resource, GLuint image, GLenum target,
                                      unsigned int flags);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_HIP_GL_INTEROP_H */
