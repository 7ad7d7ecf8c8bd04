import KeyBenchCore

/// One algorithm's answer for one item: the row every benchmark's `results.csv` starts with.
///
/// All six benchmarks share these columns (Reports/FORMATS.md), so every statistic, comparison
/// and gate works on any benchmark's rows without knowing which benchmark wrote them. `group`
/// is the unit items cluster in (a user's gestures, a typist's words, a text chunk), which is
/// what the bootstrap resamples.
public struct ResultRow: Sendable, Equatable {
  /// The algorithm's name in the run (`seed000`, `keyboard`, a plug-in's name).
  public var algorithm: String
  /// A stable id of the item, the same one error messages print.
  public var item: String
  /// The cluster the item belongs to.
  public var group: String
  /// The expected answer.
  public var target: String
  /// 1-based rank of the target among the candidates; nil when it is not among them.
  public var rank: Int?
  /// The algorithm's answers, best first.
  public var candidates: [String]
  /// Wall time for this item in microseconds; nil when not measured.
  public var timeMicroseconds: Double?

  public init(
    algorithm: String, item: String, group: String, target: String, rank: Int?, candidates: [String],
    timeMicroseconds: Double?
  ) {
    self.algorithm = algorithm
    self.item = item
    self.group = group
    self.target = target
    self.rank = rank
    self.candidates = candidates
    self.timeMicroseconds = timeMicroseconds
  }

  /// The shared columns, in order; benchmark-specific columns follow them.
  public static let columns = ["algorithm", "item", "group", "target", "rank", "candidates", "time_us"]

  /// Candidates are joined with `|`, a character no lexicon word or tokenised text holds.
  public static let candidateSeparator: Character = "|"

  /// The shared fields as CSV text, in ``columns`` order.
  public var fields: [String] {
    [
      algorithm, item, group, target, rank.map(String.init) ?? "",
      candidates.joined(separator: String(Self.candidateSeparator)),
      timeMicroseconds.map { CSV.fixed($0, decimals: 1) } ?? "",
    ]
  }

  /// A results.csv header: the shared columns, then `extra`.
  public static func header(extra: [String] = []) -> String { CSV.row(columns + extra) }

  /// A results.csv line: the shared fields, then `extra` (as many as the header's extra columns).
  public func line(extra: [String] = []) -> String { CSV.row(fields + extra) }
}
