import Foundation
import Testing
import MotionKernel
@testable import MotionKernelCLI

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed by Foundation's `XMLParser`: every element in document order with
/// its attributes and text. Parsing fails (throws) on any well-formedness error.
struct ParsedSVG {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }
    var elements: [Element] = []

    init(_ svg: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse(), collector.failure == nil else {
            throw ParseFailure(reason: collector.failure ?? parser.parserError.map { "\($0)" } ?? "unknown XML error")
        }
        elements = collector.elements
    }

    struct ParseFailure: Error { var reason: String }

    /// Elements named `name`.
    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// The element with `id`.
    func element(id: String) -> Element? { elements.first { $0.attributes["id"] == id } }

    /// The texts of all `text` elements.
    var texts: [String] { all("text").map(\.text) }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []
        var failure: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes, text: ""))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let i = open.last { elements[i].text += string }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            failure = "\(parseError)"
        }
    }
}

/// Path data `M x y L x y x y … M …` as subpaths of points.
func subpaths(_ d: String) -> [[(x: Double, y: Double)]] {
    var result: [[(x: Double, y: Double)]] = []
    var numbers: [Double] = []
    func flush() {
        guard !numbers.isEmpty else { return }
        result.append(stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) })
        numbers = []
    }
    var token = ""
    for c in d + " " {
        if c == "M" || c == "L" || c == " " {
            if let v = Double(token) { numbers.append(v) }
            token = ""
            if c == "M" { flush() }
        } else {
            token.append(c)
        }
    }
    flush()
    return result
}

@Suite("SVG writer")
struct SVGWriterTests {
    @Test("text and attributes are escaped; forbidden control characters are dropped")
    func escaping() throws {
        #expect(SVGWriter.escape(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(SVGWriter.escape("x\u{1}\u{8}y\tz\n") == "xy\tz\n")
        #expect(SVGWriter.escape("ζ ε ±") == "ζ ε ±")
        var w = SVGWriter(width: 300, height: 200)
        w.element("text", ["x": "1\"/><evil", "y": "2"], text: "</text><script>&amp; \u{0}")
        let svg = w.document(title: "<title> & \"quotes\"")
        let doc = try ParsedSVG(svg)
        let text = try #require(doc.all("text").first)
        #expect(text.text == "</text><script>&amp; ")
        #expect(text.attributes["x"] == "1\"/><evil")
        #expect(doc.all("title").first?.text == "<title> & \"quotes\"")
        #expect(doc.all("script").isEmpty)
    }

    @Test("the document has the root attributes, a title and a white background")
    func document() throws {
        let doc = try ParsedSVG(SVGWriter(width: 640, height: 360.5).document(title: "t"))
        let root = try #require(doc.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "640" && root.attributes["height"] == "360.5")
        #expect(root.attributes["viewBox"] == "0 0 640 360.5")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let background = try #require(doc.all("rect").first)
        #expect(background.attributes["fill"] == "#ffffff" && background.attributes["width"] == "640")
    }

    @Test("numbers: fixed decimals, trailing zeros trimmed, no -0, clamped, non-finite as 0")
    func numbers() {
        let cases: [(Double, Int, String)] = [
            (0, 2, "0"), (-0.0, 2, "0"), (-0.004, 2, "0"), (12.5, 2, "12.5"), (12.345, 2, "12.35"), (-3.25, 2, "-3.25"),
            (100, 2, "100"), (0.05, 2, "0.05"), (1.999, 2, "2"), (123.456789, 4, "123.4568"), (-0.0001, 4, "-0.0001"),
            (7.6, 0, "8"), (2e12, 2, "1000000000"), (-2e12, 2, "-1000000000"), (.nan, 2, "0"), (.infinity, 2, "0"),
            (0.000001, 9, "0.000001"), (1.1, 12, "1.1"),
        ]
        for (v, d, expected) in cases {
            #expect(SVGWriter.number(v, decimals: d) == expected, "\(v) with \(d) decimals")
        }
    }

    @Test("path data: M/L commands, non-finite points break the line, lone points stay moves")
    func pathData() {
        #expect(SVGWriter.pathData([(1, 2), (3, 4.5), (5, 6)]) == "M1 2L3 4.5 5 6")
        #expect(SVGWriter.pathData([(1, 2), (3, 4), (.nan, 0), (5, 6), (7, 8)]) == "M1 2L3 4 M5 6L7 8")
        #expect(SVGWriter.pathData([(1, 2), (.nan, .nan), (5, 6)]) == "M1 2 M5 6")
        #expect(SVGWriter.pathData([]) == "")
        let parsed = subpaths("M1 2L3 4 M5 6L7 8")
        #expect(parsed.count == 2 && parsed[1][1].x == 7 && parsed[1][1].y == 8)
    }

    @Test("simplify keeps the ends and every dropped point within tolerance of the kept polyline")
    func simplify() {
        let line = (0...100).map { (x: Double($0), y: 2 * Double($0) + 1) }
        let kept = SVGWriter.simplify(line, tolerance: 0.01)
        #expect(kept.count == 2 && kept[0].x == 0 && kept[1].x == 100)

        var rng = SplitMix64(seed: 11)
        for _ in 0..<20 {
            var y = 0.0
            let points = (0..<300).map { i -> (x: Double, y: Double) in
                y += Double.random(in: -1...1, using: &rng)
                return (Double(i) * 0.7, y)
            }
            let tolerance = Double.random(in: 0.05...2, using: &rng)
            let kept = SVGWriter.simplify(points, tolerance: tolerance)
            #expect(kept.first?.x == points.first?.x && kept.last?.x == points.last?.x)
            // x is increasing, so each original point lies between two kept neighbours: its
            // distance to that chord is the error.
            var j = 0
            for p in points {
                while j + 1 < kept.count - 1 && kept[j + 1].x <= p.x { j += 1 }
                let a = kept[j], b = kept[min(j + 1, kept.count - 1)]
                let dx = b.x - a.x, dy = b.y - a.y
                let distance = abs(dx * (p.y - a.y) - dy * (p.x - a.x)) / (dx * dx + dy * dy).squareRoot()
                #expect(distance <= tolerance + 1e-9)
            }
        }
    }
}
