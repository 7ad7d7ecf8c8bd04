import Foundation
import KeyBenchTestSupport
import Testing

/// Every committed run folder, and a fresh run of each kind, validates against the result schema
/// (Reports/schema/), checked by an independent validator (python3-jsonschema through
/// Scripts/validate-results), so the schema files and the writers cannot drift apart unseen.
enum SchemaValidator {
  /// On CI the validator must be there (Scripts/setup installs it); elsewhere its absence skips.
  static let available: Bool =
    ProcessInfo.processInfo.environment["CI"] == "true"
    || (try? Run.tool("/usr/bin/python3", ["-c", "import jsonschema"]).status) == 0
}

@Suite(.enabled(if: SchemaValidator.available, "needs python3-jsonschema (Scripts/setup installs it)")) struct ResultSchemaTests {
  static func validate(_ folders: [String]) throws -> Run.Result {
    try Run.tool(TestPaths.repository.appendingPathComponent("Scripts/validate-results").path, folders)
  }

  @Test func committedBaselinesAreValid() throws {
    let baseline = TestPaths.repository.appendingPathComponent("Reports/baseline")
    let folders = try FileManager.default.contentsOfDirectory(atPath: baseline.path).sorted().map { baseline.appendingPathComponent($0).path }
    #expect(folders.count >= 6)
    let result = try Self.validate(folders)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  @Test func freshRunsAreValidAndABrokenOneIsNot() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 20, seed: 4)
    let swipe = dir.path("swipe")
    #expect(try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--decoder", "all", "--bootstrap", "200", "--out", swipe]).status == 0)
    #expect(try Self.validate([swipe]).status == 0)

    // A rank of 0, a duplicated item and a value above 1 for a fraction are each found.
    let broken = dir.path("broken")
    try FileManager.default.copyItem(atPath: swipe, toPath: broken)
    var lines = try String(contentsOfFile: "\(broken)/results.csv", encoding: .utf8).split(separator: "\n").map(String.init)
    var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    fields[4] = "0"
    lines[1] = fields.joined(separator: ",")
    lines.append(lines[2])
    try (lines.joined(separator: "\n") + "\n").write(toFile: "\(broken)/results.csv", atomically: true, encoding: .utf8)
    let summary = try String(contentsOfFile: "\(broken)/summary.json", encoding: .utf8)
    try summary.replacingOccurrences(of: "\"schema_version\" : 2", with: "\"schema_version\" : 1").write(toFile: "\(broken)/summary.json", atomically: true, encoding: .utf8)
    let result = try Self.validate([broken])
    #expect(result.status == 1)
    #expect(result.stdout.contains("results.csv:2: rank"), "\(result.stdout)")
    #expect(result.stdout.contains("twice for"), "\(result.stdout)")
    #expect(result.stdout.contains("schema_version"), "\(result.stdout)")
  }

  /// Issue 43: a field over Python's default 128 KiB (KeyBench writes fields of any length) and a
  /// byte order mark are read, not a traceback; a FIFO is refused, not waited on for ever.
  @Test func longFieldsAByteOrderMarkAndAFIFOAreHandled() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 5, seed: 4)
    let swipe = dir.path("swipe")
    #expect(try Run.product("keybench-run", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--bootstrap", "0", "--out", swipe]).status == 0)
    var lines = try String(contentsOfFile: "\(swipe)/results.csv", encoding: .utf8).split(separator: "\n").map(String.init)
    var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    fields[5] = (0..<1000).map { "w\($0)" + String(repeating: "x", count: 150) }.joined(separator: "|")
    lines[1] = fields.joined(separator: ",")
    try Data([0xEF, 0xBB, 0xBF] + Array((lines.joined(separator: "\n") + "\n").utf8)).write(to: URL(fileURLWithPath: "\(swipe)/results.csv"))
    let long = try Run.tool("/usr/bin/timeout", ["-s", "KILL", "30", TestPaths.repository.appendingPathComponent("Scripts/validate-results").path, swipe])
    #expect(long.status == 0, "\(long.stdout)\(long.stderr)")
    #expect(!long.stderr.contains("Traceback"), "\(long.stderr)")

    try FileManager.default.removeItem(atPath: "\(swipe)/results.csv")
    #expect(mkfifo("\(swipe)/results.csv", 0o644) == 0)
    let fifo = try Run.tool("/usr/bin/timeout", ["-s", "KILL", "30", TestPaths.repository.appendingPathComponent("Scripts/validate-results").path, swipe])
    #expect(fifo.status == 1, "\(fifo.stdout)\(fifo.stderr)")
    #expect(fifo.stdout.contains("\(swipe)/results.csv: is not a regular file"), "\(fifo.stdout)")
  }
}
