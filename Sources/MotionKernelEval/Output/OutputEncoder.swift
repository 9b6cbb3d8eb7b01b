import Dispatch
import MotionKernel

/// Streams one `rows × columns` output in `.npy`, CSV or JSON, chunk by chunk.
///
/// `.npy`: the header (shape known up front), then the little-endian data as it is computed.
/// CSV: one line per row, numbers comma-separated. JSON: `{"shape":[rows,columns],"data":[…]}`
/// with the numbers row-major. CSV and JSON numbers are the shortest round-trip text of the
/// output's own type (``ShortestDecimal``: a `Float` output gets `Float` digits). They are
/// formatted in blocks of ``blockNumbers`` numbers into reused 1 MiB buffers, one per format
/// thread (`threads`, the run's `--threads`), whose blocks are formatted at once and written in
/// order: no `String` per number, memory independent of the chunk, and the same bytes for any
/// thread count.
package struct OutputEncoder {
    /// `npy`, `csv` or `json`.
    package let format: String
    /// Rows of the whole output.
    package let rows: Int
    /// Numbers per row.
    package let columns: Int
    /// The numbers' type (`.npy` header, and the text's digits).
    package let dtype: NPY.DType
    private var first = true
    /// The text buffers (CSV and JSON), one per format thread; shared by copies of the encoder
    /// but only ever used by one writer at a time.
    private let buffers: [TextBuffer]
    /// Numbers per buffer and block: 2¹⁵ numbers of at most 25 bytes fit 1 MiB.
    static let blockNumbers = 1 << 15

    /// An encoder of `format` (`npy`, `csv` or `json`) for a `rows × columns` output of
    /// `dtype`, formatting text on up to `threads` threads (1…64).
    package init(format: String, rows: Int, columns: Int, dtype: NPY.DType, threads: Int = 1) {
        self.format = format
        self.rows = rows
        self.columns = columns
        self.dtype = dtype
        buffers = format == "npy" ? [] : (0..<min(64, max(1, threads))).map { _ in TextBuffer(capacity: 1 << 20) }
    }

    /// The most bytes the encoded output can take (exact for `.npy`).
    package static func maxBytes(format: String, rows: Int, columns: Int, dtype: NPY.DType) -> Int? {
        let perNumber: Int
        switch format {
        case "npy": perNumber = dtype.size
        // The longest number plus its separator: 25 for a Double (-2.2250738585072014e-308),
        // 17 for a Float (-999999900000000).
        default: perNumber = (dtype == .float32 ? ShortestDecimal.maxFloatLength : ShortestDecimal.maxDoubleLength) + 1
        }
        let (n, o1) = rows.multipliedReportingOverflow(by: columns)
        let (b, o2) = n.multipliedReportingOverflow(by: perNumber)
        guard !o1, !o2, b <= Int.max - 4096 else { return nil }
        return b + 4096
    }

    /// Writes what precedes the numbers (the `.npy` header, the JSON object's opening).
    /// - Throws: `BatchFailure` for a write error.
    package func start(_ file: OutputFile) throws {
        switch format {
        case "npy": try file.write([UInt8](NPY.header(dtype: dtype, shape: [rows, columns])))
        case "json": try file.write("{\"shape\":[\(rows),\(columns)],\"data\":[")
        default: break
        }
    }

    /// Appends `count` numbers (whole rows) from `values`.
    /// - Throws: `BatchFailure` for a write error or a non-finite number (which the batch
    ///   writer rejects before encoding; never written as text).
    package mutating func append<T: MotionScalar>(_ values: UnsafeBufferPointer<T>, to file: OutputFile) throws {
        if buffers.isEmpty {
            // x86-64 and arm64 are little-endian, as the header declares.
            try file.write(UnsafeRawBufferPointer(values))
            return
        }
        let raw = UnsafeRawBufferPointer(values)
        if T.self == Float.self {
            try encode(raw.assumingMemoryBound(to: Float.self), file)
        } else {
            try encode(raw.assumingMemoryBound(to: Double.self), file)
        }
    }

    /// Formats `values` block by block (each block split over the buffers, formatted at once)
    /// and writes each block's buffers in order.
    private mutating func encode<T: TextNumber>(_ values: UnsafeBufferPointer<T>, _ file: OutputFile) throws {
        guard let base = values.baseAddress, !values.isEmpty else { return }
        let csv = format == "csv"
        let columns = columns
        // JSON: a comma before every number but the output's first.
        let noComma = first ? 0 : -1
        first = false
        // Addresses as integers, so that the parts may cross into the format threads; each part
        // reads its own numbers and writes its own buffer and length.
        let valuesAddress = UInt(bitPattern: base)
        let isFloat = T.self == Float.self
        let bufferAddresses = buffers.map { UInt(bitPattern: $0.bytes) }
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: buffers.count)
        defer { lengths.deallocate() }
        let lengthsAddress = UInt(bitPattern: lengths)
        var start = 0
        while start < values.count {
            let end = min(values.count, start + buffers.count * Self.blockNumbers)
            let parts = (end - start + Self.blockNumbers - 1) / Self.blockNumbers
            let blockStart = start
            if parts == 1 {
                lengths[0] = Self.formatPart(
                    T.self, valuesAddress, blockStart..<end, into: bufferAddresses[0], csv: csv, columns: columns, noComma: noComma)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts) { k in
                    let lo = blockStart + (end - blockStart) * k / parts
                    let hi = blockStart + (end - blockStart) * (k + 1) / parts
                    // Concrete types here: a generic one's metatype may not cross into the threads.
                    let n =
                        isFloat
                        ? Self.formatPart(Float.self, valuesAddress, lo..<hi, into: bufferAddresses[k], csv: csv, columns: columns, noComma: noComma)
                        : Self.formatPart(Double.self, valuesAddress, lo..<hi, into: bufferAddresses[k], csv: csv, columns: columns, noComma: noComma)
                    UnsafeMutablePointer<Int>(bitPattern: lengthsAddress)?[k] = n
                }
            }
            for k in 0..<parts {
                guard lengths[k] >= 0 else { throw BatchFailure("cannot write a non-finite number as text") }
                try file.write(UnsafeRawBufferPointer(start: buffers[k].bytes, count: lengths[k]))
            }
            start = end
        }
    }

    /// Formats numbers `range` of the array at `valuesAddress` into the buffer at
    /// `bufferAddress` (room for ``blockNumbers`` numbers and separators): CSV with a comma or,
    /// after the last column, a newline after each number; JSON with a comma before each but
    /// number `noComma`. Returns the byte count, or −1 at a non-finite number.
    private static func formatPart<T: TextNumber>(
        _: T.Type, _ valuesAddress: UInt, _ range: Range<Int>, into bufferAddress: UInt, csv: Bool, columns: Int, noComma: Int
    ) -> Int {
        guard let values = UnsafePointer<T>(bitPattern: valuesAddress), let out = UnsafeMutablePointer<UInt8>(bitPattern: bufferAddress) else {
            return 0
        }
        var at = 0
        if csv {
            var column = range.lowerBound % columns
            for i in range {
                let n = T.writeText(values[i], to: out + at)
                if n == 0 { return -1 }
                at += n
                column += 1
                if column == columns {
                    out[at] = UInt8(ascii: "\n")
                    column = 0
                } else {
                    out[at] = UInt8(ascii: ",")
                }
                at += 1
            }
        } else {
            for i in range {
                if i != noComma {
                    out[at] = UInt8(ascii: ",")
                    at += 1
                }
                let n = T.writeText(values[i], to: out + at)
                if n == 0 { return -1 }
                at += n
            }
        }
        return at
    }

    /// Writes what follows the numbers (the JSON object's closing).
    /// - Throws: `BatchFailure` for a write error.
    package func finish(_ file: OutputFile) throws {
        if format == "json" { try file.write("]}\n") }
    }
}

/// A number type the text encoder formats (``ShortestDecimal``).
protocol TextNumber {
    /// Writes the shortest round-trip text of `x` at `p`; 0 when `x` is not finite.
    static func writeText(_ x: Self, to p: UnsafeMutablePointer<UInt8>) -> Int
}

extension Float: TextNumber {
    @inline(__always) static func writeText(_ x: Float, to p: UnsafeMutablePointer<UInt8>) -> Int { ShortestDecimal.write(x, to: p) }
}

extension Double: TextNumber {
    @inline(__always) static func writeText(_ x: Double, to p: UnsafeMutablePointer<UInt8>) -> Int { ShortestDecimal.write(x, to: p) }
}

/// One reused byte buffer for an encoder's text.
final class TextBuffer {
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
    }

    deinit { bytes.deallocate() }
}
