#!/usr/bin/env bash
# run.py against two fake runtimes (fake_runtime.py): a crash reads crash(SIGSEGV), a hang reads
# hang, the differing case is marked and counted. CPU only.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:?work dir}
mkdir -p "$work"
printf '#!/bin/sh\nFAKE_FLAVOR=b exec python3 %s/fake_runtime.py "$@"\n' "$here" > "$work/fake_b"
chmod +x "$work/fake_b"
python3 "$here/run.py" --bin unihip="$here/fake_runtime.py" --bin cuda="$work/fake_b" \
  --timeout 2 --out "$work/report.md" --json "$work/results.json"
r="$work/report.md"
grep -q '^| ⚠ | `fake.differs` |.*\*\*value=a\*\*.*\*\*value=b\*\*' "$r"
grep -q '^|  | `fake.crash` | dies | crash(SIGSEGV)' "$r"
grep -q '^|  | `fake.hang` | never ends | hang' "$r"
grep -q '^|  | `fake.ok` | returns | launch=hipSuccess<br><sub>detail</sub> | launch=hipSuccess' "$r"
grep -q 'differences: 1' "$r"
# Merging a saved run gives the same report.
python3 "$here/run.py" --bin unihip="$here/fake_runtime.py" --merge "$work/results.json" --timeout 2 \
  --out "$work/report2.md" 2>/dev/null || true
echo "runner test passed"
