#!/usr/bin/env bash
# Reliability checks (issue 17), run by run-tests.sh after the main ctest:
#   - the CPU suites (unihip_cpu_tests, unihip_hsa_tests) under ASan + UBSan,
#   - their multi-threaded cases ([threads], and the fake-ROCr backend cases) under TSan,
#   - every libFuzzer harness of tests/fuzz for UNIHIP_FUZZ_SECONDS (default 40) each.
# Builds go to build-asan/, build-tsan/, build-fuzz/ (or $UNIHIP_SAN_BUILD_PREFIX-{asan,...}),
# incrementally. Prints one summary line; exits non-zero when any job fails.
#   scripts/run-sanitizers.sh [asan] [tsan] [fuzz]     (default: all three)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${UNIHIP_SAN_BUILD_PREFIX:-$root/build}
seconds=${UNIHIP_FUZZ_SECONDS:-40}
jobs=("$@")
[ ${#jobs[@]} -gt 0 ] || jobs=(asan tsan fuzz)
supp=$root/tests/sanitizers
results=()
status=0

# Records one job's result: name, exit status.
record() {
  if [ "$2" -eq 0 ]; then results+=("$1 ok"); else results+=("$1 FAILED"); status=1; fi
}

# Configures (once) and builds the test targets with the given sanitizer flags.
build_suites() {
  local dir=$1 flags=$2
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
    -DUNIHIP_BUILD_SAMPLES=OFF -DUNIHIP_BUILD_BENCH=OFF >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" -j "$(nproc)" --target unihip_cpu_tests unihip_hsa_tests
}

# Runs one suite; Catch2 prints only failures, the sanitizer its report.
run_suite() {
  local name=$1 exe=$2
  shift 2
  echo "== $name"
  (cd "$(dirname "$exe")" && UNIHIP_LOG_LEVEL=off "$exe" "$@")
}

for job in "${jobs[@]}"; do
  case $job in
  asan)
    echo "== ASan + UBSan build"
    if build_suites "$prefix-asan" \
        "-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"; then
      export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
      export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$supp/ubsan.supp"
      export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
      run_suite asan-cpu "$prefix-asan/tests/cpu/unihip_cpu_tests"; record asan-cpu $?
      run_suite asan-hsa "$prefix-asan/tests/hsa/unihip_hsa_tests"; record asan-hsa $?
      unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
    else
      record asan-build 1
    fi
    ;;
  tsan)
    echo "== TSan build"
    if build_suites "$prefix-tsan" "-fsanitize=thread -fno-omit-frame-pointer"; then
      export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp"
      run_suite tsan-cpu "$prefix-tsan/tests/cpu/unihip_cpu_tests" "[threads]"; record tsan-cpu $?
      run_suite tsan-hsa "$prefix-tsan/tests/hsa/unihip_hsa_tests" "[threads],[backend]"
      record tsan-hsa $?
      unset TSAN_OPTIONS
    else
      record tsan-build 1
    fi
    ;;
  fuzz)
    echo "== fuzz build"
    dir=$prefix-fuzz
    if CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$dir" -G Ninja -DUNIHIP_BUILD_FUZZERS=ON \
        -DUNIHIP_BUILD_TESTS=OFF -DUNIHIP_BUILD_SAMPLES=OFF -DUNIHIP_BUILD_BENCH=OFF \
        >"$dir.configure.log" 2>&1 && cmake --build "$dir" -j "$(nproc)" --target unihip_fuzzers; then
      "$root/tests/fuzz/run_fuzzers.sh" "$dir" "$seconds"; record "fuzz(${seconds}s each)" $?
    else
      cat "$dir.configure.log" 2>/dev/null
      record fuzz-build 1
    fi
    ;;
  *) echo "run-sanitizers.sh: unknown job '$job' (asan, tsan, fuzz)"; exit 2 ;;
  esac
done
echo "unihip reliability checks: ${results[*]}"
exit $status
