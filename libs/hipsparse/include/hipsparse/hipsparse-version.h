/* unihip: the hipSPARSE release whose API libhipsparse implements (ROCm 7.2's). */
#ifndef HIPSPARSE_VERSION_H
#define HIPSPARSE_VERSION_H
#define hipsparseVersionMajor 4
#define hipsparseVersionMinor 2
#define hipsparseVersionPatch 0
#define hipsparseVersionTweak unihip
#endif /* HIPSPARSE_VERSION_H */
