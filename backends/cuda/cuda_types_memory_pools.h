// CUDA driver types and constants of the memory pools family (see cuda_driver_types.h).
#pragma once

namespace unihip::cu {}  // namespace unihip::cu
