#!/usr/bin/env bash
# Installs the Debian 12 packages unihip builds with, when any is missing (needs root or sudo).
# ccache only speeds rebuilds (scripts/build.sh uses it when present). The CUDA toolkit is
# optional: with /usr/local/cuda/bin/ptxas present, NVIDIA images include cubins; without it they
# carry PTX only, which the driver compiles at load time.
set -euo pipefail
packages=(cmake ninja-build g++ clang-19 lld-19 llvm-19 llvm-19-dev libelf-dev libspdlog-dev catch2
          libmsgpack-dev libhsa-runtime-dev rocm-device-libs valgrind python3
          zlib1g-dev libzstd-dev ccache)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "unihip: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
