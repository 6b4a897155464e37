#!/usr/bin/env bash
# Runs every fuzz harness for N seconds each (default 60) from its seed corpus.
#   tests/fuzz/run_fuzzers.sh <fuzz build dir> [seconds] [harness...]
# New inputs go to <build>/tests/fuzz/corpus/<harness>/ (the checked-in seeds stay untouched);
# crashes are written as <build>/tests/fuzz/crash-* and fail the script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: run_fuzzers.sh <fuzz build dir> [seconds] [harness...]}
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(bundle wrapper code_object target_id)
out="$build/tests/fuzz"
status=0
for h in "${harnesses[@]}"; do
  mkdir -p "$out/corpus/$h"
  echo "== $h: ${seconds}s"
  # UNIHIP_LOG_LEVEL=off: every rejected input would log one line.
  if ! UNIHIP_LOG_LEVEL=off "$out/unihip_fuzz_$h" -max_total_time="$seconds" -rss_limit_mb=2048 \
      -timeout=10 -artifact_prefix="$out/crash-$h-" -print_final_stats=1 \
      "$out/corpus/$h" "$here/seeds/$h" 2>&1 | grep -E "^(#[0-9]+ *DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)"; then
    :
  fi
  if ls "$out"/crash-"$h"-* >/dev/null 2>&1; then
    echo "== $h: CRASH, see $out/crash-$h-*"
    status=1
  fi
done
exit $status
