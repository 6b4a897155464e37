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

/* Interop with libraries built on the vendor's own runtime (cuBLAS, NCCL, CUDA-aware MPI on
 * NVIDIA): the vendor handle behind a HIP object. Device pointers need no translation: unihip's
 * are the vendor's (CUdeviceptr on NVIDIA, ROCr addresses on AMD).
 * - stream: NVIDIA: the CUstream, usable as a cudaStream_t (NULL for the null stream, 0x2 for
 *   hipStreamPerThread, as CUDA spells them); AMD: the stream's hsa_queue_t*.
 * - event: NVIDIA: the CUevent (a cudaEvent_t); AMD: hipErrorNotSupported.
 * - context: NVIDIA: the device's primary CUcontext (the one cudart uses); AMD: the
 *   hsa_agent_t's handle.
 * hipErrorInvalidValue for a NULL output; a destroyed stream hipErrorContextIsDestroyed, a
 * destroyed event hipErrorInvalidHandle, a bad ordinal hipErrorInvalidDevice. */
hipError_t unihipStreamGetNativeHandle(hipStream_t stream, void** handle);
hipError_t unihipEventGetNativeHandle(hipEvent_t event, void** handle);
hipError_t unihipDeviceGetNativeContext(int deviceId, void** handle);
/* Makes the device's vendor context (NVIDIA: its primary CUcontext) current on the calling thread,
 * whatever context the thread had: what a vendor library that follows the thread's current context
 * (cuBLAS, cuSPARSE, cuRAND, cuFFT) needs before it makes a handle. A bad ordinal
 * hipErrorInvalidDevice; hipErrorNotSupported where the vendor has no thread context (AMD). */
hipError_t unihipDeviceBindNativeContext(int deviceId);

/* The timeline trace (docs/trace.md). unihipTraceWrite writes what was recorded so far to `path`
 * (NULL: UNIHIP_TRACE's path) after the GPU work recorded so far finished; the trace goes on.
 * hipErrorNotReady when no trace runs, hipErrorInvalidValue when the file cannot be written.
 * unihipTraceRoctx is libroctx64's way in: op 0 mark, 1 push, 2 pop, 3 start, 4 stop (`id`). */
hipError_t unihipTraceWrite(const char* path);
void unihipTraceRoctx(int op, const char* message, uint64_t id);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_UNIHIP_EXT_H */
