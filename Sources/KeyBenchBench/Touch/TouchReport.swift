import Foundation
public import KeyBenchCore
public import KeyBenchResults
import KeyBenchTouch

/// Writes a touch run's outputs: `results.csv`, `summary.csv`, `summary.json`, `report.md`.
///
/// `summary.json` has the shared shape (`Reports/FORMATS.md`) with `bench` = `touch`;
/// `metrics.resolvers.<name>.key_error_rate` / `.ns_per_touch` are the pooled simulated figures.
public struct TouchReport: BenchmarkReport {
  public static let benchmark = "touch"
  public let run: TouchBenchmark.Run
  public let summary: TouchSummary
  public let config: TouchConfig
  /// What the taps and the model came from, for the report's header.
  public let evaluationText: String?
  public let trainingTexts: [String]
  public let swipeCorpus: String?
  public let seed: UInt64
  /// Where the run came from (inputs, items, code, machine).
  public let provenance: Provenance

  public init(
    run: TouchBenchmark.Run, summary: TouchSummary, config: TouchConfig, evaluationText: String?,
    trainingTexts: [String], swipeCorpus: String?, seed: UInt64, provenance: Provenance
  ) {
    self.provenance = provenance
    self.run = run
    self.summary = summary
    self.config = config
    self.evaluationText = evaluationText
    self.trainingTexts = trainingTexts
    self.swipeCorpus = swipeCorpus
    self.seed = seed
  }

  /// How the intervals are computed (`--bootstrap`).
  public var bootstrap = BootstrapSettings()

  public var declaredMetrics: [RowMetric] { Self.rowMetrics(simulated: hasSimulated, real: hasReal) }

  static func contextLabel(_ context: LetterContext, _ alphabet: LetterAlphabet) -> String {
    func symbol(_ s: Int) -> String {
      s < alphabet.letters.count ? String(alphabet.letters[s]) : s == alphabet.boundary ? "_" : "?"
    }
    return symbol(context.beforePrevious) + symbol(context.previous)
  }

  var hasSimulated: Bool { run.sets.contains { $0.source == "simulated" } }
  var hasReal: Bool { run.sets.contains { $0.source != "simulated" } }

  /// What one group of the statistics is: a block of ``TapSimulator/wordsPerBlock`` words of the
  /// text for simulated taps, the user for real ones; a run with both calls them clusters (each
  /// metric counts taps of one source, so its groups are all blocks or all users).
  public var groupName: String {
    switch (hasSimulated, hasReal) {
    case (true, false): "text block"
    case (false, true): "user"
    default: "cluster"
    }
  }

  /// The metrics every resolver is judged by, computed from results.csv rows: the key error
  /// rate of the simulated taps (all devices pooled, as `resolvers.<name>.key_error_rate`) and
  /// of the real taps (as `hws.<name>.key_error_rate`), each declared when the run has such taps.
  public static func rowMetrics(simulated: Bool, real: Bool) -> [RowMetric] {
    var metrics: [RowMetric] = []
    if simulated {
      metrics.append(RowMetric(
        name: "key_error_rate", higherIsBetter: false,
        description: "simulated letter taps resolved to another key than the intended one (all devices pooled)",
        score: .rankBeyond(1), filter: Self.simulatedTaps))
    }
    if real {
      metrics.append(RowMetric(
        name: "hws_key_error_rate", higherIsBetter: false,
        description: "real taps (first and last points of How We Swipe gestures) resolved to another key than the intended one",
        score: .rankBeyond(1), filter: Self.realTaps))
    }
    return metrics
  }

  static let simulatedTaps = RowMetric.Filter(column: "source", values: ["simulated"])
  static let realTaps = RowMetric.Filter(column: "source", values: ["simulated"], exclude: true)

  /// The per-group accuracy whose spread the statistics report: of the real taps per user when
  /// the run has them (how much users differ is what an average hides), else of the simulated
  /// taps per text block. An error rate's "worst" group would be its lowest, so the spread is of
  /// the accuracy (1 − the error rate), computed without intervals beside the declared metrics.
  var spreadMetric: RowMetric {
    hasReal
      ? RowMetric(name: "hws_key_accuracy", higherIsBetter: true, description: "real taps resolved to the intended key", score: .rankAtMost(1), filter: Self.realTaps)
      : RowMetric(name: "key_accuracy", higherIsBetter: true, description: "simulated taps resolved to the intended key", score: .rankAtMost(1), filter: Self.simulatedTaps)
  }

