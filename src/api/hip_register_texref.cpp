// The registration calls clang emits for file-scope texture and surface references. Texture
// references (deprecated) are not implemented: the registration is noted and ignored, so the
// program starts; using the reference then fails in the texture-reference API.
#include "api/api_boundary.h"

UNIHIP_EXPORT void __hipRegisterSurface(void** modules, void* var, char* hostVar, char* deviceVar,
                                        int type, int ext) {
  UNIHIP_TRACE_API("__hipRegisterSurface({}, {}, {}, {}, {})", fmt::ptr(modules), var,
                   deviceVar ? deviceVar : "(null)", type, ext);
  (void)hostVar;
  (void)::unihip::notSupported("__hipRegisterSurface");
}

UNIHIP_EXPORT void __hipRegisterTexture(void** modules, void* var, char* hostVar, char* deviceVar,
                                        int type, int norm, int ext) {
  UNIHIP_TRACE_API("__hipRegisterTexture({}, {}, {}, {}, {}, {})", fmt::ptr(modules), var,
                   deviceVar ? deviceVar : "(null)", type, norm, ext);
  (void)hostVar;
  (void)::unihip::notSupported("__hipRegisterTexture");
}
