import Foundation
import KeyBenchCore
import KeyBenchResults

/// The results of a sweep: one row per configuration, with Pareto marks, as `sweep.csv` and
/// `sweep.md`; and the append-only journal that makes a sweep resumable.
///
/// Rows reach the journal (`sweep.journal.csv`) one complete line at a time as each
/// configuration finishes, so an interrupted sweep loses at most the configuration it was
/// running; `sweep.csv` and `sweep.md` are re-rendered from the journal (through temporary
/// files) after every row.
public struct SweepTable: Sendable, Equatable {
  public struct Row: Sendable, Equatable {
    /// The configuration's grid id (`c0007`).
    public var config: String
    /// Parameter values as written in the CSV, in ``SweepTable/parameters`` order.
    public var values: [String]
    /// Metric values in ``SweepTable/metrics`` order; nil when not computable.
    public var metrics: [Double?]
    /// The line of the file the row was read from (nil for a row just measured), for messages.
    public var line: Int?
    public init(config: String, values: [String], metrics: [Double?], line: Int? = nil) {
      self.config = config
      self.values = values
      self.metrics = metrics
      self.line = line
    }
  }

  public var parameters: [String]
  public var metrics: [String]
  public var rows: [Row] = []

  public init(parameters: [String], metrics: [String], rows: [Row] = []) {
    self.parameters = parameters
    self.metrics = metrics
    self.rows = rows
  }

  public static let journalName = "sweep.journal.csv"

  var header: [String] { ["config"] + parameters + metrics }

  // MARK: Journal

  /// Reads the journal in `directory`; nil when there is none. A last line without its line
  /// break (a row cut off by an interruption) is dropped from the file with a warning, so the
  /// next row is never glued to it.
  public static func readJournal(in directory: String, warn: (String) -> Void = { _ in }) throws -> SweepTable? {
    let path = (directory as NSString).appendingPathComponent(journalName)
    guard FileManager.default.fileExists(atPath: path) || isSymlink(path) else { return nil }
    try refuseSymlink(path)
    let data = try InputFile.data(path)
    if let last = data.last, last != 0x0A {
      let keep = (data.lastIndex(of: 0x0A) ?? -1) + 1
      guard let handle = FileHandle(forWritingAtPath: path) else {
        throw InputFileError(path: path, kind: .unreadable, reason: "cannot drop its torn last line")
      }
      defer { try? handle.close() }
      try handle.truncate(atOffset: UInt64(keep))
      warn("\(path): dropped a torn last line (\(data.count - keep) bytes, a row cut off by an interruption); that configuration runs again")
    }
    return try parse(path: path, pareto: false)
  }

