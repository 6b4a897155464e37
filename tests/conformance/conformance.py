#!/usr/bin/env python3
"""Conformance runner for AMD's hip-tests catch/unit against a unihip build (see README.md).

  conformance.py build  --hip-tests SRC --unihip BUILD [--work DIR] [--sample N] [-j J] [--area A]
  conformance.py stage  --work DIR [--out DIR] [--max-mib 60]
  conformance.py report --work DIR [--run-results DIR] [--out docs/conformance.md]

build: configures hip-tests' own CMake (HIP_PLATFORM=amd, STANDALONE_TESTS=1: one executable
per test file) against the unihip prefix, once more with HIP_PLATFORM=nvidia to learn which files
hip-tests builds only on AMD, then builds the chosen executables with ninja -k 0 and records per
file compiled / failed and the first error line (WORK/compile/<target>.tsv). Incremental: ninja
rebuilds only what changed, and a later call updates only the files it built.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


# --- configure -------------------------------------------------------------------------------

def configure(src, unihip, bdir, platform, archs):
    """Runs hip-tests' CMake for one platform; returns {target: info} from CMake's file API."""
    query = os.path.join(bdir, ".cmake", "api", "v1", "query", "codemodel-v2")
    os.makedirs(os.path.dirname(query), exist_ok=True)
    open(query, "w").close()
    hipcc = os.path.join(unihip, "bin", "hipcc")
    if not os.path.exists(os.path.join(bdir, "build.ninja")):
        cmd = ["cmake", "-S", os.path.join(src, "catch"), "-B", bdir, "-G", "Ninja",
               "-DHIP_PLATFORM=" + platform, "-DHIP_PATH=" + unihip, "-DROCM_PATH=" + unihip,
               "-DCMAKE_CXX_COMPILER=" + hipcc, "-DCMAKE_C_COMPILER=" + hipcc,
               # hip-tests' Catch2 (v2, with its hip_add_exe_to_target), not a system one
               "-DCatch2_DIR=" + os.path.join(src, "catch", "external", "Catch2", "cmake", "Catch2"),
               "-DSTANDALONE_TESTS=0", "-DCMAKE_BUILD_TYPE=Release",
               "-DOFFLOAD_ARCH_STR=" + " ".join("--offload-arch=" + a for a in archs)]
        with open(os.path.join(bdir, "configure.log"), "w") as log:
            r = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            sys.exit("configure failed (%s): see %s/configure.log" % (platform, bdir))
    return read_codemodel(bdir, os.path.join(src, "catch", "unit"))


def codemodel_targets(bdir):
    """(codemodel, target) for each target in a configured build's CMake file-API reply."""
    reply = os.path.join(bdir, ".cmake", "api", "v1", "reply")
    index = sorted(f for f in os.listdir(reply) if f.startswith("index-"))[-1]
    with open(os.path.join(reply, index)) as f:
        cm_file = json.load(f)["reply"]["codemodel-v2"]["jsonFile"]
    with open(os.path.join(reply, cm_file)) as f:
        cm = json.load(f)
    for t in cm["configurations"][0]["targets"]:
        with open(os.path.join(reply, t["jsonFile"])) as f:
            yield cm, json.load(f)


def read_codemodel(bdir, unit_dir):
    """{test file (path under catch/): {area, group}} for catch/unit's executables.

    A test file is a source defining Catch2 test cases; the others (DriverContext.cc ...) are
    shared sources its group links in."""
    top = os.path.dirname(unit_dir)
    files = {}
    for cm, tj in codemodel_targets(bdir):
        if tj["type"] != "EXECUTABLE":
            continue
        rel = os.path.relpath(os.path.join(cm["paths"]["source"], tj["paths"]["source"]), unit_dir)
        if rel.startswith(".."):
            continue  # not catch/unit (stress, perftests, ...)
        for s in tj.get("sources", []):
            path = os.path.join(cm["paths"]["source"], s["path"])
            if s.get("isGenerated") or not is_test_file(path):
                continue
            files.setdefault(os.path.relpath(path, top),
                             {"area": rel.split(os.sep)[0], "group": tj["name"]})
    return files


TEST_CASE = re.compile(r"^\s*(TEST_CASE|TEMPLATE_TEST_CASE|TEMPLATE_PRODUCT_TEST_CASE|"
                       r"TEMPLATE_LIST_TEST_CASE|SCENARIO|HIP_TEST_CASE)\b", re.M)


def unit_data_targets(bdir, unit_dir):
    """Names of catch/unit's custom targets (code objects built with --genco, copied kernels and
    headers): the files tests load next to themselves."""
    names = []
    for cm, tj in codemodel_targets(bdir):
        rel = os.path.relpath(os.path.join(cm["paths"]["source"], tj["paths"]["source"]), unit_dir)
        if tj["type"] == "UTILITY" and not rel.startswith(".."):
            names.append(tj["name"])
    return sorted(names)


