public import Foundation
import KeyBenchCore
import KeyBenchResults
import KeyBenchReports

/// The leaderboard of a suite's results: per benchmark and input set, every algorithm/config row
/// with its headline accuracy (and its 95 % interval where the run wrote one) and time, a rank
/// interval, and the accuracy/speed Pareto frontier marked — the table ann-benchmarks made the
/// habit, from the summaries the runs wrote.
///
/// Point estimates alone would star 0.5163 above 0.5154; here a row outranks another only when a
/// paired test on their shared items says so (or, for rows of no shared items, their intervals
/// do not overlap), and a row leaves the frontier only for one that is clearly
/// better on one axis and not clearly worse on the other.
public struct Leaderboard {
  public struct Row: Sendable, Equatable {
    public var bench: String
    /// Identifies the inputs: rows are compared only within one group.
    public var group: String
    public var inputs: String
    public var run: String
    public var algorithm: String
    public var accuracyName: String
    public var accuracy: Double
    /// The accuracy's 95 % cluster-bootstrap interval (nil when the run wrote none).
    public var low: Double?
    public var high: Double?
    /// Microseconds per item (nil when the benchmark times nothing comparable).
    public var microseconds: Double?
    public var pareto = false
    /// Best and worst rank the intervals allow (1…1 for a clear leader; 1…3 when tied with two others).
    public var rankLow = 1
    public var rankHigh = 1
    /// Microseconds per item in each round of a repeated suite (round → µs); `microseconds` is
    /// then their median.
    public var microsecondsByRound: [Int: Double] = [:]

    /// Where the paired test finds this row's items: its run folder, the algorithm's name in its
    /// results.csv, the row metric behind `accuracy`, and the groups behind it.
    var folder: String?
    var rowAlgorithm: String?
    var rowMetric: String?
    var groups: Int?

    var point: IntervalDominance.Point {
      .init(value: accuracy, low: low, high: high, cost: microseconds, costsByRound: microsecondsByRound.filter { $0.value > 0 }, groups: groups)
    }
  }

  public var rows: [Row]
  /// Set when only some runs of the suite have results: the pages say so, because ranks and the
  /// frontier may change when the rest finish.
  public var completeness: (finished: Int, total: Int)?

  /// The sentence an incomplete leaderboard opens with (nil when complete).
  var incompleteNote: String? {
    guard let completeness, completeness.finished < completeness.total else { return nil }
    return "Incomplete: \(completeness.finished) of \(completeness.total) runs finished (keybench-suite status lists the rest); ranks and the frontier may change when they finish."
  }

  /// One finished run: its name, its result folder and, in a suite with `"repeat": N`, its round.
  public struct Source: Sendable {
    public var name: String
    public var folder: URL
    public var round: Int

    public init(name: String, folder: URL, round: Int = 1) {
      self.name = name
      self.folder = folder
      self.round = round
    }
  }

  /// Rows of every run; the rounds of a repeated run add their times to its first round's row.
  public init(sources: [Source]) throws {
    var rows: [Row] = []
    var later: [(round: Int, rows: [Row])] = []
    for source in sources {
      let made = Self.rows(run: source.name, summary: try SummaryFile(path: source.folder.appendingPathComponent("summary.json").path))
      if source.round == 1 { rows += made } else { later.append((source.round, made)) }
    }
    for index in rows.indices {
      var times: [Int: Double] = [:]
      if let first = rows[index].microseconds { times[1] = first }
      for (round, made) in later {
        if let twin = made.first(where: { $0.run == rows[index].run && $0.algorithm == rows[index].algorithm }), let time = twin.microseconds {
          times[round] = time
        }
      }
      guard times.count > 1 else { continue }
      rows[index].microsecondsByRound = times
      rows[index].microseconds = Percentile.linear(sorted: times.values.sorted(), at: 0.5)
    }
    for group in Set(rows.map(\.group)) {
      let members = rows.indices.filter { rows[$0].group == group }
      let points = members.map { rows[$0].point }
      let paired = Self.pairedVerdicts(members.map { rows[$0] })
      let verdict: IntervalDominance.PairedVerdict = { i, j in paired[i][j] }
      let frontier = IntervalDominance.frontier(points, paired: verdict), ranks = IntervalDominance.ranks(points, paired: verdict)
      for (position, i) in members.enumerated() {
        rows[i].pareto = frontier[position]
        rows[i].rankLow = ranks[position].lowerBound
        rows[i].rankHigh = ranks[position].upperBound
      }
    }
    self.rows = rows.sorted { ($0.bench, $0.group, -$0.accuracy, $0.run, $0.algorithm) < ($1.bench, $1.group, -$1.accuracy, $1.run, $1.algorithm) }
  }

