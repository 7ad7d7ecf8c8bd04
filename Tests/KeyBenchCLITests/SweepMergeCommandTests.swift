import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-report merge` takes only what a resumed sweep would take: shards of one grid, rows
/// that are configurations of it with its values, none twice; every refusal names the files
/// (and the line) and writes nothing. `--random` beyond the grid is a usage error.
@Suite struct SweepMergeCommandTests {
  /// Runs a product under a 60 s watchdog, so a tool that blocks fails the test instead of hanging it.
  private func bounded(_ name: String, _ arguments: [String]) throws -> Run.Result {
    try Run.tool("/usr/bin/timeout", ["60", TestPaths.productsDirectory.appendingPathComponent(name).path] + arguments)
  }

  @Test func mergeRefusesOtherGridsAndRowsAResumeWouldRefuse() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 20, seed: 3)
    func sweep(_ grid: String, _ shard: String, _ name: String) throws -> String {
      let out = dir.path(name)
      let result = try bounded(
        "keybench-sweep", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", grid, "--shard", shard, "--out", out])
      #expect(result.status == 0, "\(result.stderr)")
      return out
    }
    let first = try sweep("filters.length.a=0.5,0.7", "1/2", "a1")
    let second = try sweep("filters.length.a=0.5,0.7", "2/2", "a2")
    let otherGrid = try sweep("filters.length.a=0.6,0.9", "2/2", "b2")
    func merge(_ shards: [String], _ name: String) throws -> Run.Result {
      let result = try bounded("keybench-report", ["merge"] + shards + ["--out", dir.path(name)])
      if result.status != 0 { #expect(!FileManager.default.fileExists(atPath: dir.path("\(name)/sweep.csv")), "\(name) was written") }
      return result
    }
    // Shards of two grids share ids (c0001) that mean other configurations.
    let grids = try merge([first, otherGrid], "m-grids")
    #expect(grids.status == 2, "\(grids.stdout)")
    #expect(grids.stderr.contains("\(otherGrid)/provenance.json and \(first)/provenance.json record different sweeps"), "\(grids.stderr)")

    // Rows a resume refuses, each named by file and line.
    let journal = "\(second)/sweep.journal.csv"
    let original = try String(contentsOfFile: journal, encoding: .utf8)
    let lines = original.split(separator: "\n").map(String.init)
    var row = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(row[0] == "c0001" && row[1] == "0.7")
    row[1] = "0.5"
    let contradicting = row.joined(separator: ",")
    row[1] = "0.7"
    row[0] = "c0007"
    let outside = row.joined(separator: ",")
    row[0] = "c0001"
    // 20 gestures give top-1 in steps of 0.05: 0.123 is another measurement.
    row[2] = "0.123"
    let conflicting = row.joined(separator: ",")
    for (added, message) in [
      (contradicting, "\(journal):3: c0001 has other values than this sweep's grid gives it"),
      (outside, "\(journal):3: 'c0007' is no configuration of this sweep's grid (c0000…c0001)"),
      (conflicting, "\(journal):3: c0001 is already on line 2 with other metrics"),
    ] {
      try (original + added + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
      let refused = try merge([first, second], "m-rows")
      #expect(refused.status == 2 && refused.stderr.contains(message), "\(refused.stderr)")
    }
    // The same configuration measured differently in two shards: both places named.
    let firstJournal = "\(first)/sweep.journal.csv"
    var copied = try String(contentsOfFile: firstJournal, encoding: .utf8).split(separator: "\n")[1]
      .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(copied[0] == "c0000")
    copied[2] = "0.123"
    try (original + copied.joined(separator: ",") + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
    let twice = try merge([first, second], "m-twice")
    #expect(twice.status == 2, "\(twice.stdout)")
    #expect(twice.stderr.contains("\(journal):3: c0000 is also on \(firstJournal):2 with other values"), "\(twice.stderr)")

    // Untouched, the shards merge into the whole grid.
    try original.write(toFile: journal, atomically: true, encoding: .utf8)
    let merged = try merge([first, second], "m")
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(try String(contentsOfFile: dir.path("m/sweep.csv"), encoding: .utf8).split(separator: "\n").count == 3)
  }

  @Test func aRandomSampleLargerThanTheGridIsRefused() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 10, seed: 3)
    let arguments = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "filters.length.a=0.5,0.7"]
    let refused = try bounded("keybench-sweep", arguments + ["--random", "5", "--out", dir.path("r")])
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(refused.stderr.contains("--random 5 is more than the grid's 2 configurations"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.path("r")))
    let whole = try bounded("keybench-sweep", arguments + ["--random", "2", "--out", dir.path("w")])
    #expect(whole.status == 0 && whole.stdout.contains("ran 2"), "\(whole.stderr)")
  }
}
