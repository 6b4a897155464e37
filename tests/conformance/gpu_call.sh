#!/usr/bin/env bash
# One GPU call's share of a conformance run, on the device machine: runs a staged part within
# SECONDS of wall time and leaves one archive, OUT/NAME.tgz (the device tool returns few files).
# Files not started by then are `not-run` rows; a file cut off has no rows (an earlier run's rows
# stand for it in `conformance.py report --run-results OLD NEW`).
# Usage: gpu_call.sh PART_DIR OUT_DIR NAME SECONDS [JOBS] [LIBDIR] [run.py options...]
set -uo pipefail
part=${1:?part dir}; out=${2:?out dir}; name=${3:?name}; seconds=${4:?seconds}
jobs=${5:-12}; lib=${6:-.device-build/lib}
shift $(( $# < 6 ? $# : 6 ))
t0=$(date +%s)
mkdir -p "$out/$name"
# Files start until MARGIN (default 110) s before the end (a started case runs up to -t 60; a
# short call passes a smaller -t and MARGIN); the timeout is the guard that the archive is
# always written.
margin=${MARGIN:-110}
left=$(( seconds - 25 ))
timeout -k 15 -s INT "$left" python3 "$part/run.py" "$part" "$out/$name" -j "$jobs" -t 60 -T 200 \
  -D $(( left - margin )) -L "$(realpath "$lib")" "$@" > "$out/$name/run.txt" 2>&1
echo "run ended at $(( $(date +%s) - t0 )) s" >> "$out/$name/run.txt"
tar -C "$out" -czf "$out/$name.tgz" "$name" && rm -rf "${out:?}/$name"
