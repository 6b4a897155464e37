#!/usr/bin/env bash
# Runs every benchmark on the GPU machine and writes the report (issues 5 and 16).
#   bench/run_all.sh <bench-gpu-dir> [<out-dir>] [--rounds N] [--launch-rounds N]
#                    [--codegen-rounds N] [--first-rounds N] [--max-copy MiB] [--startup-runs N]
#                    [--pair-rounds N] [--batch-rounds N] [--pin CPUS|none]
# <bench-gpu-dir> is <build>/bench-gpu, gathered by the unihip_bench target (bin/, lib/, and
# instructions.jsonl, the callgrind count made on the build machine); a build folder or a folder
# made by scripts/stage-for-device.sh from one also works. <out-dir> defaults to
# $UNIHIP_BENCH_OUT. Statistics that can see 2% (issue 16):
#   - N full rounds (default 7) and N launch-only rounds (default 14, a few seconds each) of the
#     three implementations, one process each, the order rotating every round (driver, cudart,
#     unihip; cudart, unihip, driver; ...); each round's figures are paired, and report.py gives
#     the median of the per-round ratios with a distribution-free 95% interval;
#   - N first-launch rounds (default 21; one figure per process, so more rounds): the first
#     launch of a kernel, the driver's also with its cubin read before the context and with it
#     mapped from its file (as an embedded image is), then the same after another module's
#     first launch (code paths warm);
#   - the kernel comparison (bench_codegen: nvcc and unihipcc images, ABBA in one process);
#   - launch enqueue of unihip and the driver interleaved in one process (bench_launch_pair,
#     default 60 rounds): both sides of a round meet the same host drift;
#   - hipMemcpyBatchAsync of 1,000 small copies against cuMemcpyBatchAsync, likewise in one
#     process (bench_batch_copy_pair, default 30 rounds);
#   - every program pinned with taskset to the same CPUs (default: up to 8 CPUs of the allowed
#     set, CPU 0 left out when there are more than 8, since it takes most interrupts).
# Then the startup benchmark, the check that unihip JIT-compiled no PTX, the pageable-staging
# experiment, and host instructions per launch and copy with libcuda counted
# (count_gpu_instructions.sh, when the folder carries valgrind/). Writes only the run's folder,
# <out-dir>/<date>/ (<date>-b/, -c/, ... when taken; <out-dir> defaults to $UNIHIP_BENCH_OUT, else
# /tmp/unihip-bench, and must lie outside the source tree: runs are not kept in git):
# results.json, results.csv, table.md, plots, raw.jsonl, logs.txt, the SASS of the codegen
# kernels when cuobjdump is there, and baseline.md, the run against bench/baselines/<gpu>.json
# (report.py --baseline auto; bench/baselines/ holds one run's figures per GPU kind). About 7
# minutes on an H100 with the defaults. Exit status 77 without a GPU.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
usage="usage: run_all.sh <bench-gpu-dir> [<out-dir>] [--rounds N] [--launch-rounds N] [--codegen-rounds N] [--first-rounds N] [--max-copy MiB] [--startup-runs N] [--pair-rounds N] [--batch-rounds N] [--pin CPUS|none]"
dir=${1:?$usage}
shift
out=${UNIHIP_BENCH_OUT:-/tmp/unihip-bench}
if (($#)) && [[ $1 != --* ]]; then out=$1; shift; fi
out=$(realpath -m "$out")
if [[ $out/ == "$(realpath "$here/..")"/* ]]; then
  echo "run_all.sh: $out is inside the source tree; runs are kept outside it (the figures git keeps: bench/baselines/)" >&2
  exit 2
fi
mkdir -p "$out" || exit 2
rounds=7 launch_rounds=14 first_rounds=21 codegen_rounds=21 max_copy=1024 startup_runs=10
pair_rounds=60 batch_rounds=30 pin=auto
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --launch-rounds) launch_rounds=$2; shift 2 ;;
    --codegen-rounds) codegen_rounds=$2; shift 2 ;;
    --first-rounds) first_rounds=$2; shift 2 ;;
    --max-copy) max_copy=$2; shift 2 ;;
    --startup-runs) startup_runs=$2; shift 2 ;;
    --pair-rounds) pair_rounds=$2; shift 2 ;;
    --batch-rounds) batch_rounds=$2; shift 2 ;;
    --pin) pin=$2; shift 2 ;;
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

# CPU pinning: the same CPUs for every program, so no implementation gets a luckier core.
pin_prefix=()
if [[ $pin != none ]] && command -v taskset >/dev/null; then
  if [[ $pin == auto ]]; then
    mapfile -t cpus < <(python3 -c 'import os; print("\n".join(map(str, sorted(os.sched_getaffinity(0)))))')
    if ((${#cpus[@]} > 8)); then cpus=("${cpus[@]:1:8}"); fi
    pin=$(IFS=,; echo "${cpus[*]}")
  fi
  pin_prefix=(taskset -c "$pin")
  echo "run_all.sh: pinned to CPUs $pin" >&2
fi
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
  "${pin_prefix[@]}" "$@" >>"$raw" 2>"$work/stderr"
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

# Round r runs the three implementations in a rotated order; a {"round": r} line before each
# program's output lets report.py pair the figures of one round.
order=(driver cudart unihip)
round() {  # r args...
  local r=$1 i impl
  shift
  for ((i = 0; i < 3; i++)); do
    impl=${order[(i + r) % 3]}
    echo "{\"round\":$r}" >>"$raw"
    run "bench_${impl} round $r" "$bin/bench_$impl" "$@"
  done
}
for ((r = 0; r < rounds; r++)); do
  round "$r" --max-copy="$max_copy"
  echo "run_all.sh: full round $r done at $((SECONDS - started)) s" >&2
done
for ((r = rounds; r < rounds + launch_rounds; r++)); do round "$r" --launch-only; done
echo "run_all.sh: launch rounds done at $((SECONDS - started)) s" >&2
first=$((rounds + launch_rounds))
for ((r = first; r < first + first_rounds; r++)); do
  round "$r" --first-launch-only
  # Paired with round r's unihip: the driver with its cubin read before the context.
  echo "{\"round\":$r}" >>"$raw"
  run "bench_driver round $r (image before the context)" "$bin/bench_driver" \
    --first-launch-only --image-before-context
  # And with its cubin mapped from the file, as an executable's embedded image is.
  echo "{\"round\":$r}" >>"$raw"
  run "bench_driver round $r (image mapped)" "$bin/bench_driver" --first-launch-only --image-mapped
  round "$((r + first_rounds))" --first-launch-warm
done
echo "run_all.sh: first-launch rounds done at $((SECONDS - started)) s" >&2

# Never JIT PTX when the bundle has a cubin for the GPU: unihip logs a JIT at info level.
UNIHIP_LOG_LEVEL=info "$bin/bench_unihip" --first-launch-only >/dev/null 2>"$work/first.log"
cat "$work/first.log" >>"$logs"
if grep -q "JIT-compiling PTX" "$work/first.log"; then jit=false; else jit=true; fi
echo "{\"check\":\"no_ptx_jit\",\"ok\":$jit}" >>"$raw"

echo '{"round":null}' >>"$raw"  # the programs below pair their own runs, or none
if [[ -x $bin/bench_launch_pair ]] && ((pair_rounds > 0)); then
  run "launch pair" "$bin/bench_launch_pair" --rounds "$pair_rounds"
  echo '{"round":null}' >>"$raw"
fi
if [[ -x $bin/bench_batch_copy_pair ]] && ((batch_rounds > 0)); then
  run "batch copy pair" "$bin/bench_batch_copy_pair" --rounds "$batch_rounds"
  echo '{"round":null}' >>"$raw"
fi
run startup "$bin/bench_startup_runner" --runs "$startup_runs" --kernels 1000 \
  "unihip=$bin/startup_unihip" "cudart=$bin/startup_cudart" "driver=$bin/bench_driver,--startup"
run staging "$bin/bench_pageable_staging" --max-copy="$max_copy"

# Code generation: the same kernels by nvcc and unihipcc, and their SASS for the comparison.
attach=("$logs")
if [[ -x $bin/bench_codegen ]]; then
  run codegen "$bin/bench_codegen" --rounds "$codegen_rounds"
  if command -v cuobjdump >/dev/null || [[ -x /usr/local/cuda/bin/cuobjdump ]]; then
    objdump_bin=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
    for image in nvcc unihipcc; do
      "$objdump_bin" -sass "$bin/codegen.$image.sm_90.cubin" >"$work/codegen.$image.sass" 2>&1
      attach+=("$work/codegen.$image.sass")
    done
  fi
  for f in "$bin"/codegen.*.compute_90.ptx; do [[ -f $f ]] && attach+=("$f"); done
else
  echo "run_all.sh: no bench_codegen; kernel comparison skipped" >&2
fi

# The instruction count, made on the build machine (valgrind), travels with the executables.
for f in "$bin/../instructions.jsonl" "$bin/../bench-gpu/instructions.jsonl"; do
  if [[ -f $f ]]; then cat "$f" >>"$raw"; break; fi
done
# The same count here, libcuda included (the CUDA path whole), with the valgrind carried along.
echo "== gpu instructions" >>"$logs"
"$here/count_gpu_instructions.sh" "$bin" "$work/gpu_instructions.jsonl" 2>>"$logs"
case $? in
  0) cat "$work/gpu_instructions.jsonl" >>"$raw" ;;
  77) echo "run_all.sh: no valgrind here; the CUDA path's instructions not counted" >&2 ;;
  *) echo "run_all.sh: count_gpu_instructions.sh failed (logs.txt)" >&2
     [[ -f $work/gpu_instructions.jsonl ]] && cat "$work/gpu_instructions.jsonl" >>"$raw" ;;
esac

echo "run_all.sh: measured in $((SECONDS - started)) s" | tee -a "$logs" >&2
# The run's folder: today's date, with a letter when an earlier run of the day has it.
run_dir=$out/$(date +%F)
for suffix in b c d e f g h i j k l m n o p q r s t u v w x y z; do
  [[ -e $run_dir ]] || break
  run_dir=$out/$(date +%F)-$suffix
done
report_args=()
for f in "${attach[@]}"; do report_args+=(--attach "$f"); done
python3 "$here/report.py" --run-dir "$run_dir" "${report_args[@]}" "$raw"
status=$?
if [[ -x $bin/bench_codegen ]] && [[ -f $work/codegen.nvcc.sass ]]; then
  python3 "$here/sass_summary.py" "$work/codegen.nvcc.sass" "$work/codegen.unihipcc.sass" \
    "$run_dir/sass_summary.md" || true
fi
# Against the baseline of this GPU kind (informational: the run's status is the report's).
if [[ -f $run_dir/results.json ]]; then
  python3 "$here/report.py" --baseline auto "$run_dir/results.json" >"$run_dir/baseline.md"
  tail -n 1 "$run_dir/baseline.md" >&2
  echo "run_all.sh: the run against its baseline: $run_dir/baseline.md" >&2
fi
exit $status
