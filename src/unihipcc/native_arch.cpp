#include "native_arch.h"

#include <dlfcn.h>

#include <algorithm>

#include "hip/hip_runtime_api.h"
#include "subprocess.h"

namespace unihipcc {

std::vector<std::string> presentGpuArchs(const std::string& libDir) {
  const std::string path = libDir + "/libunihip.so";
  void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    throw ToolFailed("--offload-arch=native: cannot load the runtime '" + path + "': " + dlerror());
  using CountFn = hipError_t (*)(int*);
  // The HIP 6 layout by its versioned name: the plain export keeps HIP 5's layout.
  using PropsFn = hipError_t (*)(hipDeviceProp_tR0600*, int);
  auto count = reinterpret_cast<CountFn>(dlsym(lib, "hipGetDeviceCount"));
  auto props = reinterpret_cast<PropsFn>(dlsym(lib, "hipGetDevicePropertiesR0600"));
  if (!count || !props) throw ToolFailed("--offload-arch=native: '" + path + "' lacks the HIP API");

  int devices = 0;
  if (count(&devices) != hipSuccess || devices == 0)
    throw ToolFailed("--offload-arch=native: no GPU found (unihipinfo says why)");
  std::vector<std::string> archs;
  for (int d = 0; d < devices; ++d) {
    hipDeviceProp_t p{};
    if (props(&p, d) != hipSuccess) continue;
    std::string arch = p.gcnArchName;
    if (!arch.empty() && std::find(archs.begin(), archs.end(), arch) == archs.end())
      archs.push_back(arch);
  }
  // The runtime stays loaded: unloading a GPU driver mid-process is not worth the risk.
  if (archs.empty()) throw ToolFailed("--offload-arch=native: no device reported its arch");
  return archs;
}

}  // namespace unihipcc
