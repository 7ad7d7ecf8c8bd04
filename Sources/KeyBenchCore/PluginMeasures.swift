/// What a run measured of one external plug-in besides its answers: its time split into its own
/// compute, the pipe and what it spent outside its own report, its load time, and the items it
/// failed or answered with words outside the lexicon — so a slow result can be told from a slow
/// protocol, and a low score from a plug-in that did not answer.
public struct PluginMeasures: Sendable, Equatable {
  /// Seconds from starting the plug-in to its handshake answer (`ready`), first start only.
  public var loadSeconds: Double
  /// Requests answered.
  public var requests: Int
  /// Mean `time_us` per request; nil when the plug-in reported none.
  public var ownMicroseconds: Double?
  /// Median per request of KeyBench's round trip minus the plug-in's `time_us`: what the
  /// protocol itself costs (JSON on both sides, two pipe transfers). Nil without `time_us`.
  public var pipeMicroseconds: Double?
  /// Mean round trip minus own time minus the pipe's median: time the plug-in spent on requests
  /// outside what it reported (a pause, a garbage collection, a sleep). Nil without `time_us`.
  public var unreportedMicroseconds: Double?
  /// Mean round trip per request as KeyBench measured it.
  public var roundTripMicroseconds: Double?
  /// Items the plug-in failed on (`--on-plugin-error skip`), scored as misses.
  public var failedItems: Int
  /// Items with at least one scored candidate outside the lexicon; nil when not checked.
  public var outOfLexiconItems: Int?

  public init(
    loadSeconds: Double, requests: Int, ownMicroseconds: Double?, pipeMicroseconds: Double?, unreportedMicroseconds: Double?,
    roundTripMicroseconds: Double?, failedItems: Int, outOfLexiconItems: Int?
  ) {
    self.loadSeconds = loadSeconds
    self.requests = requests
    self.ownMicroseconds = ownMicroseconds
    self.pipeMicroseconds = pipeMicroseconds
    self.unreportedMicroseconds = unreportedMicroseconds
    self.roundTripMicroseconds = roundTripMicroseconds
    self.failedItems = failedItems
    self.outOfLexiconItems = outOfLexiconItems
  }

  /// How the metrics below are read (``MetricKind``), for every request unit.
  public static let metricKinds: [String: MetricKind] = {
    var kinds = MetricKind.declare(.count, ["plugin_failed_items", "plugin_out_of_lexicon_items"])
    kinds["plugin_load_seconds"] = .time
    for item in ["word", "gesture", "prediction"] {
      for name in ["plugin_us_per_\(item)", "pipe_us_per_\(item)", "plugin_unreported_us_per_\(item)"] { kinds[name] = .time }
    }
    return kinds
  }()

  /// The per-algorithm metrics of `summary.json` (`plugin_us_per_ITEM`, `pipe_us_per_ITEM`,
  /// `plugin_unreported_us_per_ITEM`, `plugin_load_seconds`, `plugin_failed_items`,
  /// `plugin_out_of_lexicon_items`); `item` names the request unit (`word`, `gesture`, `prediction`).
  public func metrics(per item: String) -> [(String, Double?)] {
    var values: [(String, Double?)] = [("plugin_load_seconds", loadSeconds), ("plugin_failed_items", Double(failedItems))]
    if let outOfLexiconItems { values.append(("plugin_out_of_lexicon_items", Double(outOfLexiconItems))) }
    if let ownMicroseconds {
      values += [
        ("plugin_us_per_\(item)", ownMicroseconds), ("pipe_us_per_\(item)", pipeMicroseconds),
        ("plugin_unreported_us_per_\(item)", unreportedMicroseconds),
      ]
    }
    return values
  }

  /// Markdown cells: own, pipe and unreported time per item and the load time; the three per-item
  /// times read "not reported" for a plug-in that sends no `time_us` (they are measured from it).
  public var cells: [String] {
    func micro(_ value: Double?) -> String { value.map { NumberFormatting.time($0, unit: "µs") } ?? "not reported" }
    return [micro(ownMicroseconds), micro(pipeMicroseconds), micro(unreportedMicroseconds), NumberFormatting.time(loadSeconds, unit: "s")]
  }

  /// The headers matching ``cells``.
  public static func headers(per item: String) -> [String] {
    ["own per \(item)", "pipe per \(item)", "unreported per \(item)", "load"]
  }

  /// The report's plug-in section: per plug-in its own time, the pipe, unreported time and load
  /// time, and the items it failed or answered outside the lexicon; empty without plug-ins.
  public static func markdown(_ rows: [(name: String, measures: PluginMeasures)], per item: String) -> [String] {
    guard !rows.isEmpty else { return [] }
    var lines = [
      "", "## Plug-ins: time and answers", "",
      "*own*: the mean `time_us` the plug-in reported (its compute per \(item)); *pipe*: the median of KeyBench's round trip less",
      "that (the protocol's cost); *unreported*: the rest of the mean round trip (time spent outside what it reported);",
      "*load*: seconds from starting it to its handshake answer. Failed items (`--on-plugin-error skip`) are scored as misses.", "",
      "| plug-in | requests | " + headers(per: item).joined(separator: " | ") + " | failed items | answers outside the lexicon |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for (name, measures) in rows {
      lines.append(
        "| \(name) | \(NumberFormatting.grouped(measures.requests)) | \(measures.cells.joined(separator: " | ")) | \(measures.failedItems) | "
          + "\(measures.outOfLexiconItems.map(String.init) ?? "n/a") |")
    }
    return lines
  }

  /// Builds the measures from each request's round trip and reported time (µs).
  public static func from(
    loadSeconds: Double, roundTrips: [Double], reported: [Double?], failedItems: Int, outOfLexiconItems: Int?
  ) -> PluginMeasures {
    let pairs = zip(roundTrips, reported).compactMap { trip, own in own.map { (trip, $0) } }
    func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
    let own = mean(pairs.map(\.1))
    // The median, not the mean: one item the plug-in spent unreported seconds on must not be
    // booked as the protocol's cost.
    let differences = pairs.map { max(0, $0.0 - $0.1) }.sorted()
    let pipe: Double? =
      differences.isEmpty
      ? nil
      : differences.count % 2 == 1
        ? differences[differences.count / 2] : (differences[differences.count / 2 - 1] + differences[differences.count / 2]) / 2
    let trips = mean(pairs.map(\.0))
    let unreported = trips.flatMap { trip in own.flatMap { own in pipe.map { max(0, trip - own - $0) } } }
    return PluginMeasures(
      loadSeconds: loadSeconds, requests: roundTrips.count, ownMicroseconds: own, pipeMicroseconds: pipe,
      unreportedMicroseconds: unreported, roundTripMicroseconds: mean(roundTrips), failedItems: failedItems,
      outOfLexiconItems: outOfLexiconItems)
  }
}
