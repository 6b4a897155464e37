// Links libhiprand through roc::hiprand and calls it: a NULL argument's status is hipRAND's.
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>

int main() {
  hiprandStatePhilox4_32_10_t s;
  hiprand_init(1, 0, 0, &s);
  return hiprandGetVersion(nullptr) == HIPRAND_STATUS_OUT_OF_RANGE ? 0 : 1;
}