def unit_helper_executables(bdir, unit_dir):
    """{target name: its output path under bdir} for catch/unit's helper executables: those
    without a test file (ChkPtrdiff_t_Exe, hipGetFuncBySymbol_exe, testhipModuleLoadUnloadFunc_exe,
    printf*_exe ...), which tests start as child processes from their working directory
    (hip_test_process.hh: SpawnProc looks in the current directory). hip-tests adds them
    EXCLUDE_FROM_ALL to its build_tests target; they land in the area's binary folder, which
    stage copies beside the tests."""
    helpers = {}
    for cm, tj in codemodel_targets(bdir):
        rel = os.path.relpath(os.path.join(cm["paths"]["source"], tj["paths"]["source"]), unit_dir)
        if tj["type"] != "EXECUTABLE" or rel.startswith(".."):
            continue
        srcs = [os.path.join(cm["paths"]["source"], s["path"]) for s in tj.get("sources", [])
                if not s.get("isGenerated")]
        if srcs and not any(is_test_file(s) for s in srcs) and tj.get("artifacts"):
            helpers[tj["name"]] = tj["artifacts"][0]["path"]
    return helpers


# Files hip-tests keeps beside an area's sources that its tests open from their working directory
# but that its CMake does not copy (module/not_a_module.txt: hipModuleLoad.cc's
# Negative_Load_From_A_File_That_Is_Not_A_Module loads it and expects hipErrorInvalidImage).
SOURCE_SUFFIXES = (".cc", ".cpp", ".c", ".h", ".hh", ".hpp", ".py", ".json", ".cmake", ".in")


def copy_source_data(catch_dir, bdir, areas=None):
    """Copies catch/unit/<area>'s non-source files into the area's binary folder; returns them."""
    unit = os.path.join(catch_dir, "unit")
    copied = []
    for area in sorted(os.listdir(unit)):
        if areas is not None and area not in areas:
            continue
        adir = os.path.join(unit, area)
        if not os.path.isdir(adir):
            continue
        for root, _, fns in os.walk(adir):
            for fn in fns:
                if fn == "CMakeLists.txt" or fn.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(root, fn)
                dst = os.path.join(bdir, "catch_tests", "unit", area, os.path.relpath(path, adir))
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(path, dst)
                copied.append(os.path.relpath(dst, bdir))
    return copied


def is_test_file(path):
    try:
        with open(path, errors="replace") as f:
            return bool(TEST_CASE.search(f.read()))
    except OSError:
        return False


def exe_name(src):
    """unit/<area>/.../<stem>.cc -> <area>/<stem> (path separators kept unique with '+')."""
    parts = src.split("/")[1:]
    return parts[0] + "/" + "+".join(parts[1:-1] + [os.path.splitext(parts[-1])[0]])


# --- per-file executables ----------------------------------------------------------------------

BUILD_EDGE = re.compile(r"^build (\S+): (\S+) (.*)$")


def write_perfile_ninja(bdir, files, hipcc):
    """bdir/perfile.ninja: build.ninja plus one executable per test file, linked as its group
    is (same flags, shared sources, Main_Object, KERNELS), so one failing file costs only itself.
    Returns {test file: object path}."""
    with open(os.path.join(bdir, "build.ninja")) as f:
        lines = f.read().splitlines()
    obj_of, links, cur = {}, {}, None
    for line in lines:
        m = BUILD_EDGE.match(line)
        if m:
            cur = None
            out, rule, rest = m.groups()
            mt = re.search(r"CMakeFiles/([^/]+)\.dir/", out)
            if rule.startswith("CXX_COMPILER__") and out.endswith(".o") and mt:
                # (target, source): a source may be compiled for several targets
                obj_of[(mt.group(1), os.path.abspath(os.path.join(bdir, rest.split()[0])))] = out
            elif rule.startswith("CXX_EXECUTABLE_LINKER__"):
                explicit, _, order = rest.partition(" || ")
                explicit = explicit.split(" | ")[0]
                cur = links[out.split("/")[-1]] = {"in": explicit.split(), "order": order, "vars": {}}
        elif cur is not None and line.startswith("  ") and " = " in line:
            k, _, v = line.strip().partition(" = ")
            cur["vars"][k] = v
        else:
            cur = None
    objs = {}
    edges = ["include build.ninja", "", "rule perfile_link",
             "  command = %s $FLAGS $LINK_FLAGS $in -o $out $LINK_PATH $LINK_LIBRARIES" % hipcc,
             "  description = Linking per-file executable $out", ""]
    src_top = None
    for src, info in sorted(files.items()):
        link = links.get(info["group"])
        if not link:
            continue
        own = [o for (t, k), o in obj_of.items() if t == info["group"] and k.endswith("/" + src)]
        if not own:
            continue
        own = own[0]
        objs[src] = own
        # Shared inputs: everything of the group that is not another test file's object.
        test_objs = {o for (t, k), o in obj_of.items() if t == info["group"] and is_test_file(k)}
        shared = [i for i in link["in"] if i not in test_objs]
        edges.append("build perfile/%s: perfile_link %s %s%s" % (
            exe_name(src), own, " ".join(shared), (" || " + link["order"]) if link["order"] else ""))
        for k in ("FLAGS", "LINK_FLAGS", "LINK_PATH", "LINK_LIBRARIES"):
            if k in link["vars"]:
                edges.append("  %s = %s" % (k, link["vars"][k]))
    with open(os.path.join(bdir, "perfile.ninja"), "w") as f:
        f.write("\n".join(edges) + "\n")
    return objs


