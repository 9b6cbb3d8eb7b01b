#!/usr/bin/env python3
"""Reads a WebAssembly module's sections for Tools/wasm.

    Tools/wasm_module.py imports FILE   the imports, one `module.name` a line
    Tools/wasm_module.py names FILE     the function names of the `name` section, one a line

The `--check` link of Tools/wasm keeps the `name` section (no --strip-all), so its names say
which Swift runtime and standard library functions the module still reaches."""
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


def sections(b):
    """(section id, start, end) of every section, in order."""
    assert b[:4] == b"\0asm", "not a WebAssembly module"
    i = 8
    while i < len(b):
        sid = b[i]
        size, i = leb(b, i + 1)
        yield sid, i, i + size
        i += size


def imports(b):
    for sid, i, _ in sections(b):
        if sid != 2:
            continue
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


def names(b):
    for sid, i, end in sections(b):
        if sid != 0:
            continue
        nl, j = leb(b, i)
        if b[j:j + nl] != b"name":
            continue
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


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("imports", "names"):
        sys.exit("usage: Tools/wasm_module.py imports|names FILE")
    with open(sys.argv[2], "rb") as f:
        for s in (imports if sys.argv[1] == "imports" else names)(f.read()):
            print(s)