  /// For rows of the same inputs whose items pair (their results.csv hold the same items in the
  /// same groups), whether row i is more accurate than row j by the paired test compare uses,
  /// Holm-adjusted across every pair of the group: a paired test separates rows whose marginal
  /// intervals overlap (two configurations on the same gestures). nil where rows do not pair;
  /// false where they pair but the test finds no difference (or too few groups).
  static func pairedVerdicts(_ rows: [Row]) -> [[Bool?]] {
    var runs: [String: RunResults] = [:]
    func results(_ folder: String) -> RunResults? {
      if let cached = runs[folder] { return cached }
      let loaded = try? RunResults(path: folder)
      runs[folder] = loaded
      return loaded
    }
    var pairs: [PairedVerdicts.Pair] = []
    for i in rows.indices {
      for j in rows.indices where j > i {
        guard let folderA = rows[i].folder, let folderB = rows[j].folder, let nameA = rows[i].rowAlgorithm, let nameB = rows[j].rowAlgorithm,
          let metric = rows[i].rowMetric, metric == rows[j].rowMetric,
          let a = results(folderA), let b = results(folderB), var definition = a.definitions.first(where: { $0.name == metric })
        else { continue }
        definition.headline = true
        guard let part = try? PairedComparison(
          a: .init(table: a.table, algorithm: nameA, label: "\(i)"), b: .init(table: b.table, algorithm: nameB, label: "\(j)"),
          metrics: [definition], settings: .init()),
          let comparison = part.comparisons.first, comparison.p != nil
        else { continue }
        pairs.append(.init(i: i, j: j, comparison: comparison))
      }
    }
    return PairedVerdicts.matrix(count: rows.count, pairs: pairs)
  }