  static let resultColumns = ["set", "source", "tap", "context", "x", "y"]

  /// Streams `results.csv` in long form, one resolver after the other, and returns the
  /// statistics of the rows written.
  ///
  /// A run can hold hundreds of thousands of taps, each resolved by six resolvers (646,326 rows,
  /// 52 MB for Alice on one device), so the rows are neither held nor read back: what a tap's
  /// rows share (its item, group and target, and its own columns) is formatted once, each row
  /// is assembled from those bytes straight into the file's buffer, and scored as it is written
  /// (``StreamedStatistics``, through the same metric definitions a reader applies, so the
  /// statistics equal those of the file read back).
  ///
  /// Rows: the shared columns (algorithm = the resolver; item = `<set>/<tap number>` for a
  /// simulated tap, so each device's taps have their own ids, or `<gesture id>/first|last` for
  /// a real one; group per ``Tap/group``; target = the intended letter; rank 1 when resolved
  /// to it, else empty; candidates = the letter resolved to), then `set` (the device, or the
  /// How We Swipe canvas), `source` (`simulated`/`hws`), `tap` (its id in the set), `context`
  /// (the two symbols typed before), `x`, `y`.
  ///
  /// - Throws: ``InputFileError`` when an item would appear twice for a resolver (two simulated
  ///   sets of one name, or two real taps of one id), or the file cannot be written.
  public func writeResults(to file: AtomicFileWriter) throws -> RunStatistics {
    let columns = ResultRow.columns + Self.resultColumns
    try file.write(CSV.row(columns) + "\n")
    var statistics = try StreamedStatistics(header: columns, metrics: declaredMetrics, groupName: groupName, spreadMetric: spreadMetric)
    try checkUniqueItems()
    let sets = run.sets.map(SetRows.init)
    for (k, kind) in run.kinds.enumerated() {
      let algorithm = CSV.bytes(kind.rawValue)
      for (s, set) in run.sets.enumerated() {
        let resolved = run.outcomes[s][k].resolved
        for (index, tap) in set.taps.enumerated() {
          let hit = resolved[index] == tap.intended
          try file.append { bytes in
            bytes += algorithm
            bytes += sets[s].head(index)
            if hit { bytes.append(0x31) }
            bytes.append(0x2C)
            bytes += sets[s].letters[resolved[index]]
            bytes += sets[s].tail(index)
          }
          try statistics.add(algorithm: kind.rawValue, group: tap.group, rank: hit ? 1 : nil) { column in
            Self.column(column, of: tap, in: set)
          }
        }
      }
    }
    return try statistics.finish(bootstrap)
  }

  /// One tap set's rows as results.csv bytes, formatted once for all resolvers: each letter's
  /// field, and per tap what comes after `algorithm` up to `rank` (`,item,group,target,`) and
  /// after `candidates` to the line's end (`,time_us,set,source,tap,context,x,y` and LF).
  struct SetRows {
    let letters: [[UInt8]]
    private var heads: [UInt8] = []
    private var headEnds: [Int] = []
    private var tails: [UInt8] = []
    private var tailEnds: [Int] = []

    init(_ set: TapSet) {
      letters = set.keyboard.alphabet.letters.map { CSV.bytes(String($0)) }
      headEnds.reserveCapacity(set.taps.count)
      tailEnds.reserveCapacity(set.taps.count)
      for tap in set.taps {
        heads.append(0x2C)
        CSV.append(set.source == "simulated" ? "\(set.name)/\(tap.id)" : tap.id, to: &heads)
        heads.append(0x2C)
        CSV.append(tap.group, to: &heads)
        heads.append(0x2C)
        heads += letters[tap.intended]
        heads.append(0x2C)
        headEnds.append(heads.count)
        tails += [0x2C, 0x2C]  // time_us: not measured per tap
        CSV.append(row: [set.name, set.source, tap.id, TouchReport.contextLabel(tap.context, set.keyboard.alphabet)], to: &tails)
        tails.append(0x2C)
        CSV.append(tap.point.x, decimals: 2, to: &tails)
        tails.append(0x2C)
        CSV.append(tap.point.y, decimals: 2, to: &tails)
        tails.append(0x0A)
        tailEnds.append(tails.count)
      }
    }

