#!/usr/bin/env bash
# one device call: full GPU check without sanitizers, then reruns of the changed semantics cases
export NCCL_NVLS_ENABLE=0 UNIHIP_SANITIZE=0 UNIHIP_SOAK_SECONDS=10
start=$SECONDS
nvidia-smi -L > "$OUT/gpus.txt"
( tests/semantics/build-nvcc.sh /tmp/build-nvcc > "$OUT/nvcc-build.txt" 2>&1 ) &
nv=$!
timeout 380 bash scripts/device-check.sh .device-build > "$OUT/device-check.txt" 2>&1
echo "device-check rc $? at $((SECONDS-start))s" >> "$OUT/device-check.txt"
wait $nv
for p in device. lifetimes.reset; do
  timeout 80 python3 tests/semantics/run.py --bin unihip=.device-build/tests/semantics/semantics_unihip --timeout 30 --only $p --out "$OUT/sem-unihip-$p.md" --json "$OUT/sem-unihip-$p.json" > "$OUT/sem-unihip-$p.log" 2>&1
  timeout 80 python3 tests/semantics/run.py --bin cuda=/tmp/build-nvcc/semantics_cuda --timeout 30 --only $p --out "$OUT/sem-cuda-$p.md" --json "$OUT/sem-cuda-$p.json" > "$OUT/sem-cuda-$p.log" 2>&1
done
echo "all done at $((SECONDS-start))s"
grep "^== \|rc\|passed\|failed" "$OUT/device-check.txt" | head -60
