import Foundation
import KeyBenchCore
import KeyBenchResults

/// Swipe runs (`keybench-run swipe`): headline metrics, accuracy per device, filter pass-rate
/// distributions and the decode-time distribution, from summary.json and results.csv.
public enum SwipeRenderer: ReportRenderer {
  public static func accepts(_ folder: RunFolder) -> Bool { folder.kind == .run(bench: "swipe") }

  public static func sections(for folders: [RunFolder], colors: SeriesColors) throws -> [Section] {
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
    if let decoders = decoderTable(runs, top: k) { content.append(decoders) }
    content.append(.el("details", [], [
      .el("summary", text: "All metrics"), Blocks.metricsTable(folders, keys: Blocks.allMetricKeys(folders)),
    ]))
    let withResults = runs.filter { !$0.algorithms.isEmpty }
    if !withResults.isEmpty {
      // Every decoder of every run, in file order, each with its colour for the whole page.
      let plotted = Plotted(runs: withResults, colors: colors)
      content.append(accuracyPerDevice(plotted))
      if let byLength = accuracy(plotted, title: "Accuracy per word length", axis: "letters in the target",
        order: ["2", "3", "4", "5", "6", "7", "8", "9", "10+"], bucket: { row in row.letters.map { $0 >= 10 ? "10+" : String($0) } },
        caption: "Share of gestures whose target is first (top-1) or among the first k, by the number of letters in the target.")
      {
        content.append(byLength)
      }
      if let byFrequency = accuracy(plotted, title: "Accuracy per target frequency band", axis: "LatinIME frequency of the target (0–255, log scale of use)",
        order: ["not in lexicon", "0–99", "100–149", "150–199", "200–255"],
        bucket: { row in row.frequency.map { $0 < 100 ? "0–99" : $0 < 150 ? "100–149" : $0 < 200 ? "150–199" : "200–255" } ?? "not in lexicon" },
        caption: "Share of gestures decoded right by how common the target word is: rare words lose to frequent neighbours through the frequency prior.")
      {
        content.append(byFrequency)
      }
      if let boxes = filterPassRates(plotted) { content.append(boxes) }
      if let recall = filterRecall(plotted) { content.append(recall) }
      content.append(decodeTimes(plotted))
    }
    let note = runs.count > 1 ? "\(runs.count) runs compared: " + runs.map(\.folder.name).joined(separator: ", ") : nil
    return [Section(title: "Swipe decoding", note: note, content: content)]
  }

  /// One row per decoder when a run decoded its gestures with several: the main one, further
  /// built-in decoders (`metrics.decoders`) and plug-ins (`metrics.plugins`); nil otherwise.
  /// The configuration is shown whole and wraps; it is never cut.
  static func decoderTable(_ runs: [Run], top: Int) -> Node? {
    let keys = ["top1", "top\(top)", "mrr", "decode_ms_median", "decode_ms_p99"]
    let declared = Blocks.declaredUnits(runs.map(\.folder))
    var rows: [[String]] = []
    for run in runs {
      guard let metrics = run.folder.summary?["metrics"] else { continue }
      var others: [(String, JSONValue)] = []
      for (group, kind) in [("decoders", "built in"), ("plugins", "plug-in")] {
        guard case .object(let entries)? = metrics[group] else { continue }
        others += entries.keys.sorted().map { ("\($0) (\(kind))", entries[$0]!) }
      }
      guard !others.isEmpty else { continue }
      let prefix = runs.count > 1 ? run.folder.name + " · " : ""
      let main = run.mainAlgorithm ?? "main"
      rows.append([prefix + main + " (main)", run.folder.summary?["config"]?["decoder"]?.string ?? "–"]
        + keys.map { Format.value(metrics[$0]?.number, key: $0, declared: declared) })
      for (name, values) in others {
        rows.append([prefix + name, values["decoder"]?.string ?? "–"]
          + keys.map { Format.value(values[$0]?.number, key: $0, declared: declared) })
      }
    }
    guard !rows.isEmpty else { return nil }
    let head = ["decoder", "configuration"] + zip(["top-1", "top-\(top)", "MRR", "median decode", "p99 decode"], keys).map { label, key in
      Format.header(label, unit: Format.unit(of: key, declared: declared))
    }
    return .el("figure", [], [
      .el("h3", text: "Decoders on the same gestures"),
      Blocks.table(head: head, rows: rows, numericFrom: 2),
      .el("figcaption", text: "Every decoder of the run decoded the same gestures against the same lexicon; every decoder's per-gesture rows are in results.csv (column algorithm), and every chart below draws each of them."),
    ])
  }

