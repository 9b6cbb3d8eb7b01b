/// Escaping of caller text for the two formats the CLI writes by hand: JSON string literals
/// (``JSONWriter``) and XML text and attributes (``SVGWriter``). Both copy the UTF-8 bytes and
/// replace or drop ASCII characters only, so one byte loop serves both.
package enum TextEscaping {
    /// Appends the UTF-8 of `s` to `out`, each ASCII byte through `replacement` (nil keeps the
    /// byte, an empty array drops it); bytes of multi-byte characters are copied as they are.
    @inline(__always)
    package static func append(_ s: String, to out: inout [UInt8], replacement: (UInt8) -> [UInt8]?) {
        var s = s
        s.withUTF8 { utf8 in
            for b in utf8 {
                if b < 0x80, let r = replacement(b) { out.append(contentsOf: r) } else { out.append(b) }
            }
        }
    }

    /// The escape of byte `b` inside a JSON string literal: `\"`, `\\`, `\n`, `\r`, `\t`,
    /// `\u00XX` for other controls; nil for any other byte.
    package static func json(_ b: UInt8) -> [UInt8]? {
        switch b {
        case UInt8(ascii: "\""): return Array(#"\""#.utf8)
        case UInt8(ascii: "\\"): return Array(#"\\"#.utf8)
        case 0x0A: return Array(#"\n"#.utf8)
        case 0x0D: return Array(#"\r"#.utf8)
        case 0x09: return Array(#"\t"#.utf8)
        case 0..<0x20: return Array(#"\u00"#.utf8) + [hexDigits[Int(b >> 4)], hexDigits[Int(b & 15)]]
        default: return nil
        }
    }

    /// The escape of byte `b` in XML 1.0 text or an attribute value: the five entities, and
    /// controls other than tab, newline and carriage return dropped (XML forbids them).
    package static func xml(_ b: UInt8) -> [UInt8]? {
        switch b {
        case UInt8(ascii: "&"): return Array("&amp;".utf8)
        case UInt8(ascii: "<"): return Array("&lt;".utf8)
        case UInt8(ascii: ">"): return Array("&gt;".utf8)
        case UInt8(ascii: "\""): return Array("&quot;".utf8)
        case UInt8(ascii: "'"): return Array("&apos;".utf8)
        case 0x09, 0x0A, 0x0D: return nil
        case 0..<0x20: return []
        default: return nil
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
