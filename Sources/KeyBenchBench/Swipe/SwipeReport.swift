import Foundation
public import KeyBenchCore
public import KeyBenchResults
import KeyBenchSwipe

/// Writes a swipe run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`.
///
/// `summary.json` is the stable interface gates and sweeps read (`Reports/FORMATS.md`):
/// `{"bench", "config", "corpus", "metrics"}` with `metrics.top1`, `top4`, `mrr`, `coverage`,
/// `gestures`, `decode_ms_median`, `decode_ms_p99` and `filters.<name>.kept_median` / `.recall`.
public struct SwipeReport: BenchmarkReport {
  public static let benchmark = "swipe"
  public let run: SwipeBenchmark.Run
  public let summary: SwipeSummary
  /// The main decoder's configuration (``DTWDecoderConfig`` for seed 000, ``Shark2Config``, …).
  public let config: any Encodable
  public let corpus: String
  public let lexicon: String
  /// Where the run came from (inputs, items, code, machine).
  public let provenance: Provenance
  /// Settings of the run beyond the decoder's config that change its numbers.
  public let settings: [String: JSONValue]
  /// Other decoders run on the same gestures, shown beside the main one: further built-in
  /// decoders (`--decoder`) and external ones (`--plugin`).
  public var compared: [Compared] = []
  /// For a run with sentence context: which model, trained on what (shown in the report).
  public var contextModel: String?

  /// One other decoder's run over the same prepared gestures.
  public struct Compared {
    public var name: String
    public var setup: String
    public var run: SwipeBenchmark.Run
    public var summary: SwipeSummary
    /// What the run measured of a plug-in (own time, pipe, load, failed items); nil for a
    /// built-in decoder.
    public var plugin: PluginMeasures?
    /// A built-in decoder's configuration (reported under `config.decoders.<name>`); nil for a
    /// plug-in, whose configuration is in the provenance.
    public var builtInConfig: (any Encodable)?

    public init(name: String, setup: String, run: SwipeBenchmark.Run, summary: SwipeSummary, plugin: PluginMeasures?) {
      self.name = name
      self.setup = setup
      self.run = run
      self.summary = summary
      self.plugin = plugin
    }

    /// A built-in decoder run beside the main one.
    public init(name: String, builtIn config: any Encodable, run: SwipeBenchmark.Run, summary: SwipeSummary) {
      self.init(name: name, setup: "built in, parameters in config.decoders.\(name)", run: run, summary: summary, plugin: nil)
      builtInConfig = config
    }

    var metrics: [(String, Double?)] {
      let s = summary
      return [
        ("top1", s.top1), ("top\(s.top)", s.topK), ("mrr", s.mrr), ("decode_ms_median", s.decodeMs.median),
        ("decode_ms_p99", s.decodeMs.quantile(0.99)),
      ] + (plugin?.metrics(per: "gesture") ?? [])
    }
  }

  public init(
    run: SwipeBenchmark.Run, summary: SwipeSummary, config: any Encodable, corpus: String, lexicon: String,
    provenance: Provenance, settings: [String: JSONValue] = [:]
  ) {
    self.run = run
    self.summary = summary
    self.config = config
    self.corpus = corpus
    self.lexicon = lexicon
    self.provenance = provenance
    self.settings = settings
  }

  /// Gestures cluster by the user who drew them.
  public var groupName: String { "user" }
  public var declaredMetrics: [RowMetric] { Self.rowMetrics(top: summary.top, prompts: prompts, devices: Set(run.results.map(\.device)).sorted()) }

  /// results.csv, with the spread of top-1 over users for the report.
  public func writeResults(to file: AtomicFileWriter) throws -> RunStatistics {
    try writeResults(resultsCSV, to: file, spreadMetric: "top1")
  }

  /// How the intervals are computed (`--bootstrap`).
  public var bootstrap = BootstrapSettings()

  static func snake(_ name: String) -> String { name.replacingOccurrences(of: " ", with: "_") }

  /// The main decoder's name in results.csv and the statistics (`seed000`, `shark2`).
  public var mainName: String = "main"

