#!/usr/bin/env bash
# Runs every benchmark on the GPU machine and writes the report (issue 5).
#   bench/run_all.sh <bench-gpu-dir> <out-dir> [--rounds N] [--max-copy MiB] [--startup-runs N]
# <bench-gpu-dir> is <build>/bench-gpu, gathered by the unihip_bench target (bin/, lib/, and
# instructions.jsonl, the callgrind count made on the build machine); a build folder also works.
# The three implementations run alternately, N rounds (default 3, order rotating); report.py takes
# the median of each figure's per-round medians. Then the startup benchmark, the check that unihip
# JIT-compiled no PTX, and the pageable-staging experiment. Writes only
# <out-dir>/results/<date>/: results.json, results.csv, table.md, bandwidth.png, launch.png,
# raw.jsonl, logs.txt. Exit status 77 without a GPU.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
usage="usage: run_all.sh <bench-gpu-dir> <out-dir> [--rounds N] [--max-copy MiB] [--startup-runs N]"
dir=${1:?$usage}
out=${2:?$usage}
shift 2
rounds=3 max_copy=1024 startup_runs=10
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --max-copy) max_copy=$2; shift 2 ;;
    --startup-runs) startup_runs=$2; shift 2 ;;
    *) echo "run_all.sh: unknown option $1; $usage" >&2; exit 2 ;;
  esac
done
bin=
for candidate in "$dir/bin" "$dir/bench-gpu/bin" "$dir/bench"; do
  if [[ -x $candidate/bench_unihip ]]; then bin=$(cd "$candidate" && pwd); break; fi
done
[[ -n $bin ]] || { echo "run_all.sh: no bench_unihip under $dir (build the unihip_bench target)" >&2; exit 2; }
for exe in bench_unihip bench_cudart bench_driver bench_startup_runner startup_unihip \
           startup_cudart bench_pageable_staging; do
  [[ -x $bin/$exe ]] || { echo "run_all.sh: $bin/$exe missing (build the unihip_bench target)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
raw="$work/raw.jsonl"
logs="$work/logs.txt"
: >"$raw"
: >"$logs"

# PTX is JIT-compiled afresh each time (the module-load figure), and cudart loads modules lazily
# (its default since CUDA 12.2, stated so the comparison is explicit).
export CUDA_CACHE_DISABLE=1 CUDA_MODULE_LOADING=LAZY
started=$SECONDS

# Runs one benchmark program, appending its JSON lines to raw.jsonl and its stderr to logs.txt.
# Stops everything when there is no GPU (77) or no NVIDIA driver at all (127: no libcuda.so.1).
run() {  # name command...
  local name=$1 status
  shift
  echo "== $name" >&2
  echo "== $name" >>"$logs"
  "$@" >>"$raw" 2>"$work/stderr"
  status=$?
  cat "$work/stderr" >>"$logs"
  if ((status == 77 || status == 127)); then
    echo "run_all.sh: no GPU: $(tail -n1 "$work/stderr")" >&2
    exit 77
  elif ((status != 0)); then
    echo "run_all.sh: $name failed with status $status:" >&2
    tail -n5 "$work/stderr" >&2
  fi
}

order=(driver cudart unihip)
for ((r = 0; r < rounds; r++)); do
  for ((i = 0; i < 3; i++)); do
    impl=${order[(i + r) % 3]}
    run "bench_${impl} round $r" "$bin/bench_$impl" --max-copy="$max_copy"
  done
done

# Never JIT PTX when the bundle has a cubin for the GPU: unihip logs a JIT at info level.
UNIHIP_LOG_LEVEL=info "$bin/bench_unihip" --first-launch-only >/dev/null 2>"$work/first.log"
cat "$work/first.log" >>"$logs"
if grep -q "JIT-compiling PTX" "$work/first.log"; then jit=false; else jit=true; fi
echo "{\"check\":\"no_ptx_jit\",\"ok\":$jit}" >>"$raw"

run startup "$bin/bench_startup_runner" --runs "$startup_runs" --kernels 1000 \
  "unihip=$bin/startup_unihip" "cudart=$bin/startup_cudart" "driver=$bin/bench_driver,--startup"
run staging "$bin/bench_pageable_staging" --max-copy="$max_copy"

# The instruction count, made on the build machine (valgrind), travels with the executables.
for f in "$bin/../instructions.jsonl" "$bin/../bench-gpu/instructions.jsonl"; do
  if [[ -f $f ]]; then cat "$f" >>"$raw"; break; fi
done

echo "run_all.sh: measured in $((SECONDS - started)) s" | tee -a "$logs" >&2
python3 "$here/report.py" --out "$out" --attach "$logs" "$raw"
