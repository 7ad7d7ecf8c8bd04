import Foundation
@testable import KeyBenchFuzz
import KeyBenchTestSupport
import Testing

/// The fuzzing habit in CI: every target starts from valid seeds, survives a short deterministic
/// mutation run, and every input that once trapped a parser is replayed.
@Suite struct FuzzSmokeTests {
  static let folder = TestPaths.repository.appendingPathComponent("Tests/KeyBenchFuzzTests")
  static let names = FuzzTargets.all.map(\.name)
  /// Mutation executions per target: a few thousand, measured at about 35 s for the whole suite
  /// in a debug build on 2 cores.
  static let smokeRuns = 3000

  static func seeds(_ name: String) -> [(path: String, data: Data)] {
    MutationRunner.inputs(in: [folder.appendingPathComponent("Seeds/\(name)").path])
  }

  static func regressions(_ name: String) -> [(path: String, data: Data)] {
    MutationRunner.inputs(in: [folder.appendingPathComponent("Regressions/\(name)").path])
  }

  @Test func targetsAreNamedUniquely() {
    let names = FuzzTargets.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(FuzzTargets.named("latinime")?.name == "latinime")
    #expect(FuzzTargets.named("no-such-target") == nil)
  }

  /// Each parser the issue names has a target (a renamed target must not silently drop one).
  @Test func everyParserHasATarget() {
    let required = [
      "latinime", "latinime-gzip", "swipe-corpus", "hws-log", "typos-mitton", "typos-norvig", "typos-codespell",
      "typos-keystrokes", "typos-keystrokes-unfinished", "typos-hroest", "typos-ukp", "typo-pairs",
      "typing-distribution", "gesture-scheme", "device", "layout", "config-decoder", "config-generator",
      "config-touch", "config-gesture", "config-keyboard-corrector", "config-kannsch-corrector", "config-photo-ranker",
    ]
    #expect(Set(required).subtracting(Self.names).isEmpty, "missing: \(Set(required).subtracting(Self.names).sorted())")
  }