  /// The per-gesture rows a plot needs, read from results.csv, per algorithm.
  struct Run {
    let folder: RunFolder
    let top: Int
    let lexiconWords: Double?
    let filters: [String]
    /// Every algorithm of the run in file order: the main decoder first, then further decoders and plug-ins.
    let algorithms: [Algorithm]

    struct Algorithm {
      let name: String
      let rows: [Row]
    }

    struct Row {
      /// The user, the unit the bars' intervals cluster over.
      let group: String
      let device: String
      let letters: Int?
      let frequency: Int?
      let rank: Int?
      let kept: [Double?]
      let decodeMs: Double?
    }

    /// The main decoder's name: results.csv's first algorithm, else the statistics' first.
    var mainAlgorithm: String? { algorithms.first?.name ?? folder.statistics?.metrics.first?.algorithm }

    init(folder: RunFolder) throws {
      self.folder = folder
      top = folder.summary?["config"]?["top"]?.number.map { Int($0) } ?? 4
      let metrics = folder.summary?["metrics"]
      lexiconWords = metrics?["lexicon_words"]?.number
      guard folder.has("results.csv") else {
        filters = []
        algorithms = []
        return
      }
      let table = try ResultTable(path: folder.file("results.csv"))
      guard table.extraColumns.contains("device") else {
        throw InputFileError(path: table.path, kind: .malformed,
          reason: "not a swipe results table (needs the column device; see Reports/FORMATS.md)")
      }
      let keptColumns = table.extraColumns.filter { $0.hasPrefix("kept_after_") }
      filters = keptColumns.map { String($0.dropFirst("kept_after_".count)) }
      algorithms = table.algorithms.map { name in
        Algorithm(name: name, rows: table.indices(of: name).map { index in
          let row = table.rows[index]
          return Row(
            group: row.group, device: table.extra("device", at: index) ?? "", letters: row.target.filter(\.isLetter).count,
            frequency: table.extra("frequency", at: index).flatMap { Int($0) }, rank: row.rank,
            kept: keptColumns.map { table.extra($0, at: index).flatMap { Double($0) } },
            decodeMs: row.timeMicroseconds.map { $0 / 1000 })
        })
      }
    }

    /// The metrics object of `algorithm` in summary.json: the top level for the main decoder,
    /// `metrics.decoders.NAME` or `metrics.plugins.NAME` for the others.
    func metrics(of algorithm: String) -> JSONValue? {
      let metrics = folder.summary?["metrics"]
      if algorithm == mainAlgorithm { return metrics }
      return metrics?["decoders"]?[algorithm] ?? metrics?["plugins"]?[algorithm]
    }
  }

  /// Every (run, algorithm) a chart draws, named so the legend says what differs (the run when
  /// several runs are compared, the algorithm when a run has several) and coloured for the page.
  struct Plotted {
    struct Entry {
      let run: Run
      let algorithm: Run.Algorithm
      /// nil when the page has one run with one algorithm: nothing to tell apart.
      let label: String?
      let color: String
    }

    let entries: [Entry]

