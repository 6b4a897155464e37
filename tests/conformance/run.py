#!/usr/bin/env python3
"""Runs one staged part of hip-tests executables (conformance.py stage) on a GPU machine.

  run.py PART_DIR OUT_DIR [-j JOBS] [-t CASE_SECONDS] [-T FILE_SECONDS] [-D TOTAL_SECONDS]
         [-L LIBDIR] [--area-seconds AREA=FILE_SECONDS ...] [--area-args AREA=ARGS ...]
         [--skip LIST] [--only FILE_CASE_LIST [--case-jobs]] [--disabled LIST]

Each file runs once with all its cases (Catch2's XML reporter gives each case's result); cases
that failed, and those a crash or a hang left without a result, run again one per process, so a
crash costs one case and a failure is not an earlier case's leftover. Each runs in its area's
folder (tests load code objects from beside themselves). Writes OUT_DIR/results.tsv (file, case,
passed | failed | timeout | crashed | skipped | not-run, seconds, first failure),
OUT_DIR/summary.txt and each re-run case's output (last 8 KB) under OUT_DIR/log/.
"""
import argparse
import collections
import concurrent.futures
import html
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

SKIP = "HIP_SKIP_THIS_TEST"
OVERALL = re.compile(r'<OverallResult success="(true|false)"(?: durationInSeconds="([0-9.e+-]+)")?')


