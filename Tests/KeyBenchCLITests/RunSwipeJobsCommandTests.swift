import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-run swipe --jobs N`: the rows of one job, flagged times, and refused values.
@Suite struct RunSwipeJobsCommandTests {
  /// results.csv without its `time_us` column: what must not depend on the number of jobs.
  private func rowsWithoutTimes(_ folder: String) throws -> [String] {
    let lines = try String(contentsOfFile: "\(folder)/results.csv", encoding: .utf8).split(separator: "\n").map(String.init)
    let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
    let time = try #require(header.firstIndex(of: "time_us"))
    return lines.map { line in
      var cells = line.split(separator: ",", omittingEmptySubsequences: false)
      cells.remove(at: time)
      return cells.joined(separator: ",")
    }
  }

  /// Several batches (150 gestures, 64 a batch at two jobs), two decoders, a streamed corpus.
  @Test func jobsGiveOneJobsRowsAndFlagTheirTimes() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 150, seed: 12)
    let base = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--decoder", "seed000,shark2"]
    var rows: [[String]] = []
    for jobs in ["1", "2", "3"] {
      let result = try Run.product("keybench-run", base + ["--jobs", jobs, "--out", dir.path("j\(jobs)")])
      #expect(result.status == 0, "\(result.stderr)")
      rows.append(try rowsWithoutTimes(dir.path("j\(jobs)")))
      // Progress reaches every gesture, once per decoder.
      let gestures = rows[rows.count - 1].filter { $0.hasPrefix("seed000,") }.count
      #expect(result.stderr.contains("seed000: \(gestures)/\(gestures) gestures"), "\(result.stderr)")
      #expect(result.stderr.contains("shark2: \(gestures)/\(gestures) gestures"), "\(result.stderr)")
    }
    #expect(rows[0].count > 200)
    #expect(rows[1] == rows[0])
    #expect(rows[2] == rows[0])
    func provenance(_ jobs: String) throws -> [String: Any] {
      let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path("j\(jobs)/summary.json")))) as! [String: Any]
      return try #require(summary["provenance"] as? [String: Any])
    }
    #expect(try provenance("1")["jobs"] as? Int == 1)
    #expect(try provenance("1")["timing"] as? String == "one job: gestures decoded one after another, per-item times comparable")
    #expect(try provenance("2")["jobs"] as? Int == 2)
    #expect(try provenance("2")["timing"] as? String == "concurrent (jobs=2): per-item times not comparable")
    let report = try String(contentsOfFile: dir.path("j2/report.md"), encoding: .utf8)
    #expect(report.contains("concurrent (jobs=2): per-item times not comparable"))

    // The gate compares the accuracy of the two runs but no time: it says why.
    let gate = try Run.product("keybench-report", ["gate", "--baseline", dir.path("j1"), "--current", dir.path("j2")])
    #expect(gate.status == 0, "\(gate.stdout)\(gate.stderr)")
    #expect(gate.stderr.contains("times not compared") && gate.stderr.contains("jobs=2"))
    let medianRow = try #require(gate.stdout.split(separator: "\n").first { $0.hasPrefix("| decode_ms_median ") })
    #expect(medianRow.contains("not compared: concurrent (jobs=2)"))
    #expect(!medianRow.contains("×"))
  }

  @Test func badJobsAndPluginsWithJobsAreRefusedBeforeWork() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 10, seed: 2)
    let base = ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus]
    for extra in [["--jobs", "0"], ["--jobs", "257"], ["--threads", "65"]] {
      let out = dir.path("o\(extra[1])")
      let result = try Run.product("keybench-run", base + extra + ["--out", out])
      #expect(result.status == 64, "\(extra): \(result.stderr)")
      #expect(result.stderr.contains(extra[0]) && result.stderr.contains("got \(extra[1])"), "\(extra): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    #expect(try Run.product("keybench-run", base + ["--jobs=-1", "--out", dir.path("n")]).status == 64)
    let plugin = try Run.product("keybench-run", base + ["--jobs", "2", "--plugin", "x=/bin/cat", "--out", dir.path("p")])
    #expect(plugin.status == 64, "\(plugin.stderr)")
    #expect(plugin.stderr.contains("--jobs 2 cannot be combined with --plugin"))
    #expect(!FileManager.default.fileExists(atPath: dir.path("p")))
  }

  /// keybench-report time-ratio will not read a time from a run whose items overlapped.
  @Test func timeRatioRefusesConcurrentTimes() throws {
    let dir = try TemporaryDirectory()
    let (db, corpus) = try SwipeFixture.make(in: dir, count: 10, seed: 4)
    let run = TestPaths.productsDirectory.appendingPathComponent("keybench-run").path
    let side = [run, "swipe", "--lexicon", "de", "--db", db, "--corpus", corpus]
    let result = try Run.product(
      "keybench-report", ["time-ratio", "--repeat", "2", "--metric", "decode_ms_mean", "--"] + side + ["::"] + side + ["--jobs", "2"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("concurrent (jobs=2)") && result.stderr.contains("--jobs 1"), "\(result.stderr)")
  }
}
