#!/usr/bin/env python3
"""Builds docs/bad-input.md: which error code each class of bad input gets from each API family,
and which test checks it, read from the existing negative tests.

    scripts/bad_input_table.py            rewrite docs/bad-input.md
    scripts/bad_input_table.py --check    exit 1 when docs/bad-input.md is not current
    scripts/bad_input_table.py --stdout   print the document

What is read: every expectation of an error code in the test sources below, in the three forms
the tests use:
    CHECK(call(...) == hipErrorX) / REQUIRE(...)           (also HIPRTC_ERROR_*, Status(hipErrorX))
    {"what", [..] { return call(...); }, hipErrorX}          (tests/cpu/api: checkCases rows)
    {"what", hipErrorX, [..] { return call(...); }}          (tests/cpu/test_bad_input.cpp rows)
Each expectation is one case: the function called (the lambda's returned call), the code, the
file and line. Expectations of hipSuccess are not bad input and are left out.

The API family comes from src/api/functions.tsv (its areas, merged into the families below); calls
of backend or parser functions (tests/hsa, the code-object and bundle parsers) are placed by
their name. The bad-input class comes from rules (CLASS_RULES): the expected code where it names
the class (hipErrorInvalidConfiguration, hipErrorInvalidImage, ...), else words of the row's
description and of the call's arguments (nullptr, "destroyed", 0xFFFF, SIZE_MAX, flags, ...).
The rules are heuristics: a case may sit in a neighbouring class. The test named is the place
that checks it, whatever the class.
"""
import argparse
import collections
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "docs", "bad-input.md")
SOURCES = [
    "tests/cpu/*.cpp",
    "tests/cpu/api/*.cpp",
    "tests/gpu/*.cpp",
    "tests/device/*.cpp",
    "tests/hsa/*.cpp",
]

FAMILIES = ["device", "error", "stream", "event", "memory", "launch", "module", "registration",
            "graph", "mempool/IPC/VMM", "texture", "hiprtc", "other"]

# functions.tsv areas -> families.
AREA_FAMILY = [
    ("01 ", "device"), ("13 ", "device"), ("18 ", "device"),
    ("02 ", "error"),
    ("03 ", "stream"), ("19 ", "stream"),
    ("05 ", "event"),
    ("06", "memory"),
    ("07", "launch"),
    ("08 ", "module"),
    ("20 ", "registration"),
    ("10 ", "graph"),
    ("04 ", "mempool/IPC/VMM"), ("12 ", "mempool/IPC/VMM"), ("15 ", "mempool/IPC/VMM"),
    ("11", "texture"),
    ("09 ", "hiprtc"),
]

# Names outside functions.tsv (backend methods, parsers, test wrappers, variants), by words.
NAME_FAMILY = [
    (r"^hiprtc", "hiprtc"),
    (r"^__hip|[Rr]egist|[Ff]atBin", "registration"),
    (r"^hipGraph|Capture", "graph"),
    (r"^hipMemPool|MemPool|^hipIpc|^hipMem(Create|Map|Unmap|Release|Address|SetAccess|GetAccess|"
     r"Export|Import|Retain|GetAllocation)", "mempool/IPC/VMM"),
    (r"^hip(Tex|Bind|Unbind|CreateTexture|CreateSurface|DestroyTexture|DestroySurface|"
     r"GetTexture|GetChannel)|[Tt]exture", "texture"),
    (r"^hipModule|[Mm]odule|[Cc]odeObject|[Bb]undle|[Ii]mage|[Mm]etadata|[Ee]lf|TargetId", "module"),
    (r"^hipStream|[Ss]tream|[Qq]ueue|[Ss]ignal|HostFunc", "stream"),
    (r"^hipEvent|[Ee]vent", "event"),
    (r"[Ll]aunch|Kernarg|[Pp]acket|[Dd]ispatch|Occupancy|FuncGet|FuncSet|[Gg]etFunction", "launch"),
    (r"^hip(Malloc|Free|Host|Mem|Array|Pointer|Drv|Extent)|[Mm]emcpy|[Mm]emset|[Aa]lloc|[Cc]opy",
     "memory"),
    (r"^hip(Device|Get|Set|Init|Ctx|Runtime|Driver|Choose)|[Dd]evice|[Aa]ttribute|[Aa]gent",
     "device"),
    (r"^hip(GetErrorName|GetErrorString|GetLastError|PeekAtLastError)", "error"),
]

