#!/usr/bin/env python3
"""Per-kernel SASS figures of sm_90 cubins, without nvdisasm/cuobjdump (not always installed).

  sass_stats.py A.cubin [B.cubin ...]          one row per kernel: instructions/static stall
                                                cycles for each cubin (NOPs not counted)
  sass_stats.py --list A.cubin KERNEL          one line per instruction: index, predicate,
                                                opcode (sm_90 names for the common ones, else
                                                ?hex), stall cycles, branch target
  sass_stats.py --same A.cubin B.cubin         which kernels have byte-identical code

It reads each kernel's .text.<name> section (llvm-readelf) as 128-bit words. On sm_90 the
opcode is bits 0-11 of the low word (bits 9-11 give the operand form: 0x823 and 0x223 are both
FFMA), the guard predicate bits 12-15 and the stall count bits 41-44 of the high word. The
stall sum is a static figure (the scheduler's fixed waits), not a timing: compare it between
builds of the same kernel, with the instruction counts, never across kernels.
"""
import re
import shutil
import struct
import subprocess
import sys

NAMES = {
    0x002: 'MOV', 0x005: 'CS2R', 0x007: 'SEL', 0x008: 'FSEL', 0x00b: 'FSETP', 0x00c: 'ISETP',
    0x010: 'IADD3', 0x011: 'LEA', 0x012: 'LOP3', 0x019: 'SHF', 0x020: 'FMUL', 0x021: 'FADD',
    0x023: 'FFMA', 0x024: 'IMAD', 0x025: 'IMAD.WIDE', 0x027: 'IMAD.HI', 0x028: 'DMUL',
    0x029: 'DADD', 0x02a: 'DSETP', 0x02b: 'DFMA', 0x035: 'HFMA2', 0x045: 'I2FP', 0x082: 'UMOV',
    0x090: 'UIADD3', 0x0b9: 'ULDC', 0x104: 'I2F', 0x105: 'F2I', 0x107: 'FRND', 0x108: 'MUFU',
    0x110: 'F2F', 0x119: 'S2R', 0x141: 'BSYNC', 0x144: 'CALL', 0x145: 'BSSY', 0x147: 'BRA',
    0x14d: 'EXIT', 0x181: 'LDG', 0x182: 'LDC', 0x183: 'LDL', 0x184: 'LDS', 0x186: 'STG',
    0x187: 'STL', 0x188: 'STS', 0x18e: 'RED', 0x1c3: 'S2UR',
}
NOP = 0x918


def readelf():
    for tool in ('llvm-readelf', 'llvm-readelf-19', 'readelf'):
        if shutil.which(tool):
            return tool
    sys.exit('sass_stats.py: no llvm-readelf or readelf on PATH')


def kernels(path):
    """{kernel name: [(low, high) 64-bit words]} from the cubin's .text.<name> sections."""
    data = open(path, 'rb').read()
    out = subprocess.run([readelf(), '-S', '-W', path], capture_output=True, text=True,
                         check=True).stdout
    result = {}
    for line in out.splitlines():
        m = re.search(r'\]\s+\.text\.(\S+)\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)', line)
        if m:
            off, size = int(m.group(2), 16), int(m.group(3), 16)
            result[m.group(1)] = [struct.unpack_from('<QQ', data, off + i)
                                  for i in range(0, size, 16)]
    return result


def stall(word):
    return (word[1] >> 41) & 0xf


def summary(paths):
    images = [kernels(p) for p in paths]
    for name in sorted(images[0]):
        cells = []
        for image in images:
            words = [w for w in image.get(name, []) if (w[0] & 0xfff) != NOP]
            cells.append(f'{len(words):5d}/{sum(stall(w) for w in words):5d}')
        print(f'{name:24s} ' + '  '.join(cells))


def listing(path, name):
    for i, (lo, hi) in enumerate(kernels(path)[name]):
        op = lo & 0xfff
        if op == NOP:
            continue
        pred = (lo >> 12) & 0xf
        guard = '' if pred == 7 else ('@!' if pred & 8 else '@') + ('PT' if pred & 7 == 7 else f'P{pred & 7}')
        text = NAMES.get(op & 0x1ff, f'?{op:03x}')
        if op & 0x1ff == 0x147:  # BRA: signed offset in 4-byte units from the next instruction
            v = ((lo >> 16) & 0xff) | ((lo >> 34) << 8) | ((hi & 0x3ffff) << 38)
            if v & (1 << 55):
                v -= 1 << 56
            text += f' -> {i + 1 + v * 4 // 16}'
        print(f'{i:5d} {guard:5s} {text:18s} op={op:03x} stall={stall((lo, hi))}')


def same(a, b):
    ka, kb = kernels(a), kernels(b)
    for name in sorted(ka):
        print(f'{name:24s} {"same" if ka[name] == kb.get(name) else "differs"}')


if __name__ == '__main__':
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == '--list':
        listing(args[1], args[2])
    elif len(args) == 3 and args[0] == '--same':
        same(args[1], args[2])
    elif args and not args[0].startswith('-'):
        summary(args)
    else:
        sys.exit(__doc__)
