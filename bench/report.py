#!/usr/bin/env python3
"""Report of the unihip benchmarks (issue 5): table of medians, ratios, goals, plots.

  report.py --out <folder> [--attach <file>] <raw.jsonl>...
      write <folder>/results/<date>/ (results.json, results.csv, table.md, plots, the inputs and
      attachments) and print the table
  report.py --readme <README.md> <results.json>  put that run's table and plots into the README

Input lines are the JSON lines the benchmark programs print (bench/common/bench_stats.h); a
figure measured in several rounds counts as the median of its per-round medians. Plots need
matplotlib; without it they are skipped with a note. Plain python3 otherwise.
"""
import argparse
import csv
import datetime
import json
import os
import re
import shutil
import statistics
import sys

IMPLS = ("driver", "cudart", "unihip")
BANDWIDTH_GROUPS = ("copy_h2d_pinned", "copy_d2h_pinned", "copy_h2d_pageable",
                    "copy_d2h_pageable", "copy_d2d")
MiB = 1 << 20
# Rows of the printed table, in order; copies at these sizes only (results.csv has all).
TABLE_COPY_SIZES = (4, 64 << 10, MiB, 64 * MiB, 1024 * MiB)
TABLE_ORDER = ("launch_0args", "launch_4args", "launch_16args", "launch_struct1k", "launch_sync",
               "launch_4threads", "first_launch", "event_record_sync", "stream_sync_idle",
               "device_sync_idle", "malloc_free_1MiB", "malloc_free_64MiB", "module_load_cubin",
               "module_load_ptx", "startup_first_kernel", "static_init_per_kernel",
               "registration_per_kernel")


def load(paths):
    """(figures, extras): figures[(bench, impl)] = aggregated record; extras = other lines."""
    samples, extras = {}, {"meta": [], "checks": [], "staging_choice": [], "instructions": {}}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if rec.get("meta"):
                    extras["meta"].append(rec)
                elif "check" in rec or "staging_check" in rec:
                    extras["checks"].append(rec)
                elif "staging_choice" in rec:
                    extras["staging_choice"].append(rec)
                elif "instructions" in rec:
                    extras["instructions"][rec["bench"]] = rec["instructions"]
                elif "bench" in rec and "median_us" in rec:
                    samples.setdefault((rec["bench"], rec["impl"]), []).append(rec)
    figures = {}
    for key, recs in samples.items():
        first = recs[0]
        med = statistics.median(r["median_us"] for r in recs)
        fig = {"bench": key[0], "impl": key[1], "group": first["group"], "x": first["x"],
               "median_us": med, "min_us": min(r["min_us"] for r in recs),
               "rounds": len(recs), "reps": sum(r["reps"] for r in recs)}
        if "gbps" in first and med > 0:
            fig["gbps"] = first["x"] / (med * 1e3)
        figures[key] = fig
    return figures, extras


def value(figures, bench, impl, bandwidth=False):
    fig = figures.get((bench, impl))
    if fig is None:
        return None
    return fig.get("gbps") if bandwidth else fig["median_us"]


def size_name(n):
    n = int(n)
    for unit, div in (("GiB", 1 << 30), ("MiB", MiB), ("KiB", 1 << 10)):
        if n >= div and n % div == 0:
            return f"{n // div} {unit}"
    return f"{n} B"


def rows(figures, condensed):
    """Table rows: (label, unit, {impl: value}, bench)."""
    benches = {b for b, _ in figures}
    out = []
    ordered = [b for b in TABLE_ORDER if b in benches]
    for group in BANDWIDTH_GROUPS:
        sizes = sorted({figures[k]["x"] for k in figures if figures[k]["group"] == group})
        for x in sizes:
            if condensed and int(x) not in TABLE_COPY_SIZES:
                continue
            ordered.append(f"{group}_{int(x)}")
    for b in ordered:
        group = next(figures[k]["group"] for k in figures if k[0] == b)
        bandwidth = group.startswith("copy_") and b.rsplit("_", 1)[-1].isdigit() and \
            int(b.rsplit("_", 1)[-1]) >= MiB
        label = b
        if group.startswith("copy_"):
            label = f"{group[5:]} {size_name(b.rsplit('_', 1)[-1])}"
        vals = {i: value(figures, b, i, bandwidth) for i in IMPLS}
        out.append((label, "GB/s" if bandwidth else "us", vals, b))
    if not condensed:
        for (b, impl), fig in sorted(figures.items()):
            if b not in ordered and impl in IMPLS:
                out.append((b, "us", {i: value(figures, b, i) for i in IMPLS}, b))
    return out


