import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import KeyBenchSuites
import KeyBenchTestSupport
import Testing

@Suite struct LeaderboardTests {
  /// A correction run's summary with one corrector's top-1, its interval and speed.
  static func run(in dir: TemporaryDirectory, _ name: String, top1: Double, low: Double, high: Double, wordsPerSecond: Double, seed: String = "null") throws -> Leaderboard.Source {
    let folder = URL(fileURLWithPath: dir.path(name))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let summary = """
      {"bench": "correct", "schema_version": 2, "config": {}, "corpus": {},
       "metrics": {"\(name)": {"top1": \(top1), "words_per_second": \(wordsPerSecond)}},
       "provenance": {"inputs": [{"role": "pairs", "path": "p.tsv", "sha256": "\(String(repeating: "a", count: 64))"}],
                      "items": {"unit": "pairs", "read": 400, "scored": 400, "excluded": []}, "lexicon": {"content_sha256": "b"},
                      "top_k": 4, "seed": \(seed)},
       "statistics": {"group": "intended word", "level": 0.95, "method": "cluster bootstrap", "resamples": 1000, "seed": 1, "spread": [],
         "metrics": [{"algorithm": "\(name)", "name": "top1", "value": \(top1), "low": \(low), "high": \(high), "n": 400, "groups": 380,
           "unit": "fraction", "higher_is_better": true, "description": "top-1",
           "definition": {"name": "top1", "description": "top-1", "higher_is_better": true, "unit": "fraction", "score": {"kind": "rank_at_most", "k": 1}}}]}}
      """
    try summary.write(to: folder.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
    return Leaderboard.Source(name: name, folder: folder)
  }

  @Test func overlappingIntervalsShareRanksAndOnlyClearWinsLeaveTheFrontier() throws {
    let dir = try TemporaryDirectory()
    let board = try Leaderboard(sources: [
      try Self.run(in: dir, "a", top1: 0.5163, low: 0.48, high: 0.55, wordsPerSecond: 10_000),
      try Self.run(in: dir, "b", top1: 0.5154, low: 0.48, high: 0.55, wordsPerSecond: 11_000),
      try Self.run(in: dir, "c", top1: 0.30, low: 0.27, high: 0.33, wordsPerSecond: 12_000),
      try Self.run(in: dir, "d", top1: 0.29, low: 0.26, high: 0.32, wordsPerSecond: 100_000),
    ])
    let row = { (name: String) in board.rows.first { $0.algorithm == name }! }
    // a and b overlap: tied for first; c and d overlap each other and are clearly below both.
    #expect(row("a").rankLow == 1 && row("a").rankHigh == 2)
    #expect(row("b").rankLow == 1 && row("b").rankHigh == 2)
    #expect(row("c").rankLow == 3 && row("c").rankHigh == 4)
    // a's 0.0009 lead is no reason to star it over b; c is neither clearly more accurate than d
    // nor clearly faster, so d (8× faster) pushes it out; d stays (much faster than a and b).
    #expect(row("a").pareto && row("b").pareto && !row("c").pareto && row("d").pareto)
    #expect(board.markdown.contains("| ★ | 1–2 |"))
    #expect(board.csv.contains("accuracy_low,accuracy_high,rank_low,rank_high"))
    // The HTML draws the group: one dot per row, the frontier's labelled, a whisker per interval.
    let html = board.html
    #expect(html.components(separatedBy: "<svg").count == 2)
    #expect(html.components(separatedBy: "class=\"frontier\"").count - 1 == 3)
    #expect(html.components(separatedBy: "class=\"point\"").count - 1 == 1)
    #expect(html.components(separatedBy: "class=\"error-bar\"").count - 1 == 4)
    #expect(html.contains("data-low=\"0.27\"") && html.contains("data-high=\"0.33\""))
  }

  /// Two correctors scored on the same 400 words of 40 typists: B loses 24 of A's right answers
  /// (one in each of 24 typists) and gains none. Their intervals overlap, so intervals alone tie
  /// them; the paired test on the shared rows separates them (issue 41).
  @Test func rowsOnTheSameItemsAreRankedByThePairedTest() throws {
    let dir = try TemporaryDirectory()
    let folder = URL(fileURLWithPath: dir.path("both"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var lines = ["algorithm,item,group,target,rank,candidates,time_us"]
    var hits = ["a": 0, "b": 0]
    var losers = Set<Int>()
    for item in 0..<400 {
      let typist = item % 40, right = item % 7 != 0
      let lost = right && typist < 24 && losers.insert(typist).inserted
      for (name, hit) in [("a", right), ("b", right && !lost)] {
        lines.append("\(name),w\(item),t\(typist),x,\(hit ? "1" : ""),x,1")
        hits[name, default: 0] += hit ? 1 : 0
      }
    }
    try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("results.csv"), atomically: true, encoding: .utf8)
    let a = Double(hits["a"]!) / 400, b = Double(hits["b"]!) / 400
    func estimate(_ name: String, _ value: Double) -> String {
      """
      {"algorithm": "\(name)", "name": "top1", "value": \(value), "low": \(value - 0.045), "high": \(value + 0.045), "n": 400, "groups": 40,
       "unit": "fraction", "higher_is_better": true, "description": "top-1",
       "definition": {"name": "top1", "description": "top-1", "higher_is_better": true, "unit": "fraction", "score": {"kind": "rank_at_most", "k": 1}}}
      """
    }
    try """
      {"bench": "correct", "schema_version": 2, "config": {}, "corpus": {},
       "metrics": {"a": {"top1": \(a), "words_per_second": 1000}, "b": {"top1": \(b), "words_per_second": 1000}},
       "provenance": {"inputs": [{"role": "pairs", "path": "p.tsv", "sha256": "\(String(repeating: "a", count: 64))"}],
                      "items": {"unit": "pairs", "read": 400, "scored": 400, "excluded": []}, "lexicon": {"content_sha256": "b"},
                      "top_k": 4, "seed": null},
       "statistics": {"group": "typist", "level": 0.95, "method": "m", "resamples": 0, "seed": 1, "spread": [],
         "metrics": [\(estimate("a", a)), \(estimate("b", b))]}}
      """.write(to: folder.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
    #expect(abs(a - b - 0.06) < 1e-12)
    let board = try Leaderboard(sources: [Leaderboard.Source(name: "both", folder: folder)])
    let row = { (name: String) in board.rows.first { $0.algorithm == name }! }
    #expect(row("a").rankLow == 1 && row("a").rankHigh == 1)
    #expect(row("b").rankLow == 2 && row("b").rankHigh == 2)
    #expect(row("a").pareto && !row("b").pareto)
  }

  @Test func aLongDecoderLabelIsShownWholeAndWrapsAtSpaces() throws {
    let dir = try TemporaryDirectory()
    let folder = URL(fileURLWithPath: dir.path("swipe"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let label = "seed000-dtw(improved=true, start=1.5, direction=100.0, end=2.5, length=0.45-1.6±2.0, frequency=0.06×(m*+0.1), threads=1)"
    try """
      {"bench": "swipe", "schema_version": 2, "config": {"decoder": "\(label)"}, "corpus": {},
       "metrics": {"top1": 0.8, "decode_ms_median": 1.4},
       "provenance": {"inputs": [{"role": "gestures", "path": "g.jsonl", "sha256": "\(String(repeating: "c", count: 64))"}],
                      "items": {"unit": "gestures", "read": 300, "scored": 279, "excluded": []}, "lexicon": {"content_sha256": "b"},
                      "top_k": 4, "seed": null}}
      """.write(to: folder.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
    let board = try Leaderboard(sources: [Leaderboard.Source(name: "swipe", folder: folder)])
    // The label is longer than the 60 characters it used to be cut to, and arrives whole.
    #expect(label.count > 60)
    #expect(board.html.contains("<td class='name'>\(label)</td>"))
    // The page is well-formed XML too, as every generated HTML file must be before it is kept.
    #expect(XMLParser(data: Data(board.html.utf8)).parse(), "\(board.html)")
    #expect(board.markdown.contains("| \(label) |"))
    // Wrapped only where the label has room to break, never at any character.
    #expect(!board.html.contains("overflow-wrap:anywhere") && board.html.contains("td.name{overflow-wrap:break-word"))
  }

  /// A swipe run with --context is ranked by its with-context top-1 and interval (the plain
  /// figure is what a run without context gives), named so.
  @Test func aContextRunIsRankedByItsContextResult() throws {
    let dir = try TemporaryDirectory()
    let folder = URL(fileURLWithPath: dir.path("v3-context"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func estimate(_ algorithm: String, _ value: Double, _ low: Double, _ high: Double) -> String {
      """
      {"algorithm": "\(algorithm)", "name": "top1", "value": \(value), "low": \(low), "high": \(high), "n": 300, "groups": 12,
       "unit": "fraction", "higher_is_better": true, "description": "top-1",
       "definition": {"name": "top1", "description": "top-1", "higher_is_better": true, "unit": "fraction", "score": {"kind": "rank_at_most", "k": 1}}}
      """
    }
    try """
      {"bench": "swipe", "schema_version": 2, "config": {"decoder": "seed000-dtw(x)"}, "corpus": {},
       "metrics": {"top1": 0.8, "decode_ms_median": 1.1, "context": {"top1": 0.85, "top4": 0.9}},
       "provenance": {"inputs": [{"role": "corpus", "path": "g.jsonl", "sha256": "\(String(repeating: "c", count: 64))"}],
                      "items": {"unit": "gestures", "read": 300, "scored": 300, "excluded": []}, "lexicon": {"content_sha256": "b"},
                      "top_k": 4, "seed": null},
       "statistics": {"group": "user", "level": 0.95, "method": "cluster bootstrap", "resamples": 1000, "seed": 1, "spread": [],
         "metrics": [\(estimate("seed000", 0.8, 0.75, 0.85)), \(estimate("seed000+context", 0.85, 0.81, 0.89))]}}
      """.write(to: folder.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
    let board = try Leaderboard(sources: [Leaderboard.Source(name: "v3-context", folder: folder)])
    #expect(board.rows.count == 1)
    let row = try #require(board.rows.first)
    #expect(row.algorithm == "seed000-dtw(x) + context" && row.accuracy == 0.85 && row.low == 0.81 && row.high == 0.89)
  }

  @Test func runsWithAnotherSeedAreRankedApart() throws {
    let dir = try TemporaryDirectory()
    let board = try Leaderboard(sources: [
      try Self.run(in: dir, "a", top1: 0.6, low: 0.55, high: 0.65, wordsPerSecond: 10, seed: "1"),
      try Self.run(in: dir, "b", top1: 0.4, low: 0.35, high: 0.45, wordsPerSecond: 10, seed: "2"),
    ])
    #expect(Set(board.rows.map(\.group)).count == 2)
    #expect(board.rows.allSatisfy { $0.rankLow == 1 && $0.rankHigh == 1 })
  }

  @Test func interleavedRoundsDecideWhatASingleRunCannot() throws {
    let dir = try TemporaryDirectory()
    // a is 10 % faster than b in every one of 5 rounds; their accuracies overlap.
    var sources: [Leaderboard.Source] = []
    for round in 1...5 {
      let jitter = 1 + 0.03 * Double(round % 3)
      for (name, speed) in [("a", 11_000.0 * jitter), ("b", 10_000.0 * jitter)] {
        let folder = try Self.run(in: dir, "\(name)\(round)", top1: 0.5, low: 0.45, high: 0.55, wordsPerSecond: speed).folder
        // The metrics object is keyed by the algorithm's name: rename it to the run's algorithm.
        let file = folder.appendingPathComponent("summary.json")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"\(name)\(round)\"", with: "\"\(name)\"")
        try text.write(to: file, atomically: true, encoding: .utf8)
        sources.append(.init(name: "suite", folder: folder, round: round))
      }
    }
    let board = try Leaderboard(sources: sources)
    #expect(board.rows.count == 2, "rounds join their run's row")
    let a = board.rows.first { $0.algorithm == "a" }!, b = board.rows.first { $0.algorithm == "b" }!
    #expect(a.microsecondsByRound.count == 5)
    #expect(a.pareto && !b.pareto, "5 interleaved rounds show a is faster; 10 % is below the single-run tolerance")
    let single = try Leaderboard(sources: sources.filter { $0.round == 1 })
    #expect(single.rows.allSatisfy { $0.pareto }, "one round each: 10 % faster is not clearly faster")
  }
}