  /// The algorithms of one summary with their headline numbers, per benchmark (Reports/FORMATS.md).
  static func rows(run: String, summary: SummaryFile) -> [Row] {
    let json = summary.json, metrics = json["metrics"] ?? .null
    let provenance = summary.provenance ?? .null
    // The gate's rule for "the same inputs": rows of runs the gate would refuse to compare are
    // never ranked together.
    let group = summary.bench + "|" + Comparability.inputsKey(provenance)
    let described = Comparability.inputsDescription(provenance)
    let estimates = summary.statistics?.metrics ?? []
    let mainAlgorithm = estimates.first?.algorithm
    func row(_ algorithm: String, _ name: String, _ accuracy: Double?, _ micros: Double?, key: String? = nil, metric: String? = nil) -> Row? {
      guard let accuracy, accuracy.isFinite else { return nil }
      var row = Row(bench: summary.bench, group: group, inputs: described, run: run, algorithm: algorithm, accuracyName: name, accuracy: accuracy,
        microseconds: micros.flatMap { $0.isFinite ? $0 : nil })
      let id = key ?? algorithm
      row.folder = (summary.path as NSString).deletingLastPathComponent
      row.rowAlgorithm = id
      row.rowMetric = metric ?? name
      row.groups = estimates.first(where: { $0.algorithm == id && $0.name == (metric ?? name) })?.groups
      // The interval the run wrote (`statistics`, schema 2) for this algorithm and metric.
      if let estimate = estimates.first(where: { $0.algorithm == id && $0.name == name }),
        let low = estimate.low, let high = estimate.high, low <= accuracy, accuracy <= high
      {
        row.low = low
        row.high = high
      }
      return row
    }
    func perAlgorithm(_ object: JSONValue?, _ accuracy: String, _ micros: (JSONValue) -> Double?) -> [Row] {
      guard case .object(let members)? = object else { return [] }
      return members.keys.sorted().compactMap { name in
        guard let values = members[name], case .object = values else { return nil }
        return row(name, accuracy, values[accuracy]?.number, micros(values))
      }
    }
    switch summary.bench {
    case "swipe":
      // The whole configuration: the HTML wraps it at its spaces, never cutting it mid-word.
      let decoder = json["config"]?["decoder"]?.string ?? "seed000"
      let micros = metrics["decode_ms_median"]?.number.map { $0 * 1000 }
      // A run with --context is there for its with-context result (its without-context one is
      // what a run without context gives): that is its headline.
      let withContext = metrics["context"]?["top1"]?.number
      var rows = [
        withContext != nil
          ? row(decoder + " + context", "top1", withContext, micros, key: mainAlgorithm.map { $0 + "+context" })
          : row(decoder, "top1", metrics["top1"]?.number, micros, key: mainAlgorithm)
      ].compactMap { $0 }
      // Further built-in decoders (`--decoder`) and plug-ins, each its own row.
      for key in ["decoders", "plugins"] {
        rows += perAlgorithm(metrics[key], "top1") { $0["decode_ms_median"]?.number.map { $0 * 1000 } }
      }
      return rows
    case "correct":
      return perAlgorithm(metrics, "top1") { $0["words_per_second"]?.number.map { 1e6 / $0 } }
    case "predict":
      return perAlgorithm(metrics, "ksr") { $0["predictions_per_second"]?.number.map { 1e6 / $0 } }
    case "touch":
      guard case .object(let resolvers)? = metrics["resolvers"] else { return [] }
      return resolvers.keys.sorted().compactMap { name in
        guard let rate = resolvers[name]?["key_error_rate"]?.number else { return nil }
        return row(name, "key accuracy", 1 - rate, resolvers[name]?["ns_per_touch"]?.number.map { $0 / 1000 }, metric: "key_error_rate")
      }
    case "gesture":
      guard case .object(let schemes)? = metrics["schemes"] else { return [] }
      return schemes.keys.sorted().compactMap { name in
        guard let cer = schemes[name]?["cer"]?.number else { return nil }
        return row(name, "1 − CER", 1 - cer, nil, metric: "cer")
      }
    case "photos":
      return perAlgorithm(metrics, "recall_at_1") { $0["ms_per_query"]?.number.map { $0 * 1000 } }
    case "keyboard":
      // Ranked by kebbie's correction F (a row metric with its interval); the overall score,
      // whose interval is not a row metric's, stays on the run's page.
      return perAlgorithm(metrics["keyboards"], "correction_f") { $0["correct_us_median"]?.number }
    default:
      return []
    }
  }

