public import Foundation

/// Where one benchmark result came from: code, machine, command, exact inputs, items counted and
/// dropped, effective configuration and seed.
///
/// Every benchmark writes it into `summary.json` (`provenance`, Reports/FORMATS.md) and
/// `report.md` ("How this was made"), so a result folder can be reproduced and two folders told
/// apart from what they contain, and `keybench-report gate` can refuse to compare runs of
/// different inputs. One type serves all benchmarks and sweeps.
public struct Provenance: Sendable {
  /// One input file, identified by its bytes rather than its name.
  public struct Input: Sendable, Equatable {
    /// What the file is to the benchmark: `corpus`, `pairs`, `text`, `train`, `error_model`, …
    public var role: String
    /// The path as given on the command line.
    public var path: String
    /// Nil for an input known only by its recorded digest (counts stored from a file earlier).
    public var bytes: Int?
    public var sha256: String

    public init(role: String, path: String, bytes: Int?, sha256: String) {
      self.role = role
      self.path = path
      self.bytes = bytes
      self.sha256 = sha256
    }

    /// Measures the file at `path` (its digest remembered by ``DigestMemo`` while the file is
    /// unchanged).
    ///
    /// - Throws: ``InputFileError`` when it cannot be read.
    public init(role: String, path: String) throws {
      // Only regular files: hashing a FIFO would block forever.
      let bytes = try InputFile.requireRegular(path)
      self.init(role: role, path: path, bytes: bytes, sha256: try DigestMemo.sha256Hex(ofFileAt: path))
    }
  }

  /// A lexicon by the digest of its content (words, frequencies, flags), not of the database file,
  /// which changes with every unrelated write.
  public struct LexiconContent: Sendable, Equatable {
    public var name: String
    public var words: Int
    public var sha256: String
    public init(name: String, words: Int, sha256: String) {
      self.name = name
      self.words = words
      self.sha256 = sha256
    }
  }

  /// Items read, scored and left out, with a count per reason: nothing is dropped without a word.
  public struct Items: Sendable, Equatable {
    /// What one item is (`gestures`, `pairs`, `words`, `taps`, `captions`).
    public var unit: String
    public var read: Int
    /// Reasons in the order they were first recorded, with counts.
    public private(set) var excluded: [(reason: String, count: Int)] = []

    public init(unit: String, read: Int) {
      self.unit = unit
      self.read = read
    }

    /// Items that were scored: those read minus those excluded.
    public var scored: Int { read - excluded.reduce(0) { $0 + $1.count } }

    /// Records `count` items left out for `reason` (zero counts are not recorded).
    public mutating func exclude(_ count: Int, _ reason: String) {
      guard count > 0 else { return }
      if let index = excluded.firstIndex(where: { $0.reason == reason }) {
        excluded[index].count += count
      } else {
        excluded.append((reason, count))
      }
    }

    /// One line per reason, for stderr: `12 of 200 gestures skipped: target shorter than 2 letters`.
    public var skipLines: [String] {
      excluded.map { "\($0.count) of \(read) \(unit) skipped: \($0.reason)" }
    }

    public static func == (lhs: Items, rhs: Items) -> Bool {
      lhs.unit == rhs.unit && lhs.read == rhs.read && lhs.excluded.map(\.reason) == rhs.excluded.map(\.reason)
        && lhs.excluded.map(\.count) == rhs.excluded.map(\.count)
    }
  }

  public var version: String
  public var revision: SourceRevision
  public var created: Date
  public var commandLine: [String]
  public var inputs: [Input]
  public var lexicon: LexiconContent?
  public var items: Items
  /// The seed of every random draw of the run, nil when nothing is drawn.
  public var seed: UInt64?
  /// Candidates scored per item (top-k), nil when the benchmark has none.
  public var top: Int?
  /// External algorithms of the run (`--plugin`), as each introduced itself.
  public var plugins: [Plugin] = []
  /// Items processed at once (`--jobs`), nil for benchmarks that always take one at a time.
  public var jobs: Int?
  /// How far the per-item times can be trusted (with `jobs`): above one job they overlap, and
  /// gates and `keybench-report time-ratio` refuse to judge them.
  public var timing: String?

