// CUDA driver types and constants of the graphs family (see cuda_driver_types.h).
#pragma once

namespace unihip::cu {}  // namespace unihip::cu
