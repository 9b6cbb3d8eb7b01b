#!/usr/bin/env python3
"""Prints the function names of a WebAssembly module's `name` section, one a line (Tools/wasm).

The `--check` link of Tools/wasm keeps that section (no --strip-all), so its names say which
Swift runtime and standard library functions the module still reaches."""
import sys


def leb(b, i):
    """An unsigned LEB128 at b[i]: (value, next index)."""
    v = shift = 0
    while True:
        x = b[i]
        i += 1
        v |= (x & 0x7F) << shift
        shift += 7
        if x < 0x80:
            return v, i


def names(b):
    assert b[:4] == b"\0asm", "not a WebAssembly module"
    i = 8
    while i < len(b):
        sid = b[i]
        size, i = leb(b, i + 1)
        end = i + size
        if sid == 0:
            nl, j = leb(b, i)
            if b[j:j + nl] == b"name":
                j += nl
                while j < end:
                    sub = b[j]
                    ssize, j = leb(b, j + 1)
                    send = j + ssize
                    if sub == 1:  # function names: vec(index, name)
                        n, j = leb(b, j)
                        for _ in range(n):
                            _, j = leb(b, j)
                            ln, j = leb(b, j)
                            yield b[j:j + ln].decode(errors="replace")
                            j += ln
                    j = send
        i = end


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as f:
        for s in names(f.read()):
            print(s)