def unpack(stage, bin_dir):
    bundle = os.path.join(stage, "bundle.tar.xz")
    if shutil.which("xz"):
        xz = subprocess.Popen(["xz", "-dc", bundle], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-C", bin_dir, "-xf", "-"], stdin=xz.stdout, check=True)
        xz.wait()
    else:
        with tarfile.open(bundle) as t:
            t.extractall(bin_dir)
    with open(os.path.join(stage, "tests.txt")) as f:
        return [line.strip() for line in f if line.strip()]


def run(cmd, cwd, seconds):
    """(returncode, output); 124 on timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=max(seconds, 1))
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b"").decode(errors="replace")


def first_failure(text):
    first = next((l for l in text.splitlines()
                  if re.search(r"FAILED|failed|error|Error|REQUIRE|CHECK|Segmentation|Abort", l)), "")
    first = re.sub(r"^.*/catch/", "", first)[:160]
    ctx = []
    lines = text.splitlines()
    for i, l in enumerate(lines):
        if "FAILED:" in l:
            ctx = [x.strip() for x in lines[i + 1:i + 7]
                   if x.strip() and "with message" not in x and "FAILED:" not in x][:3]
            break
    return re.sub(r"[\t\n]+", " ", (first + " " + " ".join(ctx))[:400])


def escape_spec(name):
    # Catch2 test specs treat , [ ] * \ specially: escape them so the name matches itself.
    return re.sub(r"([\[\],*\\])", r"\\\1", name)


def run_file(a, bin_dir, name, deadline, chosen=None, part=0):
    """`chosen`: the cases of this job (--case-jobs: one job a case, `part` its number)."""
    exe = os.path.join(bin_dir, name)
    cwd = os.path.dirname(exe)
    if time.time() >= deadline:  # not started: one row, no process
        return [(name, "(file)", "not-run", 0, "total budget spent")]
    logdir = os.path.join(a.out, "log", name, str(part)) if chosen else os.path.join(a.out, "log", name)
    os.makedirs(logdir, exist_ok=True)
    start = time.time()
    rc, out = run([exe, "--list-test-names-only"], cwd, 30)
    cases = [l for l in out.splitlines() if l.strip() and not re.search(
        r" test case|test cases|^All available|^Matching", l)]
    if rc == 0 and not cases:
        # A file whose cases its #if leaves out (texture references under `CUDA_VERSION <
        # CUDA_12000`, none on AMD either): nothing to run, no crash.
        return [(name, "(none)", "skipped", 0, "no test cases in this build")]
    if rc >= 124 or not cases:
        return [(name, "(list)", "crashed", 0, out[:200].replace("\t", " ").replace("\n", " "))]
    rows, results = [], {}
    # Cases AMD's own CI disables are not run (the report counts them apart): run the rest by name.
    held = [c for c in cases if c in a.disabled]
    for case in held:
        rows.append((name, case, "skipped", 0, "AMD's CI disables it"))
    cases = [c for c in cases if c not in a.disabled]
    if chosen is not None:
        rows = []  # the file's disabled cases are another job's rows
        cases = [c for c in cases if c in chosen]
    elif a.only is not None:  # a re-run of chosen cases: the others get no rows
        cases = [c for c in cases if c in a.only.get(name, ())]
    if not cases:
        return rows
    only = [escape_spec(c) for c in cases] if held or a.only is not None else []
    file_budget = a.area_seconds.get(name.split("/")[0], a.T)
    extra = a.area_args.get(name.split("/")[0], [])
    # 1. all cases in one process (a job of one case goes straight to 2)
    if chosen is None:
        xml = os.path.join(logdir, "all.xml")
        budget = min(file_budget / 2, deadline - time.time())
        t0 = time.time()
        rc, _ = run([exe, "-r", "xml", "-d", "yes", "-o", xml] + extra + only, cwd, budget)
        try:
            with open(xml, errors="replace") as f:
                text = f.read()
        except OSError:
            text = ""
        # Each case's element holds its OverallResult, and its captured std::cout (hip-tests' skip
        # marker) inside that; a case the process died in has no OverallResult.
        for chunk in text.split('<TestCase name="')[1:]:
            case = html.unescape(chunk[:chunk.find('"')])
            m = OVERALL.search(chunk)
            if not m:
                continue
            secs = float(m.group(2) or 0)
            if SKIP in chunk[m.end():]:
                results[case] = ("skipped", secs, "")
            elif m.group(1) == "true":
                results[case] = ("passed", secs, "")
    # 2. the rest one per process
    for i, case in enumerate(cases):
        if case in results:
            st, secs, first = results[case]
            rows.append((name, case, st, secs, first))
            continue
        now = time.time()
        left = file_budget - (now - start)
        if now >= deadline:
            rows.append((name, case, "not-run", 0, "total budget spent"))
            continue
        if left <= 0:
            rows.append((name, case, "timeout", 0, "file budget spent"))
            continue
        left = min(left, a.t, deadline - now)
        t0 = time.time()
        rc, out = run([exe, escape_spec(case)] + extra, cwd, left)
        secs = time.time() - t0
        if SKIP in out:
            st = "skipped"
        elif rc == 0:
            st = "passed"
        elif rc in (124, 137):
            st = "timeout"
        elif rc < 0 or rc > 128:
            st = "crashed"
        else:
            st = "failed"
        first = ""
        if st not in ("passed", "skipped"):
            first = first_failure(out)
            if st == "crashed":
                first = "signal %d: %s" % (-rc if rc < 0 else rc - 128, first)
        with open(os.path.join(logdir, "%d.txt" % (i + 1)), "w") as f:
            f.write(out[-8192:])
        rows.append((name, case, st, secs, first))
    return rows


def interleave_areas(names):
    """One file of each area in turn: an area's files run together otherwise (a part lists them
    by area), and 16 atomics or math files at once share one GPU and the host's memory until
    their cases time out or are killed."""
    by_area = collections.OrderedDict()
    for n in names:
        by_area.setdefault(n.split("/")[0], []).append(n)
    groups = list(by_area.values())
    return [g[i] for i in range(max(map(len, groups), default=0)) for g in groups if i < len(g)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("stage")
    p.add_argument("out")
    p.add_argument("-j", type=int, default=4)
    p.add_argument("-t", type=float, default=60, help="seconds per case")
    p.add_argument("-T", type=float, default=240, help="seconds per file")
    p.add_argument("-D", type=float, default=100000, help="seconds for the whole run")
    p.add_argument("-L", help="folder of libunihip (LD_LIBRARY_PATH)")
    # math's exhaustive accuracy files check every input on the host: whatever budget they get
    # they spend, and the cases it leaves are not counted
    p.add_argument("--area-seconds", action="append", default=[], metavar="AREA=SECONDS",
                   help="seconds per file for one area's files (instead of -T)")
    # hip-tests' own options for one area, e.g. math="-M 4 -A 1048576": the accuracy tests'
    # memory share (default 80% of the GPU's, pinned on the host too) and random-input count
    p.add_argument("--area-args", action="append", default=[], metavar="AREA=ARGS",
                   help="extra hip-tests options for one area's files")
    p.add_argument("--skip", help="a file of test files (one a line) an earlier call ran: not run again")
    p.add_argument("--only", help="a file of `test file<TAB>case` lines: only these cases run "
                   "(the report merges such a run case by case)")
    p.add_argument("--case-jobs", action="store_true",
                   help="with --only: each chosen case is a job of its own, so one file's slow "
                   "cases run side by side")
    p.add_argument("--disabled", help="a file of test case names (one a line) AMD's CI disables: "
                   "not run, written as skipped")
    a = p.parse_args()
    disabled = set()
    if a.disabled:
        with open(a.disabled) as f:
            disabled = {l.rstrip("\n") for l in f if l.strip()}
    a.disabled = disabled
    only = None
    if a.only:
        only = collections.defaultdict(set)
        with open(a.only) as f:
            for l in f:
                if "\t" in l:
                    n, c = l.rstrip("\n").split("\t", 1)
                    only[n].add(c)
    a.only = only
    a.area_seconds = {k: float(v) for k, v in (x.split("=", 1) for x in a.area_seconds)}
    a.area_args = {k: v.split() for k, v in (x.split("=", 1) for x in a.area_args)}
    a.out = os.path.abspath(a.out)
    if a.L:
        os.environ["LD_LIBRARY_PATH"] = os.path.abspath(a.L) + (
            ":" + os.environ["LD_LIBRARY_PATH"] if os.environ.get("LD_LIBRARY_PATH") else "")
    deadline = time.time() + a.D
    os.makedirs(a.out, exist_ok=True)
    bin_dir = tempfile.mkdtemp(prefix="ht-bin.")
    try:
        names = unpack(os.path.abspath(a.stage), bin_dir)
        if a.skip:
            with open(a.skip) as f:
                done = {l.strip() for l in f if l.strip()}
            names = [n for n in names if n not in done]
        if a.only is not None:
            names = [n for n in names if n in a.only]
            with open(os.path.join(a.out, "cases-only"), "w") as f:
                f.write("rows of chosen cases: merged case by case\n")
        names = interleave_areas(names)
        rows = []
        # each file's rows as it ends, so a run stopped from outside keeps what it finished
        with open(os.path.join(a.out, "results.tsv"), "w") as f, \
                concurrent.futures.ThreadPoolExecutor(a.j) as pool:
            if a.case_jobs and a.only is not None:
                futures = [pool.submit(run_file, a, bin_dir, n, deadline, {c}, i + 1)
                           for n in names for i, c in enumerate(sorted(a.only[n]))]
            else:
                futures = [pool.submit(run_file, a, bin_dir, n, deadline) for n in names]
            for fut in concurrent.futures.as_completed(futures):
                for r in fut.result():
                    f.write("%s\t%s\t%s\t%.1f\t%s\n" % (r[0], r[1].replace("\t", " "), r[2], r[3], r[4]))
                    rows.append(r)
                f.flush()
    finally:
        shutil.rmtree(bin_dir, ignore_errors=True)
    counts = collections.Counter(r[2] for r in rows)
    summary = "".join("%s %d\n" % kv for kv in sorted(counts.items()))
    with open(os.path.join(a.out, "summary.txt"), "w") as f:
        f.write(summary)
    sys.stdout.write(summary)


if __name__ == "__main__":
    main()
