/* unihip extensions to the HIP host API. */
#ifndef UNIHIP_API_UNIHIP_EXT_H
#define UNIHIP_API_UNIHIP_EXT_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Which backend serves a device: "cuda" or "hsa"; NULL for a bad ordinal. */
const char* unihipGetDeviceBackendName(int deviceId);
/* Backend number `index` (0, 1, ...) as one line: "cuda: 1 device(s)" or
 * "hsa: unavailable: <why>"; NULL past the last. */
const char* unihipGetBackendStatus(int index);
/* How many fat binaries the runtime has parsed (each registered one exactly once). */
uint64_t unihipGetFatBinaryParseCount(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_UNIHIP_EXT_H */
