#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every suite with ctest.
# CPU suites run anywhere; the GPU suite and the samples report "skipped" without a GPU.
# Then the reliability checks (scripts/run-sanitizers.sh: ASan/UBSan, TSan, fuzzers; skip them
# with UNIHIP_SKIP_SANITIZERS=1). Exits non-zero when either part fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"
cd "${UNIHIP_BUILD_DIR:-$root/build}"
ctest_status=0
ctest --output-on-failure -j 2 2>&1 | tee ctest-summary.log || ctest_status=$?
[ "${UNIHIP_SKIP_SANITIZERS:-0}" = 1 ] && exit $ctest_status
san_status=0
"$root/scripts/run-sanitizers.sh" || san_status=$?
# The main suite's ctest result again, so that it stays the closing line.
echo "main suite (ctest):"
grep -E "tests passed|tests failed|Total Test time" ctest-summary.log | tail -n 2
[ $ctest_status -eq 0 ] && [ $san_status -eq 0 ]
