#!/usr/bin/env bash
# Renders a timeline trace (UNIHIP_TRACE's JSON, docs/trace.md) to a PNG without a network:
# speedscope (npm) in headless Chromium (Debian's `chromium`). speedscope installs once into
# $UNIHIP_SPEEDSCOPE_DIR (default ~/.cache/unihip-speedscope).
#   scripts/trace_screenshot.sh <trace.json> <out.png> [width] [height]
# Exit status: 0 with the PNG written, 1 when the browser wrote none, 2 on usage or a missing tool.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 <trace.json> <out.png> [width] [height]" >&2
  exit 2
fi
trace=$(realpath "$1")
out=$(realpath -m "$2")
width=${3:-1600} height=${4:-900}
cache=${UNIHIP_SPEEDSCOPE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/unihip-speedscope}
index=$cache/node_modules/speedscope/dist/release/index.html
if [ ! -f "$index" ]; then
  command -v npm >/dev/null || { echo "trace_screenshot: needs npm (apt-get install npm)" >&2; exit 2; }
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-audit --no-fund speedscope >/dev/null
fi
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "trace_screenshot: needs Chromium (apt-get install chromium)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# What speedscope's own command line does: a script that hands the file to the page.
node -e '
  const fs = require("fs"), path = require("path");
  const [trace, js] = process.argv.slice(1);
  const data = fs.readFileSync(trace).toString("base64");
  fs.writeFileSync(js, "speedscope.loadFileFromBase64(" + JSON.stringify(path.basename(trace)) +
                       ", " + JSON.stringify(data) + ")\n");' "$trace" "$work/profile.js"
rm -f "$out"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
  --user-data-dir="$work/profile" --window-size="$width,$height" --virtual-time-budget=10000 \
  --screenshot="$out" "file://$index#localProfilePath=$work/profile.js" >"$work/browser.log" 2>&1 || true
if [ ! -s "$out" ]; then
  cat "$work/browser.log" >&2
  echo "trace_screenshot: no screenshot written" >&2
  exit 1
fi
echo "trace_screenshot: $out"
