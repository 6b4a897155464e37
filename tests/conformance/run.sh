#!/bin/bash
# Runs one staged part of hip-tests executables (conformance.py stage: PART/<area>/<file>.xz) on
# a GPU machine, one Catch2 test case per process so that a crash or hang costs one case.
#   run.sh PART_DIR OUT_DIR [-j JOBS] [-t CASE_SECONDS] [-T FILE_SECONDS] [-D TOTAL_SECONDS]
#          [-L LIBDIR]
# Writes OUT_DIR/results.tsv (file, case, passed|failed|timeout|crashed|skipped|not-run, seconds,
# first failure), OUT_DIR/summary.txt and OUT_DIR/log/<area>/<file>/<n>.txt (each case's
# output, its last 8 KB). Cases left when TOTAL_SECONDS have passed are written as not-run.
set -u
stage=$(readlink -f "$1") out=$(readlink -f "$2"); shift 2
jobs=4 case_t=60 file_t=240 total_t=100000 lib=""
while getopts "j:t:T:D:L:" o; do
  case $o in
    j) jobs=$OPTARG ;; t) case_t=$OPTARG ;; T) file_t=$OPTARG ;; D) total_t=$OPTARG ;;
    L) lib=$(readlink -f "$OPTARG") ;; *) exit 2 ;;
  esac
done
[ -n "$lib" ] && export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
deadline=$(($(date +%s) + total_t))
bin=$(mktemp -d "${TMPDIR:-/tmp}/ht-bin.XXXXXX")  # executables stay out of OUT_DIR
mkdir -p "$out/log"
unxz_to() {  # xz, else Python's lzma
  if command -v xz >/dev/null; then xz -dc "$1" >"$2"
  else python3 -c 'import lzma,sys; open(sys.argv[2],"wb").write(lzma.open(sys.argv[1]).read())' "$1" "$2"; fi
}
(cd "$stage" && find . -name '*.xz' | while read -r f; do
  mkdir -p "$bin/$(dirname "$f")" && unxz_to "$f" "$bin/${f%.xz}" && chmod +x "$bin/${f%.xz}"
done)

# One file's cases, sequentially, within the file's budget; prints result rows.
run_file() {
  local exe=$1 name start now left i=0 t0 t1 rc st first log
  name=${exe#"$bin/"}  # <area>/<file stem>
  mkdir -p "$out/log/$name"
  start=$(date +%s)
  # Catch2 2.x exits with the number of cases listed: only a timeout, a signal or no names fail.
  timeout 30 "$exe" --list-test-names-only >"$out/log/$name/list.txt" 2>&1; rc=$?
  if [ $rc -ge 124 ] || ! grep -q . "$out/log/$name/list.txt"; then
    printf '%s\t%s\t%s\t0\t%s\n' "$name" "(list)" crashed "$(head -c 200 "$out/log/$name/list.txt" | tr '\t\n' '  ')"
    return
  fi
  while IFS= read -r tc; do
    [ -z "$tc" ] && continue
    case $tc in *" test case"*|*"test cases"*|"All available"*|"Matching"*) continue ;; esac
    i=$((i + 1))
    now=$(date +%s); left=$((file_t - (now - start)))
    if [ "$now" -ge "$deadline" ]; then printf '%s\t%s\tnot-run\t0\ttotal budget spent\n' "$name" "$tc"; continue; fi
    if [ $left -le 0 ]; then printf '%s\t%s\ttimeout\t0\tfile budget spent\n' "$name" "$tc"; continue; fi
    [ $left -gt $case_t ] && left=$case_t
    [ $left -gt $((deadline - now)) ] && left=$((deadline - now))
    log="$out/log/$name/$i.txt"
    # Catch2 test specs treat , [ ] * \ specially: escape them so the name matches itself.
    spec=$(printf '%s' "$tc" | sed 's/[][,*\\]/\\&/g')
    t0=$(date +%s.%N)
    timeout -k 5 "$left" "$exe" "$spec" >"$log" 2>&1; rc=$?
    t1=$(date +%s.%N)
    if grep -q HIP_SKIP_THIS_TEST "$log"; then st=skipped
    elif [ $rc -eq 0 ]; then st=passed
    elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then st=timeout
    elif [ $rc -gt 128 ]; then st=crashed
    else st=failed; fi
    first=""
    if [ $st != passed ] && [ $st != skipped ]; then
      first=$(grep -m1 -E 'FAILED|failed|error|Error|REQUIRE|CHECK|Segmentation|Abort' "$log" |
        sed 's|^.*/catch/||' | head -c 160)
      # Catch2's console reporter puts the expression and its expansion on the next lines.
      ctx=$(grep -m1 -A6 -E 'FAILED:' "$log" | grep -v -E '^\s*$|FAILED:|with message' | head -3 |
        tr -s ' \n' '  ' | head -c 240)
      first=$(printf '%s %s' "$first" "$ctx" | tr '\t\n' '  ')
      [ $st = crashed ] && first="signal $((rc - 128)): $first"
    fi
    tail -c 8192 "$log" >"$log.t" && mv "$log.t" "$log"
    printf '%s\t%s\t%s\t%.1f\t%s\n' "$name" "$tc" "$st" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$first"
  done <"$out/log/$name/list.txt"
}
export -f run_file
export out bin case_t file_t deadline

find "$bin" -type f -perm -u+x ! -name '*.rows' | sort |
  xargs -P "$jobs" -I{} bash -c 'run_file "$1" >"$1.rows"' _ {}
find "$bin" -name '*.rows' | sort | xargs cat >"$out/results.tsv"
rm -rf "$bin"
awk -F'\t' '{n[$3]++} END {for (s in n) printf "%s %d\n", s, n[s]}' "$out/results.tsv" | sort |
  tee "$out/summary.txt"
