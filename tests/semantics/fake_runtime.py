#!/usr/bin/env python3
"""A stand-in for a semantics build, for run.py's own test (CPU only): reports one GPU and
answers four cases — one normal, one that differs between two fake runtimes (FAKE_FLAVOR), one
that crashes and one that hangs."""
import os
import signal
import sys
import time

CASES = [("fake.ok", "returns"), ("fake.differs", "depends on the runtime"),
         ("fake.crash", "dies"), ("fake.hang", "never ends")]

if sys.argv[1:] == ["--list"]:
    for name, expect in CASES:
        print("%s | %s" % (name, expect))
elif sys.argv[1:] == ["--probe"]:
    print("PROBE runtime=fake | devices=1 | status=hipSuccess | device=Fake GPU")
elif len(sys.argv) == 3 and sys.argv[1] == "--case":
    name = sys.argv[2]
    if name == "fake.ok":
        print("CASE fake.ok | launch=hipSuccess | detail")
    elif name == "fake.differs":
        print("CASE fake.differs | value=%s | " % os.environ.get("FAKE_FLAVOR", "a"))
    elif name == "fake.crash":
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    elif name == "fake.hang":
        time.sleep(60)
else:
    sys.exit(2)
