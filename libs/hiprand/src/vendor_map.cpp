#include "vendor_map.h"

namespace unihip::rand {
namespace {

// Rows are {hipRAND's value, cuRAND's, rocRAND's}; -1: that vendor has none.
using Row = int[3];

template <int N>
int toVendor(const Row (&table)[N], Vendor v, int hip) {
  for (const Row& r : table)
    if (r[0] == hip) return r[1 + static_cast<int>(v)];
  return -1;
}

// cuRAND's codes are hipRAND's; rocRAND numbers its launch failure and internal error 107
// and 108, and has no PREEXISTING_FAILURE, INITIALIZATION_FAILED or ARCH_MISMATCH.
constexpr Row kStatuses[] = {
    {HIPRAND_STATUS_SUCCESS, 0, 0},
    {HIPRAND_STATUS_VERSION_MISMATCH, 100, 100},
    {HIPRAND_STATUS_NOT_INITIALIZED, 101, 101},  // rocRAND's NOT_CREATED
    {HIPRAND_STATUS_ALLOCATION_FAILED, 102, 102},
    {HIPRAND_STATUS_TYPE_ERROR, 103, 103},
    {HIPRAND_STATUS_OUT_OF_RANGE, 104, 104},
    {HIPRAND_STATUS_LENGTH_NOT_MULTIPLE, 105, 105},
    {HIPRAND_STATUS_DOUBLE_PRECISION_REQUIRED, 106, 106},
    {HIPRAND_STATUS_LAUNCH_FAILURE, 201, 107},
    {HIPRAND_STATUS_PREEXISTING_FAILURE, 202, -1},
    {HIPRAND_STATUS_INITIALIZATION_FAILED, 203, -1},
    {HIPRAND_STATUS_ARCH_MISMATCH, 204, -1},
    {HIPRAND_STATUS_INTERNAL_ERROR, 999, 108},
};

// rocRAND has no test generator; its MT19937, Philox and Sobol64 values differ from hipRAND's.
constexpr Row kRngTypes[] = {
    {HIPRAND_RNG_TEST, 0, -1},
    {HIPRAND_RNG_PSEUDO_DEFAULT, 100, 400},
    {HIPRAND_RNG_PSEUDO_XORWOW, 101, 401},
    {HIPRAND_RNG_PSEUDO_MRG32K3A, 121, 402},
    {HIPRAND_RNG_PSEUDO_MTGP32, 141, 403},
    {HIPRAND_RNG_PSEUDO_MT19937, 142, 407},
    {HIPRAND_RNG_PSEUDO_PHILOX4_32_10, 161, 404},
    {HIPRAND_RNG_QUASI_DEFAULT, 200, 500},
    {HIPRAND_RNG_QUASI_SOBOL32, 201, 501},
    {HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL32, 202, 502},
    {HIPRAND_RNG_QUASI_SOBOL64, 203, 504},
    {HIPRAND_RNG_QUASI_SCRAMBLED_SOBOL64, 204, 505},
};

constexpr Row kOrderings[] = {
    {HIPRAND_ORDERING_PSEUDO_BEST, 100, 100},    {HIPRAND_ORDERING_PSEUDO_DEFAULT, 101, 101},
    {HIPRAND_ORDERING_PSEUDO_SEEDED, 102, 102},  {HIPRAND_ORDERING_PSEUDO_LEGACY, 103, 103},
    {HIPRAND_ORDERING_PSEUDO_DYNAMIC, 104, 104}, {HIPRAND_ORDERING_QUASI_DEFAULT, 201, 201},
};

constexpr Row kDirectionSets[] = {
    {HIPRAND_DIRECTION_VECTORS_32_JOEKUO6, 101, 101},
    {HIPRAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6, 102, 102},
    {HIPRAND_DIRECTION_VECTORS_64_JOEKUO6, 103, 103},
    {HIPRAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6, 104, 104},
};

}  // namespace

hiprandStatus_t fromVendor(Vendor v, int status) {
  for (const Row& r : kStatuses)
    if (status >= 0 && r[1 + static_cast<int>(v)] == status)
      return static_cast<hiprandStatus_t>(r[0]);
  return HIPRAND_STATUS_INTERNAL_ERROR;
}

int rngToVendor(Vendor v, hiprandRngType_t type) { return toVendor(kRngTypes, v, type); }
int orderingToVendor(Vendor v, hiprandOrdering_t o) { return toVendor(kOrderings, v, o); }
int directionSetToVendor(Vendor v, hiprandDirectionVectorSet_t s) {
  return toVendor(kDirectionSets, v, s);
}

}  // namespace unihip::rand
