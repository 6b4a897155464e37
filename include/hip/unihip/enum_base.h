/* The underlying type of HIP's API enums. In C++ they get a fixed underlying type, int, so any
 * integer a caller passes (C code may pass any int where an enum is declared) is a valid value of
 * the enum: no undefined behaviour when the runtime reads one it does not know, and it answers
 * hipErrorInvalidValue. Size, alignment, calling convention and name mangling are those of the
 * unfixed enums, so the ABI is HIP's. */
#ifndef UNIHIP_ENUM_BASE_H
#define UNIHIP_ENUM_BASE_H
#ifdef __cplusplus
#define UNIHIP_ENUM_INT : int
#else
#define UNIHIP_ENUM_INT
#endif
#endif