# --- choose ----------------------------------------------------------------------------------

def sample(targets, per_area):
    """The same rule for every area: its test files sorted by path, per_area of them evenly spaced."""
    by_area = collections.defaultdict(list)
    for name, t in targets.items():
        by_area[t["area"]].append(name)
    chosen = []
    for area, names in sorted(by_area.items()):
        names.sort()
        n = len(names)
        k = min(per_area, n)
        chosen += [names[int((i + 0.5) * n / k)] for i in range(k)]
    return chosen


# --- build -----------------------------------------------------------------------------------

FAILED = re.compile(r"^FAILED: (.*)$")
PROGRESS = re.compile(r"^\[\d+/\d+\] ")
ERROR = re.compile(r"(error:|undefined reference|ld(\.lld)?: (error|cannot find))")
# The drivers' closing lines ("linker command failed", "clang++-19 failed") say nothing: a file's
# first error is the first other line when there is one.
GENERIC = re.compile(r"linker command failed|unihipcc: error: \S+ failed with exit code")


def parse_ninja_log(text):
    """{failed output path: [first error line, every error line]} from ninja's output."""
    fails, cur = {}, None
    for line in text.splitlines():
        m = FAILED.match(line)
        if m:
            cur = fails.setdefault(m.group(1).split()[0], ["", []])
        elif PROGRESS.match(line) or line.startswith("ninja: "):
            cur = None
        elif cur is not None and ERROR.search(line):
            cur[1].append(line.strip())
    for v in fails.values():
        specific = [e for e in v[1] if not GENERIC.search(e)]
        v[0] = (specific or v[1] or [""])[0]
    return fails


def row_file(work, name, ext):
    return os.path.join(work, "compile", name.replace("/", "__") + ext)


