import MotionKernel

/// A JSON value as the eval protocol sees it: booleans, numbers and null are distinct
/// (unlike Foundation's `JSONSerialization` on Linux), numbers are `Double` (a literal that
/// overflows, such as `1e400`, parses to ±∞ and is rejected by the field accessors as
/// non-finite), and objects keep their keys' order.
package enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (binary64; an overflowing literal is ±∞).
    case number(Double)
    // A value's stride is 16 bytes either way. With 64-bit pointers, strings and objects are
    // boxed (`indirect`) so that a value is 9 bytes (stride 16), not 17 (stride 24): a long
    // array of numbers takes a third less memory. With 32-bit pointers (WebAssembly) a String
    // is 12 bytes and fits unboxed, and boxing would cost an allocation per string or object
    // (`["","",…]` would take four times the memory).
    #if _pointerBitWidth(_64)
    /// A string, escapes decoded.
    indirect case string(String)
    #else
    /// A string, escapes decoded.
    case string(String)
    #endif
    /// An array, elements in order.
    case array([JSONValue])
    #if _pointerBitWidth(_64)
    /// An object, members in source order.
    indirect case object(JSONObject)
    #else
    /// An object, members in source order.
    case object(JSONObject)
    #endif

    /// A short name of the value's type for error messages.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object with its members in source order. A repeated key keeps its last value (in
/// the place where the key first appeared). Keys are the same when their UTF-8 bytes are, after
/// JSON escapes are decoded, not up to Unicode canonical equivalence: `"\u212A"` (KELVIN SIGN)
/// and `"K"` are two members, and so are `"é"` and `"e\u0301"`.
///
/// Small objects (the common case: a sample with four fields) are one array of pairs searched
/// linearly; from ``indexThreshold`` members on, a hash table of positions by key is kept too,
/// so a hostile object with a million keys still parses in expected linear time: the table's
/// hash is seeded with a secret that differs between processes (natively) and between
/// instances (in WebAssembly, from `crypto.getRandomValues`), so no key list chosen in advance
/// collides.
package struct JSONObject: Sendable, Equatable {
    /// The members in source order.
    package private(set) var pairs: [(key: String, value: JSONValue)] = []
    /// Positions in `pairs` by key, once the object has `indexThreshold` members.
    private var index: KeyIndex?
    /// The member count from which lookups use a hash table.
    static let indexThreshold = 16

    /// The empty object `{}`.
    package init() {}

    /// An object of `pairs` in order; a repeated key keeps its last value in its first place.
    package init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    /// The keys in source order.
    package var keys: [String] { pairs.map { $0.key } }

    /// The members by key.
    package var members: [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for (key, value) in pairs { members[key] = value }
        return members
    }

    /// The number of members.
    package var count: Int { pairs.count }

    private func position(_ key: String) -> Int? {
        if let index { return index.find(key, in: pairs) }
        return pairs.firstIndex { UTF8Text.equal($0.key, key) }
    }

    /// The value of member `key` (nil when absent); setting nil removes the member, setting a
    /// value replaces it in place or appends it.
    package subscript(key: String) -> JSONValue? {
        get { position(key).map { pairs[$0].value } }
        set {
            if let newValue {
                if let j = position(key) {
                    pairs[j].value = newValue
                } else {
                    pairs.append((key, newValue))
                    if index != nil {
                        index!.insert(pairs.count - 1, in: pairs)
                    } else if pairs.count >= JSONObject.indexThreshold {
                        index = KeyIndex(pairs)
                    }
                }
            } else if let j = position(key) {
                pairs.remove(at: j)
                if index != nil { index = KeyIndex(pairs) }
            }
        }
    }

    /// Equal when the members, keys (by their UTF-8 bytes, as lookups compare them) and values,
    /// are equal in the same order.
    package static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { UTF8Text.equal($0.key, $1.key) && $0.value == $1.value }
    }
}

/// Member positions by key, from ``JSONObject/indexThreshold`` members on: open addressing with
/// linear probing over a power-of-two table of position + 1 (0 = empty), at most half full; keys
/// hashed over their UTF-8 bytes by the `Hasher` and its secret seed (no `String` hashing, no
/// `Dictionary`).
/// One stored array, so `KeyIndex?` takes one word, as `[String: Int]?` did.
private struct KeyIndex: Sendable {
    private var slots: [Int]

    /// The positions of all of `pairs` (their keys distinct).
    init(_ pairs: [(key: String, value: JSONValue)]) {
        var size = 32
        while size < 2 * pairs.count { size *= 2 }
        slots = [Int](repeating: 0, count: size)
        for j in pairs.indices { place(j, Self.hash(pairs[j].key)) }
    }

