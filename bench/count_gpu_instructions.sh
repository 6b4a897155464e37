#!/usr/bin/env bash
# Host instructions per launch and per async copy on the GPU machine, everything counted: the
# runtime and the driver below it (issue 16 item 7: the CUDA path, to set beside the AMD path,
# where unihip itself writes the packets that libcuda writes on NVIDIA). callgrind collects
# inside benchInstructionBatch (64 operations per call) of bench_driver (cuLaunchKernel,
# cuMemcpyHtoDAsync), bench_cudart and bench_unihip (<<<>>>, cudaMemcpyAsync / hipMemcpyAsync
# of 1 KiB from pinned memory; and hipModuleLaunchKernel, the same kernel from the cubin, set
# against cuLaunchKernel) for 40 and 80 batches; the difference over 2,560 operations is the
# figure, so one-time work cancels out. Split by where it runs: libcuda, the runtime's own code
# (libunihip; cudart, linked into bench_cudart), and the rest (libc, the loader), which both
# call. valgrind: the bench folder's valgrind/ (the build machine's callgrind, gathered by the
# unihip_bench target), else the one on PATH. Instruction counts under valgrind are the
# program's own; they do not depend on the machine's load.
#   bench/count_gpu_instructions.sh <bench-bin-dir> [json-out]
#   bench/count_gpu_instructions.sh --self-test <build-dir>   (no GPU: checks the profile reading
#     on bench_launch_instructions, with <build-dir>/bench-gpu/valgrind where it was gathered)
# Then the first launch of a kernel, once per program, with the cache simulator (below).
# With UNIHIP_CALLGRIND_KEEP=<dir>, the 80-batch and first-launch profiles are kept there.
# Exit status: 0, 2 on a usage or tool error, 77 when valgrind is not there.
set -uo pipefail

self_test=false json_out=
if [[ ${1:-} == --self-test ]]; then
  self_test=true
  build=${2:?usage: count_gpu_instructions.sh --self-test <build-dir>}
  bin=$build/bench-gpu/bin
else
  bin=${1:?usage: count_gpu_instructions.sh <bench-bin-dir> [json-out]}
  json_out=${2:-}
fi
valgrind=(valgrind)
for dir in "$bin/../valgrind" "$bin/valgrind"; do
  if [[ -x $dir/valgrind ]]; then
    valgrind=(env "VALGRIND_LIB=$(cd "$dir" && pwd)" "$dir/valgrind")
    break
  fi
done
if ! "${valgrind[@]}" --tool=callgrind --version >/dev/null 2>&1; then
  echo "count_gpu_instructions: no valgrind (neither in $bin/../valgrind nor on PATH)" >&2
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Writes the callgrind profile of <impl> doing <kind> for <batches> batches; prints its path.
profile() {  # impl kind batches
  local out="$work/$1.$2.$3"
  if ! "${valgrind[@]}" --tool=callgrind --callgrind-out-file="$out" \
      --toggle-collect=benchInstructionBatch "$bin/bench_$1" "--instruction-loop=$2:$3" \
      >/dev/null 2>"$work/valgrind.log"; then
    tail -n 20 "$work/valgrind.log" >&2
    return 1
  fi
  echo "$out"
}
total() { awk '/^(summary|totals):/ {print $2; exit}' "$1"; }
# Sum of the events <names...> in an object's own cost lines (its functions' own cost: cost
# lines under the latest "ob=" naming it, calls' inclusive lines excluded; the columns after the
# position, callgrind leaving out trailing zeros).
events_in_object() {  # profile object-pattern event-names...
  local profile=$1 pattern=$2
  shift 2
  awk -v pattern="$pattern" -v wanted="$*" '
    # Compressed names: "(id) name" defines id (in ob= or cob=), "(id)" refers to it.
    function object(spec,   id, name) {
      if (spec !~ /^\([0-9]+\)/) return spec
      id = spec; sub(/\).*/, ")", id)
      name = spec; sub(/^\([0-9]+\) ?/, "", name)
      if (name != "") known[id] = name
      return known[id]
    }
    /^events:/ {
      n = split(wanted, w, " ")
      for (i = 2; i <= NF; i++) for (j = 1; j <= n; j++) if ($i == w[j]) col[i] = 1
      next
    }
    /^cob=/ { object(substr($0, 5)); next }
    /^ob=/ { cur = object(substr($0, 4)); next }
    /^calls=/ { skip = 1; next }
    /^[0-9+*-]/ {
      if (skip) { skip = 0; next }
      if (cur ~ pattern) for (i in col) s += $i
      next
    }
    END { print s + 0 }' "$profile"
}
# Instructions executed inside an object.
in_object() { events_in_object "$1" "$2" Ir; }  # profile object-pattern

