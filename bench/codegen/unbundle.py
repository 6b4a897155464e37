#!/usr/bin/env python3
"""Writes one entry of a clang offload bundle (unihipcc --genco output) to a file.

  unbundle.py <bundle.hipfb> <target id> <out>
  e.g. unbundle.py codegen.unihipcc.hipfb hip-nvptx64-nvidia-cuda--sm_90 codegen.unihipcc.sm_90.cubin
"""
import struct
import sys


def main():
    bundle_path, target, out = sys.argv[1:4]
    data = open(bundle_path, "rb").read()
    if data[:24] != b"__CLANG_OFFLOAD_BUNDLE__":
        sys.exit(f"unbundle.py: {bundle_path} is not an uncompressed clang offload bundle")
    (count,) = struct.unpack_from("<Q", data, 24)
    at, ids = 32, []
    for _ in range(count):
        offset, size, id_len = struct.unpack_from("<QQQ", data, at)
        at += 24
        ident = data[at:at + id_len].decode()
        at += id_len
        ids.append(ident)
        if ident == target or ident.rstrip("-") == target.rstrip("-"):  # "...--compute_90-" too
            with open(out, "wb") as f:
                f.write(data[offset:offset + size])
            return 0
    sys.exit(f"unbundle.py: no {target} in {bundle_path} (has {', '.join(ids)})")


if __name__ == "__main__":
    sys.exit(main())
