import Foundation
import Testing
@testable import MotionKernelCLI
@testable import MotionKernelEval

/// `BatchOutputFolder.commit(summary:)`: the previous summary goes before any new file is renamed
/// into place and the new summary comes last, so a run killed in the middle of its renames never
/// leaves a summary beside files of another run.
@Suite("batch: commit order")
struct BatchCommitTests {
    func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }
    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// A folder holding the previous run's `summary` and `a.npy`, with the new run's temporary
    /// files for `a.npy`, `summary` (created between the outputs) and `b.npy`.
    func folder(summary: String) throws -> BatchOutputFolder {
        let dir = tempDir()
        try write("old summary", dir + "/" + summary)
        try write("old a", dir + "/a.npy")
        let f = try BatchOutputFolder(dir)
        for name in ["a.npy", summary, "b.npy"] {
            let file = try f.createTemporary(final: name)
            try file.write("new \(name)")
            file.close()
        }
        return f
    }

    @Test(
        "the old summary is gone before the first rename; outputs in creation order, the summary last",
        arguments: ["summary.json", "summary.shard-1-of-2.json"])
    func order(_ summary: String) throws {
        let f = try folder(summary: summary)
        var seen: [(name: String, summaryThere: Bool)] = []
        f.afterRename = { path in
            let name = (path as NSString).lastPathComponent
            seen.append((name, FileManager.default.fileExists(atPath: f.url(summary))))
        }
        try f.commit(summary: summary)
        #expect(seen.map(\.name) == ["a.npy", "b.npy", summary])
        // After each output's rename no summary is there; after the last rename the new one is.
        #expect(seen.map(\.summaryThere) == [false, false, true])
        #expect(read(f.url(summary)) == "new \(summary)")
        #expect(read(f.url("a.npy")) == "new a.npy" && read(f.url("b.npy")) == "new b.npy")
        let left = try FileManager.default.contentsOfDirectory(atPath: f.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty)
    }

    @Test("a run stopped after its first rename leaves no summary at all (not the previous run's)")
    func stoppedMidCommit() throws {
        let f = try folder(summary: "summary.json")
        struct Killed: Error {}
        f.afterRename = { _ in throw Killed() }
        #expect(throws: Killed.self) { try f.commit(summary: "summary.json") }
        #expect(!FileManager.default.fileExists(atPath: f.url("summary.json")))
        #expect(read(f.url("a.npy")) == "new a.npy")
        #expect(!FileManager.default.fileExists(atPath: f.url("b.npy")))
        // The temporary files of b.npy and summary.json are still the run's, for abort().
        #expect(f.abort() == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: f.path).sorted()
        #expect(names == ["a.npy"])
    }

    @Test("a commit whose rename fails (final name taken by a folder) leaves no summary")
    func renameFails() throws {
        let f = try folder(summary: "summary.json")
        try FileManager.default.createDirectory(atPath: f.url("b.npy") + "/inside", withIntermediateDirectories: true)
        #expect(throws: BatchFailure.self) { try f.commit(summary: "summary.json") }
        #expect(!FileManager.default.fileExists(atPath: f.url("summary.json")))
        #expect(f.abort() == 2)
    }
}