def cmd_build(a):
    src, unihip, work = map(os.path.abspath, (a.hip_tests, a.unihip, a.work))
    os.makedirs(os.path.join(work, "compile"), exist_ok=True)
    bdir = os.path.join(work, "build-amd")
    amd = configure(src, unihip, bdir, "amd", a.arch)
    nv = configure(src, unihip, os.path.join(work, "build-nvidia"), "nvidia", a.arch)
    objs = write_perfile_ninja(bdir, amd, os.path.join(unihip, "bin", "hipcc"))
    unit = os.path.join(src, "catch", "unit")
    with open(os.path.join(work, "targets.tsv"), "w") as f:
        f.write("name\tarea\tsrc\tamd_only\tgroup\n")
        for path, t in sorted(amd.items()):
            if path in objs:
                f.write("%s\t%s\t%s\t%d\t%s\n" % (exe_name(path), t["area"], path,
                                                 path not in nv, t["group"]))
    # Test files under catch/unit that hip-tests' CMake does not build on AMD.
    with open(os.path.join(work, "not_built_on_amd.tsv"), "w") as f:
        f.write("src\tbuilt_on_nvidia\n")
        for root, _, fns in sorted(os.walk(unit)):
            for fn in sorted(fns):
                path = os.path.join(root, fn)
                rel = os.path.relpath(path, os.path.dirname(unit))
                if fn.endswith((".cc", ".cpp")) and rel not in amd and is_test_file(path):
                    f.write("%s\t%d\n" % (rel, rel in nv))
    chosen = sorted(p for p in amd if p in objs)
    if a.area:
        chosen = [p for p in chosen if amd[p]["area"] in a.area]
    if a.sample:
        chosen = sample({p: amd[p] for p in chosen}, a.sample)
    if a.files is not None:
        chosen = [p for p in chosen if p in a.files or exe_name(p) in a.files]
    with open(os.path.join(work, "chosen.txt"), "w") as f:
        f.write("".join(p + "\n" for p in chosen))
    if not chosen:
        return
    outs = ["perfile/" + exe_name(p) for p in chosen]
    outs += unit_data_targets(bdir, unit)  # what the tests load beside themselves
    areas = {amd[p]["area"] for p in chosen}
    helpers = {n: path for n, path in unit_helper_executables(bdir, unit).items()
               if path.split("/")[2:3] and path.split("/")[2] in areas}  # catch_tests/unit/<area>/
    outs += sorted(helpers)  # the executables tests start as child processes
    copy_source_data(os.path.join(src, "catch"), bdir, areas)
    cmd = ["ninja", "-C", bdir, "-f", "perfile.ninja", "-k", "0", "-j", str(a.jobs)] + outs
    if a.nice:
        cmd = ["nice", "-n", str(a.nice)] + cmd
    if a.from_log:  # rows again from the last build's output, building nothing
        with open(os.path.join(work, "ninja.log")) as f:
            log = f.read()
    else:
        print("building %d test files (%s)" % (len(chosen), " ".join(cmd[:9])), flush=True)
        # straight to the file, so that a build stopped part-way keeps its log (--from-log)
        with open(os.path.join(work, "ninja.log"), "w") as f:
            subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
        with open(os.path.join(work, "ninja.log")) as f:
            log = f.read()
    fails = parse_ninja_log(log)
    for n, path in sorted(helpers.items()):
        if not os.path.exists(os.path.join(bdir, path)):
            print("  helper %s (%s) was not built: %s" % (
                n, path, (fails.get(path) or [""])[0] or "see ninja.log"), flush=True)
    counts = collections.Counter()
    test_objs = set(objs.values())
    for p in chosen:
        name = exe_name(p)
        exe = os.path.join(bdir, "perfile", name)
        if objs[p] in fails:
            status, (err, errs) = "compile-failed", fails[objs[p]]
        elif "perfile/" + name in fails:
            status, (err, errs) = "link-failed", fails["perfile/" + name]
        elif os.path.exists(exe):
            status, err, errs = "compiled", "", []
        else:  # a source its group shares (Main_Object, KERNELS, DriverContext.cc ...) failed
            area_dir = "catch_tests/unit/%s/" % amd[p]["area"]
            shared = [k for k in sorted(fails) if k not in test_objs and k.startswith(area_dir) and not
                      re.search(r"CMakeFiles/(?!%s\.dir/)" % re.escape(amd[p]["group"]), k)
                      or "Main_Object" in k or "KERNELS" in k]
            if shared:
                status, errs = "not-built", fails[shared[0]][1]
                err = "shared %s: %s" % (os.path.basename(shared[0]), fails[shared[0]][0])
            else:  # no error names it: the build was stopped before it was reached
                status, err, errs = "not-tried", "the build stopped before this file", []
        counts[status] += 1
        with open(row_file(work, name, ".tsv"), "w") as f:
            f.write("\t".join([name, amd[p]["area"], p, status, err.replace("\t", " ")]) + "\n")
        with open(row_file(work, name, ".errors"), "w") as f:
            f.write("\n".join(errs))
    print("  " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))


# --- stage -----------------------------------------------------------------------------------

def read_table(path, skip_header=True):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path) as f:
        lines = f.read().splitlines()
    for line in lines[1 if skip_header else 0:]:
        if line:
            rows.append(line.split("\t"))
    return rows


def compile_rows(work, cdir=None):
    rows = {}
    cdir = cdir or os.path.join(work, "compile")
    if os.path.isdir(cdir):
        for fn in os.listdir(cdir):
            if not fn.endswith(".tsv"):
                continue
            for r in read_table(os.path.join(cdir, fn), skip_header=False):
                rows[r[0]] = r
    return rows


