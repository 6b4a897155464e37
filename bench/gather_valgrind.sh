#!/usr/bin/env bash
# Copies the parts of this machine's valgrind that callgrind needs (launcher, tool, preload,
# default suppressions; about 2.5 MB) into <dest>/valgrind/, so that
# bench/count_gpu_instructions.sh can run on the GPU machine, which has no valgrind. Run with
# VALGRIND_LIB=<dest>/valgrind. Does nothing (status 0) where valgrind is not installed.
#   bench/gather_valgrind.sh <dest>
set -euo pipefail
dest=${1:?usage: gather_valgrind.sh <dest>}
launcher=$(command -v valgrind || true)
[[ -n $launcher ]] || exit 0
# Debian's valgrind is a shell wrapper around valgrind.bin.
[[ -x $launcher.bin ]] && launcher=$launcher.bin
for lib in /usr/libexec/valgrind /usr/lib/x86_64-linux-gnu/valgrind /usr/lib/valgrind \
           /usr/local/libexec/valgrind /usr/local/lib/valgrind; do
  if [[ -x $lib/callgrind-amd64-linux ]]; then
    mkdir -p "$dest/valgrind"
    cp "$launcher" "$dest/valgrind/valgrind"
    cp "$lib/callgrind-amd64-linux" "$lib/vgpreload_core-amd64-linux.so" "$lib/default.supp" \
       "$dest/valgrind/"
    exit 0
  fi
done
echo "gather_valgrind: no callgrind-amd64-linux beside $launcher; count_gpu_instructions.sh will skip" >&2
