// rocFFT, loaded at run time on AMD devices: the entry points unihip's hipFFT uses, each listed
// once (rocFFT's C signatures, its handles as void*, its enums as int).
// Search: $UNIHIP_ROCFFT_LIBRARY alone when set (tests point it at a fake or a missing file),
// else librocfft.so.0, /opt/rocm/lib/librocfft.so.0, librocfft.so. A missing library or entry
// point makes rocFFT unavailable (one log line naming the paths tried or the symbol).
#pragma once

#include <cstddef>

namespace unihip::hipfft {

// X(name, parameters)
#define HIPFFT_ROCFFT_FUNCTIONS(X)                                                             \
  X(rocfft_setup, ())                                                                          \
  X(rocfft_plan_create, (void** plan, int placement, int transform, int precision,             \
                         size_t dimensions, const size_t* lengths, size_t batch, void* desc))  \
  X(rocfft_plan_destroy, (void* plan))                                                         \
  X(rocfft_plan_get_work_buffer_size, (void* plan, size_t* bytes))                             \
  X(rocfft_plan_description_create, (void** desc))                                             \
  X(rocfft_plan_description_destroy, (void* desc))                                             \
  X(rocfft_plan_description_set_data_layout,                                                   \
    (void* desc, int in_array_type, int out_array_type, const size_t* in_offsets,              \
     const size_t* out_offsets, size_t in_strides_size, const size_t* in_strides,              \
     size_t in_distance, size_t out_strides_size, const size_t* out_strides,                   \
     size_t out_distance))                                                                     \
  X(rocfft_plan_description_set_scale_factor, (void* desc, double scale))                      \
  X(rocfft_execution_info_create, (void** info))                                               \
  X(rocfft_execution_info_destroy, (void* info))                                               \
  X(rocfft_execution_info_set_work_buffer, (void* info, void* buffer, size_t bytes))           \
  X(rocfft_execution_info_set_stream, (void* info, void* stream))                              \
  X(rocfft_execute, (void* plan, void** in, void** out, void* info))                           \
  X(rocfft_get_version_string, (char* buffer, size_t length))

struct RocfftLibrary {
#define HIPFFT_ROCFFT_SLOT(name, params) int(*name) params = nullptr;
  HIPFFT_ROCFFT_FUNCTIONS(HIPFFT_ROCFFT_SLOT)
#undef HIPFFT_ROCFFT_SLOT
};

// rocFFT's enum values (rocfft/rocfft.h).
namespace rocfft {
constexpr int kSuccess = 0;
constexpr int kInPlace = 0, kNotInPlace = 1;
constexpr int kComplexForward = 0, kComplexInverse = 1, kRealForward = 2, kRealInverse = 3;
constexpr int kSingle = 0, kDouble = 1;
constexpr int kComplexInterleaved = 0, kReal = 2, kHermitianInterleaved = 3;
}  // namespace rocfft

// The loaded library (rocfft_setup called once), or nullptr when unavailable. Thread-safe.
const RocfftLibrary* rocfftLibrary();

}  // namespace unihip::hipfft