    init(runs: [Run], colors: SeriesColors) {
      let severalAlgorithms = runs.contains { $0.algorithms.count > 1 }
      entries = runs.flatMap { run in
        run.algorithms.map { algorithm in
          let parts = (runs.count > 1 ? [run.folder.name] : []) + (severalAlgorithms ? [algorithm.name] : [])
          return Entry(
            run: run, algorithm: algorithm, label: parts.isEmpty ? nil : parts.joined(separator: " · "),
            color: colors.color(bench: "swipe", run: run.folder.path, algorithm: algorithm.name))
        }
      }
    }

    /// The name of entry `entry`'s series of kind `kind` (`top-1`), or the kind alone.
    func name(_ entry: Entry, _ kind: String? = nil) -> String {
      [entry.label, kind].compactMap { $0 }.joined(separator: " · ")
    }

    /// Gestures counted per bucket, per run (every algorithm of a run decodes the same gestures).
    func counts(_ key: String, in bucket: (Run.Row) -> String?) -> String {
      var seen = Set<String>()
      return entries.filter { seen.insert($0.run.folder.path).inserted }
        .map { String($0.algorithm.rows.filter { bucket($0) == key }.count) }.joined(separator: "/")
    }

    /// Top-1 solid and top-k faded in the entry's colour; top-k is left out when more than three
    /// series would crowd each group (the caption says so).
    var showsTopK: Bool { entries.count <= 3 }
  }

  /// Bars per bucket of gestures (device, word length, frequency band): top-1 and top-k per run and
  /// algorithm, with 95 % intervals over users (cluster-robust t).
  static func bars(_ plotted: Plotted, buckets: [String], bucket: (Run.Row) -> String?) -> [BarChart.Series] {
    var series: [BarChart.Series] = []
    for entry in plotted.entries {
      let kinds = [("top-1", 1, 1.0)] + (plotted.showsTopK ? [("top-\(entry.run.top)", entry.run.top, 0.45)] : [])
      for (label, limit, opacity) in kinds {
        let shares = buckets.map { key in Self.share(entry.algorithm.rows.filter { bucket($0) == key }, limit: limit) }
        series.append(BarChart.Series(
          name: plotted.name(entry, label), values: shares.map { $0?.value }, errors: shares.map { $0?.interval },
          color: entry.color, opacity: opacity))
      }
    }
    return series
  }

  static func topKNote(_ plotted: Plotted) -> String {
    plotted.showsTopK ? " Faded bars: top-k." : " Top-1 only: with \(plotted.entries.count) decoders and runs, top-k bars would crowd the groups (top-k is in the tables)."
  }

  /// Top-1 and top-k per bucket of gestures (word length, frequency band), per run and algorithm.
  static func accuracy(
    _ plotted: Plotted, title: String, axis: String, order: [String], bucket: (Run.Row) -> String?, caption: String
  ) -> Node? {
    let present = order.filter { key in plotted.entries.contains { entry in entry.algorithm.rows.contains { bucket($0) == key } } }
    guard present.count > 1 else { return nil }
    let counts = present.map { key in "\(key): " + plotted.counts(key, in: bucket) }
    return Blocks.figure(
      BarChart.svg(title: title, categories: present, series: bars(plotted, buckets: present, bucket: bucket), yTitle: "% of gestures (top-k)", xTitle: axis),
      caption: caption + topKNote(plotted) + " Whiskers: 95 % intervals over users (cluster-robust t). Gestures per bar group: " + counts.joined(separator: ", ") + ".")
  }

  /// The percentage of `rows` with the target within `limit`, with its interval over users.
  static func share(_ rows: [Run.Row], limit: Int) -> (value: Double, interval: ClosedRange<Double>?)? {
    Blocks.percent(groups: rows.map(\.group), hits: rows.map { ($0.rank ?? .max) <= limit })
  }

