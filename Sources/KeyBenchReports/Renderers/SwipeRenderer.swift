import Foundation
import KeyBenchCore
import KeyBenchResults

/// Swipe runs (`keybench-run swipe`): headline metrics, accuracy per device, filter pass-rate
/// distributions and the decode-time distribution, from summary.json and results.csv.
public enum SwipeRenderer: ReportRenderer {
  public static func accepts(_ folder: RunFolder) -> Bool { folder.kind == .run(bench: "swipe") }

  public static func sections(for folders: [RunFolder]) throws -> [Section] {
    let runs = try folders.map { try Run(folder: $0) }
    let k = runs.first?.top ?? 4
    var headline = ["gestures", "coverage", "top1", "top\(k)", "mrr", "in_lexicon_top1", "in_lexicon_top\(k)",
      "reduction_factor_median", "decode_ms_median", "decode_ms_p90", "decode_ms_p99", "time_limit_hits",
      "lexicon_words", "added_targets"]
    let filters = runs.first?.filters ?? []
    headline += filters.map { "filters.\($0).recall" } + filters.map { "filters.\($0).kept_median" }
    var content: [Node] = [Blocks.metricsTable(folders, keys: headline.filter { key in
      folders.contains { $0.summary?["metrics"]?.flattened().contains { $0.key == key } ?? false }
    })]
    if let decoders = decoderTable(folders, top: k) { content.append(decoders) }
    content.append(.el("details", [], [
      .el("summary", text: "All metrics"), Blocks.metricsTable(folders, keys: Blocks.allMetricKeys(folders)),
    ]))
    let withResults = runs.filter { !$0.rows.isEmpty }
    if !withResults.isEmpty {
      content.append(accuracyPerDevice(withResults))
      if let byLength = accuracy(withResults, title: "Accuracy per word length", axis: "letters in the target",
        order: ["2", "3", "4", "5", "6", "7", "8", "9", "10+"], bucket: { row in row.letters.map { $0 >= 10 ? "10+" : String($0) } },
        caption: "Share of gestures whose target is first (top-1) or among the first k, by the number of letters in the target.")
      {
        content.append(byLength)
      }
      if let byFrequency = accuracy(withResults, title: "Accuracy per target frequency band", axis: "LatinIME frequency of the target (0–255, log scale of use)",
        order: ["not in lexicon", "0–99", "100–149", "150–199", "200–255"],
        bucket: { row in row.frequency.map { $0 < 100 ? "0–99" : $0 < 150 ? "100–149" : $0 < 200 ? "150–199" : "200–255" } ?? "not in lexicon" },
        caption: "Share of gestures decoded right by how common the target word is: rare words lose to frequent neighbours through the frequency prior.")
      {
        content.append(byFrequency)
      }
      if let boxes = filterPassRates(withResults) { content.append(boxes) }
      if let recall = filterRecall(withResults) { content.append(recall) }
      content.append(decodeTimes(withResults))
    }
    let note = runs.count > 1 ? "\(runs.count) runs compared: " + runs.map(\.folder.name).joined(separator: ", ") : nil
    return [Section(title: "Swipe decoding", note: note, content: content)]
  }

  /// One row per decoder when a run decoded its gestures with several: the main one, further
  /// built-in decoders (`metrics.decoders`) and plug-ins (`metrics.plugins`); nil otherwise.
  static func decoderTable(_ folders: [RunFolder], top: Int) -> Node? {
    let keys = ["top1", "top\(top)", "mrr", "decode_ms_median", "decode_ms_p99"]
    var rows: [[String]] = []
    for folder in folders {
      guard let metrics = folder.summary?["metrics"] else { continue }
      var others: [(String, JSONValue)] = []
      for (group, kind) in [("decoders", "built in"), ("plugins", "plug-in")] {
        guard case .object(let entries)? = metrics[group] else { continue }
        others += entries.keys.sorted().map { ("\($0) (\(kind))", entries[$0]!) }
      }
      guard !others.isEmpty else { continue }
      let prefix = folders.count > 1 ? folder.name + " · " : ""
      let main = folder.summary?["config"]?["decoder"]?.string.map { String($0.prefix(60)) } ?? "main"
      rows.append([prefix + main + " (main)"] + keys.map { Format.value(metrics[$0]?.number, key: $0) })
      for (name, values) in others {
        rows.append([prefix + name] + keys.map { Format.value(values[$0]?.number, key: $0) })
      }
    }
    guard !rows.isEmpty else { return nil }
    return .el("figure", [], [
      .el("h3", text: "Decoders on the same gestures"),
      Blocks.table(head: ["decoder", "top-1", "top-\(top)", "MRR", "median ms", "p99 ms"], rows: rows),
      .el("figcaption", text: "Every decoder of the run decoded the same gestures against the same lexicon; every decoder's per-gesture rows are in results.csv (column algorithm)."),
    ])
  }

