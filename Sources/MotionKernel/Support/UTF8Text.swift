/// Text compared by its UTF-8 code units: no Unicode normalisation and no grapheme breaking
/// (what `String`'s `==`, `<`, hashing and `Character` operations do), so the WebAssembly module
/// links none of Swift's Unicode tables. For ASCII text every result equals `String`'s.
///
/// Keys, op names and enum-like values of the eval protocol are matched with it: two names are
/// the same when their bytes are, after JSON escapes are decoded (U+212A KELVIN SIGN is not `K`,
/// `é` is not `e` + U+0301).
package enum UTF8Text {
    /// Whether `a` and `b` are the same bytes.
    @inline(never)
    package static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    /// Whether `a` is the bytes of `literal`. (A different name from ``equal(_:_:)``, so that a
    /// literal argument never picks the `String` overload.)
    @inline(never)
    package static func matches(_ a: String, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { b in a.utf8.count == b.count && a.utf8.elementsEqual(b) }
    }

    /// Byte order, a proper prefix first: for ASCII (and any two NFC strings) `String`'s `<`.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `names` in byte order, each once: `Set(names).sorted()` for ASCII names. An insertion
    /// sort (the lists hold a few dozen names at most) needs no `sort` specialisation.
    package static func sortedUnique(_ names: [String]) -> [String] {
        var out: [String] = []
        for n in names {
            var i = out.count
            while i > 0 && precedes(n, out[i - 1]) { i -= 1 }
            if i > 0 && equal(out[i - 1], n) { continue }
            out.insert(n, at: i)
        }
        return out
    }
}

extension Array where Element == String {
    /// Whether an element has exactly the bytes of `name` (`contains(_:)` uses `String`'s `==`).
    package func containsUTF8(_ name: String) -> Bool { contains { UTF8Text.equal($0, name) } }
}

/// A `String` that a `switch` matches against string literals by their bytes:
/// `switch UTF8Name(op) { case "spring.sample": … }`. Each case calls the `~=` below, never
/// `String`'s `==`; `UTF8Name` is not `ExpressibleByStringLiteral`, so no other `~=` applies.
package struct UTF8Name {
    /// The text matched.
    package let text: String
    /// `text`, to be matched by its bytes.
    package init(_ text: String) { self.text = text }
    /// Whether `value`'s text has exactly the bytes of `pattern`.
    package static func ~= (pattern: StaticString, value: UTF8Name) -> Bool { UTF8Text.matches(value.text, pattern) }
}

extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// The case whose raw value has the bytes of `name`: `init(rawValue:)` by bytes. Raw values
    /// are distinct, so the first match is the only one.
    package static func byRawValueUTF8(_ name: String) -> Self? {
        allCases.first { UTF8Text.equal($0.rawValue, name) }
    }
}

extension MotionKernelError {
    /// Whether the error names field `name` (by its bytes).
    package func isField(_ name: StaticString) -> Bool { UTF8Text.matches(field, name) }
}
