/* unihip: hipsolver-export.h -- the symbol visibility and deprecation macros of hipSOLVER's
 * public header, as AMD's build generates them for the shared library. */
#ifndef HIPSOLVER_EXPORT_H
#define HIPSOLVER_EXPORT_H

#ifdef HIPSOLVER_STATIC_DEFINE
#define HIPSOLVER_EXPORT
#define HIPSOLVER_NO_EXPORT
#else
#ifndef HIPSOLVER_EXPORT
#define HIPSOLVER_EXPORT __attribute__((visibility("default")))
#endif
#ifndef HIPSOLVER_NO_EXPORT
#define HIPSOLVER_NO_EXPORT __attribute__((visibility("hidden")))
#endif
#endif

#ifndef HIPSOLVER_DEPRECATED
#define HIPSOLVER_DEPRECATED __attribute__((__deprecated__))
#endif
#ifndef HIPSOLVER_DEPRECATED_EXPORT
#define HIPSOLVER_DEPRECATED_EXPORT HIPSOLVER_EXPORT HIPSOLVER_DEPRECATED
#endif
#ifndef HIPSOLVER_DEPRECATED_NO_EXPORT
#define HIPSOLVER_DEPRECATED_NO_EXPORT HIPSOLVER_NO_EXPORT HIPSOLVER_DEPRECATED
#endif

#endif /* HIPSOLVER_EXPORT_H */