    static func hash(_ key: String) -> Int {
        var h = Hasher()
        var k = key
        k.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
        return h.finalize()
    }

    /// The position of the member with the bytes of `key`, or nil.
    func find(_ key: String, in pairs: [(key: String, value: JSONValue)]) -> Int? {
        let mask = slots.count - 1
        var s = Self.hash(key) & mask
        while slots[s] != 0 {
            if UTF8Text.equal(pairs[slots[s] - 1].key, key) { return slots[s] - 1 }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Adds the new last member `j` (already appended to `pairs`), growing the table when it
    /// would be more than half full.
    mutating func insert(_ j: Int, in pairs: [(key: String, value: JSONValue)]) {
        if 2 * (j + 1) > slots.count {
            self = KeyIndex(pairs)
            return
        }
        place(j, Self.hash(pairs[j].key))
    }

    private mutating func place(_ j: Int, _ hash: Int) {
        let mask = slots.count - 1
        var s = hash & mask
        while slots[s] != 0 { s = (s + 1) & mask }
        slots[s] = j + 1
    }
}

/// Why a line is not JSON.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset in the input.
    package var offset: Int
    /// What is wrong there.
    package var reason: String
    /// `"invalid JSON at byte OFFSET: REASON"`.
    package var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes with a nesting limit, so that hostile input
/// (`[[[[…`) is rejected without deep recursion.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maxDepth = 128

    private let bytes: [UInt8]
    private var i = 0
    /// The byte range of the top-level object's last `id` member value (echoed verbatim).
    package private(set) var idRange: Range<Int>?

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON text; trailing non-whitespace is an error.
    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parseWithIDRange(Array(text.utf8)).value
    }

