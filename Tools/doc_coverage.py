#!/usr/bin/env python3
"""Doc-comment coverage of the public API, from symbol graphs (swift-symbolgraph-extract).

Usage: Tools/doc_coverage.py [--check] DIR...

Reads every *.symbols.json under each DIR (one module's graphs per DIR, extensions of other
modules' types included) and lists each public symbol declared in this package that has no
`///` comment of its own. A comment inherited from a protocol requirement of another module
(e.g. the standard library's `description`) does not count: the symbol's own declaration has
none. Symbols the compiler synthesizes (Equatable's `==`, a raw-value enum's `init(rawValue:)`)
are absent from the graphs when they are extracted with -skip-synthesized-members, and implicit
declarations (a raw-value enum's `init(rawValue:)`) have no source location and are skipped.

Prints one line per offender (`Module: path.to.symbol (kind) file:line`) and a total per module.
When the module has a DocC catalog (Sources/MODULE/MODULE.docc/MODULE.md, paths relative to the
working directory), every top-level public type must also be listed in a topic group of that
landing page (`- ``Type```); the others are printed as `Module: Type not in any topic group`.
With --check the exit status is 1 when there is any offender.
"""
import glob
import json
import os
import re
import sys

TYPE_KINDS = ("swift.struct", "swift.enum", "swift.protocol", "swift.class", "swift.typealias", "swift.actor")


def offenders(directory):
    """(module, [(path, kind, location)], public symbol count) for one module's graphs."""
    found, total, module, types = {}, 0, None, set()
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        graph = json.load(open(path, encoding="utf-8"))
        module = module or graph["module"]["name"]
        for sym in graph["symbols"]:
            if sym.get("accessLevel") not in ("public", "open"):
                continue
            ident = sym["identifier"]["precise"]
            if ident in found or "::SYNTHESIZED::" in ident:
                continue
            loc = sym.get("location")
            if not loc:
                continue  # implicit (a raw-value enum's init(rawValue:)): no declaration to comment
            total += 1
            if len(sym["pathComponents"]) == 1 and sym["kind"]["identifier"] in TYPE_KINDS:
                types.add(sym["pathComponents"][0])
            doc = sym.get("docComment") or {}
            text = "".join(line.get("text", "") for line in doc.get("lines", [])).strip()
            own = doc.get("module", module) == module
            if text and own:
                found[ident] = None
                continue
            where = loc.get("uri", "").replace("file://", "")
            where = os.path.relpath(where) if where else "?"
            line = loc.get("position", {}).get("line", -1) + 1
            found[ident] = (".".join(sym["pathComponents"]), sym["kind"]["identifier"], f"{where}:{line}")
    return module, sorted(v for v in found.values() if v), total, types


def uncurated(module, types):
    """Top-level types missing from the topic groups of the module's DocC landing page."""
    page = os.path.join("Sources", module, f"{module}.docc", f"{module}.md")
    if not os.path.exists(page):
        return []
    listed = set(re.findall(r"^- ``([A-Za-z0-9_]+)``", open(page, encoding="utf-8").read(), re.M))
    return sorted(types - listed)


def main(argv):
    check = "--check" in argv
    dirs = [a for a in argv if a != "--check"]
    if not dirs:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    missing = 0
    for d in dirs:
        module, bad, total, types = offenders(d)
        for name, kind, where in bad:
            print(f"{module}: {name} ({kind}) {where}")
        print(f"{module}: {len(bad)} of {total} public symbols without a doc comment")
        loose = uncurated(module, types)
        for name in loose:
            print(f"{module}: {name} not in any topic group of Sources/{module}/{module}.docc/{module}.md")
        missing += len(bad) + len(loose)
    return 1 if check and missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
