"""Baselines: the figures of one benchmark run per GPU kind, kept in git (bench/baselines/), and
the comparison of a new run against them (report.py --baseline, --write-baseline).

A baseline holds, per benchmark, unihip's value, the reference it is compared with (the driver
where it was measured, else cudart; nvcc for the kernel comparison), the paired ratio (report.py's
median of per-round ratios) and the unit. Runs are compared by that ratio, not by the raw value:
the reference runs in the same rounds on the same machine, so drift between sessions cancels.
Instruction counts have no time noise and are compared as they are.
"""
import json
import os
import re

import report

# The implementations that are unihip's side of a figure, and the references, in order of choice.
OURS = ("unihip", "unihipcc")
REFERENCES = ("driver", "cudart", "nvcc")
BASELINE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "baselines")


def gpu_kind(gpu_name):
    """'NVIDIA H100 80GB HBM3' -> 'h100', 'AMD Instinct MI300X' -> 'mi300x'; None if unknown."""
    m = re.search(r"\b([A-Z]{1,3}\d{2,4}[A-Z]{0,2})\b", gpu_name or "")
    return m.group(1).lower() if m else None


def is_bandwidth(bench, group):
    """Copies of 1 MiB and more are reported in GB/s (report.rows() does the same)."""
    size = bench.rsplit("_", 1)[-1]
    return group.startswith("copy") and size.isdigit() and int(size) >= report.MiB


def load_run(paths):
    """(figures, instructions, meta) of a run: its results.json, or the raw JSON lines."""
    if any(p.endswith(".json") for p in paths):
        if len(paths) != 1:
            raise SystemExit("report.py: one results.json, or raw JSON-lines files, not both or several")
        with open(paths[0], encoding="utf-8") as f:
            result = json.load(f)
        figures = {(fig["bench"], fig["impl"]): dict(fig, per_round=fig.get("per_round", {}))
                   for fig in result["figures"]}
        meta = {k: result.get(k) for k in ("date", "gpu", "driver_version")}
        return figures, result.get("instructions", {}), meta
    figures, extras = report.load(paths)
    first = next((m for m in extras["meta"] if m.get("impl") == "driver"),
                 extras["meta"][0] if extras["meta"] else {})
    meta = {"date": None, "gpu": first.get("gpu"), "driver_version": first.get("driver_version")}
    return figures, extras["instructions"], meta


def entries(figures, instructions):
    """The baseline's rows: one per benchmark unihip ran (see the module's docstring)."""
    rows = []
    for bench in sorted({b for b, i in figures if i in OURS}):
        ours = next(i for i in OURS if (bench, i) in figures)
        fig = figures[(bench, ours)]
        bw = is_bandwidth(bench, fig["group"])
        ref = next((r for r in REFERENCES if (bench, r) in figures), None)
        row = {"name": bench, "unit": "GB/s" if bw else "us",
               "unihip": round(report.value(figures, bench, ours, bw), 4)}
        if ref is not None:
            p = report.paired(figures, (bench, ours), (bench, ref), bw)
            row.update(reference=ref, reference_value=round(report.value(figures, bench, ref, bw), 4),
                       ratio=round(p["median"], 4))
            if p["low"] is not None:  # paired round by round (runs since 2026-11-26)
                row["interval"] = [round(p["low"], 4), round(p["high"], 4)]
                row["rounds"] = p["n"]
        rows.append(row)
    # Instruction counts: unihip's own, or unihip's whole path against the driver's (libcuda counted).
    for key in sorted(instructions):
        if "_driver_" in key or "_cudart_" in key:
            continue
        row = {"name": key, "unit": "instructions", "unihip": instructions[key]}
        ref_key = key.replace("_unihip_", "_driver_")
        if ref_key != key and instructions.get(ref_key):
            row.update(reference="driver", reference_value=instructions[ref_key],
                       ratio=round(instructions[key] / instructions[ref_key], 4))
        rows.append(row)
    return rows


def dumps(baseline):
    """JSON with one line per benchmark: readable in a diff, small in git."""
    head = {k: v for k, v in baseline.items() if k != "benchmarks"}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f" {json.dumps(k)}: {json.dumps(v)},")
    lines.append(' "benchmarks": [')
    rows = [f"  {json.dumps(r)}" for r in baseline["benchmarks"]]
    lines.append(",\n".join(rows))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_baseline(path, run_paths, source=None, code=None):
    figures, instructions, meta = load_run(run_paths)
    if not figures:
        print(f"report.py: no benchmark figures in {', '.join(run_paths)}")
        return 1
    baseline = {"gpu": meta["gpu"], "gpu_kind": gpu_kind(meta["gpu"]), "date": meta["date"],
                "driver_version": meta["driver_version"]}
    if code:
        baseline["code"] = code
    if source:
        baseline["source"] = source
    baseline["benchmarks"] = entries(figures, instructions)
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(baseline))
    print(f"report.py: wrote {path}: {len(baseline['benchmarks'])} benchmarks of {meta['gpu']}")
    return 0


