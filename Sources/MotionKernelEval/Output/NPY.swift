import MotionKernel

/// NumPy `.npy` files (format version 1.0): little-endian `<f4` / `<f8`, C order.
package enum NPY {
    /// The dtype of an array.
    package enum DType: String, Sendable {
        /// Little-endian binary32 (`<f4`).
        case float32 = "<f4"
        /// Little-endian binary64 (`<f8`).
        case float64 = "<f8"
        /// Bytes per element: 4 or 8.
        package var size: Int { self == .float32 ? 4 : 8 }
    }

    /// The full header (magic, version, length, dict padded to a multiple of 64 bytes).
    package static func header(dtype: DType, shape: [Int]) -> [UInt8] {
        let shapeText = shape.count == 1 ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
        var dict = "{'descr': '\(dtype.rawValue)', 'fortran_order': False, 'shape': \(shapeText), }"
        let unpadded = 10 + dict.utf8.count + 1
        dict += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
        var d: [UInt8] = [0x93, 0x4E, 0x55, 0x4D, 0x50, 0x59, 1, 0]
        let len = UInt16(dict.utf8.count)
        d.append(UInt8(len & 0xFF))
        d.append(UInt8(len >> 8))
        d.append(contentsOf: dict.utf8)
        return d
    }

    /// Encodes `values` (count = product of `shape`) as an `.npy` file image.
    package static func encode<T: BinaryFloatingPoint>(_ values: UnsafeBufferPointer<T>, shape: [Int]) -> [UInt8] {
        let dtype: DType = MemoryLayout<T>.size == 4 ? .float32 : .float64
        var d = header(dtype: dtype, shape: shape)
        // x86-64 and arm64 are little-endian, as the header declares.
        d.append(contentsOf: UnsafeRawBufferPointer(values))
        return d
    }

    /// A decoded array: shape and values widened to Double.
    package struct Array2: Sendable, Equatable {
        /// The element type stored in the file.
        package var dtype: DType
        /// The shape from the header (C order).
        package var shape: [Int]
        /// The elements in C order, widened to Double (exact for both dtypes).
        package var values: [Double]
    }

    /// Parses an `.npy` file image written by `encode` (or NumPy, for `<f4`/`<f8` C-order data).
    /// - Throws: `MotionKernelError.invalidValue` naming `npy` with the reason.
    package static func decode(_ data: some Collection<UInt8>) throws -> Array2 {
        let bytes = [UInt8](data)
        guard bytes.count >= 10, bytes[0] == 0x93, bytes[1...5].elementsEqual(Array("NUMPY".utf8)) else {
            throw MotionKernelError.invalidValue("npy", "not an .npy file (bad magic)")
        }
        let major = bytes[6]
        var offset: Int, headerLen: Int
        if major == 1 {
            headerLen = Int(bytes[8]) | Int(bytes[9]) << 8
            offset = 10
        } else if major == 2 || major == 3, bytes.count >= 12 {
            headerLen = Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
            offset = 12
        } else {
            throw MotionKernelError.invalidValue("npy", "unsupported version \(major)")
        }
        guard offset + headerLen <= bytes.count else { throw MotionKernelError.invalidValue("npy", "truncated header") }
        let header = String(decoding: bytes[offset..<offset + headerLen], as: UTF8.self)
        let dtype: DType
        if header.contains("'<f4'") {
            dtype = .float32
        } else if header.contains("'<f8'") {
            dtype = .float64
        } else {
            throw MotionKernelError.invalidValue("npy", "unsupported dtype in header \(header)")
        }
        guard header.contains("'fortran_order': False") else { throw MotionKernelError.invalidValue("npy", "Fortran order is not supported") }
        guard let open = header.firstRange(of: "'shape': ("), let close = header[open.upperBound...].firstIndex(of: ")") else {
            throw MotionKernelError.invalidValue("npy", "no shape in header")
        }
        let shape = try header[open.upperBound..<close].split(separator: ",").map { part -> Int in
            guard let n = Int(part.trimmingBlanks()), n >= 0 else {
                throw MotionKernelError.invalidValue("npy", "bad shape \(header[open.upperBound..<close])")
            }
            return n
        }
        let count = try MotionKernelError.checkedCount(shape, limit: Int.max / 8, "npy")
        let start = offset + headerLen
        guard bytes.count - start == count * dtype.size else {
            throw MotionKernelError.invalidValue("npy", "data holds \(bytes.count - start) bytes; shape needs \(count * dtype.size)")
        }
        var values = [Double](repeating: 0, count: count)
        bytes.withUnsafeBytes { raw in
            for i in 0..<count {
                if dtype == .float32 {
                    values[i] = Double(Float(bitPattern: raw.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self).littleEndian))
                } else {
                    values[i] = Double(bitPattern: raw.loadUnaligned(fromByteOffset: start + 8 * i, as: UInt64.self).littleEndian)
                }
            }
        }
        return Array2(dtype: dtype, shape: shape, values: values)
    }
}
