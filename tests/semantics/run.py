#!/usr/bin/env python3
"""Runs the kernel-launch semantics suite against every build present and writes a report.

Each build is one executable (semantics_unihip, semantics_cuda, semantics_hip) with --list,
--probe and --case NAME. Every case runs in its own process under a time limit; a case that
dies is reported as `crash(...)`, one that runs out of time as `hang`. The report has one row
per case, one column per runtime, and marks every row where the runtimes' observations differ.

Usage:
  run.py [--bin NAME=PATH]... [--out semantics-report.md] [--timeout S] [--jobs N]
         [--only PREFIX] [--list-only] [--min-cases N] [--json FILE] [--merge FILE]...
--json also saves the raw results; --merge adds the results another run saved (for instance
each runtime run in its own device session), so one report compares them.
Without --bin it looks for build/tests/semantics/semantics_unihip, build-nvcc/semantics_cuda and
build-hipcc/semantics_hip under the repository root.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import signal
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULTS = [
    ("unihip", "build/tests/semantics/semantics_unihip"),
    ("cuda", "build-nvcc/semantics_cuda"),
    ("hip", "build-hipcc/semantics_hip"),
]


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, start_new_session=True)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode(errors="replace"), ""


def signame(rc):
    try:
        return signal.Signals(-rc).name
    except ValueError:
        return "signal %d" % -rc


def list_cases(exe):
    rc, out, err = run([exe, "--list"], 60)
    if rc != 0:
        raise SystemExit("%s --list failed (rc=%s): %s" % (exe, rc, err.strip()))
    cases = []
    for line in out.splitlines():
        if " | " in line:
            name, expect = line.split(" | ", 1)
            cases.append((name.strip(), expect.strip()))
    return cases


def probe(exe):
    rc, out, err = run([exe, "--probe"], 120)
    info = {"raw": out.strip() or err.strip(), "devices": 0}
    if rc is None:
        info["status"] = "hang"
        return info
    for line in out.splitlines():
        if line.startswith("PROBE "):
            for part in line[6:].split(" | "):
                if "=" in part:
                    k, v = part.split("=", 1)
                    info[k.strip()] = v.strip()
    try:
        info["devices"] = int(info.get("devices", 0))
    except ValueError:
        info["devices"] = 0
    if rc != 0:
        info["status"] = "crash(%s)" % (signame(rc) if rc < 0 else "rc=%d" % rc)
    return info


def run_case(exe, name, timeout):
    rc, out, err = run([exe, "--case", name], timeout)
    line = next((l for l in reversed(out.splitlines()) if l.startswith("CASE %s |" % name)), None)
    if rc is None:
        return "hang", "no result within %ds" % timeout + ("; printed its line" if line else "")
    if line is None:
        why = signame(rc) if rc < 0 else "rc=%d" % rc
        tail = err.strip().splitlines()[-1:] if err.strip() else []
        return "crash(%s)" % why, " ".join(tail)[:200]
    parts = line.split(" | ", 2)
    token = parts[1].strip() if len(parts) > 1 else ""
    detail = parts[2].strip() if len(parts) > 2 else ""
    if rc != 0:
        detail = ("exit %s after the result; " % (signame(rc) if rc < 0 else rc)) + detail
    return token, detail


def shown(path):
    """A path relative to the repository when inside it."""
    if not path.startswith("/"):
        return path
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") else rel


def cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", action="append", default=[], help="NAME=PATH of a build")
    ap.add_argument("--out", default="semantics-report.md")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per case")
    ap.add_argument("--jobs", type=int, default=1, help="cases run at once (timing cases "
                    "assume a quiet GPU: keep 1 for the reference report)")
    ap.add_argument("--only", default="", help="run only cases whose name starts with this")
    ap.add_argument("--list-only", action="store_true", help="list and probe, run no case")
    ap.add_argument("--min-cases", type=int, default=0)
    ap.add_argument("--json", help="also write the raw results here")
    ap.add_argument("--merge", action="append", default=[],
                    help="results a previous run saved with --json (repeatable)")
    args = ap.parse_args()

    builds = []
    if args.bin:
        for b in args.bin:
            name, _, path = b.partition("=")
            builds.append((name, path))
    elif not args.merge:
        builds = [(n, os.path.join(ROOT, p)) for n, p in DEFAULTS]
    present = []
    for name, path in builds:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            present.append((name, path))
        else:
            print("%s: not built (%s): skipped" % (name, path))
    merged = []
    for path in args.merge:
        with open(path) as f:
            merged.append(json.load(f))
    # A runtime whose results are merged in is not run again.
    merged_names = {n for m in merged for n in m["names"]}
    present = [(n, e) for n, e in present if n not in merged_names]
    if not present and not merged:
        raise SystemExit("no build of the suite found")

    listings, probes = {}, {}
    for m in merged:
        for name in m["names"]:
            listings[name] = [tuple(x) for x in m["listings"][name]]
            probes[name] = m["probes"][name]
    for name, exe in present:
        listings[name] = list_cases(exe)
        probes[name] = probe(exe)
        print("%s: %d cases; %s" % (name, len(listings[name]), probes[name]["raw"]))
        if len(listings[name]) < args.min_cases:
            raise SystemExit("%s lists %d cases, fewer than %d" % (name, len(listings[name]),
                                                                     args.min_cases))

    order, expects = [], {}
    for name in listings:
        for case, expect in listings[name]:
            if case not in expects:
                order.append(case)
                expects[case] = expect
    if args.only:
        order = [c for c in order if c.startswith(args.only)]

    results = {name: {} for name, _ in present}
    exes = dict(present)
    for m in merged:
        for name in m["names"]:
            results[name] = {c: tuple(v) for c, v in m["results"][name].items()}
            for c in order:
                results[name].setdefault(c, ("not-run", ""))
            exes[name] = m["exes"][name]
            if name not in [n for n, _ in present]:
                present.append((name, exes[name]))
    for name, exe in [(n, e) for n, e in present if n not in merged_names]:
        have = {c for c, _ in listings[name]}
        gpu = probes[name]["devices"] > 0
        todo = []
        for case in order:
            if case not in have:
                results[name][case] = ("not-in-build", "")
            elif args.list_only:
                results[name][case] = ("listed", "")
            elif not gpu:
                results[name][case] = ("no-gpu", probes[name].get("status", ""))
            else:
                todo.append(case)
        if todo:
            print("%s: running %d cases" % (name, len(todo)))
            with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
                futures = {pool.submit(run_case, exe, c, args.timeout): c for c in todo}
                for i, f in enumerate(concurrent.futures.as_completed(futures), 1):
                    c = futures[f]
                    results[name][c] = f.result()
                    if i % 25 == 0 or i == len(todo):
                        print("  %s: %d/%d" % (name, i, len(todo)))

    rank = {n: i for i, (n, _) in enumerate(DEFAULTS)}
    present.sort(key=lambda p: rank.get(p[0], len(rank)))
    names = [n for n, _ in present]
    compared = [n for n in names if probes[n]["devices"] > 0 and not args.list_only]
    differs = []
    for case in order:
        tokens = {results[n][case][0] for n in compared if results[n][case][0] != "not-in-build"}
        if len(tokens) > 1:
            differs.append(case)

    lines = []
    lines.append("# Kernel-launch semantics report")
    lines.append("")
    lines.append("Generated by `tests/semantics/run.py` on %s." %
                 datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    lines.append("")
    lines.append("| runtime | build | device |")
    lines.append("|---|---|---|")
    for n, exe in present:
        p = probes[n]
        dev = p.get("device", "-") if p["devices"] > 0 else "no GPU (%s)" % p.get("status", "?")
        lines.append("| %s | `%s` | %s |" % (n, shown(exe), cell(dev)))
    lines.append("")
    if args.list_only:
        lines.append("Listing only: no case was run.")
    elif not compared:
        lines.append("**No GPU**: no runtime found a device, so no case ran.")
    lines.append("")
    lines.append("## Summary")
    lines.append("")
    lines.append("- cases: %d" % len(order))
    if len(compared) > 1:
        lines.append("- same observation on every runtime (%s): %d" %
                     (", ".join(compared), len(order) - len(differs)))
        lines.append("- **differences: %d** (marked ⚠ below)" % len(differs))
    for n in names:
        vals = [results[n][c][0] for c in order]
        crash = sum(v.startswith("crash") for v in vals)
        hang = sum(v == "hang" for v in vals)
        nogpu = sum(v == "no-gpu" for v in vals)
        ran = len(vals) - nogpu - sum(v in ("listed", "not-in-build", "not-run") for v in vals)
        lines.append("- %s: %d ran, %d crash, %d hang, %d no-gpu" % (n, ran, crash, hang, nogpu))
    lines.append("")
    if differs:
        lines.append("## Differences")
        lines.append("")
        lines.append("| case | " + " | ".join(compared) + " |")
        lines.append("|---|" + "---|" * len(compared))
        for c in differs:
            lines.append("| `%s` | " % c + " | ".join("**%s**" % cell(results[n][c][0])
                                                     for n in compared) + " |")
        lines.append("")
    lines.append("## All cases")
    lines.append("")
    lines.append("Each cell: the observation (compared), then the detail (not compared).")
    lines.append("")
    lines.append("| | case | HIP's rule | " + " | ".join(names) + " |")
    lines.append("|---|---|---|" + "---|" * len(names))
    for c in order:
        mark = "⚠" if c in differs else ""
        cells = []
        for n in names:
            tok, det = results[n][c]
            t = cell(tok)
            if c in differs and n in compared:
                t = "**%s**" % t
            if det:
                t += "<br><sub>%s</sub>" % cell(det)
            cells.append(t)
        lines.append("| %s | `%s` | %s | %s |" % (mark, c, cell(expects[c]), " | ".join(cells)))
    lines.append("")
    with open(args.out, "w") as f:
        f.write("\n".join(lines))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"names": names, "exes": {n: shown(e) for n, e in present},
                       "listings": {n: listings[n] for n in names},
                       "probes": {n: probes[n] for n in names},
                       "results": {n: {c: list(results[n][c]) for c in order} for n in names}},
                      f, indent=1)
    print("wrote %s: %d cases, %d differences" % (args.out, len(order), len(differs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
