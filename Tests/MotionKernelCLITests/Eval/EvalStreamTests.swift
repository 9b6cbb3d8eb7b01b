import Foundation
import Testing
import MotionKernel
@testable import MotionKernelCLI
@testable import MotionKernelEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Eval.run` over a real file descriptor: bounded line buffers, the line-length limit, read
/// and write failures.
@Suite("eval stream")
struct EvalStreamTests {
    /// Runs `Eval.run` on `input` (through a temporary file) and returns its status and answers.
    func stream(_ input: String, maxLineBytes: Int, chunkSize: Int, stopAfter: Int = .max) throws -> (status: Int32, answers: [String]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("evalstream-\(UUID().uuidString).jsonl")
        try Data(input.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fd = open(url.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var answers: [String] = []
        let status = Eval.run(input: fd, maxLineBytes: maxLineBytes, chunkSize: chunkSize) { bytes in
            answers.append(String(decoding: bytes, as: UTF8.self))
            return answers.count < stopAfter
        }
        return (status, answers)
    }

    static let good = #"{"id":7,"op":"timing.sample","timing":"linear","at":[0.25]}"#

    @Test(
        "a line over the limit gets one invalidValue answer naming it; the stream goes on",
        arguments: [1, 3, 7, 64, 4096])
    func overlong(chunkSize: Int) throws {
        let limit = Self.good.utf8.count  // the good line fits exactly
        let long = #"{"id":1,"op":"timing.sample","timing":"linear","at":[0.25,0.5]}"#  // limit + 5 bytes
        #expect(long.utf8.count > limit)
        let input =
            [Self.good, long, "", Self.good, String(repeating: "x", count: 10 * limit), Self.good].joined(separator: "\n")
            + "\n" + long  // the last line has no newline
        let r = try stream(input, maxLineBytes: limit, chunkSize: chunkSize)
        #expect(r.status == 0)
        let tooLong =
            #"{"id":null,"ok":false,"error":{"code":"invalidValue","message":"the request line is longer than the limit of \#(limit) bytes; it was skipped"}}"#
            + "\n"
        let fine = #"{"id":7,"ok":true,"result":[0.25]}"# + "\n"
        #expect(r.answers == [fine, tooLong, fine, tooLong, fine, tooLong])
    }

    @Test("the default limit is 64 MiB")
    func defaultLimit() {
        #expect(Eval.maxLineBytes == 67_108_864)
    }

    @Test("a false from the writer stops the stream with status 1")
    func writeFailure() throws {
        let r = try stream(Array(repeating: Self.good, count: 5).joined(separator: "\n"), maxLineBytes: 1000, chunkSize: 16, stopAfter: 2)
        #expect(r.status == 1 && r.answers.count == 2)
    }

    @Test("a descriptor that cannot be read (a directory) is status 1")
    func readFailure() throws {
        let fd = open(FileManager.default.temporaryDirectory.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var answers = 0
        let status = Eval.run(input: fd, maxLineBytes: 1000) { _ in
            answers += 1; return true
        }
        #expect(status == 1 && answers == 0)
    }
}

/// Limits checked from the request's array lengths before items are converted.
@Suite("eval size limits")
struct EvalLimitTests {
    func error(_ op: EvalHandler, _ object: JSONObject) -> MotionKernelError? {
        do {
            _ = try op(Fields(object), EvalContext())
            return nil
        } catch {
            return error
        }
    }

    @Test("spline.sample: more than 1,000,000 knots is invalidValue naming spline.x")
    func splineKnots() throws {
        // Strings: converting any item would fail with a different message, so the size
        // check is shown to come first.
        let many = JSONValue.array(Array(repeating: .string("not a number"), count: SplineOps.maxKnots + 1))
        let spline = JSONObject([("kind", .string("pchip")), ("x", many), ("y", many)])
        let sample: EvalHandler = { (f, c) throws(MotionKernelError) in try SplineOps.sample(f, c) }
        let e = try #require(error(sample, JSONObject([("spline", .object(spline)), ("at", .array([.number(0)]))])))
        #expect(e.code == .invalidValue && e.field == "spline.x")
        #expect(e.message.contains("at most 1000000 knots"))
    }

    @Test("timingModel.sample: more than 2,500,000 times (10,000,000 numbers) is invalidValue naming at")
    func timingModelOutput() throws {
        let at = JSONValue.array(Array(repeating: .string("not a number"), count: maxOutputNumbers / 4 + 1))
        let e = try #require(error(TimingOps.timingModelSample, JSONObject([("timing", .object(JSONObject([("duration", .number(1))]))), ("at", at)])))
        #expect(e.code == .invalidValue && e.field == "at")
    }

    @Test("spline.sample: at × channels over 10,000,000 numbers is invalidValue naming at, before at is read")
    func splineOutput() throws {
        let spline = JSONObject([
            ("kind", .string("pchip")), ("x", .array([.number(0), .number(1)])),
            ("y", .array([.array([.number(0), .number(1)]), .array([.number(1), .number(0)])])),
        ])
        let at = JSONValue.array(Array(repeating: .string("x"), count: maxOutputNumbers / 2 + 1))
        let sample: EvalHandler = { (f, c) throws(MotionKernelError) in try SplineOps.sample(f, c) }
        let e = try #require(error(sample, JSONObject([("spline", .object(spline)), ("at", at)])))
        #expect(e.code == .invalidValue && e.field == "at")
    }
}