    func head(_ tap: Int) -> ArraySlice<UInt8> { heads[(tap == 0 ? 0 : headEnds[tap - 1])..<headEnds[tap]] }
    func tail(_ tap: Int) -> ArraySlice<UInt8> { tails[(tap == 0 ? 0 : tailEnds[tap - 1])..<tailEnds[tap]] }
  }

  /// The value of a tap's benchmark column (``resultColumns``) as results.csv holds it.
  static func column(_ name: String, of tap: Tap, in set: TapSet) -> String? {
    switch name {
    case "set": set.name
    case "source": set.source
    case "tap": tap.id
    case "context": contextLabel(tap.context, set.keyboard.alphabet)
    case "x": CSV.fixed(tap.point.x, decimals: 2)
    case "y": CSV.fixed(tap.point.y, decimals: 2)
    default: nil
    }
  }

  /// Refuses a run whose rows would name an item twice for one resolver (a reader refuses such
  /// a file): simulated taps are numbered in their set, so their items are unique when the
  /// simulated sets' names are; real taps carry their gestures' ids, checked one by one.
  func checkUniqueItems() throws {
    var names = Set<String>()
    var real = Set<String>()
    for set in run.sets {
      if set.source == "simulated" {
        guard names.insert(set.name).inserted else {
          throw InputFileError(path: "results.csv", kind: .malformed, reason: "two simulated tap sets are named '\(set.name.prefix(80))': give each device once")
        }
      } else {
        for tap in set.taps where !real.insert(tap.id).inserted {
          throw InputFileError(path: "results.csv", kind: .malformed, reason: "item '\(tap.id.prefix(80))' appears twice: two real taps have one id")
        }
      }
    }
  }

  /// Flat metric name → value, shared by summary.csv and summary.json.
  var metrics: [(String, Double)] {
    var rows: [(String, Double)] = []
    let pooled = summary.groups.last { $0.source == "simulated" }
    rows.append(("taps", Double(pooled?.taps ?? 0)))
    if let best = summary.best { rows.append(("best_reduction_vs_static", best.reductionVsStatic)) }
    if let model = run.model { rows.append(("training_letters", Double(model.trainingLetters))) }
    for row in pooled?.rows ?? [] {
      let name = row.resolver.rawValue
      rows += [
        ("resolvers.\(name).key_error_rate", row.keyErrorRate),
        ("resolvers.\(name).reduction_vs_static", row.reductionVsStatic),
        ("resolvers.\(name).ns_per_touch", row.nsPerTouch), ("resolvers.\(name).ns_per_touch_p90", row.nsPerTouchP90),
      ]
    }
    for group in summary.groups where group.name != "simulated" {
      let prefix = group.source == "hws" ? "hws" : "devices.\(group.name)"
      if group.source == "hws" { rows.append(("hws.taps", Double(group.taps))) }
      for row in group.rows {
        rows += [
          ("\(prefix).\(row.resolver.rawValue).key_error_rate", row.keyErrorRate),
          ("\(prefix).\(row.resolver.rawValue).reduction_vs_static", row.reductionVsStatic),
        ]
      }
    }
    return rows
  }

  public var summaryCSV: String {
    var lines: [String] = []
    if let best = summary.best { lines.append("best_resolver,\(best.resolver.rawValue)") }
    lines += metrics.map { "\($0.0),\(CSV.number($0.1))" }
    return Summary.csv(lines)
  }

  public func summaryJSON(_ statistics: RunStatistics) throws -> String {
    do {
      var root = JSONValue.nesting(metrics.map { ($0.0, JSONValue($0.1)) })
      if let best = summary.best { root["best_resolver"] = .string(best.resolver.rawValue) }
      if let model = run.model { root["letters"] = .object(Self.letterStatistics(LetterStatistics(counts: model.counts))) }
      if !summary.confusion.isEmpty {
        root["confusion"] = .object(summary.confusion.mapValues { .object($0.mapValues { .object($0.mapValues { JSONValue($0) }) }) })
      }
      let simulatedTaps: Int = summary.groups.last { $0.source == "simulated" }?.taps ?? 0
      let realTaps: Int = summary.groups.first { $0.source == "hws" }?.taps ?? 0
      let corpus: JSONValue = [
        "taps": JSONValue(simulatedTaps), "real_taps": JSONValue(realTaps), "path": JSONValue(evaluationText), "swipes": JSONValue(swipeCorpus),
      ]
      return try Summary.json(
        bench: Self.benchmark, config: try configuration, corpus: corpus, metrics: root, provenance: provenance,
        statistics: try statistics.json(), kinds: Self.metricKinds)
    }
  }