CLASSES = [
    "null pointer / null handle",
    "zero, overflowing or out-of-range size",
    "invalid, garbage or foreign handle / pointer",
    "destroyed handle / freed pointer",
    "double free / destroy",
    "wrong or invalid device",
    "no device",
    "unknown kernel / symbol",
    "bad launch configuration",
    "corrupt / foreign binary",
    "unknown enum value / unsupported flags",
    "unsupported feature (hipErrorNotSupported)",
    "invalid state / call order",
    "other invalid value",
]
SHORT = {
    "null pointer / null handle": "null",
    "zero, overflowing or out-of-range size": "size",
    "invalid, garbage or foreign handle / pointer": "bad handle",
    "destroyed handle / freed pointer": "destroyed",
    "double free / destroy": "double free",
    "wrong or invalid device": "wrong device",
    "no device": "no device",
    "unknown kernel / symbol": "unknown kernel",
    "bad launch configuration": "launch config",
    "corrupt / foreign binary": "corrupt binary",
    "unknown enum value / unsupported flags": "enum/flags",
    "unsupported feature (hipErrorNotSupported)": "not supported",
    "invalid state / call order": "state",
    "other invalid value": "other",
}

# Where a class does not apply to a family ("—" in the table; an empty applicable cell is "·",
# applicable but not tested).
ALL = set(FAMILIES)
APPLIES = {
    "null pointer / null handle": ALL - {"error"},
    "zero, overflowing or out-of-range size": {"device", "memory", "launch", "module", "graph",
                                               "mempool/IPC/VMM", "texture", "hiprtc", "stream",
                                               "other"},
    "invalid, garbage or foreign handle / pointer": ALL - {"error"},
    "destroyed handle / freed pointer": ALL - {"error", "device", "registration"},
    "double free / destroy": {"stream", "event", "memory", "module", "graph", "mempool/IPC/VMM",
                              "texture", "hiprtc", "registration", "device", "other"},
    "wrong or invalid device": ALL - {"error", "hiprtc", "registration"},
    "no device": ALL - {"error", "hiprtc"},
    "unknown kernel / symbol": {"launch", "module", "registration", "graph", "memory", "texture",
                                "hiprtc"},
    "bad launch configuration": {"launch", "module", "graph", "stream"},
    "corrupt / foreign binary": {"module", "registration", "hiprtc"},
    "unknown enum value / unsupported flags": ALL,
    "unsupported feature (hipErrorNotSupported)": ALL,
    "invalid state / call order": ALL - {"error"},
    "other invalid value": ALL,
}

CODE = r"(?:hipError[A-Z]\w*|HIPRTC_ERROR_\w+)"
SUCCESS = {"hipSuccess", "HIPRTC_SUCCESS"}

STATE_CODES = {"hipErrorIllegalState", "hipErrorCapturedEvent", "hipErrorNotReady",
               "hipErrorContextAlreadyInUse", "hipErrorContextAlreadyCurrent",
               "hipErrorPeerAccessAlreadyEnabled", "hipErrorPeerAccessNotEnabled",
               "hipErrorHostMemoryAlreadyRegistered", "hipErrorHostMemoryNotRegistered",
               "hipErrorSetOnActiveProcess", "hipErrorNotMapped", "hipErrorAlreadyMapped",
               "hipErrorNotMappedAsArray", "hipErrorNotMappedAsPointer", "hipErrorArrayIsMapped",
               "hipErrorAlreadyAcquired", "hipErrorGraphExecUpdateFailure",
               "hipErrorStreamCaptureWrongThread", "hipErrorPeerAccessUnsupported",
               "hipErrorInvalidContext", "hipErrorContextIsDestroyed_state"}


ECHO_FUNCTIONS = {"hipGetLastError", "hipPeekAtLastError", "hipExtGetLastError"}


