public import Foundation
public import KeyBenchCore
import KeyBenchResults

/// A suite's output folder as `keybench-suite run` leaves it: `plan.json` (every item and its key),
/// `store/KEY/` (results by content address), `runs/NAME` (links to them), `logs/`, `configs/`.
public struct SuiteOutput {
  public let folder: URL
  public let suite: String
  public let items: [SuitePlan.Item]
  /// The suite's figure pages (``FigurePages``).
  public let figures: [JSONValue]

  /// Reads `folder/plan.json`, which keybench-suite writes (parsed strictly, like every JSON file
  /// KeyBench reads, though without a table of field lines: its problems name the item).
  public init(folder: URL) throws {
    self.folder = folder
    let path = folder.appendingPathComponent("plan.json").path
    guard FileManager.default.fileExists(atPath: path) else {
      throw SuiteFile.Problem("\(folder.path): no plan.json (not a keybench-suite run folder)")
    }
    let data = try InputFile.data(path, maximumBytes: 64 << 20)
    guard let plan = try? CheckedJSON.value(of: data, path: path), plan["keybench_suite_plan"]?.int == 1,
      let list = plan["items"]?.objects
    else { throw SuiteFile.Problem("\(path): not a keybench-suite plan (version 1)") }
    suite = plan["suite"]?.string ?? ""
    figures = plan["figures"]?.array ?? []
    items = try list.enumerated().map { index, entry in
      guard let kind = entry["kind"]?.string.flatMap(SuitePlan.Item.Kind.init(rawValue:)), let name = entry["name"]?.string,
        let key = entry["key"]?.string, key.count == 64, key.allSatisfy(\.isHexDigit), let tool = entry["tool"]?.string,
        let arguments = entry["arguments"]?.strings
      else { throw SuiteFile.Problem("\(path): item \(index) is malformed") }
      // The entry's own name: before a grid point's `[…]` and a later round's `#N`.
      let entryName = name.split(separator: "[", maxSplits: 1).first?.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
      guard SuiteFile.isValidName(entryName) else {
        throw SuiteFile.Problem("\(path): item \(index) has the name \(name.debugDescription), which no suite makes")
      }
      let here = folder.standardizedFileURL.path
      var item = SuitePlan.Item(
        kind: kind, name: name, entry: entry["entry"]?.string ?? name, tool: tool, bench: entry["bench"]?.string,
        arguments: arguments.map { $0.hasPrefix(Self.outVariable + "/") ? here + $0.dropFirst(Self.outVariable.count) : $0 },
        output: entry["output"]?.string, key: key,
        // Where the command ran; older plans lack it (a stored plan's commands are never run again).
        folder: entry["folder"]?.string.map { URL(fileURLWithPath: $0) } ?? folder)
      if let round = entry["round"] {
        guard let number = round.int, (2...SuiteFile.maximumRepeats).contains(number) else {
          throw SuiteFile.Problem("\(path): item \(index) has a round outside 2…\(SuiteFile.maximumRepeats)")
        }
        item.round = number
      }
      return item
    }
  }

  /// How plan.json writes the output folder in arguments.
  static let outVariable = "${out}"

  public func store(_ item: SuitePlan.Item) -> URL { folder.appendingPathComponent("store").appendingPathComponent(item.key) }

  /// Whether `item`'s entry is sealed and unchanged (``StoreEntry``).
  public func isComplete(_ item: SuitePlan.Item) -> Bool { state(item) == .complete }

  public func state(_ item: SuitePlan.Item) -> StoreEntry.State { StoreEntry.state(of: store(item), item: item) }