  /// The per-gesture rows a plot needs, read from results.csv.
  struct Run {
    let folder: RunFolder
    let top: Int
    let lexiconWords: Double?
    let filters: [String]
    let rows: [Row]

    struct Row {
      /// The user, the unit the bootstrap resamples for the bars' intervals.
      let group: String
      let device: String
      let letters: Int?
      let frequency: Int?
      let rank: Int?
      let kept: [Double?]
      let decodeMs: Double?
    }

    init(folder: RunFolder) throws {
      self.folder = folder
      top = folder.summary?["config"]?["top"]?.number.map { Int($0) } ?? 4
      let metrics = folder.summary?["metrics"]
      lexiconWords = metrics?["lexicon_words"]?.number
      guard folder.has("results.csv") else {
        filters = []
        rows = []
        return
      }
      // The main decoder's rows: the first algorithm of the file (Reports/FORMATS.md).
      let table = try ResultTable(path: folder.file("results.csv"))
      guard table.extraColumns.contains("device") else {
        throw InputFileError(path: table.path, kind: .malformed,
          reason: "not a swipe results table (needs the column device; see Reports/FORMATS.md)")
      }
      let keptColumns = table.extraColumns.filter { $0.hasPrefix("kept_after_") }
      filters = keptColumns.map { String($0.dropFirst("kept_after_".count)) }
      let main = table.algorithms.first
      rows = table.rows.indices.filter { table.rows[$0].algorithm == main }.map { index in
        let row = table.rows[index]
        return Row(
          group: row.group, device: table.extra("device", at: index) ?? "", letters: row.target.filter(\.isLetter).count,
          frequency: table.extra("frequency", at: index).flatMap { Int($0) }, rank: row.rank,
          kept: keptColumns.map { table.extra($0, at: index).flatMap { Double($0) } },
          decodeMs: row.timeMicroseconds.map { $0 / 1000 })
      }
    }
  }

  /// Top-1 and top-k per bucket of gestures (word length, frequency band), one bar pair per run.
  static func accuracy(
    _ runs: [Run], title: String, axis: String, order: [String], bucket: (Run.Row) -> String?, caption: String
  ) -> Node? {
    let present = order.filter { key in runs.contains { run in run.rows.contains { bucket($0) == key } } }
    guard present.count > 1 else { return nil }
    var series: [BarChart.Series] = []
    for run in runs {
      let prefix = runs.count > 1 ? run.folder.name + " " : ""
      for (label, limit) in [("top-1", 1), ("top-\(run.top)", run.top)] {
        let shares = present.map { key in Self.share(run.rows.filter { bucket($0) == key }, limit: limit) }
        series.append(BarChart.Series(name: prefix + label, values: shares.map { $0?.value }, errors: shares.map { $0?.interval }))
      }
    }
    let counts = present.map { key in "\(key): " + runs.map { run in String(run.rows.filter { bucket($0) == key }.count) }.joined(separator: "/") }
    return Blocks.figure(
      BarChart.svg(title: title, categories: present, series: series, yTitle: "% of gestures (top-k)", xTitle: axis),
      caption: caption + " Whiskers: 95 % intervals from a bootstrap over users. Gestures per bar group: " + counts.joined(separator: ", ") + ".")
  }

  /// The percentage of `rows` with the target within `limit`, with its interval over users.
  static func share(_ rows: [Run.Row], limit: Int) -> (value: Double, interval: ClosedRange<Double>?)? {
    Blocks.percent(groups: rows.map(\.group), hits: rows.map { ($0.rank ?? .max) <= limit })
  }

