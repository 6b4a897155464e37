#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every suite with ctest (CPU suites
# run anywhere; the GPU suite and the samples report "skipped" without a GPU), then the
# reliability checks (scripts/run-sanitizers.sh: ASan/UBSan, fuzzers, TSan; skip them with
# UNIHIP_SKIP_SANITIZERS=1). Prints each phase's time at the end and fails when the total passes
# UNIHIP_TIME_BUDGET_S (default 3600: CI's hard limit is 5400). Exits non-zero when any part fails.
# About 35 minutes on a fresh 2-core machine; less where ccache kept an earlier build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${UNIHIP_BUILD_DIR:-$root/build}
export UNIHIP_TIME_BUDGET_S=${UNIHIP_TIME_BUDGET_S:-3600}
source "$root/scripts/phases.sh"
phase "install packages" "$root/scripts/install-deps.sh"
phase "build (everything)" "$root/scripts/build.sh" -DUNIHIP_BUILD_TESTS=ON -DUNIHIP_BUILD_BENCH=ON
ctest_status=0
main_suite() (
  cd "$build"
  ctest --output-on-failure -j "$(nproc)" 2>&1 | tee ctest-summary.log
)
phase "main suite (ctest)" main_suite || ctest_status=$?
san_status=0
if [ "${UNIHIP_SKIP_SANITIZERS:-0}" != 1 ]; then
  # Its phases carry on the same clock; their table is printed by it, the total below.
  export phase_start_s
  UNIHIP_TIME_BUDGET_S="" phase "reliability checks" "$root/scripts/run-sanitizers.sh" || san_status=$?
fi
budget_status=0
phase_report || budget_status=$?
# The main suite's ctest result again, so that it stays the closing line.
echo "main suite (ctest):"
grep -E "tests passed|tests failed|Total Test time" "$build/ctest-summary.log" | tail -n 2
[ $ctest_status -eq 0 ] && [ $san_status -eq 0 ] && [ $budget_status -eq 0 ]
