#!/usr/bin/env python3
"""Prints the imports of a WebAssembly module, one `module.name` per line (Tools/wasm)."""
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


def imports(b):
    assert b[:4] == b"\0asm", "not a WebAssembly module"
    i = 8
    while i < len(b):
        sid = b[i]
        size, i = leb(b, i + 1)
        end = i + size
        if sid == 2:
            n, i = leb(b, i)
            for _ in range(n):
                ml, i = leb(b, i)
                mod = b[i:i + ml].decode()
                i += ml
                nl, i = leb(b, i)
                name = b[i:i + nl].decode()
                i += nl
                kind = b[i]
                i += 1
                if kind == 0:  # function: type index
                    _, i = leb(b, i)
                elif kind == 1:  # table: reftype, limits
                    i += 1
                    flag = b[i]
                    _, i = leb(b, i + 1)
                    if flag & 1:
                        _, i = leb(b, i)
                elif kind == 2:  # memory: limits
                    flag = b[i]
                    _, i = leb(b, i + 1)
                    if flag & 1:
                        _, i = leb(b, i)
                else:  # global: valtype, mutability
                    i += 2
                yield f"{mod}.{name}"
        i = end


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as f:
        for s in imports(f.read()):
            print(s)
