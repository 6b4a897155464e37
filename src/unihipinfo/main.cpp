// unihipinfo: which backends unihip found (and why one is unavailable), and every device's
// properties, in the spirit of rocminfo and deviceQuery. Exit 0 with devices, 77 without.
#include <hip/hip_runtime_api.h>

#include <cstdio>

namespace {

void printDevice(int d) {
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, d) != hipSuccess) return;
  std::printf("\nDevice %d: %s\n", d, p.name);
  std::printf("  backend                  %s\n", unihipGetDeviceBackendName(d));
  std::printf("  architecture             %s (compute capability %d.%d)\n", p.gcnArchName, p.major,
              p.minor);
  std::printf("  multiprocessors          %d\n", p.multiProcessorCount);
  std::printf("  warp size                %d\n", p.warpSize);
  std::printf("  clock                    %d MHz\n", p.clockRate / 1000);
  std::printf("  global memory            %.1f GiB\n",
              static_cast<double>(p.totalGlobalMem) / (1u << 30));
  std::printf("  memory clock, bus        %d MHz, %d bits\n", p.memoryClockRate / 1000,
              p.memoryBusWidth);
  std::printf("  L2 cache                 %d KiB\n", p.l2CacheSize / 1024);
  std::printf("  shared memory per block  %zu KiB (opt-in %zu KiB)\n", p.sharedMemPerBlock / 1024,
              p.sharedMemPerBlockOptin / 1024);
  std::printf("  max threads per block    %d (%d x %d x %d)\n", p.maxThreadsPerBlock,
              p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2]);
  std::printf("  max grid                 %d x %d x %d\n", p.maxGridSize[0], p.maxGridSize[1],
              p.maxGridSize[2]);
  std::printf("  PCI                      %04x:%02x:%02x\n", p.pciDomainID, p.pciBusID,
              p.pciDeviceID);
}

}  // namespace

int main() {
  int runtime = 0, driver = 0;
  (void)hipRuntimeGetVersion(&runtime);
  (void)hipDriverGetVersion(&driver);
  // hipDriverGetVersion answers HIP_VERSION, as AMD's runtime does.
  std::printf("unihip %d.%d.%d (HIP %d.%d API), hipRuntimeGetVersion %d, hipDriverGetVersion %d\n",
              UNIHIP_VERSION_MAJOR, UNIHIP_VERSION_MINOR, UNIHIP_VERSION_PATCH, HIP_VERSION_MAJOR,
              HIP_VERSION_MINOR, runtime, driver);
  std::printf("\nBackends:\n");
  for (int i = 0;; ++i) {
    const char* line = unihipGetBackendStatus(i);
    if (line == nullptr) break;
    std::printf("  %s\n", line);
  }
  int count = 0;
  hipError_t err = hipGetDeviceCount(&count);
  std::printf("\nDevices: %d (%s)\n", count, hipGetErrorName(err));
  for (int d = 0; d < count; ++d) printDevice(d);
  return count > 0 ? 0 : 77;
}
