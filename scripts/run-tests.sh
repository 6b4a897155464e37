#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every suite with ctest.
# CPU suites run anywhere; the GPU suite and the samples report "skipped" without a GPU.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
cd "${UNIHIP_BUILD_DIR:-$root/build}"
ctest --output-on-failure -j 2
