import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The header of an `.npy` file on disk, read without reading the data: dtype, shape and
/// where the data starts. Only what `batch` writes is accepted: format version 1.0 to 3.0,
/// `<f4` or `<f8`, C order.
struct NPYFileHeader: Equatable {
    var dtype: NPY.DType
    var shape: [Int]
    /// The byte offset of the first number.
    var dataOffset: Int

    /// The number of data bytes the shape needs (nil on overflow).
    var dataBytes: Int? {
        var n = dtype.size
        for d in shape {
            let (p, o) = n.multipliedReportingOverflow(by: d)
            if o { return nil }
            n = p
        }
        return n
    }

    /// Reads the header of the open file `fd` (named `name` in errors).
    /// - Throws: `BatchFailure` "`name`: …" for a file that is not an `.npy` of that kind.
    static func read(fd: Int32, name: String) throws -> NPYFileHeader {
        var prefix = [UInt8](repeating: 0, count: 12)
        let got = try preadFully(fd, &prefix, offset: 0, name: name)
        guard got >= 10, prefix[0] == 0x93, prefix[1...5].elementsEqual(Array("NUMPY".utf8)) else {
            throw BatchFailure("'\(name)' is not an .npy file (no NUMPY magic)")
        }
        let headerLength: Int, start: Int
        switch prefix[6] {
        case 1:
            headerLength = Int(prefix[8]) | Int(prefix[9]) << 8
            start = 10
        case 2, 3:
            guard got == 12 else { throw BatchFailure("'\(name)' is truncated inside its .npy header") }
            headerLength = Int(prefix[8]) | Int(prefix[9]) << 8 | Int(prefix[10]) << 16 | Int(prefix[11]) << 24
            start = 12
        default:
            throw BatchFailure("'\(name)' has .npy format version \(prefix[6]); expected 1, 2 or 3")
        }
        // A header that batch writes is far below this; a larger one is not one of ours.
        guard headerLength <= 1 << 16 else { throw BatchFailure("'\(name)' has an .npy header of \(headerLength) bytes; expected at most 65536") }
        var dict = [UInt8](repeating: 0, count: headerLength)
        guard try preadFully(fd, &dict, offset: start, name: name) == headerLength else {
            throw BatchFailure("'\(name)' is truncated inside its .npy header")
        }
        let text = String(decoding: dict, as: UTF8.self)
        let dtype: NPY.DType
        if text.contains("'descr': '<f4'") {
            dtype = .float32
        } else if text.contains("'descr': '<f8'") {
            dtype = .float64
        } else {
            throw BatchFailure("'\(name)' has a dtype other than '<f4' and '<f8'")
        }
        guard text.contains("'fortran_order': False") else { throw BatchFailure("'\(name)' is in Fortran order; expected C order") }
        guard let open = text.firstRange(of: "'shape': ("), let close = text[open.upperBound...].firstIndex(of: ")") else {
            throw BatchFailure("'\(name)' has no shape in its .npy header")
        }
        let parts = text[open.upperBound..<close].split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        let shape = try parts.map { part -> Int in
            guard let d = ShardEnvironment.decimal(part) else { throw BatchFailure("'\(name)' has a bad shape (\(text[open.upperBound..<close]))") }
            return d
        }
        return NPYFileHeader(dtype: dtype, shape: shape, dataOffset: start + headerLength)
    }

    /// Reads up to `buffer.count` bytes at `offset` (retrying short reads and EINTR); returns
    /// how many were read (fewer only at the end of the file).
    /// - Throws: `BatchFailure` with the OS's reason.
    static func preadFully(_ fd: Int32, _ buffer: inout [UInt8], offset: Int, name: String) throws -> Int {
        try buffer.withUnsafeMutableBytes { try preadFully(fd, $0, offset: offset, name: name) }
    }

    /// As above, into raw memory.
    static func preadFully(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, offset: Int, name: String) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = pread(fd, base + done, buffer.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw BatchFailure("cannot read '\(name)': \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            done += n
        }
        return done
    }
}
