import Foundation
import KeyBenchTestSupport
import Testing

/// A dry run checks what the real run checks before any work — each tool judging its own command
/// line, inputs declared by the tool — so a dry run that passes means the run gets past them;
/// an included suite's paths are read from its own folder.
@Suite struct SuiteDryRunTests {
  static let scheme = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path

  /// A one-run gesture suite `name` in `dir` with `args` added to the run's.
  static func suite(_ dir: TemporaryDirectory, _ name: String, args: String) throws -> String {
    try dir.write(
      name,
      text: """
        {"keybench_suite": 1, "runs": [{"name": "g", "bench": "gesture",
          "args": {"scheme": "\(scheme)", "device": "iphone5", \(args)}}]}
        """)
  }

  @Test func aDryRunRefusesWhatTheRunWouldRefuse() throws {
    let dir = try TemporaryDirectory()
    _ = try dir.write("t.txt", text: SuiteCommandTests.text)
    let cases: [(args: String, message: String)] = [
      // A missing input named without a folder.
      (#""text": "nothere.txt""#, "missing input: nothere.txt"),
      // A number keybench-run refuses.
      (#""text": "t.txt", "limit": 0"#, "--limit must be at least 1, got 0"),
      (#""text": "t.txt", "limit": -5"#, "--limit"),
      // A flag that makes the command print and exit: the run would store nothing.
      (#""text": "t.txt", "print-config": true"#, "writes no result"),
    ]
    for (index, (args, message)) in cases.enumerated() {
      let suite = try Self.suite(dir, "s\(index).json", args: args)
      let out = dir.path("out\(index)")
      let dry = try Run.product("keybench-suite", ["run", suite, "--out", out, "--dry-run"])
      #expect(dry.status == 2, "\(args): \(dry.stdout) \(dry.stderr)")
      #expect((dry.stdout + dry.stderr).contains(message), "\(args): \(dry.stdout) \(dry.stderr)")
      // The real run agrees: refused before any work, or the item fails on its missing input.
      let real = try Run.product("keybench-suite", ["run", suite, "--out", out])
      #expect(real.status == 2, "\(args): \(real.stdout) \(real.stderr)")
      #expect(!FileManager.default.fileExists(atPath: "\(out)/runs/g/summary.json"))
    }
    // A suite the dry run passes runs.
    let good = try Self.suite(dir, "good.json", args: #""text": "t.txt", "limit": 50"#)
    let dry = try Run.product("keybench-suite", ["run", good, "--out", dir.path("good"), "--dry-run"])
    #expect(dry.status == 0, "\(dry.stdout) \(dry.stderr)")
    let real = try Run.product("keybench-suite", ["run", good, "--out", dir.path("good")])
    #expect(real.status == 0 && real.stdout.contains("1 ran"), "\(real.stdout) \(real.stderr)")
  }

  @Test func anIncludedSuiteReadsItsOwnFiles() throws {
    let dir = try TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir.path("sub"), withIntermediateDirectories: true)
    // Both folders have a t.txt: read from the including suite's folder, the run would
    // silently type another text.
    _ = try dir.write("sub/t.txt", text: SuiteCommandTests.text)
    _ = try dir.write("t.txt", text: String(repeating: "Another text entirely. ", count: 40))
    _ = try Self.suite(dir, "sub/inner.json", args: #""text": "t.txt", "limit": 50"#)
    let relative = try dir.write("top.json", text: #"{"keybench_suite": 1, "include": ["sub/inner.json"]}"#)
    let absolute = try dir.write("abs.json", text: #"{"keybench_suite": 1, "include": ["\#(dir.path("sub/inner.json"))"]}"#)
    for suite in [relative, absolute] {
      let dry = try Run.product("keybench-suite", ["run", suite, "--out", dir.path("out"), "--dry-run"])
      #expect(dry.status == 0, "\(dry.stdout) \(dry.stderr)")
      #expect(dry.stdout.contains("runs in \(dir.url.appendingPathComponent("sub").path)"), "\(dry.stdout)")
    }
    let real = try Run.product("keybench-suite", ["run", relative, "--out", dir.path("out")])
    #expect(real.status == 0 && real.stdout.contains("1 ran"), "\(real.stdout) \(real.stderr)")
    let summary = try String(contentsOfFile: dir.path("out/runs/g/summary.json"), encoding: .utf8)
    let digest = try Run.tool("/usr/bin/sha256sum", [dir.path("sub/t.txt")]).stdout.prefix(64)
    #expect(digest.count == 64 && summary.contains(String(digest)), "\(summary.prefix(3000))")
  }
}
