#!/usr/bin/env bash
# The GPU check of a staged build (scripts/stage-for-device.sh BUILD .device-build), run on the
# device machine from the repository root: the device report, the samples, every GPU suite and
# the CPU suite, each with its exit code. Usage: scripts/device-check.sh [STAGED_DIR]
set -uo pipefail
b=${1:-.device-build}
run() {  # name, command...: the last lines of the output and the exit code
  local name=$1; shift
  local out; out=$("$@" 2>&1); local rc=$?
  echo "== $name (rc $rc)"; echo "$out" | tail -n "${TAIL:-4}"
}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
TAIL=8 run unihipinfo "$b/bin/unihipinfo"
run samples/vectorAdd "$b/samples/vectorAdd"
run samples/streamsEvents "$b/samples/streamsEvents"
run samples/graphCapture "$b/samples/graphCapture"
run samples/textureStencil "$b/samples/textureStencil"
run samples/hiprtcSaxpy "$b/samples/hiprtcSaxpy"
TAIL=40 run gpu "$b/tests/gpu/unihip_gpu_tests"
TAIL=40 run device "$b/tests/device/unihip_device_tests"
run device.assert "$b/tests/device/unihip_device_assert"
for p in rdc_app rdc_static rdc_shared; do run "gpu.$p" "$b/tests/toolchain/rdc_gpu/$p"; done
# The HIP libraries' GPU tests (libs/<name>/tests), whichever the build has.
for t in "$b"/libs/*/tests/*gpu*; do
  [ -x "$t" ] && [ -f "$t" ] && TAIL=15 run "libs/$(basename "$t")" "$t"
done
# CUDA sources built unchanged (tests/cuda: CUDA's headers over unihip, docs/cuda-source.md).
for t in "$b"/tests/cuda/cuda_*; do
  [ -x "$t" ] && [ -f "$t" ] && run "cuda/$(basename "$t")" "$t"
done
[ -x "$b/tests/cpu/unihip_cpu_tests" ] && TAIL=20 run cpu "$b/tests/cpu/unihip_cpu_tests"
[ -x "$b/tests/layout/unihip_layout_tests" ] && TAIL=5 run layout "$b/tests/layout/unihip_layout_tests"
# Reliability (issue 17): device faults and teardown, a soak, compute-sanitizer over the GPU suite.
TAIL=30 run faults "$b/tests/faults/unihip_fault_tests"
TAIL=12 run soak "$b/tests/faults/unihip_soak" --seconds "${UNIHIP_SOAK_SECONDS:-60}"
# Memory errors are counted apart from driver API errors: negative tests hand the driver inputs
# only it can judge (a capture it invalidates, a cooperative grid too large, an IPC handle opened
# in its own process), and each such call is an "API error"; the distinct ones are listed.
# UNIHIP_SANITIZE=0 skips them (a short device budget).
# initcheck follows only this process: the IPC test's child reads memory its parent wrote,
# which a per-process initcheck cannot know was initialised.
if [ "${UNIHIP_SANITIZE:-1}" != 0 ] && command -v compute-sanitizer >/dev/null; then
  for tool in memcheck racecheck synccheck initcheck; do
    opts=(--tool "$tool" --error-exitcode 3)
    [ "$tool" = memcheck ] && opts+=(--report-api-errors no)
    [ "$tool" = initcheck ] && opts+=(--target-processes application-only)
    TAIL=6 run "compute-sanitizer $tool (gpu suite)" compute-sanitizer "${opts[@]}" \
      "$b/tests/gpu/unihip_gpu_tests"
  done
  echo "== driver API errors from negative tests (compute-sanitizer memcheck), by call and code"
  compute-sanitizer --tool memcheck "$b/tests/gpu/unihip_gpu_tests" 2>&1 |
    grep -o 'Program hit [A-Z_]* (error [0-9]*) .* on CUDA API call to [A-Za-z0-9_]*' |
    sed 's/ due to .* on CUDA API call to / in /' | sort | uniq -c
fi
# Launch and copy figures against CUDA's runtime and the driver (UNIHIP_BENCH_ROUNDS, default 1), when asked.
if [ -n "${UNIHIP_BENCH_OUT:-}" ] && [ -x "$b/bench-gpu/bin/bench_unihip" ]; then
  TAIL=40 run bench bench/run_all.sh "$b/bench-gpu" "$UNIHIP_BENCH_OUT" --rounds "${UNIHIP_BENCH_ROUNDS:-1}" \
    --max-copy 256 --startup-runs 3
fi