  /// An external algorithm run through the plug-in protocol (Plugins/PROTOCOL.md): the command
  /// KeyBench started and what the plug-in said it is, so a result names the exact algorithm.
  public struct Plugin: Sendable, Equatable {
    /// The run's label for it (`NAME` of `--plugin NAME=COMMAND`).
    public var name: String
    public var command: String
    /// The name and version the plug-in reported in its handshake.
    public var reportedName: String
    public var version: String
    /// Its reported configuration as canonical JSON (sorted keys), `{}` when it gave none.
    public var config: String
    /// Times and counts of the run (nil before the plug-in finished).
    public var measures: PluginMeasures?
    /// Items it failed on under `--on-plugin-error skip`, each with the rule it broke.
    public var failedItems: [FailedItem] = []
    /// What `--plugin-check-determinism` found; nil when the plug-in was not checked.
    public var determinism: Determinism?
    /// Its standard error, kept in the run folder as `plugins/NAME.stderr`.
    public var log: Log?

    public init(name: String, command: String, reportedName: String, version: String, config: String) {
      self.name = name
      self.command = command
      self.reportedName = reportedName
      self.version = version
      self.config = config
    }

    /// What the plug-in says it is, for a line of report.md: `NAME VERSION, config `{…}``, every
    /// part it chose escaped (``MarkdownText``).
    public var selfDescription: String {
      "\(MarkdownText.inline(reportedName)) \(MarkdownText.inline(version)), config \(MarkdownText.code(config))"
    }

    /// One item a plug-in failed on: the id results.csv gives the item, and why.
    public struct FailedItem: Sendable, Equatable {
      public var item: String
      public var reason: String
      public init(item: String, reason: String) {
        self.item = item
        self.reason = reason
      }
    }

    /// A replay of the first items in a fresh process: how many, and the first difference.
    public struct Determinism: Sendable, Equatable {
      public var replayed: Int
      public var differing: Int
      /// The first item answered differently, with both answers; nil when all agreed.
      public var firstDifference: String?
      public init(replayed: Int, differing: Int, firstDifference: String?) {
        self.replayed = replayed
        self.differing = differing
        self.firstDifference = firstDifference
      }
      /// One line for reports and the terminal.
      public var finding: String {
        differing == 0
          ? "\(replayed) items replayed in a fresh process: the same answers"
          : "\(differing) of \(replayed) items replayed in a fresh process answered differently; first: \(firstDifference ?? "?")"
      }
    }

    /// The plug-in's standard error as kept: at most ``Log/limit`` bytes, cut in the middle.
    public struct Log: Sendable, Equatable {
      /// The most bytes kept of a plug-in's standard error.
      public static let limit = 1 << 20
      public var text: String
      /// Bytes it wrote in all.
      public var bytes: Int
      public var cut: Bool { bytes > text.utf8.count }
      public init(text: String, bytes: Int) {
        self.text = text
        self.bytes = bytes
      }
    }

    /// The file its log is kept in, relative to the run folder.
    public var logFile: String { "plugins/\(name).stderr" }
  }

  /// The files a run folder keeps beside its results: each plug-in's standard error.
  public var attachedFiles: [(name: String, text: String)] {
    plugins.compactMap { plugin in plugin.log.map { (plugin.logFile, $0.text) } }
  }

  /// Captures the build, the machine, the time and the command line of this process.
  public init(
    inputs: [Input], lexicon: LexiconContent? = nil, items: Items, seed: UInt64? = nil, top: Int? = nil, plugins: [Plugin] = []
  ) {
    version = BuildInfo.version
    revision = SourceRevision.current
    created = Date()
    commandLine = CommandLine.arguments
    self.inputs = inputs
    self.lexicon = lexicon
    self.items = items
    self.seed = seed
    self.top = top
    self.plugins = plugins
  }

