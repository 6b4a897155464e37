// Which image of a fat binary an NVIDIA device runs. Pure function, tested without a GPU.
#pragma once

#include <span>

#include "base/status.h"
#include "base/bundle.h"

namespace unihip::cu {

// Order, as the CUDA runtime chooses: a cubin for the device's exact SM; else a cubin of the
// same major and a lower minor (binary compatible, not an arch-specific "a"/"f" one); else the
// newest PTX not newer than the device, which the driver JIT-compiles. hipErrorNoBinaryForGpu
// when none fits. `sm` is major * 10 + minor.
Status selectCudaImage(std::span<const BundleEntry> entries, int sm, size_t* index);

// "sm_90" -> 90, "sm_90a" -> 90 (archSpecific), "compute_100" -> 100; -1 when not of that form.
int parseSmTarget(std::string_view target, std::string_view prefix, bool* archSpecific);

}  // namespace unihip::cu
