import Foundation
import KeyBenchTestSupport
import Testing

/// A suite's run options are checked, before anything runs, against the benchmark's own
/// description (`keybench-run describe --json`): unknown options, flags given values, numbers
/// outside the declared range or not whole, and unknown choices each give one problem naming the
/// suite entry, and nothing is stored.
@Suite struct SuiteOptionCheckTests {
  static let scheme = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path

  /// A one-run suite of `bench` with `args`, and `grid` when given.
  static func suite(_ dir: TemporaryDirectory, _ name: String, bench: String = "gesture", args: String, grid: String? = nil) throws -> String {
    try dir.write(
      name,
      text: """
        {"keybench_suite": 1, "runs": [{"name": "r", "bench": "\(bench)", "args": {\(args)}\(grid.map { #", "grid": {\#($0)}"# } ?? "")}]}
        """)
  }

  @Test func eachBadValueIsOneProblemNamingTheEntry() throws {
    let dir = try TemporaryDirectory()
    _ = try dir.write("t.txt", text: SuiteCommandTests.text)
    let gesture = #""scheme": "\#(Self.scheme)", "text": "t.txt""#
    let cases: [(bench: String, args: String, grid: String?, message: String)] = [
      ("gesture", gesture + #", "devise": "ipad4""#, nil, #"runs[0] "r".args.devise: keybench-run gesture has no option --devise (did you mean "device"?)"#),
      ("gesture", gesture + #", "print-config": 3"#, nil, #"runs[0] "r".args.print-config: --print-config is a flag; give true or false"#),
      ("gesture", gesture + #", "limit": true"#, nil, #"runs[0] "r".args.limit: --limit takes a value, not true/false"#),
      ("gesture", gesture + #", "limit": 0"#, nil, #"runs[0] "r".args.limit: --limit must be at least 1, got 0"#),
      ("gesture", gesture + #", "limit": "0""#, nil, #"runs[0] "r".args.limit: --limit must be at least 1, got 0"#),
      ("gesture", gesture + #", "limit": 2.5"#, nil, #"runs[0] "r".args.limit: --limit takes a whole number, got 2.5"#),
      ("gesture", gesture + #", "limit": "many""#, nil, #"runs[0] "r".args.limit: --limit takes a number, got 'many'"#),
      ("gesture", gesture + #", "bootstrap": 100001"#, nil, #"runs[0] "r".args.bootstrap: --bootstrap must be in 0…100000, got 100001"#),
      ("gesture", gesture, #""limit": [10, 0]"#, #"runs[0] "r".grid.limit = 0: --limit must be at least 1, got 0"#),
      ("touch", #""text": "t.txt", "train": ["t.txt"], "order": 4"#, nil, #"runs[0] "r".args.order: --order must be in 1…3, got 4"#),
      ("touch", #""text": "t.txt", "train": ["t.txt"], "resolver": "nearest,bogus""#, nil,
        #"runs[0] "r".args.resolver: --resolver has no choice 'bogus'; choose from all, nearest"#),
      ("photos", #""negatives": 1"#, nil, #"runs[0] "r".args.negatives: --negatives must be in [0, 1), got 1"#),
    ]
    for (index, entry) in cases.enumerated() {
      let suite = try Self.suite(dir, "s\(index).json", bench: entry.bench, args: entry.args, grid: entry.grid)
      let out = dir.path("out\(index)")
      let result = try Run.product("keybench-suite", ["run", suite, "--out", out, "--dry-run"])
      #expect(result.status == 2, "\(entry.args): \(result.stdout) \(result.stderr)")
      #expect(result.stderr.contains(entry.message), "\(entry.args): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "one problem: \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.path("out\(index)/store")))
    }
    // Values the description accepts pass the check: a string number in range, a variable, a
    // boundary, a comma-separated choice.
    let good = try Self.suite(dir, "good.json", args: gesture + #", "limit": "50", "seed": 0, "bootstrap": 0"#, grid: #""bootstrap": [0, 100]"#)
    let dry = try Run.product("keybench-suite", ["run", good, "--out", dir.path("good"), "--dry-run"])
    #expect(dry.status == 0, "\(dry.stdout) \(dry.stderr)")
  }
}
