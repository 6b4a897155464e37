// Synchronization figures on an idle GPU: event record plus sync, stream and device sync.
#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

namespace bench {

void syncBenchmarks() {
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  gpuEvent_t e;
  GPU_CHECK(gpuEventCreate(&e));
  report("event_record_sync", "sync", 0, timeEach(200, kSyncReps, [&] {
           GPU_CHECK(gpuEventRecord(e, s));
           GPU_CHECK(gpuEventSynchronize(e));
         }));
  report("stream_sync_idle", "sync", 1,
         timeEach(200, kSyncReps, [&] { GPU_CHECK(gpuStreamSynchronize(s)); }));
  report("device_sync_idle", "sync", 2,
         timeEach(200, kSyncReps, [&] { GPU_CHECK(gpuDeviceSynchronize()); }));
  GPU_CHECK(gpuEventDestroy(e));
  GPU_CHECK(gpuStreamDestroy(s));
}

}  // namespace bench
