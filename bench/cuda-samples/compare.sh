#!/usr/bin/env bash
# Three NVIDIA cuda-samples (matrixMul, scan, transpose), each built with its own CMakeLists.txt
# by unihip-nvcc and by NVIDIA's nvcc, run alternately on the GPU; each sample's own timing lines
# ("Time= 0.123 msec", "Time = 0.00012 s") are compared as unihip/nvcc (above 1: unihip slower).
#
#   bench/cuda-samples/compare.sh build <cuda-samples-src> <unihip-build> [nvcc]
#       nvcc: default /usr/local/cuda/bin/nvcc. Stripped executables go to
#       <unihip-build>/cuda-samples-bench/bin/{unihip,nvcc}/<sample>/.
#   bench/cuda-samples/compare.sh run <unihip-build>
#       REPEAT runs of each (default 5), alternating unihip and nvcc; writes
#       <unihip-build>/cuda-samples-bench/compare.tsv (medians and their ratio) and runs.tsv.
#   bench/cuda-samples/compare.sh kernels <unihip-build> [ncu]
#       Each kernel's GPU time as Nsight Compute measures it (gpu__time_duration, caches flushed
#       before each launch; the first LAUNCHES launches, default 40, of each build), median per
#       kernel, unihip/nvcc: the compilers' device code alone, past the samples' coarse timers.
#       Writes kernels.tsv.
set -uo pipefail
samples=(0_Introduction/matrixMul 2_Concepts_and_Techniques/scan 6_Performance/transpose)
export UNIHIP_NVCC_ARCHS=${UNIHIP_NVCC_ARCHS:-sm_90}

