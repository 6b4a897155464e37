#!/usr/bin/env bash
# The main job: installs what is missing and builds; then, with a GPU, runs the samples through
# libunihip; without one, prints the device report and the contents of a sample's fat binary.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${UNIHIP_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
echo "== device report (unihipinfo)"
if "$build/bin/unihipinfo"; then
  status=0
  for sample in vectorAdd streamsEvents textureStencil graphCapture hiprtcSaxpy; do
    echo "== sample $sample"
    "$build/samples/$sample" || status=1
  done
  exit $status
fi
echo "== no GPU here: the portable build of samples/vectorAdd carries one fat binary for every target"
bundle=$(mktemp)
trap 'rm -f "$bundle"' EXIT
llvm-objcopy-19 --dump-section=.hip_fatbin="$bundle" "$build/samples/vectorAdd" /dev/null
clang-offload-bundler-19 -list -type=o -input="$bundle"
echo "== running it without a GPU"
"$build/samples/vectorAdd" || [ $? -eq 77 ]
