#!/usr/bin/env bash
# Runs unihip's test suites on a machine with an AMD GPU, through the HSA/AQL backend.
# Usage: tests/amd/run_amd_suite.sh [build-dir]      (default: ./build)
# See tests/amd/README.md. Exit status: 0 when every suite passed.
set -euo pipefail

build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)

if [[ ! -e /dev/kfd ]]; then
  echo "run_amd_suite: /dev/kfd is missing: no AMD GPU driver (amdgpu/KFD) on this machine" >&2
  exit 2
fi
if ! ldconfig -p | grep -q 'libhsa-runtime64.so.1' && [[ -z "${UNIHIP_HSA_LIBRARY:-}" ]]; then
  echo "run_amd_suite: libhsa-runtime64.so.1 not found; install ROCr or set UNIHIP_HSA_LIBRARY" >&2
  exit 2
fi
if [[ ! -d "$build" ]]; then
  echo "run_amd_suite: build directory '$build' not found (see $here/README.md)" >&2
  exit 2
fi

export UNIHIP_BACKEND=hsa          # the CUDA backend stays out even on a mixed machine
export UNIHIP_LOG_LEVEL=${UNIHIP_LOG_LEVEL:-info}

echo "== agents ROCr reports"
if command -v rocminfo > /dev/null; then rocminfo | grep -E '^\s+Name:\s+gfx' || true; fi

status=0
run() {  # a suite that skips (exit 77, "no GPU") counts as a failure here
  echo "== $*"
  if "$@"; then echo "-- passed: $1"; else echo "-- FAILED ($?): $1"; status=1; fi
}

run "$build/tests/hsa/unihip_hsa_tests"            # hardware-free backend tests
run "$build/bin/unihipinfo"                          # what unihip discovers
run "$build/tests/gpu/unihip_gpu_tests"              # the GPU suite the CUDA backend passes
run "$build/tests/device/unihip_device_tests"        # device-language features
run "$build/tests/device/unihip_device_assert"       # a failing device assert is reported
exit $status
