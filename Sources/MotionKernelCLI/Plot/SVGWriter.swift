import MotionKernelEval

/// Writes an SVG 1.1 document as text, by hand (no dependencies).
///
/// Elements are appended in painter's order; attribute values and text are XML-escaped, so any
/// caller string (a title, a label) keeps the document well formed. Numbers go through
/// ``number(_:decimals:)``: fixed decimals with trailing zeros trimmed, which keeps path data
/// compact and the output deterministic.
struct SVGWriter {
    /// Drawing size in user units: the `viewBox`.
    let width: Double
    let height: Double
    /// The elements written so far.
    private(set) var body = ""

    /// The displayed size (`width` and `height` attributes); the drawing's own size by default.
    let displayWidth: Double
    let displayHeight: Double

    init(width: Double, height: Double, displayWidth: Double? = nil, displayHeight: Double? = nil) {
        self.width = width
        self.height = height
        self.displayWidth = displayWidth ?? width
        self.displayHeight = displayHeight ?? height
    }

    /// An attribute list: names are trusted constants, values are escaped when written.
    typealias Attributes = KeyValuePairs<String, String>

    /// `<tag a="v" …/>`, or `<tag …>text</tag>` when `text` is given.
    mutating func element(_ tag: String, _ attributes: Attributes, text: String? = nil) {
        body += "<" + tag
        append(attributes)
        if let text {
            body += ">" + SVGWriter.escape(text) + "</" + tag + ">\n"
        } else {
            body += "/>\n"
        }
    }

    /// `<tag …>`; pair with ``close(_:)``.
    mutating func open(_ tag: String, _ attributes: Attributes = [:]) {
        body += "<" + tag
        append(attributes)
        body += ">\n"
    }

    /// `</tag>`.
    mutating func close(_ tag: String) {
        body += "</" + tag + ">\n"
    }

    private mutating func append(_ attributes: Attributes) {
        for (name, value) in attributes {
            body += " " + name + "=\"" + SVGWriter.escape(value) + "\""
        }
    }

    /// The whole document: XML declaration, the `svg` root with `width`, `height` (the display
    /// size) and `viewBox` (the drawing size), a `<title>`, a white background, then the body.
    func document(title: String) -> String {
        let w = SVGWriter.number(width), h = SVGWriter.number(height)
        let dw = SVGWriter.number(displayWidth), dh = SVGWriter.number(displayHeight)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(dw)\" height=\"\(dh)\" viewBox=\"0 0 \(w) \(h)\""
        s += " font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        s += "<title>" + SVGWriter.escape(title) + "</title>\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
        s += body
        s += "</svg>\n"
        return s
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`, and drops characters XML 1.0 forbids (controls other
    /// than tab, newline and carriage return), so the result is valid as text or attribute.
    static func escape(_ s: String) -> String {
        // U+FFFE and U+FFFF (multi-byte, so not seen by the byte loop) are not XML characters either.
        let s =
            s.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF }
            ? String(String.UnicodeScalarView(s.unicodeScalars.filter { $0.value != 0xFFFE && $0.value != 0xFFFF })) : s
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        TextEscaping.append(s, to: &out, replacement: TextEscaping.xml)
        return String(decoding: out, as: UTF8.self)
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// `v` with at most `decimals` (0…9) digits after the point, trailing zeros and a
    /// trailing point trimmed, no exponent, `-0` printed as `0`. Values are clamped to
    /// ±1e9 (far outside any drawing) and non-finite values print as `0`.
    static func number(_ v: Double, decimals: Int = 2) -> String {
        let d = min(max(decimals, 0), 9)
        guard v.isFinite else { return "0" }
        let scale = powersOfTen[d]
        let clamped = min(max(v, -1e9), 1e9)
        let n = Int64((clamped * scale).rounded())
        if n == 0 { return "0" }
        let magnitude = n.magnitude, unit = UInt64(scale)
        var s = n < 0 ? "-" : ""
        s += String(magnitude / unit)
        var fraction = magnitude % unit
        if fraction != 0 {
            var digits = d
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let text = String(fraction)
            s += "." + String(repeating: "0", count: digits - text.count) + text
        }
        return s
    }

    /// Path data for a polyline: `M x y L x y x y …` with `decimals` digits. A non-finite
    /// point breaks the line (the next finite point starts a new subpath).
    static func pathData(_ points: [(x: Double, y: Double)], decimals: Int = 2) -> String {
        var s = ""
        var run = 0  // points in the current subpath
        for p in points {
            guard p.x.isFinite, p.y.isFinite else {
                run = 0
                continue
            }
            switch run {
            case 0: s += s.isEmpty ? "M" : " M"
            case 1: s += "L"
            default: s += " "
            }
            s += number(p.x, decimals: decimals) + " " + number(p.y, decimals: decimals)
            run += 1
        }
        return s
    }

    /// Ramer–Douglas–Peucker: the subset of `points` (first and last kept) such that every
    /// dropped point lies within `tolerance` of the polyline through the kept ones.
    /// Iterative (no recursion depth limit).
    static func simplify(_ points: [(x: Double, y: Double)], tolerance: Double) -> [(x: Double, y: Double)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            let p = points[a], q = points[b]
            let dx = q.x - p.x, dy = q.y - p.y
            let length = (dx * dx + dy * dy).squareRoot()
            var worst = -1.0, index = a
            for i in (a + 1)..<b {
                let r = points[i]
                let distance =
                    length > 0
                    ? abs(dx * (r.y - p.y) - dy * (r.x - p.x)) / length
                    : ((r.x - p.x) * (r.x - p.x) + (r.y - p.y) * (r.y - p.y)).squareRoot()
                if distance > worst {
                    worst = distance
                    index = i
                }
            }
            if worst > tolerance {
                keep[index] = true
                stack.append((a, index))
                stack.append((index, b))
            }
        }
        return zip(points, keep).compactMap { $1 ? $0 : nil }
    }
}
