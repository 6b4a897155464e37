#!/usr/bin/env bash
# Runs every fuzz harness for N seconds each (default 60) from its seed corpus, or until
# UNIHIP_FUZZ_RUNS executions when that is set and comes first (the README's record: 10000000).
#   tests/fuzz/run_fuzzers.sh <fuzz build dir> [seconds] [harness...]
# New inputs go to <build>/tests/fuzz/corpus/<harness>/ (the checked-in seeds stay untouched);
# UNIHIP_FUZZ_JOBS harnesses (default: the core count) run at a time;
# crashes, leaks, timeouts and OOMs are written as <build>/tests/fuzz/crash-<harness>-* and fail
# the script, as does a harness that exits non-zero. Full logs: <build>/tests/fuzz/<harness>.log.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: run_fuzzers.sh <fuzz build dir> [seconds] [harness...]}
seconds=${2:-60}
runs=${UNIHIP_FUZZ_RUNS:-}
shift $(( $# >= 2 ? 2 : 1 ))
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(bundle wrapper code_object target_id module_image unihipcc_options hiprtc_options)
out="$build/tests/fuzz"
jobs=${UNIHIP_FUZZ_JOBS:-$(nproc)}

# Runs one harness; prints its summary lines (and the log's tail when it failed) at the end.
run_one() {
  local h=$1 rc
  mkdir -p "$out/corpus/$h"
  rm -f "$out"/crash-"$h"-*  # a previous run's artifacts (copy them away to keep them)
  # UNIHIP_LOG_LEVEL=off: every rejected input would log one line.
  UNIHIP_LOG_LEVEL=off "$out/unihip_fuzz_$h" -max_total_time="$seconds" ${runs:+-runs=$runs} -rss_limit_mb=2048 \
    -timeout=10 -artifact_prefix="$out/crash-$h-" -print_final_stats=1 \
    "$out/corpus/$h" "$here/seeds/$h" >"$out/$h.log" 2>&1
  rc=$?
  {
    echo "== $h: ${seconds}s"
    grep -E "^(#[0-9]+ *DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)" "$out/$h.log"
    if [ $rc -ne 0 ] || ls "$out"/crash-"$h"-* >/dev/null 2>&1; then
      tail -n 40 "$out/$h.log"
      echo "== $h: FAILED (exit $rc), see $out/$h.log and $out/crash-$h-*"
      rc=1
    fi
  } >"$out/$h.summary"
  return $rc
}

# Harnesses run $jobs at a time (each is one process on one core); summaries print in order.
status=0
declare -A pid_of=()
running=0
for h in "${harnesses[@]}"; do
  if [ $running -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  run_one "$h" &
  pid_of[$h]=$!
  running=$((running + 1))
done
for h in "${harnesses[@]}"; do
  wait "${pid_of[$h]}" || status=1
  cat "$out/$h.summary"
  grep -q ': FAILED (exit' "$out/$h.summary" && status=1
done
exit $status
