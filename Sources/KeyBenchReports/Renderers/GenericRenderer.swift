import KeyBenchCore

/// Any other bench's runs, from summary.json alone: every scalar metric in a table (nested
/// objects as dotted keys), curves (`[{"x", "mean", "std"}]`) as lines with ±std bands, and count
/// matrices (e.g. a touch confusion matrix) as heat maps. Runs of one bench are compared side by side.
public enum GenericRenderer: ReportRenderer {
  public static func accepts(_ folder: RunFolder) -> Bool {
    if case .run = folder.kind { return true }
    return false
  }

  public static func sections(for folders: [RunFolder], colors: SeriesColors) throws -> [Section] {
    var benches: [String] = []
    for folder in folders {
      if case .run(let bench) = folder.kind, !benches.contains(bench) { benches.append(bench) }
    }
    return benches.map { bench in
      let runs = folders.filter { $0.kind == .run(bench: bench) }
      var content: [Node] = runs.flatMap { BenchFigures.figures(bench: bench, run: $0, colors: colors) }
      content.append(Blocks.metricsTable(runs, keys: Blocks.allMetricKeys(runs)))
      // Prediction's saving curves are on their own charts above (every predictor on one).
      content += curves(runs, bench: bench, colors: colors) { !$0.contains("sr_by_length") }
      content += matrices(runs)
      return Section(title: "Benchmark \(bench)", note: runs.count > 1 ? "\(runs.count) runs compared." : nil,
        content: content)
    }
  }

  /// Dotted key → value for every array or object under `metrics`, walking nested objects.
  static func structured(_ value: JSONValue, prefix: String = "") -> [(key: String, value: JSONValue)] {
    switch value {
    case .array: return [(prefix, value)]
    case .object(let object):
      let here: [(key: String, value: JSONValue)] = prefix.isEmpty ? [] : [(prefix, value)]
      return here + object.keys.sorted().flatMap { structured(object[$0]!, prefix: prefix.isEmpty ? $0 : "\(prefix).\($0)") }
    default: return []
    }
  }

  static func curves(_ runs: [RunFolder], bench: String, colors: SeriesColors, including wanted: (String) -> Bool = { _ in true }) -> [Node] {
    var keys: [String] = []
    var byKey: [String: [LineChart.Series]] = [:]
    for run in runs {
      for entry in structured(run.summary?["metrics"] ?? .null) {
        guard wanted(entry.key), let curve = entry.value.curve else { continue }
        if byKey[entry.key] == nil { keys.append(entry.key) }
        byKey[entry.key, default: []].append(LineChart.Series(name: run.name,
          samples: curve.map { LineChart.Sample(x: $0.x, mean: $0.mean, std: $0.std) }, color: colors.color(bench: bench, run: run.path)))
      }
    }
    return keys.map { key in
      Blocks.figure(LineChart.svg(title: key, series: byKey[key]!, xTitle: "x", yTitle: key),
        caption: "\(key): mean per x with a ±1 standard deviation band.")
    }
  }

  static func matrices(_ runs: [RunFolder]) -> [Node] {
    runs.flatMap { run in
      let metrics = run.summary?["metrics"] ?? .null
      // Touch writes one confusion matrix per resolver; the page shows static regions and the
      // best resolver (the others stay in summary.json), which is the comparison the seed makes.
      let shown: Set<String>? = metrics["best_resolver"]?.string.map { ["confusion.static", "confusion.\($0)"] }
      return structured(metrics).compactMap { entry -> Node? in
        guard shown?.contains(entry.key) ?? true, let matrix = entry.value.countMatrix(named: entry.key) else { return nil }
        let name = entry.key.hasPrefix("confusion.") ? "Letter confusions of \(entry.key.dropFirst("confusion.".count))" : entry.key
        return Blocks.figure(
          HeatMap.svg(title: "\(name) (\(run.name))", rows: matrix.rows, columns: matrix.columns,
            counts: matrix.counts, rowTitle: "intended", columnTitle: "resolved"),
          caption: "\(name) of \(run.name): taps per intended (row) and resolved (column) key; the wrong keys are shaded "
            + "relative to each row's most frequent wrong key, the right key (diagonal) is grey.")
      }
    }
  }
}
