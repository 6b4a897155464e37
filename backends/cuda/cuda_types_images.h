// CUDA driver types and constants of the images family (see cuda_driver_types.h).
#pragma once

namespace unihip::cu {}  // namespace unihip::cu