  /// The training texts' letter statistics, as seed 004 quotes them for English: `unigram` and
  /// `word_initial` shares per letter, `bigram.X.Y` = P(Y | X) inside words,
  /// `top_pairs_coverage.N` = the share of letter pairs the N most frequent cover (N = 10, 50,
  /// 100, 200), and `trigram.XY.Z` = P(Z | XY) after the 10 most frequent pairs.
  static func letterStatistics(_ statistics: LetterStatistics) -> [String: JSONValue] {
    let letters = statistics.counts.alphabet.letters.map(String.init)
    func shares(_ values: [Double]) -> JSONValue {
      .object(Dictionary(uniqueKeysWithValues: zip(letters, values.map { JSONValue($0) })))
    }
    var bigram: [String: JSONValue] = [:]
    for (index, letter) in letters.enumerated() { bigram[letter] = shares(statistics.following(index)) }
    var trigram: [String: JSONValue] = [:]
    for pair in statistics.pairsByFrequency.prefix(10) {
      trigram[letters[pair.first] + letters[pair.second]] = shares(statistics.following(pair.first, pair.second))
    }
    let coverage = Dictionary(uniqueKeysWithValues: [10, 50, 100, 200].map { (String($0), JSONValue.number(statistics.coverage(ofTop: $0))) })
    return [
      "letters": JSONValue(statistics.counts.letters), "unigram": shares(statistics.unigramShares),
      "word_initial": shares(statistics.wordInitialShares), "bigram": .object(bigram), "trigram": .object(trigram),
      "top_pairs_coverage": .object(coverage),
    ]
  }

  /// The effective configuration (the training texts are inputs, named in the provenance).
  var configuration: JSONValue {
    get throws {
      ["resolvers": .array(run.kinds.map { .string($0.rawValue) }), "parameters": try JSONValue(encoding: config), "seed": JSONValue(seed)]
    }
  }

  public func markdown(_ statistics: RunStatistics) throws -> String {
    try body + "\n" + statistics.markdown + "\n" + provenance.markdown(config: configuration)
  }

