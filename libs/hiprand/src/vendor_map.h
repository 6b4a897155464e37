// hipRAND's values against the two vendors' (cuRAND on NVIDIA, rocRAND on AMD), each by one
// table in vendor_map.cpp. A value a vendor lacks maps to -1 (refused before the call).
#pragma once

#include <hiprand/hiprand.h>

namespace unihip::rand {

enum class Vendor : int { curand = 0, rocrand = 1 };

// The vendor's status in hipRAND's terms; codes outside the table: internal error.
hiprandStatus_t fromVendor(Vendor v, int status);
// curandRngType_t / rocrand_rng_type.
int rngToVendor(Vendor v, hiprandRngType_t type);
// curandOrdering_t / rocrand_ordering.
int orderingToVendor(Vendor v, hiprandOrdering_t ordering);
// curandDirectionVectorSet_t / rocrand_direction_vector_set.
int directionSetToVendor(Vendor v, hiprandDirectionVectorSet_t set);

}  // namespace unihip::rand
