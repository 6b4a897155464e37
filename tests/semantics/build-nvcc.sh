#!/usr/bin/env bash
# Builds the semantics suite with nvcc against CUDA's runtime (the reference on NVIDIA):
# OUTDIR/semantics_cuda and OUTDIR/semantics_module.cubin.
# Usage: tests/semantics/build-nvcc.sh OUTDIR   (NVCC=..., SEM_NVCC_ARCH=sm_90 by default)
set -euo pipefail
out=${1:?output dir}
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
arch=${SEM_NVCC_ARCH:-sm_90}
mkdir -p "$out"
srcs=(main launch arguments ordering errors device lifetimes)
flags=(-DSEM_USE_CUDA -std=c++17 -O2 -arch="$arch" --extended-lambda -I"$here" -x cu -w)
objs=() pids=()
for s in "${srcs[@]}"; do
  "$nvcc" "${flags[@]}" -c "$here/$s.hip" -o "$out/$s.o" &
  pids+=($!) objs+=("$out/$s.o")
done
for p in "${pids[@]}"; do wait "$p"; done
"$nvcc" -arch="$arch" "${objs[@]}" -o "$out/semantics_cuda" -lpthread -ldl
"$nvcc" -DSEM_USE_CUDA -std=c++17 -O2 -arch="$arch" -I"$here" -x cu -cubin \
  "$here/module.hip" -o "$out/semantics_module.cubin"
rm -f "${objs[@]}"
echo "built $out/semantics_cuda ($("$out/semantics_cuda" --list | wc -l) cases)"