def classify(code, what, call, fn, family):
    """The bad-input class of one case (first rule that matches)."""
    text = (what + " " + call).lower()
    args = call[call.find("("):].lower() if "(" in call else call.lower()
    desc = what.lower()
    if code == "hipErrorInvalidMemcpyDirection":
        return "unknown enum value / unsupported flags"
    if code in ("hipErrorInvalidConfiguration", "hipErrorLaunchOutOfResources",
                "hipErrorCooperativeLaunchTooLarge"):
        return "bad launch configuration"
    if code in ("hipErrorInvalidImage", "hipErrorInvalidKernelFile", "hipErrorNoBinaryForGpu",
                "hipErrorSharedObjectInitFailed") or re.search(
                    r"corrupt|truncat|malformed|bad magic", text):
        return "corrupt / foreign binary"
    if code in ("hipErrorInvalidDeviceFunction", "hipErrorInvalidSymbol",
                "hipErrorSharedObjectSymbolNotFound") or (
                    code == "hipErrorNotFound" and re.search(r"kernel|function|symbol|global|"
                                                             r"variable|nope|no_such", text)):
        return "unknown kernel / symbol"
    if code in ("hipErrorNoDevice", "hipErrorNotInitialized", "hipErrorInsufficientDriver"):
        return "no device"
    if code == "hipErrorInvalidDevice" or re.search(
            r"bad device|wrong device|other device|device[- ]1\b|device -\d|invalid device|"
            r"device 2\b|device 7\b|device 99|ordinal|peer device", text):
        return "wrong or invalid device"
    if re.search(r"double|twice|again\)|already (freed|destroyed)", desc) or (
            re.search(r"Free|Destroy|Release|Unload|Unregister|Delete|Unmap", fn) and
            re.search(r"destroyed|\bdead\b|\bfreed\b|released|unloaded|retired", text)):
        return "double free / destroy"
    if re.search(r"destroyed|\bdead\b|unloaded|after (the )?reset|\bfreed\b|released|retired|"
                 r"stale", text):
        return "destroyed handle / freed pointer"
    if re.search(r"\w\s*\+\s*\d+\s*[,)]", args) and re.search(r"Free|Memset|Memcpy|Pointer", fn):
        return "invalid, garbage or foreign handle / pointer"
    if re.search(r"0xffff|0x1\b|0x10\b|stack|heap|malloc'd|garbage|bogus|foreign|never|inside|fake|"
                 r"\(h\)-1|not at (its|the) start|reinterpret_cast<hip\w+_t>|not a handle|"
                 r"reinterpret_cast<hip(stream|event|module|function|graph|array)", text):
        return "invalid, garbage or foreign handle / pointer"
    if re.search(r"\bnull(ptr)?\b|\bnull\b", args) or re.search(r"\bnull\b", desc):
        return "null pointer / null handle"
    if re.search(r"\b\d+ (words |bytes )?of \d+|size_max|~size_t|~0|2\^6|<< ?6\d|overflow|"
                 r"0 bytes|len 0|len -1|zero|"
                 r"too (large|big|many|long)|past|of 64|out of range|beyond|exceed|width|height|"
                 r"depth|pitch|count|bytes|\bsize\b|extent|offset", text):
        return "zero, overflowing or out-of-range size"
    if code == "hipErrorInvalidMemcpyDirection" or re.search(
            r"flag|\bbits?\b|\bkind\b|static_cast<\w+>\(\s*(0x)?[0-9a-f]+|static_cast<hip|"
            r"attribute|\bmode\b|enum|0x[0-9a-f]{3,}u?\b|unknown|\bbad\b|option|limit|config|"
            r"type|format", text):
        return "unknown enum value / unsupported flags"
    if code == "hipErrorNotSupported":
        return "unsupported feature (hipErrorNotSupported)"
    if code in STATE_CODES or code.startswith("hipErrorStreamCapture") or re.search(
            r"captur|not recorded|unrecorded|already|before|without|not (enabled|registered|"
            r"mapped)|current", text):
        return "invalid state / call order"
    return "other invalid value"

HANDLE_CODES = {"hipErrorInvalidHandle", "hipErrorInvalidResourceHandle",
                "hipErrorContextIsDestroyed", "HIPRTC_ERROR_INVALID_PROGRAM"}