  /// Inputs measured from (role, path) pairs, skipping nil paths.
  public static func inputs(_ files: [(role: String, path: String?)]) throws -> [Input] {
    try files.compactMap { file in try file.path.map { try Input(role: file.role, path: $0) } }
  }

  /// The canonical bytes of a JSON configuration (sorted keys, no whitespace) that its digest covers.
  public static func canonicalJSON(_ config: JSONValue) throws -> Data {
    Data(try config.canonicalText().utf8)
  }

  /// SHA-256 (hex) of ``canonicalJSON(_:)``.
  public static func digest(ofConfig config: JSONValue) throws -> String {
    var digest = ContentDigest()
    digest.update(try canonicalJSON(config))
    return digest.finalize()
  }

  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  /// The `provenance` object of `summary.json`, with `config` (the effective configuration, the
  /// same object as the summary's top-level `config`) and its digest.
  public func json(config: JSONValue) throws -> JSONValue {
    var object: [String: JSONValue] = [
      "keybench": [
        "version": .string(version), "commit": .string(revision.commit), "uncommitted_changes": .string(revision.dirty),
        "executable_sha256": .string(BuildInfo.executableSHA256),
      ],
      "created_utc": .string(Self.timestamp(created)),
      "host": [
        "swift": .string(BuildInfo.swiftVersion), "os": .string(BuildInfo.operatingSystem), "arch": .string(BuildInfo.architecture),
        "cores": JSONValue(ProcessInfo.processInfo.activeProcessorCount), "machine_reference_seconds": .number(MachineReference.rounded),
        "machine_reference": [
          "measured_by": .string(MachineReference.reading.measuredBy),
          "measured_utc": .string(Self.timestamp(MachineReference.reading.measured)), "method": .string(MachineReference.method),
        ],
      ],
      "command_line": .array(commandLine.map(JSONValue.string)),
      "inputs": .array(inputs.map {
        ["role": .string($0.role), "path": .string($0.path), "bytes": $0.bytes.map { JSONValue($0) } ?? .null, "sha256": .string($0.sha256)]
      }),
      "items": [
        "unit": .string(items.unit), "read": JSONValue(items.read), "scored": JSONValue(items.scored),
        "excluded": .array(items.excluded.map { ["reason": .string($0.reason), "count": JSONValue($0.count)] }),
      ],
      "config": config,
      "config_sha256": .string(try Self.digest(ofConfig: config)),
      "seed": seed.map { JSONValue($0) } ?? .null,
      "top_k": top.map { JSONValue($0) } ?? .null,
    ]
    if !plugins.isEmpty {
      object["plugins"] = .array(try plugins.map { plugin -> JSONValue in
        // Canonical JSON KeyBench made from the plug-in's checked handshake: machine-written.
        let config = try JSONDecoder().decode(JSONValue.self, from: Data(plugin.config.utf8))
        var entry: [String: JSONValue] = [
          "name": .string(plugin.name), "command": .string(plugin.command), "reported_name": .string(plugin.reportedName),
          "version": .string(plugin.version), "config": config, "config_sha256": .string(try Self.digest(ofConfig: config)),
          "failed_items": .array(plugin.failedItems.map { ["item": .string($0.item), "reason": .string($0.reason)] }),
          "determinism": plugin.determinism.map {
            [
              "checked": true, "replayed": JSONValue($0.replayed), "differing": JSONValue($0.differing),
              "first_difference": JSONValue($0.firstDifference), "finding": .string($0.finding),
            ]
          } ?? ["checked": false],
        ]
        if let measures = plugin.measures {
          entry["load_seconds"] = .number(measures.loadSeconds)
          entry["requests"] = JSONValue(measures.requests)
          entry["out_of_lexicon_items"] = measures.outOfLexiconItems.map { JSONValue($0) } ?? .null
        }
        if let log = plugin.log {
          entry["stderr"] = ["file": .string(plugin.logFile), "bytes": JSONValue(log.bytes), "cut": .bool(log.cut)]
        }
        return .object(entry)
      })
    }
    if let jobs {
      object["jobs"] = JSONValue(jobs)
      object["timing"] = JSONValue(timing)
    }
    object["lexicon"] = lexicon.map { ["name": .string($0.name), "words": JSONValue($0.words), "content_sha256": .string($0.sha256)] } ?? .null
    return .object(object)
  }

