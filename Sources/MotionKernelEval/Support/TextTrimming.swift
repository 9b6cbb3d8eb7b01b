extension StringProtocol {
    /// The text without its leading and trailing blanks, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (or, with `newlines`, `.whitespacesAndNewlines`)
    /// returned it, without Foundation: Unicode scalars, not characters, are trimmed.
    ///
    /// Blanks are tab (U+0009) and the space separators (category Zs: U+0020, U+00A0, U+1680,
    /// U+2000…U+200A, U+202F, U+205F, U+3000); with `newlines`, also U+000A…U+000D, U+0085,
    /// U+2028 and U+2029 (Foundation's sets, listed rather than read from the Unicode tables).
    /// - Parameter newlines: Whether line and paragraph separators are trimmed too.
    /// - Returns: The trimmed text; empty when every scalar is a blank.
    package func trimmingBlanks(newlines: Bool = false) -> String {
        func isBlank(_ s: Unicode.Scalar) -> Bool {
            switch s.value {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return newlines
            default: return false
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is a letter or a mark (general categories L* and M*): Foundation's
    /// `CharacterSet.letters`, without Foundation.
    package var isLetterOrMark: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