case ${1:-} in
  build)
    src=$(realpath "${2:?cuda-samples source}"); ub=$(realpath "${3:?unihip build}")
    nvcc=${4:-/usr/local/cuda/bin/nvcc}; out=$ub/cuda-samples-bench
    rm -rf "$out/bin"; mkdir -p "$out/logs"
    for compiler in unihip nvcc; do
      cc=$ub/bin/unihip-nvcc; [ $compiler = nvcc ] && cc=$nvcc
      for s in "${samples[@]}"; do
        name=${s#*/} bld=$out/build-$compiler/$name log=$out/logs/build-$compiler-$name.log
        rm -rf "$bld"
        if nice -n 19 cmake -S "$src/Samples/$s" -B "$bld" -DCMAKE_CUDA_COMPILER="$cc" \
             -DCMAKE_BUILD_TYPE=Release > "$log" 2>&1 &&
           nice -n 19 cmake --build "$bld" -j "${SAMPLES_JOBS:-2}" >> "$log" 2>&1; then
          mkdir -p "$out/bin/$compiler/$name"
          cp "$bld/$name" "$out/bin/$compiler/$name/" && strip "$out/bin/$compiler/$name/$name"
          echo "$compiler $name: built"
        else
          echo "$compiler $name: FAILED ($log)"
        fi
      done
    done
    du -sh "$out/bin"
    ;;
  run)
    ub=$(realpath "${2:?unihip build}"); out=$ub/cuda-samples-bench; repeat=${REPEAT:-5}
    export LD_LIBRARY_PATH=$ub/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    mkdir -p "$out/logs"
    printf 'sample\tcompiler\trun\tmeasure\tvalue\tunit\n' > "$out/runs.tsv"
    for ((r = 1; r <= repeat; r++)); do
      for s in "${samples[@]}"; do
        name=${s#*/}
        for compiler in unihip nvcc; do
          exe=$out/bin/$compiler/$name/$name
          [ -x "$exe" ] || continue
          log=$out/logs/run-$compiler-$name-$r.log
          (cd "$(dirname "$exe")" && timeout 300 "./$name" < /dev/null) > "$log" 2>&1 ||
            echo "$compiler $name run $r: exit $?" >&2
          # One measure per timing line: its label (the text before the first comma; matrixMul's
          # has none), numbered when it repeats (scan prints one per array size).
          awk -v s="$name" -v c="$compiler" -v r="$r" '
            match($0, /Time ?= ?[0-9.eE+-]+ ?[a-z]+/) {
              t = substr($0, RSTART, RLENGTH); sub(/Time ?= ?/, "", t); split(t, p, / +/)
              if (p[2] == "") { n = match(p[1], /[a-z]+$/); p[2] = substr(p[1], n); p[1] = substr(p[1], 1, n - 1) }
              label = $0; sub(/,.*/, "", label); gsub(/  +/, " ", label); sub(/ +$/, "", label)
              if (label ~ /^Performance=/) label = s
              k[label]++; if (k[label] > 1) label = label " #" k[label]
              printf "%s\t%s\t%s\t%s\t%s\t%s\n", s, c, r, label, p[1], p[2]
            }' "$log" >> "$out/runs.tsv"
        done
      done
    done
    # Medians per (sample, measure, compiler) and the ratio unihip/nvcc.
    {
      printf 'sample\tmeasure\tunit\tunihip_median\tnvcc_median\tratio_unihip_over_nvcc\truns\n'
      tail -n +2 "$out/runs.tsv" | sort -t$'\t' -k1,1 -k4,4 -k2,2 -k5,5g | awk -F'\t' '
        function median(key,   n) { n = cnt[key]; if (!n) return ""; return n % 2 ? v[key, (n + 1) / 2] : (v[key, n / 2] + v[key, n / 2 + 1]) / 2 }
        { key = $1 "\t" $4 "\t" $2; v[key, ++cnt[key]] = $5; unit[$1 "\t" $4] = $6; if (!seen[$1 "\t" $4]++) order[++m] = $1 "\t" $4 }
        END {
          for (i = 1; i <= m; i++) {
            k = order[i]; u = median(k "\tunihip"); n = median(k "\tnvcc")
            ratio = (u != "" && n != "" && n > 0) ? sprintf("%.3f", u / n) : "-"
            printf "%s\t%s\t%s\t%s\t%s\t%s\n", k, unit[k], u, n, ratio, cnt[k "\tunihip"] "/" cnt[k "\tnvcc"]
          }
        }'
    } > "$out/compare.tsv"
    column -t -s$'\t' "$out/compare.tsv" 2>/dev/null || cat "$out/compare.tsv"
    ;;
  kernels)
    ub=$(realpath "${2:?unihip build}"); out=$ub/cuda-samples-bench; ncu=${3:-/usr/local/cuda/bin/ncu}
    export LD_LIBRARY_PATH=$ub/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    mkdir -p "$out/logs"
    printf 'sample\tcompiler\tkernel\tns\n' > "$out/kernel_runs.tsv"
    for s in "${samples[@]}"; do
      name=${s#*/}
      for compiler in unihip nvcc; do
        exe=$out/bin/$compiler/$name/$name
        [ -x "$exe" ] || continue
        csv=$out/logs/ncu-$compiler-$name.csv
        (cd "$(dirname "$exe")" && timeout 300 "$ncu" --csv --metrics gpu__time_duration.sum \
           --launch-count "${LAUNCHES:-40}" "./$name" < /dev/null) > "$csv" 2> "$csv.err" ||
          echo "$compiler $name under ncu: exit $?" >&2
        # CSV rows after the header whose "Metric Name" is gpu__time_duration.sum: kernel, value.
        python3 - "$csv" "$name" "$compiler" >> "$out/kernel_runs.tsv" <<'PY'
import csv, sys
path, sample, compiler = sys.argv[1:4]
rows = [l for l in open(path, errors="replace") if l.startswith('"')]
for r in csv.DictReader(rows):
    if r.get("Metric Name") != "gpu__time_duration.sum":
        continue
    scale = {"nsecond": 1, "usecond": 1e3, "msecond": 1e6, "second": 1e9}.get(r.get("Metric Unit", ""), 1)
    kernel = r["Kernel Name"].split("(")[0]
    print(f"{sample}\t{compiler}\t{kernel}\t{float(r['Metric Value'].replace(',', '')) * scale:.0f}")
PY
      done
    done
    python3 - "$out/kernel_runs.tsv" > "$out/kernels.tsv" <<'PY'
import statistics, sys
runs = {}
for line in list(open(sys.argv[1]))[1:]:
    sample, compiler, kernel, ns = line.rstrip("\n").split("\t")
    runs.setdefault((sample, kernel), {}).setdefault(compiler, []).append(float(ns))
print("sample\tkernel\tunihip_median_ns\tnvcc_median_ns\tratio_unihip_over_nvcc\tlaunches")
for (sample, kernel), by in runs.items():
    u, n = by.get("unihip"), by.get("nvcc")
    if not u or not n:
        continue
    mu, mn = statistics.median(u), statistics.median(n)
    print(f"{sample}\t{kernel}\t{mu:.0f}\t{mn:.0f}\t{mu / mn:.3f}\t{len(u)}/{len(n)}")
PY
    column -t -s$'\t' "$out/kernels.tsv" 2>/dev/null || cat "$out/kernels.tsv"
    ;;
  *)
    sed -n '2,17p' "$0"; exit 2 ;;
esac