  /// `OUT/runs/NAME` → `../store/KEY`, replaced in one rename, so results can be browsed and
  /// compared by name while other tasks write beside them.
  static func link(_ item: SuitePlan.Item, in out: URL) throws {
    guard item.kind == .run else { return }
    let link = out.appendingPathComponent("runs").appendingPathComponent(SuiteRunner.fileName(item.name)).path
    let temporary = link + ".link-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.removeItem(atPath: temporary)
    try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: "../store/\(item.key)")
    guard rename(temporary, link) == 0 else {
      throw SuiteFile.Problem("cannot link \(link): \(String(cString: strerror(errno)))")
    }
  }

  /// What figure rows read, by item name: each finished run's `summary.json` metrics, and the
  /// object in each finished step's output when that is a `.json` file (e.g. the error shares
  /// `keybench-typos analyze` writes).
  public var figureValues: [String: JSONValue] {
    var values: [String: JSONValue] = [:]
    for item in items where isComplete(item) {
      let file: String
      switch item.kind {
      case .run: file = "summary.json"
      case .step:
        guard let output = item.output, output.hasSuffix(".json") else { continue }
        file = output
      }
      let path = store(item).appendingPathComponent(file).path
      switch item.kind {
      case .run:
        // A run's summary through the typed reader, as every other reader takes it.
        guard let summary = try? SummaryFile(path: path) else { continue }
        values[item.name] = Self.figureMetrics(summary)
      case .step:
        // A step's JSON output: machine-written, so JSONDecoder reads it into the one value model.
        guard let data = try? InputFile.data(path, maximumBytes: 256 << 20),
          let value = try? JSONDecoder().decode(JSONValue.self, from: data), value.object != nil
        else { continue }
        values[item.name] = value
      }
    }
    return values
  }

  /// A run's `metrics` with its bootstrap statistics beside them as
  /// `statistics.ALGORITHM.NAME.{value, low, high, n}`, so a page can print an interval.
  static func figureMetrics(_ summary: SummaryFile) -> JSONValue? {
    guard var metrics = summary.json["metrics"]?.object else { return nil }
    var statistics: [String: [String: JSONValue]] = [:]
    for estimate in summary.statistics?.metrics ?? [] {
      var entry: [String: JSONValue] = ["n": .number(Double(estimate.n))]
      if let value = estimate.value { entry["value"] = .number(value) }
      if let low = estimate.low { entry["low"] = .number(low) }
      if let high = estimate.high { entry["high"] = .number(high) }
      statistics[estimate.algorithm, default: [:]][estimate.name] = .object(entry)
    }
    if metrics["statistics"] == nil, !statistics.isEmpty { metrics["statistics"] = .object(statistics.mapValues(JSONValue.object)) }
    return .object(metrics)
  }

  /// The file each figure value is read from, by item name: `NAME/summary.json` (its
  /// `metrics`) for a run, the output file for a step (``figureValues``).
  public var figureOrigins: [String: String] {
    var origins: [String: String] = [:]
    for item in items where item.round == 1 {
      origins[item.name] = item.kind == .run ? "\(item.name)/summary.json metrics" : item.output ?? item.name
    }
    return origins
  }

  /// How many rounds each run or step has in the plan, by its first round's name (figure pages' `NAME#*`).
  public var rounds: [String: Int] {
    Dictionary(items.map { (Self.firstRound($0), $0.round) }, uniquingKeysWith: max)
  }

  /// The report.md of a finished run, or the Markdown file a step wrote (`keybench-swipes stats
  /// --out`), for figure pages' `report` excerpts; nil without a result.
  public func report(of name: String) -> String? {
    guard let item = items.first(where: { $0.name == name }), isComplete(item) else { return nil }
    let file = item.kind == .run ? "report.md" : item.output ?? ""
    guard file.hasSuffix(".md") else { return nil }
    return (try? InputFile.data(store(item).appendingPathComponent(file).path, maximumBytes: 64 << 20)).flatMap { String(data: $0, encoding: .utf8) }
  }

  static func firstRound(_ item: SuitePlan.Item) -> String {
    item.round == 1 ? item.name : String(item.name.dropLast("#\(item.round)".count))
  }

  /// Runs with a result, by name.
  /// Rounds of one run (`"repeat": N`) are named by their first, with their round.
  public var finishedRuns: [Leaderboard.Source] {
    items.filter { $0.kind == .run && isComplete($0) }.map { item in
      Leaderboard.Source(name: Self.firstRound(item), folder: store(item), round: item.round)
    }
  }

  /// Joins shard folders of one suite into `out`: every sealed store entry (copied once, in place
  /// of an entry there that is not sealed) and the plan.
  ///
  /// - Throws: when the shards, or a plan already in `out`, come from different suites or plans
  ///   (keys differ for a name), naming both plan files.
  public static func merge(_ shards: [URL], into out: URL) throws -> SuiteOutput {
    let outputs = try shards.map { try SuiteOutput(folder: $0) }
    guard let first = outputs.first else { throw SuiteFile.Problem("give at least one shard folder") }
    // Content addresses decide identity; paths inside each shard's own folder do not.
    func identity(_ output: SuiteOutput) -> [String] { output.items.map { "\($0.kind.rawValue) \($0.name) \($0.key) \($0.round)" } }
    // A folder merged into before holds a plan too: its entries would be listed under another suite.
    let existing = FileManager.default.fileExists(atPath: out.appendingPathComponent("plan.json").path) ? [try SuiteOutput(folder: out)] : []
    for other in outputs.dropFirst() + existing where identity(other) != identity(first) {
      throw SuiteFile.Problem(
        "\(other.folder.appendingPathComponent("plan.json").path) is another plan than \(first.folder.appendingPathComponent("plan.json").path) "
          + "(different suite, inputs or build); merge shards of one `keybench-suite run` into a new folder")
    }
    let manager = FileManager.default
    try manager.createDirectory(at: out.appendingPathComponent("store"), withIntermediateDirectories: true)
    let lockPath = out.appendingPathComponent(SuiteRunner.lockName).path
    guard let lock = try FileLock.acquire(lockPath, mode: .exclusive) else {
      throw SuiteFile.Problem("\(out.path) is in use by a keybench-suite (\(FileLock.holder(of: lockPath) ?? "unknown process")); merge when it has finished")
    }
    defer { withExtendedLifetime(lock) {} }
    for output in outputs {
      for item in output.items where output.isComplete(item) {
        let target = out.appendingPathComponent("store").appendingPathComponent(item.key)
        // A sealed entry is the result of its key; anything else there (unfinished, damaged) is
        // replaced. The item's paths inside the shard are paths inside `out` there.
        let shard = output.folder.standardizedFileURL.path + "/"
        var moved = item
        moved.arguments = item.arguments.map { $0.hasPrefix(shard) ? out.standardizedFileURL.path + "/" + $0.dropFirst(shard.count) : $0 }
        if StoreEntry.state(of: target, item: moved) == .complete { continue }
        let temporary = out.appendingPathComponent("store").appendingPathComponent(".\(item.key).merge-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: temporary)
        try manager.copyItem(at: output.store(item).resolvingSymlinksInPath(), to: temporary)
        try SuiteRunner.replace(target, with: temporary)
      }
    }
    if out.standardizedFileURL != first.folder.standardizedFileURL {
      try? manager.removeItem(at: out.appendingPathComponent("plan.json"))
      try manager.copyItem(at: first.folder.appendingPathComponent("plan.json"), to: out.appendingPathComponent("plan.json"))
    }
    let merged = try SuiteOutput(folder: out)
    try manager.createDirectory(at: out.appendingPathComponent("runs"), withIntermediateDirectories: true)
    for item in merged.items where merged.isComplete(item) { try link(item, in: out) }
    return merged
  }
}