def fmt(v):
    if v is None:
        return "-"
    return f"{v:.3f}" if v < 10 else f"{v:.1f}" if v < 1000 else f"{v:.0f}"


def ratio(a, b):
    return a / b if a is not None and b not in (None, 0) else None


def table_lines(figures):
    lines = ["| figure | unit | driver | cudart | unihip | unihip/driver | unihip/cudart |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for label, unit, vals, _ in rows(figures, condensed=True):
        r_d, r_c = ratio(vals["unihip"], vals["driver"]), ratio(vals["unihip"], vals["cudart"])
        lines.append(f"| {label} | {unit} | {fmt(vals['driver'])} | {fmt(vals['cudart'])} | "
                     f"{fmt(vals['unihip'])} | {fmt(r_d)} | {fmt(r_c)} |")
    lines.append("")
    lines.append("us: median time, lower is better; GB/s: bandwidth, higher is better. "
                 "Ratios are unihip over the other in the row's unit.")
    return lines


def goal(name, ok, detail):
    return {"goal": name, "status": "N/A" if ok is None else ("PASS" if ok else "MISS"),
            "detail": detail}


def check_ratio(name, figures, benches, other, limit, bandwidth=False, want_high=False):
    """Goal on the worst unihip/other ratio over `benches` (the median is shown beside it)."""
    found = []
    for b in benches:
        r = ratio(value(figures, b, "unihip", bandwidth), value(figures, b, other, bandwidth))
        if r is not None:
            found.append((r, b))
    if not found:
        return goal(name, None, "not measured")
    r, b = min(found) if want_high else max(found)
    ok = r >= limit if want_high else r <= limit
    detail = f"worst {b}: {r:.3f} x {other} (limit {limit})"
    if len(found) > 1:
        detail += f"; median over {len(found)}: {statistics.median(x for x, _ in found):.3f}"
    return goal(name, ok, detail)


def goals(figures, extras):
    g = []
    launches = ["launch_0args", "launch_4args", "launch_16args", "launch_struct1k"]
    g.append(check_ratio("launch enqueue <= 1.02 x driver", figures, launches, "driver", 1.02))
    g.append(check_ratio("launch + sync <= 1.02 x driver", figures, ["launch_sync"], "driver", 1.02))
    g.append(check_ratio("event record + sync <= 1.0 x cudart", figures, ["event_record_sync"],
                         "cudart", 1.0))
    g.append(check_ratio("idle stream sync <= 1.0 x cudart", figures, ["stream_sync_idle"],
                         "cudart", 1.0))

    def copies(groups, pred):
        return sorted({k[0] for k, f in figures.items() if f["group"] in groups and pred(f["x"])})
    g.append(check_ratio("pinned copies >= 0.99 x cudart (>= 1 MiB)", figures,
                         copies(("copy_h2d_pinned", "copy_d2h_pinned"), lambda x: x >= MiB),
                         "cudart", 0.99, bandwidth=True, want_high=True))
    g.append(check_ratio("small copies <= 1.0 x cudart (<= 64 KiB)", figures,
                         copies(BANDWIDTH_GROUPS[:4], lambda x: x <= 64 << 10), "cudart", 1.0))
    g.append(check_ratio("pageable copies >= 1.5 x cudart (>= 64 MiB)", figures,
                         copies(("copy_h2d_pageable", "copy_d2h_pageable"), lambda x: x >= 64 * MiB),
                         "cudart", 1.5, bandwidth=True, want_high=True))
    g.append(check_ratio("startup to first kernel <= cudart (lazy loading)", figures,
                         ["startup_first_kernel"], "cudart", 1.0))
    for bench in ("static_init_per_kernel", "registration_per_kernel"):
        v = value(figures, bench, "unihip")
        g.append(goal(f"registration <= 1 us per kernel ({bench})",
                      None if v is None else v <= 1.0,
                      "not measured" if v is None else f"{v:.3f} us per kernel"))
    jit = [c for c in extras["checks"] if c.get("check") == "no_ptx_jit"]
    first, ptx = value(figures, "first_launch", "unihip"), value(figures, "module_load_ptx", "unihip")
    if jit:
        ok = jit[-1]["ok"] and (first is None or ptx is None or first < 0.1 * ptx)
        detail = "log: " + ("no PTX JIT" if jit[-1]["ok"] else "PTX was JIT-compiled")
        if first is not None and ptx is not None:
            detail += f"; first launch {first:.0f} us vs PTX load {ptx:.0f} us"
        g.append(goal("never JIT PTX when the bundle has a matching cubin", ok, detail))
    else:
        g.append(goal("never JIT PTX when the bundle has a matching cubin", None, "not checked"))
    ins = extras["instructions"].get("instructions_stub_shared")
    direct = extras["instructions"].get("instructions_direct_shared")
    g.append(goal("runtime's own cost <= 300 instructions per launch (<<<>>>, libunihip.so)",
                  None if ins is None else ins <= 300,
                  "not counted here (bench/count_instructions.sh)" if ins is None else
                  f"{ins} per <<<>>> launch, {direct} per hipLaunchKernel"))
    return g


def staging_summary(figures, extras):
    """The pageable-staging experiment, condensed: best staged GB/s against cudart's pageable."""
    lines = []
    for c in extras["staging_choice"]:
        lines.append(f"staged {c['staging_choice']}: best chunk {size_name(c['chunk_bytes'])}, "
                     f"{c['threads']} threads, {c['gbps']:.1f} GB/s at the tuning size")
    for direction in ("h2d", "d2h"):
        for x in (64 * MiB, 256 * MiB, 1024 * MiB):
            parts = []
            for variant in ("direct", "staged", "register", "registered"):
                v = value(figures, f"staging_{direction}_{variant}_{x}", "staging", bandwidth=True)
                if v is not None:
                    parts.append(f"{variant} {v:.1f}")
            base = value(figures, f"copy_{direction}_pageable_{x}", "cudart", bandwidth=True)
            if parts:
                tail = f" (cudart pageable {base:.1f})" if base else ""
                lines.append(f"{direction} {size_name(x)} GB/s: " + ", ".join(parts) + tail)
    for c in extras["checks"]:
        if "staging_check" in c:
            lines.append(f"staged round trip of {c['bytes']} bytes: {'ok' if c['ok'] else 'WRONG DATA'}")
    q = value(figures, "pointer_query_pageable", "staging")
    if q is not None:
        lines.append(f"cuPointerGetAttribute on pageable memory: {q:.3f} us")
    return lines


def plot(figures, folder, meta_title):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: matplotlib not available; plots skipped", file=sys.stderr)
        return []
    colors = {"driver": "tab:gray", "cudart": "tab:green", "unihip": "tab:blue",
              "staged": "tab:orange", "register": "tab:red"}
    fig, axes = plt.subplots(2, 3, figsize=(15, 8.5))
    for ax, group in zip(axes.flat, BANDWIDTH_GROUPS):
        for impl in IMPLS:
            pts = sorted((f["x"], f["gbps"]) for k, f in figures.items()
                         if f["group"] == group and k[1] == impl and "gbps" in f)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3,
                        label=impl, color=colors[impl])
        direction = group.split("_")[1]
        if "pageable" in group:
            for variant in ("staged", "register"):
                pts = sorted((f["x"], f["gbps"]) for k, f in figures.items()
                             if f["group"] == f"staging_{direction}_{variant}" and "gbps" in f)
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], ls="--", marker=".",
                            label=f"prototype: {variant}", color=colors[variant])
        ax.set_xscale("log", base=2)
        ax.set_title(group[5:].replace("_", " "))
        ax.set_xlabel("bytes")
        ax.set_ylabel("GB/s")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    axes.flat[-1].axis("off")
    fig.suptitle(f"Copy bandwidth (blocking copy + sync) - {meta_title}")
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "bandwidth.png"), dpi=110)
    plt.close(fig)

    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.8))
    for impl in IMPLS:
        pts = sorted((f["x"], f["median_us"]) for k, f in figures.items()
                     if f["group"] == "launch_enqueue" and k[1] == impl)
        if pts:
            left.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=impl,
                      color=colors[impl])
    left.set_xlabel("kernel argument bytes")
    left.set_ylabel("us per launch (enqueue)")
    left.set_title("Launch enqueue cost against argument bytes")
    left.set_ylim(bottom=0)
    left.grid(True, alpha=0.3)
    left.legend()
    names = ["launch_sync", "launch_4threads", "event_record_sync", "stream_sync_idle"]
    width = 0.27
    for i, impl in enumerate(IMPLS):
        vals = [value(figures, n, impl) or 0 for n in names]
        right.bar([j + (i - 1) * width for j in range(len(names))], vals, width, label=impl,
                  color=colors[impl])
    right.set_xticks(range(len(names)))
    right.set_xticklabels([n.replace("_", "\n") for n in names], fontsize=8)
    right.set_ylabel("us (median)")
    right.set_title("Launch + sync, 4 threads, event and stream sync")
    right.legend()
    fig.suptitle(meta_title)
    fig.tight_layout()
    fig.savefig(os.path.join(folder, "launch.png"), dpi=110)
    plt.close(fig)
    return ["bandwidth.png", "launch.png"]


