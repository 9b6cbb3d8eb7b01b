import MotionKernel

/// The most numbers one eval request or batch job may produce (the protocol's limit).
package let maxOutputNumbers = 10_000_000

/// Typed access to a request object's fields. Every accessor names the field by its full
/// JSON path in errors (`spring.stiffness`, `at[3]`), so handlers never format paths.
package struct Fields: Sendable {
    /// The request object (or nested object) read by the accessors.
    package let object: JSONObject
    /// The path of this object inside the request ("" at the top level).
    package let path: String

    /// Fields of `object`, which sits at `path` inside the request ("" for the request itself).
    package init(_ object: JSONObject, path: String = "") {
        self.object = object
        self.path = path
    }

    /// The full path of member `key`.
    package func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Whether `key` is present (a JSON `null` counts as absent).
    package func has(_ key: String) -> Bool {
        guard let v = object[key] else { return false }
        if case .null = v { return false }
        return true
    }

    /// The raw value of member `key`, or nil when it is absent or `null`.
    package func value(_ key: String) -> JSONValue? {
        guard let v = object[key] else { return nil }
        if case .null = v { return nil }
        return v
    }

    /// The raw value of member `key`.
    /// - Throws: `missingField` naming the member's path when it is absent or `null`.
    package func require(_ key: String) throws(MotionKernelError) -> JSONValue {
        guard let v = value(key) else { throw MotionKernelError.missingField(path(key)) }
        return v
    }

    /// A finite number, or nil when absent.
    package func number(_ key: String) throws(MotionKernelError) -> Double? {
        guard let v = value(key) else { return nil }
        return try Fields.number(v, path(key))
    }

    /// A finite number, or `d` when absent.
    /// - Throws: `invalidValue` naming the member's path when it is not a finite number.
    package func number(_ key: String, default d: Double) throws(MotionKernelError) -> Double { try number(key) ?? d }

    /// A finite number.
    /// - Throws: `missingField` when absent, `invalidValue` when not a finite number (both
    ///   naming the member's path).
    package func requireNumber(_ key: String) throws(MotionKernelError) -> Double {
        try Fields.number(try require(key), path(key))
    }

    /// A finite number or the string "Infinity" (as ±∞), or nil when absent.
    package func numberOrInfinity(_ key: String) throws(MotionKernelError) -> Double? {
        guard let v = value(key) else { return nil }
        if case .string(let s) = v {
            if UTF8Text.matches(s, "Infinity") { return .infinity }
            throw MotionKernelError.invalidValue(path(key), "expected a number or \"Infinity\", got \"\(s)\"")
        }
        return try Fields.number(v, path(key))
    }

    /// An integer (a number with no fraction), or nil when absent.
    package func integer(_ key: String) throws(MotionKernelError) -> Int? {
        guard let v = value(key) else { return nil }
        let d = try Fields.number(v, path(key))
        guard d == d.rounded(), let n = Int(exactly: d) else {
            throw MotionKernelError.invalidValue(path(key), "expected an integer, got \(d)")
        }
        return n
    }

    /// A string, or nil when absent.
    /// - Throws: `invalidValue` naming the member's path when it is not a string.
    package func string(_ key: String) throws(MotionKernelError) -> String? {
        try typed(key, expected: "a string") { if case .string(let s) = $0 { s } else { nil } }
    }

    /// A boolean, or nil when absent.
    /// - Throws: `invalidValue` naming the member's path when it is not `true` or `false`.
    package func bool(_ key: String) throws(MotionKernelError) -> Bool? {
        try typed(key, expected: "true or false") { if case .bool(let b) = $0 { b } else { nil } }
    }

    /// A nested object as `Fields` (its path extended), or nil when absent.
    package func object(_ key: String) throws(MotionKernelError) -> Fields? {
        try typed(key, expected: "an object") { if case .object(let o) = $0 { Fields(o, path: path(key)) } else { nil } }
    }

    /// Member `key` through `extract`, or nil when absent.
    /// - Throws: `invalidValue` naming the member's path ("expected \(expected), got …") when
    ///   `extract` gives nil.
    private func typed<R>(_ key: String, expected: String, _ extract: (JSONValue) -> R?) throws(MotionKernelError) -> R? {
        guard let v = value(key) else { return nil }
        guard let r = extract(v) else { throw MotionKernelError.invalidValue(path(key), "expected \(expected), got \(v.typeName)") }
        return r
    }

    /// A nested object as `Fields` (its path extended).
    /// - Throws: `missingField` when absent, `invalidValue` when not an object.
    package func requireObject(_ key: String) throws(MotionKernelError) -> Fields {
        guard let f = try object(key) else { throw MotionKernelError.missingField(path(key)) }
        return f
    }

    /// An array of raw values, or nil when absent.
    /// - Throws: `invalidValue` naming the member's path when it is not an array.
    package func array(_ key: String) throws(MotionKernelError) -> [JSONValue]? {
        try typed(key, expected: "an array") { if case .array(let a) = $0 { a } else { nil } }
    }

    /// An array of finite numbers, or nil when absent. Longer than `limit` is `invalidValue`.
    package func numbers(_ key: String, limit: Int = maxOutputNumbers) throws(MotionKernelError) -> [Double]? {
        guard let a = try array(key) else { return nil }
        guard a.count <= limit else {
            throw MotionKernelError.invalidValue(path(key), "has \(a.count) items, at most \(limit) allowed")
        }
        return try Fields.finiteNumbers(a, path(key))
    }

    /// The items of `a` as finite numbers; a bad item is `invalidValue` naming `path[j]` (the
    /// path is formatted only for that item).
    /// - Parameter arrayItem: the message for an item that is an array, when it deserves its
    ///   own reason.
    static func finiteNumbers(_ a: [JSONValue], _ path: String, arrayItem: String? = nil) throws(MotionKernelError) -> [Double] {
        try [Double](unsafeUninitializedCapacity: a.count) { buffer, initialized throws(MotionKernelError) in
            for (j, v) in a.enumerated() {
                guard case .number(let d) = v, d.isFinite else {
                    if case .array = v, let arrayItem { throw MotionKernelError.invalidValue("\(path)[\(j)]", arrayItem) }
                    _ = try Fields.number(v, "\(path)[\(j)]")
                    preconditionFailure("Fields.number accepted a value the fast check rejected")
                }
                buffer[j] = d
                initialized = j + 1
            }
        }
    }

    /// An array of at most `limit` finite numbers (as ``numbers(_:limit:)``), required.
    /// - Throws: `missingField` when absent; otherwise as ``numbers(_:limit:)``.
    package func requireNumbers(_ key: String, limit: Int = maxOutputNumbers) throws(MotionKernelError) -> [Double] {
        guard let a = try numbers(key, limit: limit) else { throw MotionKernelError.missingField(path(key)) }
        return a
    }

    /// The items of array `key`: either all numbers (dimension 1, `vectorItems` false) or all
    /// arrays of one length d ≥ 1 (`vectorItems` true), flattened row by row. An empty array is
    /// `([], 1, false)` when `allowEmpty`, else `invalidValue`.
    /// - Throws: `missingField`, or `invalidValue` naming the first bad item (`y[3][1]`).
    package func numberItems(_ key: String, allowEmpty: Bool) throws(MotionKernelError) -> (values: [Double], dimension: Int, vectorItems: Bool) {
        guard let items = try array(key) else { throw MotionKernelError.missingField(path(key)) }
        let path = path(key)
        guard let first = items.first else {
            if allowEmpty { return ([], 1, false) }
            throw MotionKernelError.invalidValue(path, "expected at least one value")
        }
        if case .array(let row0) = first {
            let d = row0.count
            guard d >= 1 else { throw MotionKernelError.invalidValue("\(path)[0]", "expected a non-empty array of numbers") }
            _ = try MotionKernelError.checkedCount([items.count, d], limit: maxOutputNumbers, path)
            var out = [Double]()
            out.reserveCapacity(items.count * d)
            for (i, item) in items.enumerated() {
                guard case .array(let row) = item else {
                    throw MotionKernelError.invalidValue("\(path)[\(i)]", "expected an array of \(d) numbers like \(key)[0], got \(item.typeName)")
                }
                guard row.count == d else {
                    throw MotionKernelError.invalidValue("\(path)[\(i)]", "expected \(d) numbers like \(key)[0], got \(row.count)")
                }
                for (j, v) in row.enumerated() {
                    guard case .number(let x) = v, x.isFinite else { _ = try Fields.number(v, "\(path)[\(i)][\(j)]"); continue }
                    out.append(x)
                }
            }
            return (out, d, true)
        }
        guard items.count <= maxOutputNumbers else {
            throw MotionKernelError.invalidValue(path, "has \(items.count) items, at most \(maxOutputNumbers) allowed")
        }
        return (try Fields.finiteNumbers(items, path, arrayItem: "expected a number like \(key)[0], got an array"), 1, false)
    }

    /// The one key of `keys` that is present (a discriminated shape such as TimingSpec's
    /// `cubicBezier` / `steps` / `spring`).
    /// - Throws: `invalidValue` naming this object's path when none or several are present.
    package func exactlyOne(of keys: [String]) throws(MotionKernelError) -> String {
        let present = keys.filter { has($0) }
        let list = keys.joined(separator: ", ")
        guard present.count == 1 else {
            throw MotionKernelError.invalidValue(
                path, present.isEmpty ? "expected one of the fields \(list)" : "expected exactly one of \(list); got \(present.joined(separator: ", "))")
        }
        return present[0]
    }

    /// Throws `invalidValue` for the first member (in source order) whose key is not in
    /// `allowed` (catches typos such as `stifness`), listing `allowed` sorted, each name once.
    /// Keys are matched by their UTF-8 bytes.
    package func rejectUnknown<S: Sequence>(_ allowed: S) throws(MotionKernelError) where S.Element == String {
        let allowed = Array(allowed)
        for k in object.keys where !allowed.containsUTF8(k) {
            throw MotionKernelError.invalidValue(
                path(k), "unknown field; expected one of \(UTF8Text.sortedUnique(allowed).joined(separator: ", "))")
        }
    }

    /// A finite number from a JSON value, or `invalidValue` naming `path`.
    package static func number(_ v: JSONValue, _ path: String) throws(MotionKernelError) -> Double {
        guard case .number(let d) = v else {
            throw MotionKernelError.invalidValue(path, "expected a number, got \(v.typeName)")
        }
        guard d.isFinite else {
            throw MotionKernelError.invalidValue(path, "expected a finite number (the literal overflows Double)")
        }
        return d
    }

    /// Throws `invalidValue` unless producing `dims` numbers stays within `maxOutputNumbers`.
    package static func checkOutput(_ dims: [Int], _ field: String) throws(MotionKernelError) {
        _ = try MotionKernelError.checkedCount(dims, limit: maxOutputNumbers, field)
    }
}

extension JSONValue {
    /// Numbers as a JSON array.
    package static func numbers<C: Collection>(_ values: C) -> JSONValue where C.Element: BinaryFloatingPoint {
        var a = [JSONValue]()
        a.reserveCapacity(values.count)
        for v in values { a.append(.number(Double(v))) }
        return .array(a)
    }
}
