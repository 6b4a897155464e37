#!/usr/bin/env bash
export NCCL_NVLS_ENABLE=0
mkdir -p "$OUT/sem"
.device-build/tests/gpu/unihip_gpu_tests "[vmm],[managed_vars],[runtime_extras],[multigpu],[ipc]" > "$OUT/tags.txt" 2>&1; echo "tags rc $?"
tail -4 "$OUT/tags.txt"
for p in device. lifetimes.reset; do
  timeout 80 python3 tests/semantics/run.py --bin unihip=.device-build/tests/semantics/semantics_unihip --timeout 30 --only $p --out /tmp/x.md --json "$OUT/sem/unihip-$p.json" 2>&1 | tail -2
done