  /// Every decoder's runs, main first, each under its name; with context the main decoder's
  /// re-ranked answers are an algorithm of their own, `NAME+context`.
  var algorithms: [(name: String, run: SwipeBenchmark.Run, context: Bool)] {
    var list: [(String, SwipeBenchmark.Run, Bool)] = [(mainName, run, false)]
    if summary.context != nil { list.append((mainName + "+context", run, true)) }
    return list + compared.map { ($0.name, $0.run, false) }
  }

  /// `results.csv` in long form: one row per decoder and gesture, the shared columns first
  /// (group = the user; a gesture with no user, e.g. a synthetic one, is its own group, its id).
  var resultsCSV: String {
    let stageNames = algorithms.reduce(into: [String]()) { names, entry in
      for name in SwipeSummary.stageNames(entry.run.results) where !names.contains(name) { names.append(name) }
    }
    var lines = [
      ResultRow.header(
        extra: ["user", "device", "prompt", "in_lexicon", "frequency"] + stageNames.map { "kept_after_\(Self.snake($0))" }
          + stageNames.map { "target_survived_\(Self.snake($0))" } + ["points", "points_used", "time_limit_hit", "dtw_columns"])
    ]
    for (name, run, context) in algorithms {
      for r in run.results {
        let candidates = context ? (r.contextCandidates ?? r.candidates) : r.candidates
        let row = ResultRow(
          algorithm: name, item: r.id, group: r.user ?? r.id, target: r.word,
          rank: context ? r.contextRank : r.rank, candidates: candidates, timeMicroseconds: r.decodeMicroseconds)
        let stages = stageNames.map { name in r.stages.first { $0.name == name } }
        var extra = [r.user ?? "", r.device, r.prompt ?? "", String(r.inLexicon), r.frequency.map(String.init) ?? ""]
        extra += stages.map { $0.map { String($0.kept) } ?? "" }
        extra += stages.map { $0?.probeKept.map(String.init) ?? "" }
        extra += [String(r.pointsIn), String(r.pointsUsed), String(r.timeLimitHit), String(r.dtwColumns)]
        lines.append(row.line(extra: extra))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The metrics every swipe decoder is judged by, computed from results.csv rows: top-1 and
  /// top-k are the headline (the gate's Holm family); MRR (nearly top-1 again), in-lexicon
  /// targets, each prompt kind of `prompts` and each device of `devices` (when more than one)
  /// are slices, tested and reported but not diluting the family.
  public static func rowMetrics(top: Int, prompts: [String] = [], devices: [String] = []) -> [RowMetric] {
    var metrics = [
      RowMetric(name: "top1", higherIsBetter: true, description: "share of gestures whose target is the first candidate", score: .rankAtMost(1))
    ]
    if top > 1 {
      metrics.append(RowMetric(name: "top\(top)", higherIsBetter: true, description: "share of gestures whose target is among the first \(top) candidates", score: .rankAtMost(top)))
    }
    metrics.append(RowMetric(name: "mrr", higherIsBetter: true, description: "mean Yandex Cup weight (1, 0.1, 0.09, 0.08) at the target's rank", score: .rankWeights(SwipeSummary.mrrWeights)).slice)
    func slices(_ column: String, _ value: String, suffix: String, what: String) {
      let only = RowMetric.Filter(column: column, values: [value])
      metrics.append(RowMetric(name: "top1_\(suffix)", higherIsBetter: true, description: "top-1 on gestures \(what)", score: .rankAtMost(1), filter: only).slice)
      if top > 1 {
        metrics.append(RowMetric(name: "top\(top)_\(suffix)", higherIsBetter: true, description: "top-\(top) on gestures \(what)", score: .rankAtMost(top), filter: only).slice)
      }
    }
    // Named as the summary names them, so the threshold gate leaves them to the paired test.
    let inLexicon = RowMetric.Filter(column: "in_lexicon", values: ["true"])
    metrics.append(RowMetric(name: "in_lexicon_top1", higherIsBetter: true, description: "top-1 on gestures whose target is in the lexicon", score: .rankAtMost(1), filter: inLexicon).slice)
    if top > 1 {
      metrics.append(RowMetric(name: "in_lexicon_top\(top)", higherIsBetter: true, description: "top-\(top) on gestures whose target is in the lexicon", score: .rankAtMost(top), filter: inLexicon).slice)
    }
    for prompt in prompts { slices("prompt", prompt, suffix: prompt, what: "swiped from \(prompt) prompts") }
    if devices.count > 1 {
      for device in devices { slices("device", device, suffix: "device_\(device)", what: "on the \(device) profile") }
    }
    return metrics
  }

  var prompts: [String] { Set(run.results.compactMap(\.prompt)).sorted() }

  /// Flat metric name → value, shared by summary.csv and summary.json.
  var metrics: [(String, Double)] {
    let s = summary
    var rows: [(String, Double)] = [
      ("gestures", Double(s.gestures)), ("coverage", s.coverage), ("top1", s.top1), ("top\(s.top)", s.topK),
      ("mrr", s.mrr), ("in_lexicon_top1", s.inLexiconTop1), ("in_lexicon_top\(s.top)", s.inLexiconTopK),
      ("reduction_factor_median", s.reductionFactorMedian),
      ("decode_ms_median", s.decodeMs.median), ("decode_ms_mean", s.decodeMs.mean), ("decode_ms_p90", s.decodeMs.quantile(0.9)),
      ("decode_ms_p99", s.decodeMs.quantile(0.99)), ("decode_ms_max", s.decodeMs.quantile(1)),
      ("time_limit_hits", Double(s.timeLimitHits)), ("lexicon_words", Double(run.lexiconSize)),
      ("added_targets", Double(run.addedTargets)), ("build_seconds", run.buildSeconds),
    ]
    if let columns = s.dtwColumnsMean { rows.append(("dtw_columns_mean", columns)) }
    if let c = s.context {
      rows += [
        ("context.top1", c.top1), ("context.top\(s.top)", c.topK), ("context.mrr", c.mrr),
        ("context.gestures_with_context", Double(c.gesturesWithContext)),
      ]
    }
    for stage in s.stages {
      let name = Self.snake(stage.name)
      rows += [
        ("filters.\(name).kept_median", stage.keptMedian), ("filters.\(name).kept_p90", stage.keptP90),
        ("filters.\(name).kept_max", stage.keptMax), ("filters.\(name).recall", stage.recall),
      ]
    }
    return rows
  }

  public var summaryCSV: String {
    Summary.csv(metrics.map { "\($0.0),\(CSV.number($0.1))" })
  }

  public func summaryJSON(_ statistics: RunStatistics) throws -> String {
    do {
      var flat: [String: JSONValue] = [:]
      var filters: [String: [String: JSONValue]] = [:]
      var context: [String: JSONValue] = [:]
      for (name, value) in metrics {
        let json = JSONValue(value)
        if name.hasPrefix("context.") {
          context[String(name.dropFirst("context.".count))] = json
        } else if name.hasPrefix("filters.") {
          let parts = name.split(separator: ".")
          filters[String(parts[1]), default: [:]][String(parts[2])] = json
        } else {
          flat[name] = json
        }
      }
      flat["filters"] = .object(filters.mapValues(JSONValue.object))
      if !context.isEmpty { flat["context"] = .object(context) }
      var plugins: [String: JSONValue] = [:]
      var builtIn: [String: JSONValue] = [:]
      for entry in compared {
        var values: [String: JSONValue] = ["decoder": .string(entry.run.decoderLabel), "setup": .string(entry.setup)]
        for (name, value) in entry.metrics { values[name] = JSONValue(value) }
        if entry.builtInConfig == nil {
          plugins[entry.name] = .object(values)
          continue
        }
        var stages: [String: JSONValue] = [:]
        for stage in entry.summary.stages {
          stages[Self.snake(stage.name)] = ["kept_median": JSONValue(stage.keptMedian), "recall": JSONValue(stage.recall)]
        }
        values["filters"] = .object(stages)
        builtIn[entry.name] = .object(values)
      }
      if !plugins.isEmpty { flat["plugins"] = .object(plugins) }
      if !builtIn.isEmpty { flat["decoders"] = .object(builtIn) }
      return try Summary.json(
        bench: Self.benchmark, config: try configuration, corpus: ["path": .string(corpus), "gestures": JSONValue(summary.gestures)],
        metrics: flat, provenance: provenance, statistics: try statistics.json(), kinds: Self.metricKinds)
    }
  }

  /// The effective configuration: the decoder's parameters and the run's settings.
  var configuration: JSONValue {
    get throws {
      var decoders: [String: JSONValue] = [:]
      for entry in compared {
        guard let config = entry.builtInConfig else { continue }
        decoders[entry.name] = ["decoder": .string(entry.run.decoderLabel), "parameters": try JSONValue(encoding: config)]
      }
      var result = settings.merging([
        "decoder": .string(run.decoderLabel), "parameters": try JSONValue(encoding: config), "lexicon": .string(lexicon),
        "top": JSONValue(summary.top),
      ]) { $1 }
      if !decoders.isEmpty { result["decoders"] = .object(decoders) }
      return .object(result)
    }
  }

  public func markdown(_ statistics: RunStatistics) throws -> String {
    try body + "\n" + statistics.markdown + "\n" + provenance.markdown(config: configuration)
  }

  /// How `--max-words` cut the lexicon, for the report's lexicon line.
  var maxWordsNote: String {
    guard let maxWords = settings["max_words"]?.exactInteger?.int64 else { return "" }
    return ": its \(maxWords) most frequent" + (run.keptTargets > 0 ? " and \(run.keptTargets) targets beyond them at their own frequency" : "")
  }

  var body: String {
    let s = summary
    func pct(_ v: Double) -> String { NumberFormatting.cell(v, unit: "fraction") }
    func ms(_ v: Double) -> String { NumberFormatting.cell(v, unit: "ms") }
    var lines = [
      "# Swipe benchmark", "",
      "- decoder: `\(run.decoderLabel)`",
      "- lexicon: \(lexicon) (\(NumberFormatting.grouped(run.lexiconSize)) suggestible words\(maxWordsNote)\(run.addedTargets > 0 ? ", \(run.addedTargets) missing targets added at the lowest frequency" : ""))",
      "- corpus: `\(corpus)`, \(NumberFormatting.grouped(s.gestures)) gestures", "",
      "## Accuracy", "",
      "| metric | all gestures | target in lexicon |", "|---|---:|---:|",
      "| top-1 (predicted word) | \(pct(s.top1)) | \(pct(s.inLexiconTop1)) |",
      "| top-\(s.top) (suggested words) | \(pct(s.topK)) | \(pct(s.inLexiconTopK)) |",
      "| MRR (Yandex weights 1, 0.1, 0.09, 0.08) | \(pct(s.mrr)) | |",
      "| coverage (target in lexicon) | \(pct(s.coverage)) | |", "",
    ]
    if let c = s.context {
      lines += [
        "## Sentence context", "",
        "The same decodes, the best candidates re-ranked with the words typed before each gesture. \(contextModel ?? "")",
        "\(c.gesturesWithContext) of \(s.gestures) gestures carry their previous words; the others keep the plain ranking.", "",
        "| metric | without context | with context |", "|---|---:|---:|",
        "| top-1 | \(pct(s.top1)) | \(pct(c.top1)) |",
        "| top-\(s.top) | \(pct(s.topK)) | \(pct(c.topK)) |",
        "| MRR | \(pct(s.mrr)) | \(pct(c.mrr)) |",
        "| top-1, gestures with context only | \(pct(c.withContextTop1Before)) | \(pct(c.withContextTop1After)) |", "",
      ]
    }
    lines += [
      "## Filters", "",
      "Share of the lexicon kept after each filter (cumulative, in the seed's order) and recall: the",
      "share of gestures whose target was still kept.", "",
      "| filter | kept median | kept p90 | kept max | recall |", "|---|---:|---:|---:|---:|",
    ]
    for stage in s.stages {
      lines.append("| \(stage.name) | \(pct(stage.keptMedian)) | \(pct(stage.keptP90)) | \(pct(stage.keptMax)) | \(pct(stage.recall)) |")
    }
    lines += [
      "", "Combined reduction factor of the filters (lexicon ÷ words left after them), median: \(NumberFormatting.ratio(s.reductionFactorMedian)).", "",
      "## Decode time", "",
      "| median | p90 | p99 | max | time-limit hits |", "|---:|---:|---:|---:|---:|",
      "| \(ms(s.decodeMs.median)) | \(ms(s.decodeMs.quantile(0.9))) | \(ms(s.decodeMs.quantile(0.99))) | \(ms(s.decodeMs.quantile(1))) | \(s.timeLimitHits) |",
      "", "Lexicon layout (build) time: \(NumberFormatting.time(run.buildSeconds, unit: "s"))"
        + (run.layoutsRead > 0 ? " (\(run.layoutsRead) of \(run.layoutCount) layouts read from the layout cache)." : ".")
        + (run.jobs > 1 ? " **Timing: \(run.timing)**: \(run.jobs) gestures were decoded at once, so these times are no measure of one decode's speed." : ""), "",
      "## By device", "", "| device | gestures | top-1 | top-\(s.top) | median time |", "|---|---:|---:|---:|---:|",
    ]
    for g in s.byDevice { lines.append("| \(g.name) | \(NumberFormatting.grouped(g.gestures)) | \(pct(g.top1)) | \(pct(g.topK)) | \(ms(g.decodeMsMedian)) |") }
    lines += ["", "## By word length", "", "| letters | gestures | top-1 | top-\(s.top) | median time |", "|---|---:|---:|---:|---:|"]
    for g in s.byWordLength { lines.append("| \(g.name) | \(NumberFormatting.grouped(g.gestures)) | \(pct(g.top1)) | \(pct(g.topK)) | \(ms(g.decodeMsMedian)) |") }
    if !compared.isEmpty {
      lines += [
        "", "## Decoders on the same gestures", "",
        "Further built-in decoders (`--decoder`) and external ones (`--plugin`, Plugins/PROTOCOL.md) decoded the same",
        "gestures on the same layouts and lexicon; every decoder's per-gesture rows are in `results.csv`. A plug-in's",
        "*own* time is the `time_us` it reported (its compute per gesture), *pipe* the median of KeyBench's round trip",
        "less that, *unreported* the rest of its mean round trip, *load* the seconds to its handshake answer.", "",
        "| decoder | top-1 | top-\(s.top) | MRR | median time | p99 time | " + PluginMeasures.headers(per: "gesture").joined(separator: " | ") + " |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        "| `\(run.decoderLabel)` (main, built in) | \(pct(s.top1)) | \(pct(s.topK)) | \(pct(s.mrr)) | \(ms(s.decodeMs.median)) | \(ms(s.decodeMs.quantile(0.99))) | | | | |",
      ]
      for entry in compared {
        let c = entry.summary
        let name = entry.builtInConfig == nil ? entry.name : "\(entry.name) `\(entry.run.decoderLabel)` (built in)"
        let cells = entry.plugin?.cells ?? ["", "", "", ""]
        lines.append(
          "| \(name) | \(pct(c.top1)) | \(pct(c.topK)) | \(pct(c.mrr)) | \(ms(c.decodeMs.median)) | \(ms(c.decodeMs.quantile(0.99))) | \(cells.joined(separator: " | ")) |")
      }
      lines += [""] + compared.map { "- \($0.name): \($0.setup)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension SwipeReport {
  /// How swipe metrics are read (``MetricKind``).
  public static let metricKinds: [String: MetricKind] =
    MetricKind.declare(.accuracy, ["top1", "top4", "mrr", "in_lexicon_top1", "in_lexicon_top4", "coverage", "recall"])
    .merging(MetricKind.declare(.time, ["decode_ms_max", "decode_ms_mean", "decode_ms_median", "decode_ms_p90", "decode_ms_p99", "build_seconds"])) { $1 }
    .merging(MetricKind.declare(.count, [
      "added_targets", "dtw_columns_mean", "gestures", "kept_max", "kept_median", "kept_p90", "lexicon_words", "reduction_factor_median", "time_limit_hits",
    ])) { $1 }
}
