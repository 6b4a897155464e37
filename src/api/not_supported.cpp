// hipErrorNotSupported for HIP functions whose family is not implemented yet, logged once each.
#include <mutex>
#include <set>
#include <string>

#include "api/api_boundary.h"

namespace unihip {

Status notSupported(const char* function) {
  static std::mutex mutex;
  static std::set<std::string> logged;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!logged.insert(function).second) return hipErrorNotSupported;
  }
  UNIHIP_LOG_INFO("{} is not supported by unihip yet: returning hipErrorNotSupported", function);
  return hipErrorNotSupported;
}

}  // namespace unihip