# The object split must account for every instruction, whatever valgrind's name compression
# does (names defined in cob= lines, referred to by number later).
if $self_test; then
  out="$work/self-test"
  if ! "${valgrind[@]}" --tool=callgrind --callgrind-out-file="$out" --toggle-collect=hipLaunchKernel \
      "$build/bench/bench_launch_instructions" 200 direct >/dev/null 2>"$work/valgrind.log"; then
    tail -n 20 "$work/valgrind.log" >&2
    exit 2
  fi
  all=$(total "$out")
  runtime=$(in_object "$out" bench_unihip_fake)
  libc=$(in_object "$out" 'libc[.]so')
  sum=0
  for object in bench_unihip_fake 'libc[.]so' ld-linux 'libstdc[+][+]' bench_launch_instructions; do
    sum=$((sum + $(in_object "$out" "$object")))
  done
  echo "self-test: total $all, libunihip's objects $runtime, libc $libc, all objects $sum" >&2
  if ((all <= 0 || runtime <= 0 || sum != all || $(in_object "$out" libcuda) != 0)); then
    echo "count_gpu_instructions: self-test FAILED" >&2
    exit 1
  fi
  # The same with the cache simulator (the first-launch figures): every event's split adds up.
  if ! "${valgrind[@]}" --tool=callgrind --cache-sim=yes --callgrind-out-file="$out.cache" \
      --toggle-collect=hipLaunchKernel "$build/bench/bench_launch_instructions" 200 direct \
      >/dev/null 2>"$work/valgrind.log"; then
    tail -n 20 "$work/valgrind.log" >&2
    exit 2
  fi
  read -r -a names < <(awk '/^events:/ {$1 = ""; print; exit}' "$out.cache")
  read -r -a sums < <(awk '/^(summary|totals):/ {$1 = ""; print; exit}' "$out.cache")
  for i in "${!names[@]}"; do
    whole=${sums[i]:-0} split=0
    for object in bench_unihip_fake 'libc[.]so' ld-linux 'libstdc[+][+]' bench_launch_instructions; do
      split=$((split + $(events_in_object "$out.cache" "$object" "${names[i]}")))
    done
    if ((split != whole || $(events_in_object "$out.cache" . "${names[i]}") != whole)); then
      echo "count_gpu_instructions: self-test FAILED: ${names[i]} $whole, by object $split" >&2
      exit 1
    fi
  done
  echo "self-test: cache simulation, ${#names[@]} events split by object: $(IFS=,; echo "${names[*]}")" >&2
  echo "count_gpu_instructions: self-test passed" >&2
  exit 0
fi

# The runtime's own code: libunihip, or the executable for bench_cudart (cudart is linked
# statically) and bench_driver (the loop alone).
runtime_object() {  # impl
  case $1 in unihip) echo libunihip ;; *) echo "bench_$1\$" ;; esac
}