  /// A standalone `provenance.json` (for folders without a `summary.json`, such as sweeps).
  public func fileText(config: JSONValue) throws -> String {
    try json(config: config).prettyText() + "\n"
  }

  /// The "How this was made" block of `report.md`.
  public func markdown(config: JSONValue) throws -> String {
    func short(_ hash: String) -> String { String(hash.prefix(12)) }
    var lines = [
      "## How this was made", "",
      "- KeyBench \(version), commit `\(revision.commit == "unknown" ? "unknown" : short(revision.commit))`"
        + (revision.dirty == "true" ? " with uncommitted changes" : revision.dirty == "unknown" ? " (working tree state unknown)" : "")
        + ", executable sha256 `\(short(BuildInfo.executableSHA256))…`",
      "- \(Self.timestamp(created)) on \(BuildInfo.operatingSystem) \(BuildInfo.architecture), "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores, Swift \(BuildInfo.swiftVersion), "
        + "machine reference \(String(format: "%.3f", MachineReference.rounded)) s (SHA-256 of 256 MiB in process; lower is faster"
        + (MachineReference.reading.isOwn
          ? ")" : "; measured by \(MachineReference.reading.measuredBy) at \(Self.timestamp(MachineReference.reading.measured)))"),
      "- command: `\(commandLine.joined(separator: " "))`",
    ]
    if let peak = Summary.recordedPeakResidentMiB {
      lines.append("- peak resident set \(CSV.number(peak)) MiB (the whole process, up to writing this report)")
    }
    for input in inputs {
      lines.append("- \(input.role): `\(input.path)`" + (input.bytes.map { ", \($0) bytes" } ?? "") + ", sha256 `\(short(input.sha256))…`")
    }
    if let lexicon {
      lines.append("- lexicon: \(lexicon.name), \(lexicon.words) words, content sha256 `\(short(lexicon.sha256))…`")
    }
    lines.append("- \(items.unit): \(items.read) read, \(items.scored) scored"
      + (items.excluded.isEmpty ? "" : "; left out: " + items.excluded.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")))
    for plugin in plugins {
      lines.append("- plug-in \(plugin.name): \(MarkdownText.code(plugin.command)), reports itself as \(plugin.selfDescription)")
      if let measures = plugin.measures {
        lines.append("  - loaded in \(String(format: "%.2f", measures.loadSeconds)) s, \(measures.requests) requests"
          + (measures.outOfLexiconItems.map { ", \($0) items answered with words outside the lexicon" } ?? ""))
      }
      if !plugin.failedItems.isEmpty {
        lines.append("  - failed on \(plugin.failedItems.count) items (--on-plugin-error skip; scored as misses):")
        for failed in plugin.failedItems.prefix(20) { lines.append("    - item \(MarkdownText.inline(failed.item)): \(MarkdownText.inline(failed.reason, limit: 600))") }
        if plugin.failedItems.count > 20 { lines.append("    - … \(plugin.failedItems.count - 20) more in summary.json") }
      }
      lines.append("  - determinism: " + (plugin.determinism.map { MarkdownText.inline($0.finding, limit: 600) } ?? "not checked (--plugin-check-determinism N)"))
      if let log = plugin.log {
        lines.append("  - its stderr: `\(plugin.logFile)`, \(log.bytes) bytes" + (log.cut ? ", cut to \(log.text.utf8.count) (the start and the end kept)" : ""))
      }
    }
    if let jobs, let timing { lines.append("- \(jobs) job\(jobs == 1 ? "" : "s"); timing: \(timing)") }
    lines.append("- config sha256 `\(short(try Self.digest(ofConfig: config)))…`"
      + (seed.map { ", seed \($0)" } ?? "") + (top.map { ", top-\($0)" } ?? ""))
    return lines.joined(separator: "\n") + "\n"
  }
}
