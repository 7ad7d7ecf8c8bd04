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

    /// Measures the file at `path`.
    ///
    /// - Throws: ``InputFileError`` when it cannot be read.
    public init(role: String, path: String) throws {
      // Only regular files: hashing a FIFO would block forever.
      let bytes = try InputFile.requireRegular(path)
      self.init(role: role, path: path, bytes: bytes, sha256: try FileDigest.sha256Hex(ofFileAt: path))
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

    public init(name: String, command: String, reportedName: String, version: String, config: String) {
      self.name = name
      self.command = command
      self.reportedName = reportedName
      self.version = version
      self.config = config
    }
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
  public static func canonicalJSON(_ config: Any) throws -> Data {
    try JSONSerialization.data(withJSONObject: config, options: [.sortedKeys, .withoutEscapingSlashes])
  }

  /// SHA-256 (hex) of ``canonicalJSON(_:)``.
  public static func digest(ofConfig config: Any) throws -> String {
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
  public func jsonObject(config: Any) throws -> [String: Any] {
    var object: [String: Any] = [
      "keybench": [
        "version": version, "commit": revision.commit, "uncommitted_changes": revision.dirty,
        "executable_sha256": BuildInfo.executableSHA256,
      ],
      "created_utc": Self.timestamp(created),
      "host": [
        "swift": BuildInfo.swiftVersion, "os": BuildInfo.operatingSystem, "arch": BuildInfo.architecture,
        "cores": ProcessInfo.processInfo.activeProcessorCount, "machine_reference_seconds": MachineReference.rounded,
      ],
      "command_line": commandLine,
      "inputs": inputs.map { ["role": $0.role, "path": $0.path, "bytes": $0.bytes.map { $0 as Any } ?? NSNull(), "sha256": $0.sha256] },
      "items": [
        "unit": items.unit, "read": items.read, "scored": items.scored,
        "excluded": items.excluded.map { ["reason": $0.reason, "count": $0.count] },
      ],
      "config": config,
      "config_sha256": try Self.digest(ofConfig: config),
      "seed": seed.map { NSNumber(value: $0) } ?? NSNull(),
      "top_k": top.map { $0 as Any } ?? NSNull(),
    ]
    if !plugins.isEmpty {
      object["plugins"] = try plugins.map { plugin -> [String: Any] in
        let config = try JSONSerialization.jsonObject(with: Data(plugin.config.utf8))
        return [
          "name": plugin.name, "command": plugin.command, "reported_name": plugin.reportedName,
          "version": plugin.version, "config": config, "config_sha256": try Self.digest(ofConfig: config),
        ]
      }
    }
    object["lexicon"] = lexicon.map { ["name": $0.name, "words": $0.words, "content_sha256": $0.sha256] } ?? NSNull()
    return object
  }

  /// A standalone `provenance.json` (for folders without a `summary.json`, such as sweeps).
  public func fileText(config: Any) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: try jsonObject(config: config), options: [.prettyPrinted, .sortedKeys])
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The "How this was made" block of `report.md`.
  public func markdown(config: Any) throws -> String {
    func short(_ hash: String) -> String { String(hash.prefix(12)) }
    var lines = [
      "## How this was made", "",
      "- KeyBench \(version), commit `\(revision.commit == "unknown" ? "unknown" : short(revision.commit))`"
        + (revision.dirty == "true" ? " with uncommitted changes" : revision.dirty == "unknown" ? " (working tree state unknown)" : "")
        + ", executable sha256 `\(short(BuildInfo.executableSHA256))…`",
      "- \(Self.timestamp(created)) on \(BuildInfo.operatingSystem) \(BuildInfo.architecture), "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores, Swift \(BuildInfo.swiftVersion), "
        + "machine reference \(String(format: "%.3f", MachineReference.rounded)) s (SHA-256 of 256 MiB in process; lower is faster)",
      "- command: `\(commandLine.joined(separator: " "))`",
    ]
    for input in inputs {
      lines.append("- \(input.role): `\(input.path)`" + (input.bytes.map { ", \($0) bytes" } ?? "") + ", sha256 `\(short(input.sha256))…`")
    }
    if let lexicon {
      lines.append("- lexicon: \(lexicon.name), \(lexicon.words) words, content sha256 `\(short(lexicon.sha256))…`")
    }
    lines.append("- \(items.unit): \(items.read) read, \(items.scored) scored"
      + (items.excluded.isEmpty ? "" : "; left out: " + items.excluded.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")))
    for plugin in plugins {
      lines.append("- plug-in \(plugin.name): `\(plugin.command)`, reports itself as \(plugin.reportedName) \(plugin.version), config `\(plugin.config)`")
    }
    lines.append("- config sha256 `\(short(try Self.digest(ofConfig: config)))…`"
      + (seed.map { ", seed \($0)" } ?? "") + (top.map { ", top-\($0)" } ?? ""))
    return lines.joined(separator: "\n") + "\n"
  }
}
