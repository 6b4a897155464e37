#!/usr/bin/env bash
# The runtime's own instructions per launch, counted by callgrind without a GPU (issue 5 goal:
# at most 300). Runs bench_launch_instructions for 1,000 and 2,000 launches and divides the
# difference by 1,000, so start-up and the first launch's module load cancel out. Collection is
# limited to the runtime's launch entry points (callgrind --toggle-collect, callees included);
# the fake backend's own launch() is counted separately and subtracted.
#   bench/count_instructions.sh [build-dir] [json-out]
# Exit status: 0 when the <<<>>> path through the shared library is within budget, 1 when over,
# 2 on a usage or tool error.
set -euo pipefail

build=${1:-build}
json_out=${2:-}
budget=300
entry_points=(--toggle-collect=hipLaunchKernel --toggle-collect=__hipPushCallConfiguration
              --toggle-collect=__hipPopCallConfiguration)
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
  echo "runtime instructions per launch, $variant library (fake backend's $fake removed):"
  echo "  hipLaunchKernel                        $direct"
  echo "  <<<>>> (push + pop + hipLaunchKernel)  $stub"
  json_lines+=("$(printf '{"bench":"instructions_%s_%s","impl":"unihip","group":"instructions","x":0,"instructions":%d}' direct "$variant" "$direct")")
  json_lines+=("$(printf '{"bench":"instructions_%s_%s","impl":"unihip","group":"instructions","x":0,"instructions":%d}' stub "$variant" "$stub")")
  if [[ $variant == shared ]]; then
    if ((stub > budget)); then
      echo "MISS: <<<>>> through libunihip costs $stub > $budget instructions per launch"
      status=1
    else
      echo "PASS: <<<>>> through libunihip costs $stub <= $budget instructions per launch"
    fi
  fi
done
if [[ -n $json_out ]]; then printf '%s\n' "${json_lines[@]}" >"$json_out"; fi
exit $status