def find_baseline(spec, gpu):
    """The baseline file: spec itself, or for 'auto' bench/baselines/<kind of the run's GPU>.json."""
    if spec != "auto":
        return spec
    kind = gpu_kind(gpu)
    path = os.path.join(BASELINE_DIR, f"{kind}.json") if kind else None
    return path if path and os.path.exists(path) else None


def change(base, run):
    """(what is compared, relative change of the run against the baseline): the ratio to the
    reference when both have one, else unihip's own value."""
    if base.get("ratio") and run.get("ratio"):
        return "ratio", run["ratio"] / base["ratio"] - 1
    if base.get("unihip") and run.get("unihip") is not None:
        return "value", run["unihip"] / base["unihip"] - 1
    return None, None


def judge(base, run, tolerance):
    """'REGRESSION' when the run is worse than the baseline by more than the tolerance, and its
    95% interval (where it has one) lies wholly beyond that; 'worse?' when only the median does;
    'better' when it is better by more than the tolerance; else 'ok'."""
    what, delta = change(base, run)
    if what is None:
        return None, None, "-"
    worse_sign = -1 if base["unit"] == "GB/s" else 1  # bandwidth: higher is better
    d = delta * worse_sign
    if d > tolerance:
        lo_hi = run.get("interval") if what == "ratio" else None
        if lo_hi:
            # The interval's best end, against the baseline's ratio moved by the tolerance.
            best = min(lo_hi) if worse_sign == 1 else max(lo_hi)
            limit = base["ratio"] * (1 + tolerance * worse_sign)
            firm = best > limit if worse_sign == 1 else best < limit
            return what, delta, "REGRESSION" if firm else "worse?"
        return what, delta, "REGRESSION"
    if d < -tolerance:
        return what, delta, "better"
    return what, delta, "ok"


def compare(spec, run_paths, tolerance, only_changes=False):
    """Prints, per benchmark of the baseline, the baseline's and the run's figure and the change.
    Exit status 1 when any benchmark regressed (REGRESSION), 0 otherwise (also without a
    baseline for the run's GPU, which is said)."""
    figures, instructions, meta = load_run(run_paths)
    path = find_baseline(spec, meta["gpu"])
    if path is None:
        print(f"report.py: no baseline for {meta['gpu']} in {BASELINE_DIR} "
              f"(make one: report.py --write-baseline {BASELINE_DIR}/<kind>.json <results.json>)")
        return 0
    with open(path, encoding="utf-8") as f:
        baseline = json.load(f)
    run_rows = {r["name"]: r for r in entries(figures, instructions)}
    print(f"# {os.path.relpath(path)}: {baseline.get('gpu')}, {baseline.get('date')} "
          f"against the run: {meta['gpu']}, {meta['date'] or 'raw lines'}; tolerance "
          f"{tolerance:.0%}")
    if baseline.get("gpu_kind") != gpu_kind(meta["gpu"]):
        print(f"note: the baseline is of a {baseline.get('gpu_kind')}, the run of a "
              f"{gpu_kind(meta['gpu'])}: ratios compare, absolute values do not")
    print("| benchmark | unit | vs | baseline | run | change | verdict |")
    print("|---|---|---|---:|---:|---:|---|")
    counts = {"REGRESSION": 0, "worse?": 0, "better": 0, "ok": 0, "-": 0}
    missing = []
    for base in baseline["benchmarks"]:
        run = run_rows.get(base["name"])
        if run is None:
            missing.append(base["name"])
            continue
        what, delta, verdict = judge(base, run, tolerance)
        counts[verdict] += 1
        if only_changes and verdict in ("ok", "-"):
            continue
        if what == "ratio":
            shown = (f"{base['ratio']:.3f}", report.fmt_interval(
                {"median": run["ratio"], "low": (run.get("interval") or [None])[0],
                 "high": (run.get("interval") or [None, None])[1]}))
            vs = base.get("reference", "-")
        else:
            show = (lambda v: f"{v:,}") if base["unit"] == "instructions" else report.fmt
            shown = (show(base["unihip"]), show(run["unihip"]))
            vs = "itself"
        print(f"| {base['name']} | {base['unit']} | {vs} | {shown[0]} | {shown[1]} | "
              f"{'-' if delta is None else f'{delta:+.1%}'} | {verdict} |")
    new = sorted(set(run_rows) - {b["name"] for b in baseline["benchmarks"]})
    print(f"\n{sum(counts.values())} compared: {counts['REGRESSION']} regressions, "
          f"{counts['worse?']} worse by the median only (interval within the tolerance), "
          f"{counts['better']} better, {counts['ok']} within {tolerance:.0%}; "
          f"{len(missing)} of the baseline not in the run, {len(new)} new in the run")
    return 1 if counts["REGRESSION"] else 0
