import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

/// Runs `Scripts/fetch-corpora` against small corpora made in a temporary folder.
@Suite struct FetchCorporaTests {
  let script = TestPaths.repository.appendingPathComponent("Scripts/fetch-corpora").path

  /// A root holding `good.txt`, a manifest describing it plus `gone.txt` and `bad.txt`.
  private func makeCorpora(in dir: TemporaryDirectory) throws -> (root: String, manifest: String) {
    let root = dir.url.appendingPathComponent("root")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let good = root.appendingPathComponent("sub/good.txt")
    try Data("good bytes\n".utf8).write(to: good)
    try Data("tampered!!\n".utf8).write(to: root.appendingPathComponent("bad.txt"))
    let goodSum = try FileDigest.sha256Hex(ofFileAt: good.path)
    let entries: [[String: Any]] = [
      ["path": "bad.txt", "bytes": 11, "sha256": goodSum, "licence": "test", "url": NSNull(), "extract": false],
      ["path": "gone.txt", "bytes": 5, "sha256": goodSum, "licence": "test", "url": NSNull(), "extract": false],
      ["path": "sub/good.txt", "bytes": 11, "sha256": goodSum, "licence": "test", "url": NSNull(), "extract": false],
    ]
    let manifest = dir.path("manifest.json")
    try JSONSerialization.data(withJSONObject: ["version": 1, "files": entries]).write(to: URL(fileURLWithPath: manifest))
    return (root.path, manifest)
  }

  @Test func reportsMissingAndMismatchedFilesAndFails() throws {
    let dir = try TemporaryDirectory()
    let (root, manifest) = try makeCorpora(in: dir)
    let result = try Run.tool(
      script, ["--root", root, "--manifest", manifest, "--cache", dir.path("cache"), "--offline"])
    #expect(result.status == 1)
    let all = result.stdout + result.stderr
    #expect(all.contains("MISSING") && all.contains("gone.txt"))
    #expect(all.contains("MISMATCH") && all.contains("bad.txt"))
    #expect(all.contains("1 verified"))
  }

  @Test func passesWhenEveryRequestedFileVerifies() throws {
    let dir = try TemporaryDirectory()
    let (root, manifest) = try makeCorpora(in: dir)
    let result = try Run.tool(
      script,
      ["--root", root, "--manifest", manifest, "--cache", dir.path("cache"), "--offline", "--only", "sub/"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) func theSharedCorporaMatchTheManifest() throws {
    let result = try Run.tool(
      script, ["--root", TestPaths.corpora.path, "--offline", "--no-extract", "--quiet"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }
}
