#!/usr/bin/env bash
# Reliability checks, run by run-tests.sh after the main ctest:
#   asan: the CPU suites (unihip_cpu_tests, unihip_hsa_tests) under ASan + UBSan, both at once;
#   fuzz: every libFuzzer harness of tests/fuzz for UNIHIP_FUZZ_SECONDS (default 40) each,
#         UNIHIP_FUZZ_JOBS (default: the core count) at a time, built in the ASan tree;
#   tsan: the suites' multi-threaded cases ([threads], and the fake-ROCr backend cases) under TSan.
# One tree per sanitizer: build-asan/ (ASan + UBSan: the suites and the fuzzers, with log format
# strings checked at compile time) and build-tsan/ (or $UNIHIP_SAN_BUILD_PREFIX-{asan,tsan}),
# built incrementally, with ccache when it is installed. Prints each step's time and one summary
# line; exits non-zero when any job fails.
#   scripts/run-sanitizers.sh [asan] [fuzz] [tsan]     (default: all three)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${UNIHIP_SAN_BUILD_PREFIX:-$root/build}
seconds=${UNIHIP_FUZZ_SECONDS:-40}
jobs=("$@")
[ ${#jobs[@]} -gt 0 ] || jobs=(asan fuzz tsan)
supp=$root/tests/sanitizers
source "$root/scripts/phases.sh"
results=()
status=0

# Records one job's result: name, exit status.
record() {
  if [ "$2" -eq 0 ]; then results+=("$1 ok"); else results+=("$1 FAILED"); status=1; fi
}

launcher=()
if [ "${UNIHIP_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

# Configures (once) and builds the given targets of one sanitizer tree. Line tables only: the
# reports need file and line, and full debug information doubles compile and link time.
#   build_tree DIR FLAGS [CMAKE_ARG...] -- TARGET...
build_tree() {
  local dir=$1 flags=$2
  local -a extra=()
  shift 2
  while [ $# -gt 0 ] && [ "$1" != -- ]; do extra+=("$1"); shift; done
  shift
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
    -DUNIHIP_BUILD_SAMPLES=OFF -DUNIHIP_BUILD_BENCH=OFF "${launcher[@]}" "${extra[@]}" \
    >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; return 1; }
  cmake --build "$dir" -j "$(nproc)" --target "$@"
}

# Runs suites side by side (name=executable [filter]...), each into its own log, then prints
# each log's tail (Catch2 prints only failures, the sanitizer its report) and records each.
run_suites() {
  local -a names=() pids=() logs=()
  local spec name exe log i rc
  for spec in "$@"; do
    name=${spec%%=*}
    read -r -a exe <<<"${spec#*=}"
    log="$prefix-$name.log"
    (cd "$(dirname "${exe[0]}")" && UNIHIP_LOG_LEVEL=off "${exe[@]}") >"$log" 2>&1 &
    names+=("$name"); pids+=($!); logs+=("$log")
  done
  for i in "${!pids[@]}"; do
    rc=0
    wait "${pids[$i]}" || rc=$?
    echo "== ${names[$i]} (exit $rc; log ${logs[$i]})"
    # Catch2's closing line when it passed; the failures and the sanitizer's report when not.
    if [ $rc -eq 0 ]; then tail -n 2 "${logs[$i]}"; else tail -n 80 "${logs[$i]}"; fi
    record "${names[$i]}" $rc
  done
}

asan_flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -DUNIHIP_CHECK_LOG_FORMATS"
tsan_flags="-fsanitize=thread -fno-omit-frame-pointer"

for job in "${jobs[@]}"; do
  case $job in
  asan)
    if phase "asan: build" build_tree "$prefix-asan" "$asan_flags" -DUNIHIP_BUILD_FUZZERS=ON -- \
        unihip_cpu_tests unihip_hsa_tests; then
      export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
      export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$supp/ubsan.supp"
      export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
      phase "asan: cpu + hsa suites" run_suites \
        "asan-cpu=$prefix-asan/tests/cpu/unihip_cpu_tests" \
        "asan-hsa=$prefix-asan/tests/hsa/unihip_hsa_tests"
      unset ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
    else
      record asan-build 1
    fi
    ;;
  fuzz)
    if phase "fuzz: build" build_tree "$prefix-asan" "$asan_flags" -DUNIHIP_BUILD_FUZZERS=ON -- \
        unihip_fuzzers; then
      phase "fuzz: ${seconds}s each" "$root/tests/fuzz/run_fuzzers.sh" "$prefix-asan" "$seconds"
      record "fuzz(${seconds}s each)" $?
    else
      record fuzz-build 1
    fi
    ;;
  tsan)
    if phase "tsan: build" build_tree "$prefix-tsan" "$tsan_flags" -- unihip_cpu_tests unihip_hsa_tests; then
      export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp"
      phase "tsan: threaded cases" run_suites \
        "tsan-cpu=$prefix-tsan/tests/cpu/unihip_cpu_tests [threads]" \
        "tsan-hsa=$prefix-tsan/tests/hsa/unihip_hsa_tests [threads],[backend]"
      unset TSAN_OPTIONS
    else
      record tsan-build 1
    fi
    ;;
  *) echo "run-sanitizers.sh: unknown job '$job' (asan, fuzz, tsan)"; exit 2 ;;
  esac
done
phase_report
echo "unihip reliability checks: ${results[*]}"
exit $status