  /// Seed folders match the targets one to one, so no target starts from nothing and no seed
  /// folder is left behind by a rename.
  @Test func seedFoldersMatchTargets() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("Seeds").path)
    #expect(Set(folders) == Set(Self.names))
    let regressions = (try? FileManager.default.contentsOfDirectory(
      atPath: Self.folder.appendingPathComponent("Regressions").path)) ?? []
    #expect(Set(regressions).subtracting(Self.names).isEmpty, "regression folders without a target")
  }

  /// Seeds are valid inputs: each is accepted, so mutants start deep inside the format.
  @Test(arguments: names) func seedsAreAccepted(name: String) throws {
    let target = try #require(FuzzTargets.named(name))
    defer { FuzzScratch.removeThreadDirectory() }
    let seeds = Self.seeds(name)
    #expect(!seeds.isEmpty, "no seeds in Seeds/\(name)")
    for seed in seeds {
      do {
        try target.run(seed.data)
      } catch {
        Issue.record("\(seed.path) is rejected: \(error)")
      }
    }
  }

  /// A short deterministic mutation run from the seeds: no trap (it would end the test run),
  /// no execution anywhere near a hang, and both outcomes reached.
  @Test(arguments: names) func mutationSmoke(name: String) throws {
    let target = try #require(FuzzTargets.named(name))
    // A target whose saved crash still traps would end the whole test run here; its
    // regression test already fails, so it is fuzzed again once the parser is fixed.
    let trapping = try Self.regressions(name).filter { try Self.replay(name, $0.path).status != 0 }
    guard trapping.isEmpty else {
      print("fuzz smoke of \(name) skipped: \(trapping.count) saved crash input(s) still trap (regressionInputsDoNotTrap)")
      return
    }
    let seeds = Self.seeds(name).map(\.data)
    defer { FuzzScratch.removeThreadDirectory() }
    let result = MutationRunner.run(target, seeds: seeds, runs: Self.smokeRuns, seed: 1, maxLength: 4096)
    #expect(result.executions == Self.smokeRuns)
    #expect(result.accepted >= seeds.count, "seeds or mutants were rejected wholesale")
    #expect(result.accepted < result.executions, "no mutant was rejected: the mutator does not reach the error paths")
    #expect(
      result.slowest < .seconds(5),
      "slowest execution \(result.slowest), input (base64): \(result.slowestInput.prefix(512).base64EncodedString())")
  }

  /// Every input that once trapped, hung or ran out of memory, replayed in a child process (a
  /// trap must fail this test, not end the whole test run). Passes once the parser is fixed.
  @Test(arguments: names) func regressionInputsDoNotTrap(name: String) throws {
    let inputs = Self.regressions(name)
    guard !inputs.isEmpty else { return }
    for input in inputs {
      let result = try Self.replay(name, input.path)
      #expect(
        result.status == 0,
        "\(input.path) still ends keybench-fuzz with status \(result.status) (the signal number after a trap): \(result.stdout) \(result.stderr.suffix(400))")
    }
  }

  /// Runs `keybench-fuzz replay` on one saved input.
  static func replay(_ name: String, _ path: String) throws -> Run.Result {
    try Run.product("keybench-fuzz", ["replay", name, "--timeout", "20", path], environment: ["SWIFT_BACKTRACE": "enable=no"])
  }

  /// The same seed gives the same mutants (a smoke failure reproduces), another seed others,
  /// and no mutant is longer than asked.
  @Test func mutatorIsDeterministicAndBounded() {
    let seeds = [Data("dictionary=main:en,locale=en\n word=the,f=222\n".utf8), Data("{\"a\": [1, 2.5e3]}".utf8)]
    func inputs(_ seed: UInt64) -> [Data] {
      var mutator = FuzzMutator(seeds: seeds, seed: seed, maxLength: 64)
      return (0..<500).map { _ in mutator.next() }
    }
    let first = inputs(1)
    #expect(first == inputs(1))
    #expect(first != inputs(2))
    #expect(first.allSatisfy { $0.count <= 64 })
    #expect(Set(first).count > 300, "mutants should mostly differ")
    #expect(first.contains { !seeds.contains($0) })
  }

  /// The `latinime-gzip` wrapper is a real gzip stream: the system's gunzip reads it back.
  @Test func storedGzipIsValid() throws {
    let directory = try TemporaryDirectory()
    for size in [0, 1, 65_535, 65_536, 200_000] {
      let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
      let path = try directory.write("x.gz", bytes: Array(GzipStored.wrap(data)))
      let result = try Run.tool("/bin/gzip", ["-dc", path])
      #expect(result.status == 0, "gzip: \(result.stderr)")
      #expect(result.stdoutBytes == Array(data), "size \(size)")
    }
  }

  /// The standalone runner (Scripts/fuzz's fallback) runs, counts and reports like libFuzzer.
  @Test func standaloneRunnerReportsStatistics() throws {
    let directory = try TemporaryDirectory()
    let result = try Run.product(
      "keybench-fuzz",
      [
        "run", "hws-user", "--runs", "300", "--seed", "3", "--artifact-prefix", directory.path("a-"),
        Self.folder.appendingPathComponent("Seeds/hws-user").path,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("stat::number_of_executed_units: 300"))
    #expect(result.stdout.contains("stat::average_exec_per_sec:"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty, "no artifact expected")
    let usage = try Run.product("keybench-fuzz", ["run", "no-such-target"])
    #expect(usage.status == 64)
    #expect(usage.stderr.contains("unknown target"))
  }
}

/// The fuzz runner's scratch folder, with its fixtures, goes with the process however it ends.
@Suite struct FuzzScratchTests {
  @Test func anInterruptedRunLeavesNoScratchFolder() throws {
    let dir = try TemporaryDirectory()
    // A crash artifact (crash-pending-PID) would go to the working folder: the test's, not the checkout.
    let work = try TemporaryDirectory()
    let process = Process()
    process.currentDirectoryURL = work.url
    process.executableURL = TestPaths.productsDirectory.appendingPathComponent("keybench-fuzz")
    process.arguments = ["run", "device", "--runs", "100000000", TestPaths.repository.appendingPathComponent("Tests/KeyBenchFuzzTests/Seeds/device").path]
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": dir.url.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Running: the fixtures written and an execution's input folder made.
    func running() -> Bool {
      ((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? []).contains { root in
        root.hasPrefix("keybench-fuzz-") && FileManager.default.fileExists(atPath: dir.path("\(root)/fixtures/image_labels.tsv"))
          && ((try? FileManager.default.contentsOfDirectory(atPath: dir.path(root))) ?? []).contains { $0.hasPrefix("t") }
      }
    }
    let deadline = Date().addingTimeInterval(30)
    while !running() && Date() < deadline { usleep(20_000) }
    #expect(running(), "the runner wrote no fixtures")
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGTERM)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == [])
  }
}
