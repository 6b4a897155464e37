#!/usr/bin/env bash
# The runtime's own instructions per launch, counted by callgrind without a GPU (issue 16 goals:
# at most 150 per <<<>>> launch and 120 per hipLaunchKernel, through the shared library; and
# hipModuleLaunchKernel beside them). Runs bench_launch_instructions for 1,000 and 2,000
# launches and divides the difference by 1,000, so start-up and the first launch's module load
# cancel out. Collection is limited to the runtime's launch entry points (callgrind
# --toggle-collect, callees included); the fake backend's own launch() is counted separately
# and subtracted. Instruction counts are deterministic: a change
# of one instruction is real, so no interval is needed.
# The AMD path (issue 16 item 7): HsaBackend::launch and HsaBackend::memcpyAsync (an H2D copy
# from pinned memory) on the fake ROCr, from unihip_hsa_tests' hidden "[.hsa-instructions]"
# case, with the fake ROCr's own functions (inclusive) subtracted; skipped when that test
# executable is not built. Also hipGraphLaunch's backend part (GenericGraphs::launchGraph, pre-built
# AQL packets) for 1, 10 and 100 chained kernel nodes, from the hidden "[.hsa-graph-instructions]".
#   bench/count_instructions.sh [build-dir] [json-out]
# Exit status: 0 when the paths through the shared library stay under the regression ceilings
# (today's counts plus a small margin; the goals are printed as PASS/MISS beside), 1 when over a
# ceiling, 2 on a usage or tool error.
set -euo pipefail

build=${1:-build}
json_out=${2:-}
stub_goal=150 direct_goal=120        # issue 16
stub_ceiling=128 direct_ceiling=80   # regression guard (ctest bench.instructions)
module_ceiling=95                     # hipModuleLaunchKernel (84 today), no goal of its own
# The AMD path on the fake ROCr (issue 16 item 7: no more than the <<<>>> path, a goal not met
# yet): regression guards at today's counts (launch 319, H2D async copy 359) plus about 10%.
hsa_launch_ceiling=350 hsa_memcpyAsync_ceiling=395
entry_points=(--toggle-collect=hipLaunchKernel --toggle-collect=__hipPushCallConfiguration
              --toggle-collect=__hipPopCallConfiguration --toggle-collect=hipModuleLaunchKernel)
if ! command -v valgrind >/dev/null; then
  echo "count_instructions: valgrind not installed" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Instructions collected by the given toggles for <launches> launches along <path>.
collected() {  # exe launches path toggles...
  local exe=$1 launches=$2 path=$3 out
  shift 3
  out=$(mktemp "$work/cg.XXXXXX")
  if ! valgrind --tool=callgrind --callgrind-out-file="$out" "$@" "$exe" "$launches" "$path" \
      >/dev/null 2>"$work/valgrind.log"; then
    cat "$work/valgrind.log" >&2
    exit 2
  fi
  awk '/^(summary|totals):/ {print $2; exit}' "$out"
}

per_launch() {  # exe path toggles...
  local exe=$1 path=$2 a b
  shift 2
  a=$(collected "$exe" 1000 "$path" "$@")
  b=$(collected "$exe" 2000 "$path" "$@")
  echo $(((b - a) / 1000))
}

json_lines=()
status=0
for variant in shared static; do
  exe="$build/bench/bench_launch_instructions"
  [[ $variant == static ]] && exe+="_static"
  if [[ ! -x $exe ]]; then
    echo "count_instructions: $exe not built (ninja -C $build bench_launch_instructions*)" >&2
    exit 2
  fi
  fake=$(per_launch "$exe" direct '--toggle-collect=*FakeBackend::launch*')
  direct=$(( $(per_launch "$exe" direct "${entry_points[@]}") - fake ))
  stub=$(( $(per_launch "$exe" stub "${entry_points[@]}") - fake ))
  module=$(( $(per_launch "$exe" module "${entry_points[@]}") - fake ))
  echo "runtime instructions per launch, $variant library (fake backend's $fake removed):"
  echo "  hipLaunchKernel                        $direct"
  echo "  <<<>>> (push + pop + hipLaunchKernel)  $stub"
  echo "  hipModuleLaunchKernel                  $module"
  for path in direct stub module; do
    json_lines+=("$(printf '{"bench":"instructions_%s_%s","impl":"unihip","group":"instructions","x":0,"instructions":%d}' "$path" "$variant" "${!path}")")
  done
  if [[ $variant == shared ]] && ((module > module_ceiling)); then
    echo "REGRESSION: hipModuleLaunchKernel costs $module > $module_ceiling (the ceiling)"
    status=1
  fi
  if [[ $variant == shared ]]; then
    for check in "stub:$stub:$stub_goal:$stub_ceiling:<<<>>>" \
                 "direct:$direct:$direct_goal:$direct_ceiling:hipLaunchKernel"; do
      IFS=: read -r _ got goal ceiling what <<<"$check"
      if ((got > goal)); then
        echo "MISS: $what through libunihip costs $got > $goal instructions per launch (goal)"
      else
        echo "PASS: $what through libunihip costs $got <= $goal instructions per launch (goal)"
      fi
      if ((got > ceiling)); then
        echo "REGRESSION: $what costs $got > $ceiling (the ceiling)"
        status=1
      fi
    done
  fi
