/* unihip: the hipSOLVER release whose API libhipsolver implements (hipSOLVER 3.7). */
#ifndef HIPSOLVER_VERSION_H
#define HIPSOLVER_VERSION_H
#define hipsolverVersionMajor 3
#define hipsolverVersionMinor 7
#define hipsolverVersionPatch 0
#define hipsolverVersionTweak unihip
#endif /* HIPSOLVER_VERSION_H */
