#!/usr/bin/env bash
# Builds the semantics suite with AMD's hipcc against AMD's HIP runtime (the reference on AMD):
# OUTDIR/semantics_hip and OUTDIR/semantics_module.co. Without AMD's hipcc it says so and exits 0.
# Usage: tests/semantics/build-hipcc.sh OUTDIR   (HIPCC=..., SEM_HIP_ARCH=native by default)
set -euo pipefail
out=${1:?output dir}
here=$(cd "$(dirname "$0")" && pwd)
hipcc=${HIPCC:-$(command -v hipcc || echo /opt/rocm/bin/hipcc)}
if [ ! -x "$hipcc" ]; then
  echo "AMD hipcc not found (set HIPCC=/path/to/hipcc): the AMD HIP build is skipped"
  exit 0
fi
# unihip installs a hipcc of its own: that one would measure unihip twice.
if "$hipcc" --version 2>&1 | grep -qi unihip; then
  echo "$hipcc is unihip's hipcc, not AMD's: the AMD HIP build is skipped"
  exit 0
fi
arch=${SEM_HIP_ARCH:-native}
mkdir -p "$out"
"$hipcc" -std=c++17 -O2 --offload-arch="$arch" -I"$here" -w \
  "$here"/{main,launch,arguments,ordering,errors,device,lifetimes}.hip -o "$out/semantics_hip" -lpthread
"$hipcc" -std=c++17 -O2 --offload-arch="$arch" -I"$here" --genco "$here/module.hip" \
  -o "$out/semantics_module.co"
echo "built $out/semantics_hip ($("$out/semantics_hip" --list | wc -l) cases)"
