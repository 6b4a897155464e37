#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0 UNIHIP_SANITIZE=0 UNIHIP_SOAK_SECONDS=10
start=$SECONDS
nvidia-smi -L
timeout 300 bash scripts/device-check.sh .device-build > "$OUT/device-check.txt" 2>&1
echo "device-check rc $? at $((SECONDS-start))s"
grep "^== \|test cases\|All tests passed\|PASSED\|FAILED" "$OUT/device-check.txt" | head -60
.device-build/tests/gpu/unihip_gpu_tests "[device_services],[multigpu],[managed_vars]" > "$OUT/tags.txt" 2>&1; echo "tags rc $?"; tail -3 "$OUT/tags.txt"
timeout 200 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 .device-build/tests/gpu/unihip_gpu_tests > "$OUT/memcheck.txt" 2>&1; echo "memcheck rc $? at $((SECONDS-start))s"; tail -4 "$OUT/memcheck.txt"
