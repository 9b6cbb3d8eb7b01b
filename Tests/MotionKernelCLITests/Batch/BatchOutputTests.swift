import Foundation
import Testing

@testable import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// The CSV and JSON writers: every number reads back (in the output's own type) to the exact
/// bits the `.npy` holds, Double outputs keep the bytes of the eval protocol's number form, and
/// a non-finite number is never written.
@Suite("batch text output", .serialized)
struct BatchOutputTests {
    /// Parses one number of a text output in the dtype's own type, widened to Double (exact).
    static func parse(_ token: Substring, _ dtype: NPY.DType) -> Double? {
        dtype == .float32 ? Float(String(token)).map(Double.init) : Double(String(token))
    }

    /// The numbers of a CSV file (rows of `columns` numbers), nil if the shape is wrong.
    static func readCSV(_ text: String, columns: Int, dtype: NPY.DType) -> [Double]? {
        guard text.hasSuffix("\n") else { return nil }
        var values: [Double] = []
        for line in text.dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns else { return nil }
            for f in fields {
                guard let v = parse(f, dtype) else { return nil }
                values.append(v)
            }
        }
        return values
    }

    /// The numbers of a JSON output `{"shape":[r,c],"data":[…]}`, each read in the dtype's type
    /// (a Float's shortest digits read as a Double and then rounded to Float could round twice).
    static func readJSON(_ text: String, rows: Int, columns: Int, dtype: NPY.DType) -> [Double]? {
        let head = "{\"shape\":[\(rows),\(columns)],\"data\":["
        guard text.hasPrefix(head), text.hasSuffix("]}\n") else { return nil }
        let body = text.dropFirst(head.count).dropLast(3)
        if body.isEmpty { return [] }
        var values: [Double] = []
        for f in body.split(separator: ",", omittingEmptySubsequences: false) {
            guard let v = parse(f, dtype) else { return nil }
            values.append(v)
        }
        return values
    }

    func run(_ args: [String], spec: String) throws -> (status: Int32, out: String) {
        let dir = tempDir()
        let specPath = dir + "/spec.json"
        try spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        return (BatchCommand.run([specPath, "--out", dir + "/out"] + args), dir + "/out")
    }

    @Test("CSV and JSON of every kind, Float and Double, read back to the .npy's exact bits")
    func everyKindReadsBack() throws {
        let spec = BatchRobustnessTests.everyKind
        let npy = try run([], spec: spec)
        let csv = try run(["--format", "csv", "--chunk-numbers", "500"], spec: spec)
        let json = try run(["--format", "json", "--chunk-numbers", "777", "--threads", "2"], spec: spec)
        #expect(npy.status == 0 && csv.status == 0 && json.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: npy.out).filter { $0.hasSuffix(".npy") }.sorted()
        #expect(names.count == 18)
        var floatFiles = 0
        for name in names {
            let ref = try readNPY("\(npy.out)/\(name)")
            let stem = String(name.dropLast(4))
            if ref.dtype == .float32 { floatFiles += 1 }
            let csvText = try String(contentsOfFile: "\(csv.out)/\(stem).csv", encoding: .utf8)
            let csvValues = Self.readCSV(csvText, columns: ref.shape[1], dtype: ref.dtype)
            #expect(csvValues?.count == ref.values.count, "\(stem).csv")
            #expect(csvValues?.map(\.bitPattern) == ref.values.map(\.bitPattern), "\(stem).csv")
            let jsonText = try String(contentsOfFile: "\(json.out)/\(stem).json", encoding: .utf8)
            let jsonValues = Self.readJSON(jsonText, rows: ref.shape[0], columns: ref.shape[1], dtype: ref.dtype)
            #expect(jsonValues?.map(\.bitPattern) == ref.values.map(\.bitPattern), "\(stem).json")
            // Valid JSON for a JSON parser too.
            #expect(throws: Never.self) { try JSONParser.parse(jsonText) }
        }
        #expect(floatFiles >= 8)
    }

    @Test("Double CSV keeps the eval protocol's number form byte for byte; Float gets Float digits")
    func numberForm() throws {
        let spec =
            #"{"jobs": [{"name": "d", "kind": "spring.batch", "count": 40, "spring": {"stiffness": {"uniform": [10, 400]}, "damping": 3}, "from": {"uniform": [-5, 5]}, "times": {"start": 0, "step": 0.05, "count": 9}}, {"name": "f", "kind": "spring.batch", "precision": "float", "count": 40, "spring": {"stiffness": {"uniform": [10, 400]}, "damping": 3}, "from": {"uniform": [-5, 5]}, "times": {"start": 0, "step": 0.05, "count": 9}}]}"#
        let npy = try run([], spec: spec)
        let csv = try run(["--format", "csv"], spec: spec)
        #expect(npy.status == 0 && csv.status == 0)
        // Double: integers below 10¹⁵ without a fraction, else Swift's description (the eval
        // protocol's number text, which these files had before the writer was rewritten).
        let d = try readNPY(npy.out + "/d.value.npy")
        var expected = ""
        for r in 0..<d.shape[0] {
            for c in 0..<d.shape[1] {
                if c > 0 { expected += "," }
                let x = d.values[r * d.shape[1] + c]
                expected += x == x.rounded(.towardZero) && abs(x) < 1e15 ? String(Int64(x)) : x.description
            }
            expected += "\n"
        }
        #expect(try String(contentsOfFile: csv.out + "/d.value.csv", encoding: .utf8) == expected)
        // Float: each number is the Float's own description digits (the first column is the
        // integral `from`, written as an integer when it is one).
        let f = try readNPY(npy.out + "/f.value.npy")
        let lines = try String(contentsOfFile: csv.out + "/f.value.csv", encoding: .utf8).split(separator: "\n")
        var i = 0
        var mismatches = 0
        for line in lines {
            for token in line.split(separator: ",") {
                let x = Float(f.values[i])
                let want = x == x.rounded(.towardZero) && abs(x) < 1e15 ? String(Int64(x)) : x.description
                if String(token) != want { mismatches += 1 }
                i += 1
            }
        }
        #expect(i == f.values.count)
        #expect(mismatches == 0)
    }

    /// Encodes `values` in two appends through a real file and returns the file's text.
    func encode<T: MotionScalar>(_ values: [T], format: String, columns: Int, dtype: NPY.DType, threads: Int = 1) throws -> String {
        let dir = tempDir()
        let path = dir + "/x.\(format)"
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        #expect(fd >= 0)
        let file = OutputFile(fd: fd, path: path, name: "x.\(format)")
        var encoder = OutputEncoder(format: format, rows: values.count / columns, columns: columns, dtype: dtype, threads: threads)
        try encoder.start(file)
        let split = (values.count / columns / 3) * columns
        try values.withUnsafeBufferPointer { all in
            try encoder.append(UnsafeBufferPointer(rebasing: all[..<split]), to: file)
            try encoder.append(UnsafeBufferPointer(rebasing: all[split...]), to: file)
        }
        try encoder.finish(file)
        file.close()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Extremes, signed zeros, subnormals, integers around the layout's thresholds, then
    /// enough seeded numbers that the text passes the 1 MiB buffer several times.
    static func samples<T: BinaryFloatingPoint>(_: T.Type, count: Int) -> [T] {
        var xs: [T] = [0, -0.0, 1, -1, 0.1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude]
        xs += [-.leastNonzeroMagnitude, T(1e15), T(1e15).nextUp, T(1e15).nextDown, T(1e-4), T(1e-4).nextDown, 16_777_216, 123_456_789, 1e30]
        var rng = SplitMix64(seed: 0xC5F)
        while xs.count < count {
            let u = rng.nextUnit(in: -1, 1)
            xs.append(T(u * pow(10, Double(Int(rng.next() % 40) - 20))))
        }
        return xs
    }

    @Test("the encoder's CSV and JSON read back exactly across buffer flushes", arguments: ["csv", "json"])
    func encoderReadsBack(_ format: String) throws {
        let columns = 7
        let floats = Self.samples(Float.self, count: 7 * 30_000)
        let doubles = Self.samples(Double.self, count: 7 * 30_000)
        let ft = try encode(floats, format: format, columns: columns, dtype: .float32)
        let dt = try encode(doubles, format: format, columns: columns, dtype: .float64)
        #expect(ft.utf8.count > 2 << 20 && dt.utf8.count > 3 << 20)
        let fv = format == "csv" ? Self.readCSV(ft, columns: columns, dtype: .float32) : Self.readJSON(ft, rows: 30_000, columns: columns, dtype: .float32)
        let dv = format == "csv" ? Self.readCSV(dt, columns: columns, dtype: .float64) : Self.readJSON(dt, rows: 30_000, columns: columns, dtype: .float64)
        #expect(fv?.map { Float($0).bitPattern } == floats.map(\.bitPattern))
        #expect(dv?.map(\.bitPattern) == doubles.map(\.bitPattern))
        // The size bound the run checks before any work holds.
        let bound = try #require(OutputEncoder.maxBytes(format: format, rows: 30_000, columns: columns, dtype: .float32))
        #expect(ft.utf8.count <= bound)
    }

    @Test("text formatted on 2, 3 and 5 threads is the one-thread text, byte for byte", arguments: ["csv", "json"])
    func threadsSameBytes(_ format: String) throws {
        // 7 × 20,000 numbers: several blocks of 2¹⁵, split unevenly over the threads.
        let floats = Self.samples(Float.self, count: 7 * 20_000)
        let doubles = Self.samples(Double.self, count: 7 * 20_000)
        let f1 = try encode(floats, format: format, columns: 7, dtype: .float32)
        let d1 = try encode(doubles, format: format, columns: 7, dtype: .float64)
        for threads in [2, 3, 5] {
            #expect(try encode(floats, format: format, columns: 7, dtype: .float32, threads: threads) == f1, "\(threads) threads")
            #expect(try encode(doubles, format: format, columns: 7, dtype: .float64, threads: threads) == d1, "\(threads) threads")
        }
        // And a non-finite number in a later part on several threads is still refused.
        var bad = floats
        bad[bad.count - 3] = .nan
        #expect(throws: BatchFailure.self) { _ = try encode(bad, format: format, columns: 7, dtype: .float32, threads: 3) }
    }

    @Test("a non-finite number reaching the encoder is an error, never text", arguments: ["csv", "json"])
    func nonFinite(_ format: String) throws {
        for bad in [Float.nan, .infinity, -.infinity] {
            #expect(throws: BatchFailure.self) { _ = try encode([1, 2, bad, 4], format: format, columns: 2, dtype: .float32) }
        }
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: BatchFailure.self) { _ = try encode([1, bad], format: format, columns: 1, dtype: .float64) }
        }
    }
}