done

# The AMD path on the fake ROCr: instructions collected inside <toggle> for <calls> iterations,
# less the fake ROCr's functions called from there (their inclusive cost).
hsa_exe="$build/tests/hsa/unihip_hsa_tests"
hsa_collected() {  # toggle calls [test case]
  local out
  out=$(mktemp "$work/cg.XXXXXX")
  if ! UNIHIP_HSA_CALLS=$2 valgrind --tool=callgrind --callgrind-out-file="$out" \
      "--toggle-collect=$1" "$hsa_exe" "${3:-[.hsa-instructions]}" >/dev/null 2>"$work/valgrind.log"; then
    cat "$work/valgrind.log" >&2
    exit 2
  fi
  local total fake
  total=$(awk '/^(summary|totals):/ {print $2; exit}' "$out")
  fake=$(callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
    awk '/unihip_fake_hsa/ && /:hsa_/ {gsub(",", "", $1); s += $1} END {print s + 0}')
  echo $((total - fake))
}
if [[ -x $hsa_exe ]]; then
  # Collected from the test's own noinline callers (HotPath::launch, HotPath::copy; a handful of
  # instructions of their own): the backend's entry points are reached through a non-virtual
  # thunk that jumps rather than calls, which a toggle on the entry point itself never sees.
  for path in launch memcpyAsync; do
    caller=launch
    [[ $path == memcpyAsync ]] && caller=copy
    a=$(hsa_collected "*HotPath::$caller(*" 1000)
    b=$(hsa_collected "*HotPath::$caller(*" 2000)
    per=$(((b - a) / 1000))
    [[ $path == launch ]] && plain_launch=$per
    echo "AMD path (HSA backend on the fake ROCr, the fake's own functions removed):"
    echo "  HsaBackend::$path  $per"
    ceiling_var=hsa_${path}_ceiling
    if ((per > ${!ceiling_var})); then
      echo "REGRESSION: HsaBackend::$path costs $per > ${!ceiling_var} (the ceiling)"
      status=1
    fi
    json_lines+=("$(printf '{"bench":"instructions_hsa_%s","impl":"unihip","group":"instructions","x":0,"instructions":%d}' "$path" "$per")")
  done
  # Issue 12: a launch of a kernel that does not print costs the same while the printf
  # (hostcall) service runs for another kernel.
  a=$(UNIHIP_HSA_PRINTF_RUNNING=1 hsa_collected "*HotPath::launch(*" 1000)
  b=$(UNIHIP_HSA_PRINTF_RUNNING=1 hsa_collected "*HotPath::launch(*" 2000)
  with_printf=$(((b - a) / 1000))
  echo "  HsaBackend::launch with the printf service running  $with_printf"
  if ((with_printf != plain_launch)); then
    echo "MISS: the printf service changes a non-printing launch ($plain_launch -> $with_printf instructions)"
    status=1
  else
    echo "PASS: the printf service adds no instructions to launches of kernels that do not print"
  fi
  json_lines+=("$(printf '{"bench":"instructions_hsa_launch_printf_running","impl":"unihip","group":"instructions","x":0,"instructions":%d}' "$with_printf")")
  # hipGraphLaunch's backend part (GenericGraphs::launchGraph) for graphs of 1, 10 and 100
  # chained kernel nodes, from the hidden "[.hsa-graph-instructions]" case (GraphPath::launch).
  echo "AMD graph launch (HSA backend on the fake ROCr, the fake's own functions removed):"
  for nodes in 1 10 100; do
    a=$(UNIHIP_HSA_GRAPH_NODES=$nodes hsa_collected "*GraphPath::launch(*" 1000 "[.hsa-graph-instructions]")
    b=$(UNIHIP_HSA_GRAPH_NODES=$nodes hsa_collected "*GraphPath::launch(*" 2000 "[.hsa-graph-instructions]")
    per=$(((b - a) / 1000))
    printf '  launchGraph, %3d kernel nodes  %d\n' "$nodes" "$per"
    json_lines+=("$(printf '{"bench":"instructions_hsa_graph_launch","impl":"unihip","group":"instructions","x":%d,"instructions":%d}' "$nodes" "$per")")
  done
else
  echo "count_instructions: $hsa_exe not built; AMD path not counted" >&2
fi
if [[ -n $json_out ]]; then printf '%s\n' "${json_lines[@]}" >"$json_out"; fi
exit $status
