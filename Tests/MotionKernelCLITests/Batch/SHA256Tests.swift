import Foundation
import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// SHA-256 against the FIPS 180-4 example messages (NIST's "SHA256.pdf" examples and the
/// million-'a' vector of FIPS 180-2 appendix B.3), and the spec hash's canonical form.
@Suite("SHA-256 and the spec hash")
struct SHA256Tests {
    @Test(
        "NIST test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vectors(_ message: String, _ digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test("one million 'a', fed in uneven pieces, equals the vector and the one-shot digest")
    func millionA() {
        let digest = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(message) == digest)
        var h = SHA256()
        var i = 0
        var piece = 1
        while i < message.count {
            let j = min(message.count, i + piece)
            h.update(message[i..<j])
            i = j
            piece = piece * 3 % 1000 + 1
        }
        #expect(h.finalize().map { String(format: "%02x", $0) }.joined() == digest)
    }

    /// Lengths around the padding boundaries (55, 56 and 64 bytes leave 9, 8 and 0 bytes of
    /// room in the last block), against coreutils' sha256sum when the machine has it.
    @Test("padding boundaries agree with sha256sum", arguments: [55, 56, 57, 63, 64, 65, 119, 120, 128])
    func boundaries(_ n: Int) throws {
        let message = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        // A collection without contiguous storage takes the copying path: the same digest.
        #expect(SHA256.hex((0..<n).lazy.map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }) == SHA256.hex(message))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") else { return }
        let path = NSTemporaryDirectory() + "mk-sha-\(UUID().uuidString)"
        try Data(message).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        p.arguments = [path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.hasPrefix(SHA256.hex(message) + " "), "\(n): \(text)")
    }

    @Test("the canonical form: compact, keys sorted by UTF-8 bytes, numbers as JSONWriter writes them")
    func canonical() throws {
        let spec = try JSONParser.parse(#" { "b" : [1.0, 2.5e0, -0.0, 1E300],"a":"x" } "#)
        #expect(JSONWriter.string(BatchSpec.canonical(spec)) == #"{"a":"x","b":[1,2.5,-0,1e+300]}"#)
        // hashlib.sha256(b'{"a":"x","b":[1,2.5,-0,1e+300]}') in Python.
        #expect(BatchSpec.hash(spec) == "1f0403e9487f80d9ae43d722aee4b082ba5925ddf0762bfd3618ff16fb5f8878")
    }

    @Test("whitespace, key order and number spelling do not change the hash; values and array order do")
    func invariance() throws {
        let a = #"{"jobs": [{"name": "t", "kind": "transform.build", "count": 11, "rotation": {"linspace": [0, 1]}, "translationX": 5}]}"#
        let b =
            "{\n  \"jobs\" : [ {\"translationX\":5.0, \"rotation\":{\"linspace\":[0e0,10E-1]},\n \"count\":1.1e1,\"kind\":\"transform.build\",\"name\":\"t\"} ]\n}\n"
        let ha = try BatchSpec.parseHashed(a).hash, hb = try BatchSpec.parseHashed(b).hash
        #expect(ha == hb)
        #expect(ha.count == 64)
        for changed in [
            a.replacingOccurrences(of: "\"translationX\": 5", with: "\"translationX\": 6"),
            a.replacingOccurrences(of: "[0, 1]", with: "[1, 0]"),
            a.replacingOccurrences(of: "\"count\": 11", with: "\"count\": 11, \"seed\": 1"),
        ] {
            #expect(try BatchSpec.parseHashed(changed).hash != ha, "\(changed)")
        }
    }
}