  static func accuracyPerDevice(_ runs: [Run]) -> Node {
    let devices = Set(runs.flatMap { $0.rows.map(\.device) }).sorted()
    var series: [BarChart.Series] = []
    for run in runs {
      let prefix = runs.count > 1 ? "\(run.folder.name) · " : ""
      for (label, limit) in [("top-1", 1), ("top-\(run.top)", run.top)] {
        let shares = devices.map { device in Self.share(run.rows.filter { $0.device == device }, limit: limit) }
        series.append(BarChart.Series(name: prefix + label, values: shares.map { $0?.value }, errors: shares.map { $0?.interval }))
      }
    }
    let counts = devices.map { device in
      "\(device) " + runs.map { run in String(run.rows.filter { $0.device == device }.count) }.joined(separator: "/")
    }
    return Blocks.figure(
      BarChart.svg(title: "Accuracy per device", categories: devices, series: series, yTitle: "% of gestures (top-k)",
        xTitle: "device"),
      caption: "Share of gestures whose target is the first candidate (top-1) or among the first k, per device; whiskers are 95 % intervals from a bootstrap over users. "
        + "Gestures per device: " + counts.joined(separator: ", ") + ".")
  }

  static func filterPassRates(_ runs: [Run]) -> Node? {
    let usable = runs.filter { $0.lexiconWords ?? 0 > 0 && !$0.filters.isEmpty }
    guard let first = usable.first else { return nil }
    let filters = first.filters
    let series = usable.map { run in
      BoxPlot.Series(name: run.folder.name, samples: filters.map { filter in
        guard let index = run.filters.firstIndex(of: filter), let words = run.lexiconWords else { return [] }
        return run.rows.compactMap { $0.kept[index].map { $0 / words } }
      })
    }
    return Blocks.figure(
      BoxPlot.svg(title: "Filter pass rates", categories: filters, series: series, xTitle: "filter (applied in this order)",
        yTitle: "share of lexicon kept (log)",
        logY: true),
      caption: "Share of the lexicon still kept after each filter (cumulative, in filter order), per gesture: "
        + "box from the first to the third quartile, thick line at the median, whiskers at the 5th and 95th percentiles. "
        + "Log scale; a gesture that kept nothing sits on the bottom edge.")
  }

  /// Each filter's loss (1 − recall: the share of gestures whose target is gone after it), per
  /// run: what a filter's reduction costs in accuracy, beside the pass rates above. Drawn as the
  /// loss because recalls of 97–100 % are indistinguishable as bars from zero.
  static func filterRecall(_ runs: [Run]) -> Node? {
    guard let filters = runs.first(where: { !$0.filters.isEmpty })?.filters else { return nil }
    let series = runs.map { run in
      BarChart.Series(name: run.folder.name, values: filters.map { filter in
        BenchFigures.percent(run.folder.summary?["metrics"]?["filters"]?[filter]?["recall"]).map { 100 - $0 }
      })
    }
    guard series.contains(where: { $0.values.contains { $0 != nil } }) else { return nil }
    return Blocks.figure(
      BarChart.svg(title: "Targets lost by the filters (1 − recall)", categories: filters, series: series, yTitle: "% of gestures whose target is gone",
        xTitle: "filter (applied in this order)"),
      caption: "Share of gestures whose target is no longer kept after each filter (in filter order; 1 − the filter's "
        + "recall): what each reduction costs. No decoder can rank a lost target, so top-k is at most 100 % minus the last bar.")
  }

  static func decodeTimes(_ runs: [Run]) -> Node {
    let series = runs.map { CDFChart.Series(name: $0.folder.name, values: $0.rows.compactMap(\.decodeMs)) }
    return Blocks.figure(
      CDFChart.svg(title: "Decode time distribution", series: series, xTitle: "decode time per gesture (ms, log)",
        logX: true),
      caption: "Cumulative distribution of the decode time per gesture: the curve at x is the share of gestures decoded "
        + "in at most x ms. Further left is faster.")
  }
}