  var body: String {
    func pct(_ v: Double) -> String { NumberFormatting.cell(v, unit: "fraction") }
    func ns(_ v: Double) -> String { NumberFormatting.cell(v, unit: "ns") }
    let c = config
    var lines = [
      "# Touch resolution benchmark", "",
      "Key error rate: share of letter taps resolved to another key than the one meant. Reduction:",
      "static regions' error rate ÷ the resolver's. Time: median over chunks of \(TouchBenchmark.timingChunk) taps of the mean",
      "time per resolution (p90 beside it), in whatever build ran this report.", "",
      "Resolvers: `nearest` key centre and `static` regions (cap plus half of each gap) ignore the",
      "letter model; `dynamic` shifts the boundaries inside a row toward the less probable key (seed",
      "004), `dynamic-2d` also the boundaries between rows; `gaussian` scores P(letter) × the touch",
      "Gaussian's mass over the key's region, `gaussian-density` P(letter) × the key-centred Gaussian's",
      "density at the touch (the region's width adds to the spread in `gaussian`, which under-weights",
      "the letter model).", "",
      "- resolvers: \(run.kinds.map { "`\($0.rawValue)`" }.joined(separator: ", "))",
      "- letter model: order \(c.model.order), smoothing \(c.model.smoothing), trained on \(trainingTexts.map { "`\($0)`" }.joined(separator: ", "))"
        + (run.model.map { " (\($0.trainingLetters) letters)" } ?? ""),
    ]
    if let evaluationText {
      lines.append("- simulated taps: the letters of `\(evaluationText)` (held out: not among the training texts), seed \(seed); touch spread × \(c.simulation.spreadScale) (Bi & Zhai), offset (\(c.simulation.offsetX), \(c.simulation.offsetY)) key pitches; context = the intended text")
    }
    if let swipeCorpus {
      lines.append("- real taps: first and last points of the accepted How We Swipe gestures in `\(swipeCorpus)`")
    }
    lines.append(
      "- intervals (\"How sure these numbers are\"): "
        + [
          hasSimulated ? "simulated taps cluster in blocks of \(TapSimulator.wordsPerBlock) words of the text (a block's taps on every device together)" : nil,
          hasReal ? "real taps by user (a gesture without a user is its own)" : nil,
        ].compactMap { $0 }.joined(separator: ", ")
        + "; results.csv has one row per resolver and tap")
    lines += [
      "- dynamic boundaries: multiplier \(c.resolvers.shiftMultiplier), unit \(c.resolvers.shiftUnit.rawValue), minimum width \(c.resolvers.minWidthRatio) (a boundary moves toward the less probable key, as seed 004's prose says; its printed formula has the opposite sign); Gaussian σ × \(c.resolvers.sigmaScale), cut-off \(c.resolvers.cutoffSigmas) σ",
      "",
    ]
    for group in summary.groups {
      let title = group.source == "hws" ? "Real taps (How We Swipe, all canvases)" : group.name == "simulated" ? "All simulated devices" : "Simulated taps on `\(group.name)`"
      lines += [
        "## \(title)", "", "\(NumberFormatting.grouped(group.taps)) taps.", "",
        "| resolver | key error rate | reduction vs static | time per touch (median) | p90 |", "|---|---:|---:|---:|---:|",
      ]
      for row in group.rows {
        lines.append("| \(row.resolver.rawValue) | \(pct(row.keyErrorRate)) | \(row.reductionText) | \(ns(row.nsPerTouch)) | \(ns(row.nsPerTouchP90)) |")
      }
      lines.append("")
    }
    if let best = summary.best {
      lines += [
        best.keyErrorRate == 0
          ? "Best resolver: `\(best.resolver.rawValue)`, no key errors."
          : "Best resolver: `\(best.resolver.rawValue)`, \(best.reductionText) fewer key errors than static regions.", "",
      ]
    }
    if !summary.letters.isEmpty {
      lines += [
        "## Per letter (simulated taps)", "",
        "Error rate per resolver; in brackets the letter most often typed instead and its share.", "",
        "| letter | taps | " + run.kinds.map(\.rawValue).joined(separator: " | ") + " |",
        "|---|---:|" + String(repeating: "---:|", count: run.kinds.count),
      ]
      for letter in summary.letters {
        let cells = zip(letter.errorRates, letter.topConfusions).map { rate, top in
          pct(rate) + (top.map { " (\($0.0) \(pct($0.1)))" } ?? "")
        }
        lines.append("| \(letter.letter) | \(NumberFormatting.grouped(letter.taps)) | " + cells.joined(separator: " | ") + " |")
      }
      lines.append("")
    }
    if !summary.spreads.isEmpty {
      lines += [
        "## Touch spread of real taps per canvas", "",
        "Offsets of the first/last swipe points from their key centres (mean: systematic offset, σ: spread)",
        "beside Bi & Zhai's prediction for the canvas's key size: all canvases pooled in key widths, then",
        "each canvas with 1,000+ taps in CSS px. Swipe end",
        "points are not taps: the finger lands and lifts while moving, so expect a wider spread.", "",
        "| canvas | taps | key width | mean x | mean y | σx measured | σx Bi & Zhai | σy measured | σy Bi & Zhai |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ]
      for spread in (summary.pooledSpread.map { [$0] } ?? []) + summary.spreads.filter({ $0.measured.count >= 1000 }) {
        let m = spread.measured
        let decimals = spread.keyWidth == 1 ? 3 : 1
        let cells = [spread.keyWidth, m.meanX, m.meanY, m.sigmaX, spread.predictedX, m.sigmaY, spread.predictedY]
          .map { String(format: "%.\(decimals)f", $0) }
        lines.append("| \(spread.name) | \(NumberFormatting.grouped(m.count)) | " + cells.joined(separator: " | ") + " |")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension TouchReport {
  /// How touch metrics are read (``MetricKind``); the confusion counts are a matrix, not metrics.
  public static let metricKinds: [String: MetricKind] =
    MetricKind.declare(.errorRate, ["key_error_rate"])
    .merging(MetricKind.declare(.time, ["ns_per_touch", "ns_per_touch_p90"])) { $1 }
    .merging(MetricKind.declare(.count, ["reduction_vs_static", "best_reduction_vs_static", "taps", "training_letters"])) { $1 }
}
