#!/usr/bin/env bash
# The main command: installs what is missing, builds what it runs (the libraries, unihipcc/hipcc,
# hipconfig, unihipinfo and the samples; no test suites), then, with a GPU, runs the samples
# through libunihip; without one, prints the device report and the contents of a sample's fat
# binary. About 10 minutes on a fresh 2-core machine, most of it the build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${UNIHIP_BUILD_DIR:-$root/build}
source "$root/scripts/phases.sh"
phase "install packages" "$root/scripts/install-deps.sh"
# Tests stay as configured before (a developer's build keeps them); a new build leaves them out.
tests=OFF
if [ -f "$build/CMakeCache.txt" ] && grep -q '^UNIHIP_BUILD_TESTS:BOOL=ON' "$build/CMakeCache.txt"; then
  tests=ON
fi
phase "build (libraries, tools, samples)" "$root/scripts/build.sh" -DUNIHIP_BUILD_TESTS=$tests \
  -DUNIHIP_BUILD_BENCH=$tests -DUNIHIP_BUILD_SAMPLES=ON
echo "== built: $build/lib (libunihip, libamdhip64, libhiprtc), $build/bin (unihipcc, hipcc, hipconfig, unihipinfo), $build/samples"

run_samples() {
  local status=0 sample
  for sample in vectorAdd streamsEvents textureStencil graphCapture hiprtcSaxpy; do
    echo "== sample $sample"
    "$build/samples/$sample" || status=1
  done
  return $status
}

show_fat_binary() {
  echo "== no GPU here: the portable build of samples/vectorAdd carries one fat binary for every target"
  local bundle
  bundle=$(mktemp)
  llvm-objcopy-19 --dump-section=.hip_fatbin="$bundle" "$build/samples/vectorAdd" /dev/null
  clang-offload-bundler-19 -list -type=o -input="$bundle"
  rm -f "$bundle"
  echo "== running it without a GPU"
  "$build/samples/vectorAdd" || [ $? -eq 77 ]
}

echo "== device report (unihipinfo)"
status=0
if "$build/bin/unihipinfo"; then
  phase "samples on the GPU" run_samples || status=1
else
  phase "fat binary, no GPU" show_fat_binary || status=1
fi
phase_report
exit $status