  /// One Markdown table per benchmark and input set; `*` marks the Pareto frontier.
  public var markdown: String {
    var lines = ["# Leaderboard", ""] + (incompleteNote.map { ["**\($0)**", ""] } ?? []) + [Self.legend, ""]
    var last = ""
    for row in rows {
      if row.group != last {
        last = row.group
        lines += ["", "## \(row.bench): \(row.inputs)", "", "| | rank | run | algorithm | \(row.accuracyName) | 95 % interval | time per item |", "|---|---|---|---|---:|---|---:|"]
      }
      lines.append("| \(row.pareto ? "★" : "") | \(Self.rank(row)) | \(row.run) | \(row.algorithm) | \(NumberFormatting.percent(row.accuracy)) | \(Self.interval(row)) | \(row.microseconds.map { NumberFormatting.time($0, unit: "µs") } ?? "n/a") |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static let legend = "Per benchmark and input set, every algorithm and configuration of the suite, most accurate first, "
    + "with the 95 % interval the run wrote. **rank** is the range of ranks the accuracies allow: rows scored on the same items "
    + "are separated by the paired test compare uses (Holm over every pair of the table), other rows only when their intervals "
    + "do not overlap, and neither from fewer than 10 groups (1–3: tied with the leader). **★** marks the accuracy/speed Pareto "
    + "frontier: no other row is clearly more accurate (as for ranks) without being clearly slower, or clearly faster without "
    + "being clearly less accurate. "
    + "Clearly faster: with \(IntervalDominance.minimumRounds)+ interleaved rounds (a suite's \"repeat\"), the whole interval of the per-round time ratio "
    + "below 1; from single runs, by more than \(IntervalDominance.costTolerance)×. With rounds, the time per item is their median."

  static func interval(_ row: Row) -> String {
    guard let low = row.low, let high = row.high else { return "n/a" }
    return NumberFormatting.percentInterval(low, high)
  }

  static func rank(_ row: Row) -> String { row.rankLow == row.rankHigh ? "\(row.rankLow)" : "\(row.rankLow)–\(row.rankHigh)" }

  /// The same tables as a self-contained HTML page (no script, no network).
  public var html: String {
    let escape = Node.escape
    var body = ""
    var last = ""
    for row in rows {
      if row.group != last {
        if !last.isEmpty { body += "</tbody></table>\n" }
        last = row.group
        body += "<h2>\(escape(row.bench)): \(escape(row.inputs))</h2>\n" + chart(group: row.group) + "<table><thead><tr><th></th><th>rank</th><th>run</th><th>algorithm</th>"
          + "<th class='num'>\(escape(row.accuracyName))</th><th>95 % interval</th><th class='num'>time per item</th></tr></thead><tbody>\n"
      }
      body += "<tr\(row.pareto ? " class='pareto'" : "")><td>\(row.pareto ? "★" : "")</td><td>\(Self.rank(row))</td><td>\(escape(row.run))</td><td class='name'>\(escape(row.algorithm))</td>"
        + "<td class='num'>\(NumberFormatting.percent(row.accuracy))</td><td>\(Self.interval(row))</td><td class='num'>\(row.microseconds.map { NumberFormatting.time($0, unit: "µs") } ?? "n/a")</td></tr>\n"
    }
    if !last.isEmpty { body += "</tbody></table>\n" }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"/><title>KeyBench leaderboard</title>
      <style>body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin-bottom:2em}
      th,td{border:1px solid #ccc;padding:.25em .6em}td.name{overflow-wrap:break-word;max-width:28em}td.num,th.num{text-align:right}tr.pareto{background:#eef6ee;font-weight:600}</style>
      </head><body><h1>Leaderboard</h1>
      \(incompleteNote.map { "<p><strong>\(escape($0))</strong></p>" } ?? "")
      <p>\(escape(Self.legend.replacingOccurrences(of: "**", with: "")))</p>
      \(body)</body></html>

      """
  }

  /// Accuracy against time for one group's rows that have a time, when there are two or more.
  func chart(group: String) -> String {
    let timed = rows.filter { $0.group == group && $0.microseconds != nil }
    guard timed.count >= 2, let first = timed.first else { return "" }
    let entries = timed.map { row in
      FrontierChart.Entry(
        label: row.run, time: row.microseconds!, accuracy: row.accuracy,
        interval: row.low.flatMap { low in row.high.map { low...max(low, $0) } }, frontier: row.pareto)
    }
    return FrontierChart.svg(
      title: "\(first.bench): \(first.accuracyName) against time", entries: entries, xTitle: "µs per item", yTitle: first.accuracyName) + "\n"
  }

  public var csv: String {
    ([CSV.row(["bench", "inputs", "run", "algorithm", "accuracy_metric", "accuracy", "accuracy_low", "accuracy_high", "rank_low", "rank_high", "us_per_item", "pareto"])]
      + rows.map { row in
        CSV.row([row.bench, row.inputs, row.run, row.algorithm, row.accuracyName, CSV.exactNumber(row.accuracy),
          row.low.map { CSV.exactNumber($0) } ?? "", row.high.map { CSV.exactNumber($0) } ?? "", String(row.rankLow), String(row.rankHigh),
          row.microseconds.map { CSV.exactNumber($0) } ?? "", String(row.pareto)])
      }).joined(separator: "\n") + "\n"
  }
}