  static func isSymlink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
  }

  /// Files KeyBench appends to are never symlinks: following one would write outside `--out`.
  static func refuseSymlink(_ path: String) throws {
    if isSymlink(path) {
      throw InputFileError(path: path, kind: .unreadable, reason: "is a symbolic link; KeyBench appends only to regular files inside the output folder")
    }
  }

  /// Parses a journal or a `sweep.csv` (with `pareto` as its last column when `pareto`).
  public static func parse(path: String, pareto: Bool) throws -> SweepTable {
    var text = try InputFile.text(path)
    if !text.hasSuffix("\n"), let cut = text.lastIndex(of: "\n") { text = String(text[...cut]) }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    guard let headerLine = lines.first else {
      throw InputFileError(path: path, line: 1, kind: .malformed, reason: "empty sweep table")
    }
    var header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    if pareto {
      guard header.last == "pareto" else {
        throw InputFileError(path: path, line: 1, kind: .malformed, reason: "last column is not 'pareto'")
      }
      header.removeLast()
    }
    guard header.first == "config", let firstMetric = header.firstIndex(where: Self.isMetricName) else {
      throw InputFileError(path: path, line: 1, kind: .malformed, reason: "header must be config, parameters…, metrics…")
    }
    var table = SweepTable(parameters: Array(header[1..<firstMetric]), metrics: Array(header[firstMetric...]))
    for (offset, line) in lines.dropFirst().enumerated() where !line.isEmpty {
      var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      if pareto { fields.removeLast() }
      guard fields.count == header.count else {
        throw InputFileError(
          path: path, line: offset + 2, kind: .malformed,
          reason: "\(fields.count) fields, the header has \(header.count)")
      }
      var metrics: [Double?] = []
      for field in fields[firstMetric...] {
        if field.isEmpty {
          metrics.append(nil)
        } else if let value = Double(field) {
          // A value no sweep produces means the file was edited or damaged: resuming or merging
          // it would put that number on the Pareto frontier.
          if let problem = SweepMetrics.impossibility(of: value, metric: header[firstMetric + metrics.count]) {
            throw InputFileError(path: path, line: offset + 2, kind: .malformed, reason: "\(header[firstMetric + metrics.count]) = \(field): \(problem)")
          }
          metrics.append(value)
        } else {
          throw InputFileError(path: path, line: offset + 2, kind: .malformed, reason: "'\(field)' is not a number")
        }
      }
      table.rows.append(Row(config: fields[0], values: Array(fields[1..<firstMetric]), metrics: metrics, line: offset + 2))
    }
    return table
  }

  /// Metric columns are the known result names; everything between `config` and them is a
  /// parameter (parameter names are dotted config paths such as `filters.length.a`).
  static func isMetricName(_ name: String) -> Bool {
    SweepMetrics.known.contains(name) || (name.hasPrefix("filters.") && (name.hasSuffix(".recall") || name.hasSuffix(".kept_median")))
  }

  /// Appends `row` to the journal in `directory` as one line, creating it with a header.
  public func append(_ row: Row, toJournalIn directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = (directory as NSString).appendingPathComponent(Self.journalName)
    try Self.refuseSymlink(path)
    let created = !FileManager.default.fileExists(atPath: path)
    // O_NOFOLLOW: a symlink planted after the check above is refused by the kernel too.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot append: \(String(cString: strerror(errno)))")
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    defer { try? handle.close() }
    var text = created ? CSV.row(header) + "\n" : ""
    text += CSV.row(journalLine(row)) + "\n"
    try handle.write(contentsOf: Data(text.utf8))
    try handle.synchronize()
  }

  /// Replaces the journal in `directory` with this table's rows (through a temporary file), after
  /// rows were dropped from it.
  public func rewriteJournal(in directory: String) throws {
    let path = (directory as NSString).appendingPathComponent(Self.journalName)
    try Self.refuseSymlink(path)
    try AtomicFileWriter.write(([CSV.row(header)] + rows.map { CSV.row(journalLine($0)) }).joined(separator: "\n") + "\n", to: path)
  }

  /// A journal line: metrics at full precision, so a resumed row equals the fresh one.
  func journalLine(_ row: Row) -> [String] {
    [row.config] + row.values + row.metrics.map { $0.map(CSV.exactNumber) ?? "" }
  }

  func line(_ row: Row) -> [String] {
    [row.config] + row.values + row.metrics.map { $0.map(CSV.number) ?? "" }
  }

  // MARK: Pareto frontier

  /// Rows no other row dominates (``IntervalDominance``): clearly better on `objective` (higher
  /// is better) without being clearly costlier on `cost` (lower is better; by more than 1.5×), or
  /// clearly cheaper without being clearly worse. "Clearly better" is `better` (the paired test on
  /// the configurations' shared gestures, ``SweepItems``) where it decides, else intervals apart
  /// when the table has `<objective>_low`/`_high`. Rows missing either value are never on the
  /// frontier.
  public func paretoConfigs(objective: String, cost: String, better: ((String, String) -> Bool?)? = nil) throws -> Set<String> {
    guard let o = metrics.firstIndex(of: objective) else { throw SweepError("no metric '\(objective)' in the sweep") }
    guard let c = metrics.firstIndex(of: cost) else { throw SweepError("no metric '\(cost)' in the sweep") }
    let low = metrics.firstIndex(of: objective + "_low"), high = metrics.firstIndex(of: objective + "_high")
    let points = rows.compactMap { row -> (String, IntervalDominance.Point)? in
      guard let value = row.metrics[o], let price = row.metrics[c] else { return nil }
      return (row.config, IntervalDominance.Point(value: value, low: low.flatMap { row.metrics[$0] }, high: high.flatMap { row.metrics[$0] }, cost: price))
    }
    let paired: IntervalDominance.PairedVerdict? = better.map { better in { i, j in better(points[i].0, points[j].0) } }
    let frontier = IntervalDominance.frontier(points.map(\.1), paired: paired)
    return Set(zip(points, frontier).filter(\.1).map(\.0.0))
  }

  // MARK: Output

  /// Writes `sweep.csv` (with the `pareto` column) and `sweep.md` into `directory`, the frontier
  /// and the best configuration decided by paired tests on `items`; `footer` (the provenance
  /// block) ends `sweep.md`. Returns the frontier it marked.
  @discardableResult
  public func write(to directory: String, objective: String, cost: String, title: String, footer: String = "", items: inout SweepItems) throws -> Set<String> {
    let better = try items.verdicts(rows.map(\.config))
    let frontier = try paretoConfigs(objective: objective, cost: cost, better: better)
    let sorted = rows.sorted { $0.config < $1.config }
    let csv = ([CSV.row(header + ["pareto"])] + sorted.map { CSV.row(line($0) + [String(frontier.contains($0.config))]) })
      .joined(separator: "\n") + "\n"
    let scope = Scope(items: items.items.count, groups: items.groupCount, pairs: rows.count * (rows.count - 1) / 2, better: better)
    try AtomicFileWriter.write(
      files: [
        ("sweep.csv", csv),
        ("sweep.md", markdown(frontier: frontier, objective: objective, cost: cost, title: title, scope: scope) + (footer.isEmpty ? "" : "\n" + footer)),
      ],
      into: directory)
    return frontier
  }

  /// What the paired verdicts of a sweep rest on, for its page.
  struct Scope {
    var items: Int
    var groups: Int
    var pairs: Int
    var better: (String, String) -> Bool?
  }

  func markdown(frontier: Set<String>, objective: String, cost: String, title: String, scope: Scope) -> String {
    let o = metrics.firstIndex(of: objective)!
    let c = metrics.firstIndex(of: cost)!
    func cell(_ value: Double?, _ metric: String) -> String {
      guard let value else { return "–" }
      return NumberFormatting.value(value, unit: MetricUnit.implied(by: metric))
    }
    let shown = metrics.filter { !$0.hasPrefix("filters.") || $0.hasSuffix(".recall") }
    let head = "| config | " + (parameters + shown).joined(separator: " | ") + " |"
    let rule = "|---|" + String(repeating: "---:|", count: parameters.count + shown.count)
    func tableRow(_ row: Row) -> String {
      "| \(row.config) | " + (row.values + shown.map { cell(row.metrics[metrics.firstIndex(of: $0)!], $0) })
        .joined(separator: " | ") + " |"
    }
    func described(_ row: Row) -> String { zip(parameters, row.values).map { "\($0)=\($1)" }.joined(separator: ", ") }
    let onFrontier = rows.filter { frontier.contains($0.config) }.sorted { ($0.metrics[c] ?? 0) < ($1.metrics[c] ?? 0) }
    let best = rows.max { ($0.metrics[o] ?? -.infinity) < ($1.metrics[o] ?? -.infinity) }
    let enough = scope.groups >= RunStatistics.fewGroups
    var lines = [
      "# \(title)", "",
      "\(rows.count) configurations over \(parameters.joined(separator: ", ")), each decoding the same "
        + "\(NumberFormatting.grouped(scope.items)) gestures of \(NumberFormatting.grouped(scope.groups)) users (every configuration's per-gesture rows are in "
        + "`\(SweepItems.folderName)/<config>/`, a run folder `keybench-report compare` reads).",
      "",
      enough
        ? "A configuration is clearly better on `\(objective)` than another only by the paired test on their shared gestures "
          + "(the cluster-robust t over users, McNemar for a 0/1 metric), Holm-adjusted across all \(NumberFormatting.grouped(scope.pairs)) pairs."
        : "**Cannot judge: \(scope.groups) users (needs ≥ \(RunStatistics.fewGroups)).** No configuration is called clearly more or less "
          + "accurate than another; take `--sample N` or `--user-fold` over more users.",
      "",
      "The Pareto frontier: no other configuration is clearly better on `\(objective)` without being clearly costlier on "
        + "`\(cost)` (by more than \(IntervalDominance.costTolerance)×, since one run's time has no interval), or clearly cheaper "
        + "without being clearly worse. Cheapest first.", "",
      head, rule,
    ]
    lines += onFrontier.map(tableRow)
    if let best, let value = best.metrics[o] {
      let tied = rows.filter { $0.config != best.config && $0.metrics[o] != nil && scope.better(best.config, $0.config) != true }
        .sorted { $0.config < $1.config }
      var sentence = "Best `\(objective)`: \(best.config) (\(described(best))), \(cell(value, objective))"
      if tied.isEmpty {
        sentence += ", clearly better than every other configuration."
      } else if tied.count == rows.count - 1 {
        sentence += "; not clearly better than any other configuration, so the highest value may be noise."
      } else {
        let names = tied.prefix(12).map(\.config).joined(separator: ", ") + (tied.count > 12 ? ", …" : "")
        sentence += "; not clearly better than \(tied.count) other configuration\(tied.count == 1 ? "" : "s") (\(names)), any of which may be the best."
      }
      lines += ["", sentence]
    }
    lines += ["", "## All configurations", "", head, rule]
    lines += rows.sorted { $0.config < $1.config }.map(tableRow)
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Merging shards

  /// Combines the tables of a sweep's shards, each read from `path` and already checked against
  /// the sweep's grid (``SweepPlan/check(_:path:remedy:)``): same parameters and metrics; a
  /// configuration found in two shards must have the same metrics there (the first copy is
  /// kept), else both places are named.
  public static func merge(_ tables: [(path: String, table: SweepTable)]) throws -> SweepTable {
    guard var merged = tables.first?.table else { throw SweepError("nothing to merge") }
    merged.rows = []
    var seen: [String: (path: String, row: Row)] = [:]
    for (path, table) in tables {
      guard table.parameters == merged.parameters, table.metrics == merged.metrics else {
        throw SweepError("\(path) has other columns than \(tables[0].path); only shards of one sweep can be merged")
      }
      for row in table.rows {
        if let first = seen[row.config] {
          guard first.row.values == row.values, exactMetrics(first.row) == exactMetrics(row) else {
            throw SweepError(
              "\(place(path, row)): \(row.config) is also on \(place(first.path, first.row)) with other values; "
                + "a configuration is measured once per sweep (was a shard edited, or run twice with other inputs?)")
          }
          continue
        }
        seen[row.config] = (path, row)
        merged.rows.append(row)
      }
    }
    merged.rows.sort { $0.config < $1.config }
    return merged
  }

  /// `PATH:LINE` of a row read from `path`, or `PATH` for a row without a line.
  static func place(_ path: String, _ row: Row) -> String { row.line.map { "\(path):\($0)" } ?? path }

  /// A row's metrics as the journal writes them, for comparing two copies of a row.
  static func exactMetrics(_ row: Row) -> [String?] { row.metrics.map { $0.map(CSV.exactNumber) } }
}

/// Names of the figures sweeps record.
public enum SweepMetrics {
  /// Metric column names a sweep table may hold besides `filters.<name>.*`.
  public static let known: Set<String> = [
    "gestures", "top1", "top1_low", "top1_high", "top2", "top3", "top4", "top5", "top8", "top10", "mrr", "coverage",
    "decode_ms_median", "decode_ms_p99",
  ]

  /// Why `value` cannot be a sweep's `metric`, or nil: shares lie in 0…1, counts and times are
  /// finite and not negative.
  static func impossibility(of value: Double, metric: String) -> String? {
    guard value.isFinite else { return "not a finite number" }
    if MetricUnit.isShare(metric) { return (0...1).contains(value) ? nil : "a share must be within 0…1" }
    return value >= 0 ? nil : "must not be negative"
  }
}
