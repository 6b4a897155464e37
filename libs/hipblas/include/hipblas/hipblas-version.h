/* unihip: the hipBLAS release whose API libhipblas implements. */
#ifndef HIPBLAS_VERSION_H
#define HIPBLAS_VERSION_H
#define hipblasVersionMajor 3
#define hipblasVersionMinor 1
#define hipblasVersionPatch 0
#endif
