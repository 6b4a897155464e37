#!/usr/bin/env bash
# Configures and builds unihip into build/ (or $UNIHIP_BUILD_DIR). Extra arguments go to cmake
# (e.g. -DUNIHIP_BUILD_TESTS=OFF); UNIHIP_BUILD_TARGETS names targets (default: all).
# Uses ccache when it is installed (UNIHIP_CCACHE=0 turns it off): it only pays on a machine
# that keeps its cache between builds, and costs little on one that does not.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${UNIHIP_BUILD_DIR:-$root/build}
launcher=()
if [ "${UNIHIP_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
  # Paths relative to the checkout, so that fresh clones in other folders share the cache.
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
else
  launcher=(-UCMAKE_C_COMPILER_LAUNCHER -UCMAKE_CXX_COMPILER_LAUNCHER)
fi
echo "unihip: configuring $build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=${UNIHIP_BUILD_TYPE:-Release} \
  "${launcher[@]}" "$@" >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
read -r -a targets <<<"${UNIHIP_BUILD_TARGETS:-all}"
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"
