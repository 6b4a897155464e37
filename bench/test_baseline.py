#!/usr/bin/env python3
"""ctest bench.baseline: the baselines in bench/baselines/ are well formed, and report.py
--baseline flags a run that is worse than its baseline (and only such a run). No GPU: the runs
are made from the baselines' own figures, then moved."""
import contextlib
import io
import json
import os
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import baseline  # noqa: E402
import report  # noqa: E402

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED:", what)


def synthetic_run(base, moved=None):
    """A results.json whose figures give the baseline's ratios (7 rounds each), with
    moved[name] = (factor, spread): that benchmark's ratio times factor, per-round ratios spread
    around it by +-spread."""
    moved = moved or {}
    figures, instructions = [], {}
    for row in base["benchmarks"]:
        factor, spread = moved.get(row["name"], (1.0, 0.0))
        if row["unit"] == "instructions":
            instructions[row["name"]] = round(row["unihip"] * factor)
            if "reference" in row:
                instructions[row["name"].replace("_unihip_", "_driver_")] = row["reference_value"]
            continue
        bw = row["unit"] == "GB/s"
        group = row["name"].rsplit("_", 1)[0] if bw else "synthetic"
        x = int(row["name"].rsplit("_", 1)[-1]) if bw else 0
        ours = "unihipcc" if row["name"].startswith("kernel_") else "unihip"
        ref_us = 10.0
        ratio = row.get("ratio", 1.0) * factor
        per_ref, per_ours = {}, {}
        for r in range(7):
            rr = ratio * (1 + spread * (r - 3) / 3)
            per_ref[str(r)] = ref_us
            per_ours[str(r)] = ref_us / rr if bw else ref_us * rr
        if "reference" not in row:  # compared by its own value
            per_ours = {k: row["unihip"] * factor for k in per_ours} if not bw else per_ours
        for impl, per in ((ours, per_ours), (row.get("reference"), per_ref)):
            if impl is None:
                continue
            med = sorted(per.values())[3]
            fig = {"bench": row["name"], "impl": impl, "group": group, "x": x, "median_us": med,
                   "min_us": min(per.values()), "rounds": 7, "reps": 7, "per_round": per}
            if bw:
                fig["gbps"] = x / (med * 1e3)
            figures.append(fig)
    return {"date": "2026-12-01", "gpu": base["gpu"], "driver_version": base["driver_version"],
            "figures": figures, "instructions": instructions}


def compare(base_path, run, tolerance=0.05):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "results.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(run, f)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = baseline.compare(base_path, [path], tolerance)
    return status, out.getvalue()


def verdict_of(text, name):
    for line in text.splitlines():
        if line.startswith(f"| {name} |"):
            return line.rstrip(" |").rsplit("| ", 1)[-1]
    return None


# The files: one per GPU kind, named by it, every row complete.
files = sorted(f for f in os.listdir(baseline.BASELINE_DIR) if f.endswith(".json"))
check("h200.json" in files, "bench/baselines/h200.json exists")
for name in files:
    path = os.path.join(baseline.BASELINE_DIR, name)
    with open(path, encoding="utf-8") as f:
        base = json.load(f)
    check(base["gpu_kind"] == name[:-5] == baseline.gpu_kind(base["gpu"]),
          f"{name}: gpu_kind {base['gpu_kind']} matches the file name and the GPU ({base['gpu']})")
    check(len(base["benchmarks"]) >= 50, f"{name}: holds the run's benchmarks")
    for row in base["benchmarks"]:
        ok = {"name", "unit", "unihip"} <= set(row) and row["unit"] in ("us", "GB/s", "instructions")
        ok = ok and (("reference" in row) == ("ratio" in row) == ("reference_value" in row))
        check(ok, f"{name}: row {row.get('name')} has name, unit, unihip value, and ratio with "
                  f"its reference")

    # The baseline's own figures: nothing moves, nothing is flagged.
    status, text = compare(path, synthetic_run(base))
    check(status == 0 and " 0 regressions" in text and " 0 better" in text,
          f"{name}: a run equal to the baseline is all 'ok' (status {status})\n{text[-400:]}")

    times = [r["name"] for r in base["benchmarks"] if r["unit"] == "us" and "ratio" in r]
    bands = [r["name"] for r in base["benchmarks"] if r["unit"] == "GB/s" and "ratio" in r]
    counts = [r["name"] for r in base["benchmarks"] if r["unit"] == "instructions"]
    t, b, c = times[0], bands[0], counts[0]
    # (benchmark, factor on its ratio, spread of the per-round ratios, exit status, verdict, what)
    cases = [
        (t, 1.10, 0.02, 1, "REGRESSION", "10% slower, the whole interval beyond 5%"),
        (t, 1.10, 0.10, 0, "worse?", "10% slower by the median, the interval reaching back"),
        (t, 1.03, 0.0, 0, "ok", "3% slower, within 5%"),
        (b, 0.90, 0.0, 1, "REGRESSION", "10% less bandwidth"),
        (b, 1.10, 0.0, 0, "better", "10% more bandwidth"),
        (c, 1.20, 0.0, 1, "REGRESSION", "20% more instructions"),
    ]
    for bench, factor, spread, want_status, want_verdict, what in cases:
        status, text = compare(path, synthetic_run(base, {bench: (factor, spread)}))
        got = verdict_of(text, bench)
        check(status == want_status and got == want_verdict,
              f"{name}: {bench} {what}: {want_verdict}, exit {want_status} (got {got}, exit {status})")

check(baseline.gpu_kind("NVIDIA H100 80GB HBM3") == "h100", "gpu_kind of an H100")
check(baseline.gpu_kind("AMD Instinct MI300X") == "mi300x", "gpu_kind of an MI300X")
check(baseline.gpu_kind("unknown GPU") is None, "gpu_kind of an unknown GPU")
with tempfile.TemporaryDirectory() as d:
    first = report.run_folder(d, "2026-12-01")
    os.makedirs(first)
    check(first.endswith("2026-12-01") and report.run_folder(d, "2026-12-01").endswith("2026-12-01-b"),
          "a second run of the day gets <date>-b/")

print(f"bench.baseline: {len(failures)} failed" if failures else "bench.baseline: all checks passed")
sys.exit(1 if failures else 0)