    /// Parses one JSON text and reports where the top-level member `id`'s value lies (the last
    /// one when it is repeated; nil when there is none).
    package static func parseWithIDRange(_ bytes: [UInt8]) throws(JSONParseError) -> (value: JSONValue, idRange: Range<Int>?) {
        var p = JSONParser(bytes)
        p.skipWhitespace()
        let v = try p.parseValue(depth: 0)
        p.skipWhitespace()
        guard p.i == bytes.count else { throw p.error("unexpected text after the value") }
        return (v, p.idRange)
    }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(offset: i, reason: reason) }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count else { throw error("invalid literal") }
        for j in 0..<w.count where bytes[i + j] != w[j] { throw error("invalid literal") }
        i += w.count
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        i += 1
        var obj = JSONObject()
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(obj) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipWhitespace()
            let start = i
            let v = try parseValue(depth: depth)
            if depth == 1, UTF8Text.matches(key, "id") { idRange = start..<i }
            obj[key] = v
            skipWhitespace()
            guard i < bytes.count else { throw error("unterminated object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(obj) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth)") }
        i += 1
        var arr: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
        while true {
            skipWhitespace()
            arr.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < bytes.count else { throw error("unterminated array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number: digit expected after '.'") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("invalid number: digit expected in exponent") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if let d = JSONParser.fastNumber(bytes, start..<i) { return d }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        // Swift's Double(String) rounds correctly; overflow gives ±inf, caught by accessors.
        guard let d = Double(text) else { throw JSONParseError(offset: start, reason: "invalid number") }
        return d
    }

    /// Exact powers of ten 10⁰…10²² (each exactly representable in Double).
    private static let powersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }
        return p
    }

    /// Clinger's fast path for a validated JSON number: when the decimal significand w has at
    /// most 19 digits and w ≤ 2⁵³ and the decimal exponent q satisfies |q| ≤ 22, both w and 10^|q|
    /// are exact Doubles and w·10^q (or w / 10^−q) is ONE correctly rounded IEEE operation,
    /// hence the correctly rounded value of the literal. Otherwise nil (the caller falls back
    /// to the full conversion).
    static func fastNumber(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        var j = range.lowerBound
        let end = range.upperBound
        var negative = false
        if bytes[j] == UInt8(ascii: "-") { negative = true; j += 1 }
        var w: UInt64 = 0
        var digits = 0
        var exponent = 0
        while j < end, bytes[j] >= 0x30, bytes[j] <= 0x39 {
            if digits > 0 || bytes[j] != 0x30 { digits += 1 }
            if digits > 19 { return nil }
            w = w &* 10 &+ UInt64(bytes[j] - 0x30)
            j += 1
        }
        if j < end, bytes[j] == UInt8(ascii: ".") {
            j += 1
            while j < end, bytes[j] >= 0x30, bytes[j] <= 0x39 {
                if digits > 0 || bytes[j] != 0x30 { digits += 1 }
                if digits > 19 { return nil }
                w = w &* 10 &+ UInt64(bytes[j] - 0x30)
                exponent -= 1
                j += 1
            }
        }
        if j < end {  // 'e' or 'E'
            j += 1
            var expNegative = false
            if bytes[j] == UInt8(ascii: "+") { j += 1 } else if bytes[j] == UInt8(ascii: "-") { expNegative = true; j += 1 }
            var e = 0
            while j < end {
                e = e * 10 + Int(bytes[j] - 0x30)
                if e > 1000 { return nil }
                j += 1
            }
            exponent += expNegative ? -e : e
        }
        guard w <= 1 << 53, (-22...22).contains(exponent) else { return w == 0 ? (negative ? -0.0 : 0.0) : nil }
        var d = Double(w)
        d = exponent < 0 ? d / powersOfTen[-exponent] : d * powersOfTen[exponent]
        return negative ? -d : d
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("control character in string") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 2 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("lone high surrogate in \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("lone low surrogate in \\u escape")
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                out.append(contentsOf: u.utf8)
            default:
                throw error("invalid escape")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Serialises JSON compactly on one line. Numbers print in Swift's shortest round-tripping
/// form (integral values without a fraction); a non-finite number is a programming error
/// that `JSONWriter.firstNonFinite` lets callers catch before writing.
package enum JSONWriter {
    /// Appends the compact JSON text of `value` to `out`.
    package static func write(_ value: JSONValue, into out: inout String) {
        var w = JSONByteWriter()
        w.write(value)
        out += w.string
    }

    /// The compact JSON text of `value`.
    package static func string(_ value: JSONValue) -> String {
        var w = JSONByteWriter()
        w.write(value)
        return w.string
    }

    /// Appends a number: integral values below 10¹⁵ in magnitude without a fraction (`-0` for
    /// negative zero), others in Swift's shortest round-tripping form; a non-finite one as
    /// `null` (callers reject those first).
    package static func writeNumber(_ d: Double, into out: inout String) {
        var w = JSONByteWriter()
        w.writeNumber(d)
        out += w.string
    }

    /// Appends `s` as a JSON string literal (quotes, backslashes and control characters escaped).
    package static func writeString(_ s: String, into out: inout String) {
        var w = JSONByteWriter()
        w.writeString(s)
        out += w.string
    }

    /// The path of the first non-finite number inside `value`, if any.
    package static func firstNonFinite(_ value: JSONValue, path: String = "result") -> String? {
        switch value {
        case .number(let d): return d.isFinite ? nil : path
        case .array(let a):
            for (j, v) in a.enumerated() {
                if let p = firstNonFinite(member: v, path: "\(path)[\(j)]") { return p }
            }
            return nil
        case .object(let o):
            for (k, v) in o.pairs {
                if let p = firstNonFinite(member: v, path: "\(path).\(k)") { return p }
            }
            return nil
        default: return nil
        }
    }

    /// ``firstNonFinite(_:path:)`` of an item or member, its path formatted only when it holds
    /// a non-finite number (numbers and scalars, the common items, are checked here).
    private static func firstNonFinite(member v: JSONValue, path: @autoclosure () -> String) -> String? {
        switch v {
        case .number(let d): return d.isFinite ? nil : path()
        case .null, .bool, .string: return nil
        case .array, .object: return firstNonFinite(v, path: path())
        }
    }
}

/// Writes compact JSON as UTF-8 bytes into one growing buffer (no intermediate `String` per
/// number or key), the text `JSONWriter` describes.
struct JSONByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let d): writeNumber(d)
        case .string(let s): writeString(s)
        case .array(let a):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for v in a {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(v)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let o):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (k, v) in o.pairs {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(k)
                bytes.append(UInt8(ascii: ":"))
                write(v)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends ASCII/UTF-8 text verbatim.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A finite number as its shortest round-trip text (``ShortestDecimal``: integers below
    /// 10¹⁵ without a point, `-0`, Swift's layout otherwise); `null` for a non-finite one.
    mutating func writeNumber(_ d: Double) {
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: ShortestDecimal.maxDoubleLength
        let n = withUnsafeMutableBytes(of: &text) { ShortestDecimal.write(d, to: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        guard n > 0 else { append("null"); return }
        withUnsafeBytes(of: &text) { bytes.append(contentsOf: $0[..<n]) }
    }

    mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        TextEscaping.append(s, to: &bytes, replacement: TextEscaping.json)
        bytes.append(UInt8(ascii: "\""))
    }
}
