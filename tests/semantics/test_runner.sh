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
# Runs saved apart (as from two device sessions) merge into the same comparison.
python3 "$here/run.py" --bin cuda="$work/fake_b" --only fake.differs --timeout 2 \
  --out "$work/b.md" --json "$work/b.json" >/dev/null
python3 "$here/run.py" --bin unihip="$here/fake_runtime.py" --only fake.differs --timeout 2 \
  --out "$work/a.md" --json "$work/a.json" >/dev/null
python3 "$here/run.py" --merge "$work/a.json" --merge "$work/b.json" --out "$work/merged.md" >/dev/null
grep -q '^| ⚠ | `fake.differs` |.*\*\*value=a\*\*.*\*\*value=b\*\*' "$work/merged.md"
grep -q 'differences: 1' "$work/merged.md"
echo "runner test passed"