def write_results(args):
    figures, extras = load(args.raw)
    if not figures:
        print("report.py: no benchmark results in " + ", ".join(args.raw), file=sys.stderr)
        return 1
    meta = next((m for m in extras["meta"] if m.get("impl") == "driver"),
                extras["meta"][0] if extras["meta"] else {})
    date = datetime.date.today().isoformat()
    gpu = meta.get("gpu", "unknown GPU")
    driver = meta.get("driver_version")
    title = f"{gpu}, CUDA driver {driver // 1000}.{driver % 1000 // 10}" if driver else gpu
    folder = os.path.join(args.out, "results", date)
    os.makedirs(folder, exist_ok=True)
    for path in args.raw + (args.attach or []):
        dest = os.path.join(folder, os.path.basename(path))
        if os.path.abspath(path) != os.path.abspath(dest):
            shutil.copyfile(path, dest)
    goal_list = goals(figures, extras)
    table = table_lines(figures)
    staging = staging_summary(figures, extras)
    plots = plot(figures, folder, f"{title} ({date})")
    result = {"date": date, "gpu": gpu, "driver_version": driver, "title": title,
              "figures": sorted(figures.values(), key=lambda f: (f["group"], f["x"], f["impl"])),
              "goals": goal_list, "staging": staging, "instructions": extras["instructions"],
              "checks": extras["checks"], "plots": plots, "table": table}
    with open(os.path.join(folder, "results.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
    with open(os.path.join(folder, "results.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["bench", "group", "x", "impl", "median_us", "min_us", "gbps", "rounds", "reps"])
        for fig in result["figures"]:
            w.writerow([fig["bench"], fig["group"], fig["x"], fig["impl"], f"{fig['median_us']:.4f}",
                        f"{fig['min_us']:.4f}", f"{fig['gbps']:.3f}" if "gbps" in fig else "",
                        fig["rounds"], fig["reps"]])
    with open(os.path.join(folder, "table.md"), "w", encoding="utf-8") as f:
        f.write(markdown(result))
    print(f"# unihip benchmarks - {title}, {date}\n")
    print("\n".join(table))
    print("\nGoals:")
    for g in goal_list:
        print(f"  {g['status']:4}  {g['goal']}: {g['detail']}")
    if staging:
        print("\nPageable staging experiment:")
        for line in staging:
            print("  " + line)
    print(f"\nreport.py: wrote {folder}")
    return 0


def markdown(result, image_prefix=""):
    out = [f"Measured {result['date']} on {result['title']}.", ""]
    out += result["table"] + ["", "| goal | status | detail |", "|---|---|---|"]
    out += [f"| {g['goal']} | {g['status']} | {g['detail']} |" for g in result["goals"]]
    if result["staging"]:
        out += ["", "Pageable-copy staging experiment (bench/staging):", ""]
        out += [f"- {line}" for line in result["staging"]]
    for p in result["plots"]:
        out += ["", f"![{p[:-4]}]({image_prefix}{p})"]
    return "\n".join(out) + "\n"


def update_readme(args):
    with open(args.results, encoding="utf-8") as f:
        result = json.load(f)
    readme_dir = os.path.dirname(os.path.abspath(args.readme))
    prefix = os.path.relpath(os.path.dirname(os.path.abspath(args.results)), readme_dir) + "/"
    with open(args.readme, encoding="utf-8") as f:
        text = f.read()
    begin, end = "<!-- bench-results:begin -->", "<!-- bench-results:end -->"
    if begin not in text or end not in text:
        print(f"report.py: {args.readme} lacks the {begin} / {end} markers", file=sys.stderr)
        return 1
    body = markdown(result, prefix)
    text = re.sub(re.escape(begin) + ".*?" + re.escape(end),
                  lambda _: f"{begin}\n{body}{end}", text, flags=re.S)
    with open(args.readme, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"report.py: updated {args.readme} from {args.results}")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--out", help="folder to write results/<date>/ into")
    p.add_argument("--readme", help="README to update from one results.json")
    p.add_argument("--attach", action="append", help="file to copy into the results folder")
    p.add_argument("inputs", nargs="+", help="raw JSON-lines files, or results.json with --readme")
    args = p.parse_args()
    if args.readme:
        args.results = args.inputs[0]
        return update_readme(args)
    if not args.out:
        p.error("--out or --readme is required")
    args.raw = args.inputs
    return write_results(args)


if __name__ == "__main__":
    sys.exit(main())
