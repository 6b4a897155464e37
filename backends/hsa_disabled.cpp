// Stands in for the HSA backend in builds configured with -DUNIHIP_BACKEND_HSA=OFF.
#include "backend.h"

namespace unihip {

std::unique_ptr<Backend> createHsaBackend(std::string* reason) {
  *reason = "HSA backend disabled at build time (UNIHIP_BACKEND_HSA=OFF)";
  return nullptr;
}

}  // namespace unihip
