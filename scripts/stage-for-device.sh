#!/usr/bin/env bash
# Copies the runnable artefacts of a build folder (libraries, test and sample executables,
# benchmarks) into a small folder that keeps the build's relative layout, so the $ORIGIN RPATHs
# still resolve. Used to carry a build to the GPU machine without its objects.
# Usage: scripts/stage-for-device.sh BUILD_DIR OUT_DIR
set -euo pipefail
build=${1:?build dir}; out=$(realpath -m "${2:?output dir}")
rm -rf "$out"; mkdir -p "$out"
cd "$build"
find . -type f \( -perm -u+x -o -name '*.so*' -o -name '*.cubin' -o -name '*.ptx' -o -name '*.json' -o -name '*.jsonl' -o -name '*.hipfb' \) \
  -not -path './CMakeFiles/*' -not -path '*/CMakeFiles/*' -not -name '*.o' -not -name '*.a' \
  -not -name '*.sh' -not -name '*.cmake' -print0 |
  while IFS= read -r -d '' f; do mkdir -p "$out/$(dirname "$f")"; cp -a "$f" "$out/$f"; done
find . -type l -name '*.so*' -not -path '*/CMakeFiles/*' -print0 |
  while IFS= read -r -d '' f; do mkdir -p "$out/$(dirname "$f")"; cp -a "$f" "$out/$f"; done
du -sh "$out"