lines=()
status=0
printf '%-8s %-13s %10s %10s %10s %10s\n' impl op total libcuda runtime other >&2
for impl in driver cudart unihip; do
  kinds=(launch copy)
  [[ $impl == unihip ]] && kinds+=(module-launch)  # against cuLaunchKernel (driver launch)
  for kind in "${kinds[@]}"; do
    a=$(profile "$impl" "$kind" 40) && b=$(profile "$impl" "$kind" 80) || {
      echo "count_gpu_instructions: bench_$impl --instruction-loop=$kind failed" >&2
      status=2
      continue
    }
    per=$((($(total "$b") - $(total "$a")) / 2560))
    [[ -n ${UNIHIP_CALLGRIND_KEEP:-} ]] && cp "$b" "$UNIHIP_CALLGRIND_KEEP/callgrind.$impl.$kind"
    cuda=$((($(in_object "$b" libcuda) - $(in_object "$a" libcuda)) / 2560))
    own_object=$(runtime_object "$impl")
    own=$((($(in_object "$b" "$own_object") - $(in_object "$a" "$own_object")) / 2560))
    # libc, the loader, libstdc++: called by the runtime and by libcuda alike.
    printf '%-8s %-13s %10d %10d %10d %10d\n' "$impl" "$kind" "$per" "$cuda" "$own" "$((per - cuda - own))" >&2
    for part in "total:$per" "libcuda:$cuda" "runtime:$own"; do
      record='{"bench":"instructions_gpu_%s_%s_%s","impl":"%s","group":"instructions","x":0,'
      record+='"instructions":%d}'
      lines+=("$(printf "$record" "$kind" "$impl" "${part%%:*}" "$impl" "${part#*:}")")
    done
  done
done

# The first launch (benchFirstLaunch: module load, lookup, launch, wait), once per program, with
# callgrind's cache simulator: instructions and last-level cache misses (instruction fetches,
# data reads and writes), split as above. The misses are the simulated caches' (the machine's
# sizes), as warm as the process left them after making its context: what a cold path costs
# beyond its instructions, which the time of one first launch cannot tell apart.
printf '%-8s %-13s %10s %10s %10s %10s   %s\n' impl op total libcuda runtime other \
  "last-level misses: total libcuda runtime other" >&2
for impl in driver cudart unihip; do
  out="$work/$impl.first-launch"
  if ! "${valgrind[@]}" --tool=callgrind --cache-sim=yes --callgrind-out-file="$out" \
      --toggle-collect=benchFirstLaunch "$bin/bench_$impl" --first-launch-only \
      >/dev/null 2>"$work/valgrind.log"; then
    tail -n 20 "$work/valgrind.log" >&2
    echo "count_gpu_instructions: bench_$impl --first-launch-only failed under callgrind" >&2
    status=2
    continue
  fi
  [[ -n ${UNIHIP_CALLGRIND_KEEP:-} ]] && cp "$out" "$UNIHIP_CALLGRIND_KEEP/callgrind.$impl.first-launch"
  own_object=$(runtime_object "$impl")
  declare -A ir=() ll=()
  for part in total libcuda runtime; do
    case $part in total) pattern=. ;; libcuda) pattern=libcuda ;; runtime) pattern=$own_object ;; esac
    ir[$part]=$(events_in_object "$out" "$pattern" Ir)
    ll[$part]=$(events_in_object "$out" "$pattern" ILmr DLmr DLmw)
  done
  printf '%-8s %-13s %10d %10d %10d %10d   %d %d %d %d\n' "$impl" first-launch "${ir[total]}" \
    "${ir[libcuda]}" "${ir[runtime]}" "$((ir[total] - ir[libcuda] - ir[runtime]))" "${ll[total]}" \
    "${ll[libcuda]}" "${ll[runtime]}" "$((ll[total] - ll[libcuda] - ll[runtime]))" >&2
  for part in total libcuda runtime; do
    record='{"bench":"instructions_gpu_first-launch_%s_%s","impl":"%s","group":"instructions",'
    record+='"x":0,"instructions":%d,"ll_misses":%d}'
    lines+=("$(printf "$record" "$impl" "$part" "$impl" "${ir[$part]}" "${ll[$part]}")")
  done
done
if [[ -n $json_out ]]; then printf '%s\n' "${lines[@]}" >"$json_out"; else printf '%s\n' "${lines[@]}"; fi
exit $status
