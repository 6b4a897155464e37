/* unihip: hipsparse-export.h -- the symbol visibility and deprecation macros of hipSPARSE's
 * public header, as AMD's build generates them for the shared library. */
#ifndef HIPSPARSE_EXPORT_H
#define HIPSPARSE_EXPORT_H

#ifdef HIPSPARSE_STATIC_DEFINE
#define HIPSPARSE_EXPORT
#define HIPSPARSE_NO_EXPORT
#else
#ifndef HIPSPARSE_EXPORT
#define HIPSPARSE_EXPORT __attribute__((visibility("default")))
#endif
#ifndef HIPSPARSE_NO_EXPORT
#define HIPSPARSE_NO_EXPORT __attribute__((visibility("hidden")))
#endif
#endif

#ifndef HIPSPARSE_DEPRECATED
#define HIPSPARSE_DEPRECATED __attribute__((__deprecated__))
#endif
#ifndef HIPSPARSE_DEPRECATED_EXPORT
#define HIPSPARSE_DEPRECATED_EXPORT HIPSPARSE_EXPORT HIPSPARSE_DEPRECATED
#endif
#ifndef HIPSPARSE_DEPRECATED_NO_EXPORT
#define HIPSPARSE_DEPRECATED_NO_EXPORT HIPSPARSE_NO_EXPORT HIPSPARSE_DEPRECATED
#endif

#endif /* HIPSPARSE_EXPORT_H */