# --- reading the tests ------------------------------------------------------------------------

def blank_comments(src):
    """The source with comments replaced by spaces (newlines kept), strings untouched."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif c in "\"'":
            if c == '"' and i > 0 and src[i - 1] == "R":  # raw string R"(...)"
                end = src.find(')"', i)
                j = n if end < 0 else end + 2
            else:
                j = i + 1
                while j < n and src[j] != c:
                    j += 2 if src[j] == "\\" else 1
                j += 1
            out.append(src[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def balanced(code, open_index):
    """Index just past the bracket matching code[open_index] (strings skipped)."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    stack = [pairs[code[open_index]]]
    i = open_index + 1
    while i < len(code) and stack:
        c = code[i]
        if c in "\"'":
            j = i + 1
            while j < len(code) and code[j] != c:
                j += 2 if code[j] == "\\" else 1
            i = j + 1
            continue
        if c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
        i += 1
    return i


def split_top(text, sep):
    """Splits at `sep` outside brackets and strings."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if depth == 0 and text.startswith(sep, i) and not (
                sep == "==" and (text[i - 1:i] in "!<>=" or text[i + 2:i + 3] == "=")):
            parts.append(text[start:i])
            start = i + len(sep)
            i += len(sep)
            continue
        i += 1
    parts.append(text[start:])
    return parts


CODE_SIDE = re.compile(r"^\s*\(?\s*(?:Status\s*\(\s*)?(" + CODE + r")\s*\)?\s*\)?\s*$")
NOT_CALLS = {"reinterpret_cast", "static_cast", "const_cast", "sizeof", "if", "for", "while",
             "return", "INFO", "CHECK", "REQUIRE", "std", "decltype", "alignof", "uintptr_t",
             "size_t", "uint32_t", "uint64_t", "int", "void", "dim3", "Status", "ok", "data",
             "size", "c_str", "get", "string", "vector", "make_pair"}


def called_function(text):
    """The function a call expression or lambda body tests."""
    m = re.search(r"\breturn\s+(?:[\w:]+(?:->|\.))?(\w+)\s*\(", text)
    if m and m.group(1) not in NOT_CALLS:
        return m.group(1)
    m = re.search(r"\breturn\s+(\w+)\s*;", text)
    if m:
        var = m.group(1)
        m2 = re.search(r"\b" + var + r"\s*=\s*(?:[\w:]+(?:->|\.))?(\w+)\s*\(", text)
        if m2:
            return m2.group(1)
    cleaned = re.sub(r"\b(REQUIRE|CHECK)\s*\((?:[^()]|\([^()]*\))*\)", " ", text)
    for m in re.finditer(r"(?:->|\.|\b)(\w+)\s*\(", cleaned):
        if m.group(1) not in NOT_CALLS and not m.group(1)[0].isdigit():
            return m.group(1)
    return None


def string_text(expr):
    return " ".join(re.findall(r'"((?:[^"\\]|\\.)*)"', expr))


def read_cases(path, rel):
    raw = open(path, encoding="utf-8").read()
    code = blank_comments(raw)
    line_of = lambda index: code.count("\n", 0, index) + 1
    tests = [(m.start(), m.group(1)) for m in re.finditer(r'TEST_CASE\(\s*"((?:[^"\\]|\\.)*)"', code)]

    def test_at(index):
        name = ""
        for start, t in tests:
            if start <= index:
                name = t
        return name

    cases = []
    covered = []  # spans of CHECK units: rows inside them are not read twice
    for m in re.finditer(r"\b(CHECK|REQUIRE|CHECK_FALSE|REQUIRE_FALSE)\s*\(", code):
        open_index = m.end() - 1
        end = balanced(code, open_index)
        inner = code[open_index + 1:end - 1]
        covered.append((open_index, end))
        sides = split_top(inner, "==")
        if len(sides) != 2:
            continue
        for code_side, call_side in ((sides[1], sides[0]), (sides[0], sides[1])):
            cm = CODE_SIDE.match(code_side)
            if cm and cm.group(1) not in SUCCESS:
                fn = called_function(call_side)
                if fn:
                    cases.append(dict(file=rel, line=line_of(m.start()), code=cm.group(1),
                                      fn=fn, call=" ".join(call_side.split()), what="",
                                      test=test_at(m.start())))
                break
    for m in re.finditer(r"\{\s*\"", code):
        open_index = m.start()
        if any(a < open_index < b for a, b in covered):
            continue
        end = balanced(code, open_index)
        parts = [p.strip() for p in split_top(code[open_index + 1:end - 1], ",")]
        codes = [p for p in parts[1:] if re.fullmatch(CODE, p)]
        lambdas = [p for p in parts[1:] if p.startswith("[")]
        if len(codes) != 1 or codes[0] in SUCCESS or not lambdas:
            continue
        fn = called_function(lambdas[0])
        if not fn:
            continue
        what = string_text(parts[0])
        if "+" in parts[0]:
            # A row built in a loop ("hipStreamQuery(" + name + ")"): the test's title says what
            # the loop varies.
            what += " " + test_at(open_index)
        cases.append(dict(file=rel, line=line_of(open_index), code=codes[0], fn=fn,
                          call=" ".join(lambdas[0].split()), what=what, test=test_at(open_index)))
    return cases


def load_areas():
    areas = {}
    with open(os.path.join(ROOT, "src", "api", "functions.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("area\t"):
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 2:
                areas[cols[1]] = cols[0]
    return areas


def family_of(fn, areas):
    base = re.sub(r"(_spt|_ptsz|_ptds|R0600|R0000)$", "", fn)
    for name in (fn, base, re.sub(r"_v2$", "", base), re.sub(r"Async$", "", base)):
        if name in areas:
            for prefix, family in AREA_FAMILY:
                if areas[name].startswith(prefix):
                    return family, True
            return "other", True
    for pattern, family in NAME_FAMILY:
        if re.search(pattern, fn):
            return family, fn.startswith("hip") or fn.startswith("__hip")
    return "other", fn.startswith("hip")


def collect():
    areas = load_areas()
    cases = []
    files = []
    for pattern in SOURCES:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            rel = os.path.relpath(path, ROOT)
            found = read_cases(path, rel)
            if found:
                files.append((rel, len(found)))
            cases.extend(found)
    # hipGetLastError & co. checked after a failing call echo that call's code: not bad input.
    echoes = [c for c in cases if c["fn"] in ECHO_FUNCTIONS]
    cases = [c for c in cases if c["fn"] not in ECHO_FUNCTIONS]
    for c in cases:
        c["family"], c["api"] = family_of(c["fn"], areas)
        c["class"] = "other invalid value"
        if c["what"]:
            # A row's description first: it names the input better than the arguments do.
            c["class"] = classify(c["code"], c["what"], "", c["fn"], c["family"])
        if c["class"] == "other invalid value":
            c["class"] = classify(c["code"], c["what"], c["call"], c["fn"], c["family"])
        if c["class"] == "other invalid value" and c["test"]:
            # Nothing in the row itself: the test case's title may say what the input is.
            c["class"] = classify(c["code"], c["what"] + " " + c["test"], c["call"], c["fn"],
                                  c["family"])
        if c["class"] == "other invalid value" and c["code"] in HANDLE_CODES:
            c["class"] = "invalid, garbage or foreign handle / pointer"
    return cases, files, len(echoes)


# --- the document -----------------------------------------------------------------------------

def short_code(code):
    return code.replace("hipError", "").replace("HIPRTC_ERROR_", "rtc:")


def anchor(family, cls):
    return re.sub(r"[^a-z0-9]+", "-", (family + "-" + SHORT[cls]).lower()).strip("-")


def render(cases, files, echoes):
    cells = collections.defaultdict(list)
    for c in cases:
        cells[(c["class"], c["family"])].append(c)
    applicable = sum(1 for cls in CLASSES for f in FAMILIES if f in APPLIES[cls])
    covered = sum(1 for cls in CLASSES for f in FAMILIES if cells.get((cls, f)))
    covered_applicable = sum(1 for cls in CLASSES for f in FAMILIES
                             if f in APPLIES[cls] and cells.get((cls, f)))
    out = []
    w = out.append
    w("# Bad input: expected HIP error codes by API family, and the tests that check them")
    w("")
    w("Generated by `scripts/bad_input_table.py` from the existing negative tests (do not edit by "
      "hand; rerun the script after changing tests; `--check` tells whether this file is current). "
      "Every expectation of an error code in " + ", ".join("`%s`" % s for s in SOURCES) +
      " is one case: `CHECK(call == hipErrorX)`, a `checkCases` row `{\"what\", lambda, code}` or "
      "a `Row` `{\"what\", code, lambda}`. The API family comes from `src/api/functions.tsv`; "
      "backend and parser checks (tests/hsa, code-object and bundle parsers) are placed by the "
      "function's name and marked *(internal)* below. The class comes from rules in the script "
      "(the code where it names the class, else the row's description and the call's arguments): "
      "a heuristic, so a case may sit in a neighbouring class; the file:line is exact.")
    w("")
    w("**Totals:** %d cases in %d files; %d of %d (class × family) cells have at least one test "
      "(%d of the %d cells where the class applies)." %
      (len(cases), len(files), covered, len(CLASSES) * len(FAMILIES), covered_applicable,
       applicable))
    w("")
    w("Cells: the expected codes (`hipError` left off; `rtc:` = `HIPRTC_ERROR_`), the number of "
      "cases, and the first test (file:line); the list per cell is under [Cases](#cases). "
      "**—** = the class does not apply to the family; **·** = it applies, but no test checks it.")
    w("")
    w("| class \\ family | " + " | ".join(FAMILIES) + " |")
    w("|---|" + "---|" * len(FAMILIES))
    for cls in CLASSES:
        row = ["**%s**" % cls]
        for f in FAMILIES:
            got = cells.get((cls, f))
            if not got:
                row.append("·" if f in APPLIES[cls] else "—")
                continue
            codes = collections.Counter(short_code(c["code"]) for c in got)
            first = min(got, key=lambda c: (c["file"], c["line"]))
            row.append("%s ×%d [%s:%d](#%s)" % (
                ", ".join(k for k, _ in codes.most_common()), len(got),
                os.path.basename(first["file"]), first["line"], anchor(f, cls)))
        w("| " + " | ".join(row) + " |")
    w("")
    w("Cases per file: " + ", ".join("`%s` %d" % (f, n) for f, n in files) + ".")
    w("")
    w("Left out: %d expectations of `hipGetLastError`/`hipPeekAtLastError`/`hipExtGetLastError` "
      "that check a failing call's code was recorded (the error family's own bad input, "
      "`hipGetErrorName`/`hipDrvGetErrorName` of unknown codes or null outputs, is in the table)."
      % echoes)
    w("")
    w("Device faults (trap, illegal address, failed assert: `hipErrorLaunchFailure`, "
      "`hipErrorIllegalAddress`, `hipErrorAssert`, sticky) are not bad input to a call; "
      "`tests/faults` (ctest `faults`) checks them, each in its own process.")
    w("")
    w("## Cases")
    w("")
    for f in FAMILIES:
        for cls in CLASSES:
            got = cells.get((cls, f))
            if not got:
                continue
            w('<a id="%s"></a>' % anchor(f, cls))
            w("### %s: %s (%d)" % (f, cls, len(got)))
            w("")
            for c in sorted(got, key=lambda c: (c["file"], c["line"])):
                what = (' "%s"' % c["what"]) if c["what"] else ""
                internal = "" if c["api"] else " *(internal)*"
                w("- `%s` → `%s` — %s:%d%s%s" % (c["fn"], c["code"], c["file"], c["line"], what,
                                                  internal))
            w("")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--stdout", action="store_true")
    args = parser.parse_args()
    cases, files, echoes = collect()
    text = render(cases, files, echoes)
    if args.stdout:
        sys.stdout.write(text)
        return 0
    if args.check:
        current = open(OUTPUT, encoding="utf-8").read() if os.path.exists(OUTPUT) else ""
        if current != text:
            print("docs/bad-input.md is not current: run scripts/bad_input_table.py")
            return 1
        print("docs/bad-input.md is current (%d cases)" % len(cases))
        return 0
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s: %d cases" % (os.path.relpath(OUTPUT, ROOT), len(cases)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