def cmake_home(bdir):
    """hip-tests' catch/ folder that bdir was configured from (CMakeCache.txt), or None."""
    try:
        with open(os.path.join(bdir, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_HOME_DIRECTORY:"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return None


def cmd_stage(a):
    """Strips the compiled executables and packs them into OUT/part-NN/bundle.tar.xz, each at most
    --max-mib (what one GPU session can carry), each with run.py. One solid xz stream per part:
    the executables share Catch2 and hip-tests' helpers, which a solid stream stores once."""
    work = os.path.abspath(a.work)
    out = os.path.abspath(a.out or os.path.join(work, "stage"))
    bdir = os.path.join(work, "build-amd")
    ok = [n for n, r in sorted(compile_rows(work).items()) if r[3] == "compiled"]
    if a.list:  # a subset: one target (<area>/<file>) a line
        wanted = {l.strip() for l in open(a.list) if l.strip()}
        ok = [n for n in ok if n in wanted]
    if os.path.isdir(out):
        shutil.rmtree(out)
    tmp = os.path.join(out, "tmp")
    jobs = []
    for n in ok:
        dst = os.path.join(tmp, n)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        jobs.append("strip -o '%s' '%s'" % (dst, os.path.join(bdir, "perfile", n)))
    subprocess.run(["xargs", "-0", "-P", str(a.jobs), "-n", "1", "sh", "-c"],
                   input="\0".join(jobs), text=True, check=True)
    # What the tests load from their working directory (run.py runs each in its area's folder):
    # the files the custom targets wrote beside the area's objects, in the area's binary folder
    # (hip-tests' CMake puts catch/unit/<area> at catch_tests/unit/<area>).
    data = []
    catch_dir = cmake_home(bdir)
    if catch_dir:  # files hip-tests keeps beside its sources (module/not_a_module.txt)
        copy_source_data(catch_dir, bdir, {n.split("/")[0] for n in ok})
    for area in sorted({n.split("/")[0] for n in ok}):
        adir = os.path.join(bdir, "catch_tests", "unit", area)
        for root, dirs, fns in os.walk(adir):
            dirs[:] = [d for d in dirs if d != "CMakeFiles"]
            for fn in fns:
                path = os.path.join(root, fn)
                if (fn.endswith((".o", ".cmake", ".ninja")) or fn in ("Makefile", "CTestTestfile.cmake")
                        or os.path.getsize(path) > 16 << 20):
                    continue
                dst = os.path.join(tmp, area, os.path.relpath(path, adir))
                if not os.path.exists(dst):
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    shutil.copy(path, dst)
                    data.append(os.path.relpath(dst, tmp))
    print("%d data files beside the tests" % len(data))
    ok_data = {n.split("/")[0]: [] for n in ok}
    ok_set = set(ok)
    for d in data:
        ok_data[d.split("/")[0]].append(d)
    limit = a.max_mib * 1024 * 1024 - 64 * 1024  # room for run.py

    def pack(names, dst):
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        tar = subprocess.Popen(["tar", "-C", tmp, "-cf", "-"] + names, stdout=subprocess.PIPE)
        with open(dst, "wb") as f:
            subprocess.run(["xz", "-T", str(a.jobs), "-9", "--lzma2=dict=256MiB", "-c"],
                           stdin=tar.stdout, stdout=f, check=True)
        tar.wait()
        return os.path.getsize(dst)

    # Split into k consecutive chunks (areas stay together), more until every part fits.
    k = 1
    while True:
        chunks = [ok[i * len(ok) // k:(i + 1) * len(ok) // k] for i in range(k)]
        # each chunk carries its areas' data files
        chunks = [c + sorted({d for n in c for d in ok_data[n.split("/")[0]]}) for c in chunks]
        sizes = [pack(c, os.path.join(out, "part-%02d" % i, "bundle.tar.xz"))
                 for i, c in enumerate(chunks)]
        if max(sizes) <= limit or k >= len(ok):
            break
        for i in range(k):
            shutil.rmtree(os.path.join(out, "part-%02d" % i))
        k = max(k + 1, -(-sum(sizes) * 11 // (10 * limit)))
    shutil.rmtree(tmp)
    for i, size in enumerate(sizes):
        shutil.copy(os.path.join(HERE, "run.py"), os.path.join(out, "part-%02d" % i))
        with open(os.path.join(out, "part-%02d" % i, "tests.txt"), "w") as f:
            f.write("".join(n + "\n" for n in chunks[i] if n in ok_set))
        print("%s: %d files, %.1f MiB" % (os.path.join(out, "part-%02d" % i),
                                          len(chunks[i]), size / 2**20))
    print("staged %d executables in %d part(s)" % (len(ok), k))


# --- report ----------------------------------------------------------------------------------

def amd_disabled(src):
    """Test names AMD's own CI skips on every arch (hipTestMain/config/config_amd_linux, COMMON)."""
    path = os.path.join(src, "catch", "hipTestMain", "config", "config_amd_linux")
    names, keep, depth = set(), [], 0
    if not os.path.exists(path):
        return names
    with open(path) as f:
        for line in f:
            s = line.strip()
            if s.startswith("#if"):
                keep.append("COMMON" in s)
            elif s.startswith("#endif") and keep:
                keep.pop()
            elif all(keep) and keep:
                m = re.match(r'"(Unit_[^"]*)"', s)
                if m:
                    names.add(m.group(1))
    return names


def nvidia_disabled(src):
    """Test names AMD's own CI skips when hip-tests runs on NVIDIA (HIP over CUDA):
    hipTestMain/config/config_nvidia_linux.json. They test what AMD hardware or AMD's runtime does
    and CUDA's does not (cubemap face selection, filtering precision, texture border reads)."""
    path = os.path.join(src, "catch", "hipTestMain", "config", "config_nvidia_linux.json")
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return set(json.load(f).get("DisabledTests", []))


def load_classes():
    """tests/conformance/classes.tsv: regex (on the first failure) -> cause class."""
    rules = []
    for r in read_table(os.path.join(HERE, "classes.tsv")):
        if r and not r[0].startswith("#"):
            rules.append((r[0], re.compile(r[1]), r[2] if len(r) > 2 else ""))
    return rules


def load_reasons():
    """tests/conformance/reasons.tsv: (file, case regex) -> (class, reason) for failures whose
    cause is the test's or the hardware's, not unihip's."""
    return [(r[0], re.compile(r[1]), r[2], r[3])
            for r in read_table(os.path.join(HERE, "reasons.tsv")) if len(r) >= 4]


def stated_reason(reasons, name, case):
    for f, rx, cls, why in reasons:
        if f == name and rx.search(case):
            return cls, why
    return None


def classify(text, rules, kind):
    for cls, rx, k in rules:
        if (not k or k == kind) and rx.search(text):
            return cls
    return "unclassified"


def local_paths(text):
    """An error line without this machine's folders: hip-tests' from catch/, unihip's headers
    from include/."""
    text = re.sub(r"/\S*?/catch/", "catch/", text)
    return re.sub(r"/\S*?/include/(hip|cuda-compat)/", r"include/\1/", text)


def cmd_report(a):
    work = os.path.abspath(a.work)
    src = a.hip_tests
    targets = {r[0]: r for r in read_table(os.path.join(work, "targets.tsv"))}
    comp = compile_rows(work)
    rules = load_classes()
    reasons = load_reasons()
    disabled = amd_disabled(src) if src else set()
    on_nvidia = nvidia_disabled(src) - disabled if src else set()
    run = {}  # target -> list of (case, status, seconds, first failure)
    # Several runs: a file's rows come from the last run that started it (a later run of part of
    # the suite replaces those files' rows and keeps the rest).
    for folder in a.run_results or []:
        rows = collections.defaultdict(list)
        for r in read_table(os.path.join(folder, "results.tsv"), skip_header=False):
            rows[r[0]].append(r[1:])
        by_case = os.path.exists(os.path.join(folder, "cases-only"))  # run.py --only
        for n, cases in rows.items():
            if n in run and all(c[0] == "(file)" and c[1] == "not-run" for c in cases):
                continue
            if by_case and n in run:
                fresh = {c[0]: c for c in cases}
                kept = [c for c in run[n] if c[0] not in fresh]
                # a case's first run may have left two rows (not-run, then its re-run)
                run[n] = kept + list(fresh.values())
                continue
            run[n] = cases
    base = compile_rows(work, a.baseline) if a.baseline else {}
    areas = collections.defaultdict(collections.Counter)
    not_tried = 0
    for n, r in comp.items():
        if r[3] == "not-tried":  # a build stopped part-way: neither compiled nor failed
            not_tried += 1
            continue
        c = areas[r[1]]
        c["files"] += 1
        c["compiled"] += r[3] == "compiled"
        c["before"] += n in base and base[n][3] == "compiled"
        c["amd_only"] += n in targets and targets[n][3] == "1"
        for case in run.get(n, []):
            if case[0] in disabled:
                c["amd_disabled"] += 1
                continue
            if case[1] == "not-run":  # the run's time budget ended first
                c["files_notrun" if case[0] == "(file)" else "notrun"] += 1
                continue
            if case[1] == "timeout" and len(case) > 3 and case[3] == "file budget spent":
                c["budget"] += 1  # never started: its file's time budget ended first
                continue
            if case[0] in on_nvidia:  # counted apart, with their own results
                c["nv_" + case[1]] += 1
                continue
            c["cases"] += 1
            c[case[1]] += 1
            if case[1] in ("failed", "timeout", "crashed") and stated_reason(reasons, n, case[0]):
                c["reasoned"] += 1
    L = []
    L.append("# hip-tests catch/unit on unihip\n")
    L.append(a.preamble.read() if a.preamble else "")
    L.append("\n## Per area\n")
    bcol = " compiled before |" if base else ""
    L.append("| area | files tried | of which AMD-only |%s compiled | test cases run | passed | "
             "failed | timed out | skipped |" % bcol)
    L.append("|---|---|---|---|---|---|---|---|---|" + ("---|" if base else ""))
    tot = collections.Counter()
    for area in sorted(areas):
        c = areas[area]
        tot.update(c)
        L.append("| %s | %d | %d |%s %d | %d | %d | %d | %d | %d |" % (
            area, c["files"], c["amd_only"], (" %d |" % c["before"]) if base else "",
            c["compiled"], c["cases"],
            c["passed"], c["failed"] + c["crashed"], c["timeout"], c["skipped"]))
    pct = lambda x, y: "%.0f%%" % (100.0 * x / y) if y else "-"
    L.append("| **all** | %d | %d |%s %d (%s) | %d | %d (%s) | %d | %d | %d |" % (
        tot["files"], tot["amd_only"], (" %d (%s) |" % (tot["before"], pct(tot["before"], tot["files"])))
        if base else "", tot["compiled"], pct(tot["compiled"], tot["files"]), tot["cases"],
        tot["passed"], pct(tot["passed"], tot["cases"]), tot["failed"] + tot["crashed"],
        tot["timeout"], tot["skipped"]))
    if not_tried:
        L.append("\nNot counted: %d test files the build had not reached when it was stopped." % not_tried)
    if tot["notrun"] or tot["files_notrun"] or tot["budget"] or tot["amd_disabled"]:
        L.append("\nNot counted: %d test files not started and %d test cases not run (the run's "
                 "time budget ended), %d cases not started because their file's budget ended "
                 "(listed under run failures as `file budget spent`), %d cases that AMD's CI "
                 "disables." % (tot["files_notrun"], tot["notrun"], tot["budget"],
                                tot["amd_disabled"]))
    decided = tot["cases"] - tot["skipped"]
    if decided:
        L.append("\nOf the %d cases that ran to a result (not skipped): **%d passed (%.1f%%)**." % (
            decided, tot["passed"], 100.0 * tot["passed"] / decided))
    if tot["reasoned"]:
        L.append("\nOf the %d cases that did not pass, %d have a stated reason that is not unihip's "
                 "(`tests/conformance/reasons.tsv`: the test's own fault, AMD hardware, CUDA's "
                 "driver, HIP 7; listed below with it); %d do not. Counting the first as "
                 "explained, %d of %d (%.1f%%) pass or are explained." % (
                     decided - tot["passed"], tot["reasoned"], decided - tot["passed"] - tot["reasoned"],
                     tot["passed"] + tot["reasoned"], decided,
                     100.0 * (tot["passed"] + tot["reasoned"]) / decided))
    nv_run = sum(v for k, v in tot.items() if k.startswith("nv_") and k != "nv_skipped")
    if nv_run:
        nv_pass = tot["nv_passed"]
        L.append("\nCounted apart: %d cases AMD's CI disables on NVIDIA (`config_nvidia_linux.json`), "
                 "run here to a result: %d passed, %d failed, %d timed out. Counting them too, "
                 "%d of %d cases pass (%s)." % (
                     nv_run, nv_pass, tot["nv_failed"] + tot["nv_crashed"], tot["nv_timeout"],
                     tot["passed"] + nv_pass, tot["cases"] - tot["skipped"] + nv_run,
                     "%.1f%%" % (100.0 * (tot["passed"] + nv_pass) /
                                 (tot["cases"] - tot["skipped"] + nv_run))))
    # Compile failures, grouped by cause class.
    L.append("\n## Compile failures\n")
    by_cls = collections.defaultdict(list)
    for n, r in sorted(comp.items(), key=lambda kv: kv[1][2]):
        if r[3] not in ("compiled", "not-tried"):
            by_cls[classify(r[4], rules, "compile")].append(r)
    L.append("| cause class | files |")
    L.append("|---|---|")
    for cls, rs in sorted(by_cls.items(), key=lambda kv: -len(kv[1])):
        L.append("| %s | %d |" % (cls, len(rs)))
    L.append("")
    L.append("| file | stage | cause class | first error |")
    L.append("|---|---|---|---|")
    for cls, rs in sorted(by_cls.items()):
        for r in rs:
            L.append("| %s | %s | %s | `%s` |" % (r[2], r[3], cls, md(local_paths(r[4]))))
    # Every undeclared name in every failed file (a file counts once per name).
    undecl = collections.defaultdict(set)
    for n, r in comp.items():
        path = row_file(work, n, ".errors")
        if r[3] != "compiled" and os.path.exists(path):
            for m in UNDECLARED.finditer(open(path).read()):
                undecl[m.group(1)].add(r[2])
    L.append("\n### Undeclared names (all errors of every failed file)\n")
    if not undecl:
        L.append("none")
    else:
        L.append("| name | files |")
        L.append("|---|---|")
        for name, files in sorted(undecl.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            L.append("| `%s` | %d |" % (name, len(files)))
    if run:
        L.append("\n## Run failures\n")
        L.append("| file | test case | result | cause class | first failure | stated reason |")
        L.append("|---|---|---|---|---|---|")
        for n in sorted(run, key=lambda n: comp.get(n, [n, "", n])[2]):
            for case in run[n]:
                if len(case) > 3 and case[3] == "file budget spent":
                    continue  # not started: counted per file below
                if case[1] in ("failed", "timeout", "crashed") and case[0] not in disabled \
                        and case[0] not in on_nvidia:
                    why = stated_reason(reasons, n, case[0])
                    L.append("| %s | %s | %s | %s | `%s` | %s |" % (
                        comp.get(n, [n, "", n])[2], md(case[0]), case[1],
                        classify(case[3] if len(case) > 3 else "", rules, "run"),
                        md(case[3] if len(case) > 3 else ""),
                        "%s: %s" % (why[0], md(why[1])) if why else ""))
    budget = collections.Counter(comp.get(n, [n, "", n])[2] for n, cs in run.items() for c in cs
                                 if len(c) > 3 and c[3] == "file budget spent")
    if budget:
        L.append("\nCases not started because their file's time budget ended first (not counted), "
                 "by file: " + ", ".join("`%s` %d" % kv for kv in sorted(budget.items())) + "\n")
    # Listed apart: never counted as passes.
    L.append("\n## Listed apart\n")
    amd_only = [r for r in targets.values() if r[3] == "1"]
    L.append("### Built by hip-tests only on AMD (HIP_PLATFORM=amd lists them, =nvidia does not)\n")
    L.append("These test AMD-specific API or hardware behaviour; they are compiled and run above "
             "(unihip is HIP's AMD flavour on both vendors) but a failure on NVIDIA may be the "
             "hardware's, not unihip's.\n")
    L.append(", ".join("`%s`" % r[2] for r in sorted(amd_only, key=lambda r: r[2])) or "none")
    L.append("\n### Not built by hip-tests' CMake on AMD (not counted)\n")
    nb = read_table(os.path.join(work, "not_built_on_amd.tsv"))
    L.append("Files under catch/unit no AMD target lists (helpers, disabled or NVIDIA-only "
             "tests): %d. NVIDIA-only among them: %s\n" % (
                 len(nb), ", ".join("`%s`" % r[0] for r in nb if r[1] == "1") or "none"))
    L.append("### Disabled by AMD's own CI on NVIDIA (config_nvidia_linux.json; counted apart)\n")
    L.append("AMD's CI runs hip-tests over CUDA too and disables these there: they test AMD's "
             "hardware or runtime where CUDA's differ. unihip runs them; their results are "
             "above the compile failures and here, not in the per-area table.\n")
    nv_rows = [(comp.get(n, [n, "", n])[2], c) for n, cs in sorted(run.items()) for c in cs
               if c[0] in on_nvidia and c[1] != "not-run"
               and not (len(c) > 3 and c[3] == "file budget spent")]
    if nv_rows:
        L.append("| file | test case | result | first failure |")
        L.append("|---|---|---|---|")
        for f, c in nv_rows:
            L.append("| %s | %s | %s | `%s` |" % (f, md(c[0]), c[1],
                                                 md(c[3] if len(c) > 3 and c[1] != "passed" else "")))
    L.append("")
    L.append("### Disabled by AMD's own CI on every arch (config_amd_linux, COMMON; not counted)\n")
    L.append("%d test case names; of those run here: %s\n" % (
        len(disabled), sum(1 for cs in run.values() for c in cs if c[0] in disabled)))
    out = a.out
    with open(out, "w") as f:
        f.write("\n".join(L) + "\n")
    print("wrote " + out)


UNDECLARED = re.compile(r"(?:undeclared identifier|unknown type name|no member named) '([^']+)'")


def md(s):
    return s.replace("|", "\\|").replace("`", "'")[:200]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--hip-tests", required=True, help="hip-tests source (holds catch/)")
    b.add_argument("--unihip", required=True, help="unihip build or install prefix")
    b.add_argument("--work", default="conformance-work")
    b.add_argument("--arch", nargs="+", default=["sm_90"], help="offload archs")
    b.add_argument("--sample", type=int, default=0, help="files per area (0: all)")
    b.add_argument("--area", nargs="*", help="only these areas")
    b.add_argument("--files", nargs="*", help="only these (unit/<area>/x.cc or <area>/x)")
    b.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    b.add_argument("--nice", type=int, default=0)
    b.add_argument("--from-log", action="store_true", help="rows from the last ninja.log only")
    s = sub.add_parser("stage")
    s.add_argument("--work", default="conformance-work")
    s.add_argument("--out")
    s.add_argument("--max-mib", type=int, default=48, help="size of one part (one GPU session)")
    s.add_argument("--list", help="stage only these targets (<area>/<file>, one a line)")
    s.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    r = sub.add_parser("report")
    r.add_argument("--work", default="conformance-work")
    r.add_argument("--hip-tests", help="hip-tests source (for AMD's disabled-test list)")
    r.add_argument("--run-results", nargs="*", help="folders run.py wrote (results.tsv); a later "
                   "one replaces the rows of the files it ran")
    r.add_argument("--baseline", help="an earlier WORK/compile folder: adds a 'compiled before' column")
    r.add_argument("--preamble", type=argparse.FileType("r"), help="text put after the title")
    r.add_argument("--out", default="docs/conformance.md")
    a = p.parse_args()
    {"build": cmd_build, "stage": cmd_stage, "report": cmd_report}[a.cmd](a)


if __name__ == "__main__":
    main()