  static func accuracyPerDevice(_ plotted: Plotted) -> Node {
    let devices = Set(plotted.entries.flatMap { $0.algorithm.rows.map(\.device) }).sorted()
    let counts = devices.map { device in "\(device) " + plotted.counts(device) { $0.device } }
    return Blocks.figure(
      BarChart.svg(title: "Accuracy per device", categories: devices, series: bars(plotted, buckets: devices) { $0.device },
        yTitle: "% of gestures (top-k)", xTitle: "device"),
      caption: "Share of gestures whose target is the first candidate (top-1) or among the first k, per device and decoder." + topKNote(plotted)
        + " Whiskers are 95 % intervals over users (cluster-robust t). Gestures per device: " + counts.joined(separator: ", ") + ".")
  }

  /// The lexicon share each filter keeps, per run and algorithm that filters (plug-ins do not).
  static func filterPassRates(_ plotted: Plotted) -> Node? {
    let usable = plotted.entries.filter { entry in
      entry.run.lexiconWords ?? 0 > 0 && entry.algorithm.rows.contains { $0.kept.contains { $0 != nil } }
    }
    guard let first = usable.first else { return nil }
    let filters = first.run.filters
    let series = usable.map { entry in
      BoxPlot.Series(name: plotted.name(entry), samples: filters.map { filter in
        guard let index = entry.run.filters.firstIndex(of: filter), let words = entry.run.lexiconWords else { return [] }
        return entry.algorithm.rows.compactMap { $0.kept[index].map { 100 * $0 / words } }
      }, color: entry.color)
    }
    return Blocks.figure(
      BoxPlot.svg(title: "Filter pass rates", categories: filters, series: series, xTitle: "filter (applied in this order)",
        yTitle: "% of lexicon kept (log)",
        logY: true),
      caption: "Share of the lexicon still kept after each filter (cumulative, in filter order), per gesture: "
        + "box from the first to the third quartile, thick line at the median, whiskers at the 5th and 95th percentiles. "
        + "Log scale; a gesture that kept nothing sits on the bottom edge. Decoders without filters (plug-ins) have no boxes.")
  }

  /// Each filter's loss (1 − recall: the share of gestures whose target is gone after it), per
  /// run and decoder: what a filter's reduction costs in accuracy, beside the pass rates above.
  /// Drawn as the loss because recalls of 97–100 % are indistinguishable as bars from zero.
  static func filterRecall(_ plotted: Plotted) -> Node? {
    guard let filters = plotted.entries.first(where: { !$0.run.filters.isEmpty })?.run.filters else { return nil }
    let series = plotted.entries.compactMap { entry -> BarChart.Series? in
      let recalls = filters.map { filter in
        BenchFigures.percent(entry.run.metrics(of: entry.algorithm.name)?["filters"]?[filter]?["recall"]).map { 100 - $0 }
      }
      guard recalls.contains(where: { $0 != nil }) else { return nil }
      return BarChart.Series(name: plotted.name(entry), values: recalls, color: entry.color)
    }
    guard !series.isEmpty else { return nil }
    return Blocks.figure(
      BarChart.svg(title: "Targets lost by the filters (1 − recall)", categories: filters, series: series, yTitle: "% of gestures whose target is gone",
        xTitle: "filter (applied in this order)"),
      caption: "Share of gestures whose target is no longer kept after each filter (in filter order; 1 − the filter's "
        + "recall): what each reduction costs. No decoder can rank a lost target, so top-k is at most 100 % minus the last bar.")
  }

  static func decodeTimes(_ plotted: Plotted) -> Node {
    let series = plotted.entries.map { entry in
      CDFChart.Series(name: plotted.name(entry), values: entry.algorithm.rows.compactMap(\.decodeMs), color: entry.color)
    }
    return Blocks.figure(
      CDFChart.svg(title: "Decode time distribution", series: series, xTitle: "decode time per gesture (ms, log)",
        logX: true),
      caption: "Cumulative distribution of the decode time per gesture, per run and decoder: the curve at x is the share of gestures decoded "
        + "in at most x ms. Further left is faster. A plug-in's time includes the pipe to its process.")
  }
}
