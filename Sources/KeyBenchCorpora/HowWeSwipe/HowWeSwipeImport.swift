public import Foundation
import KeyBenchCore

/// Imports How We Swipe logs (files or folders of `.log`) into one swipe corpus.
///
/// Logs are read in path order so the output is stable. Per-user metadata (the study's JSON per
/// user: device, swipe hand and finger, …) is joined when a `metadata` folder is found beside
/// the logs (as `Scripts/fetch-corpora` extracts them) or given explicitly; a folder given
/// explicitly must exist and hold user JSON. With a manifest, every log's counts must agree with
/// it. The corpus replaces `output` only when the import succeeded: at least one gesture kept,
/// no log refused, the manifest (if any) agreeing.
public struct HowWeSwipeImport {
  public var log: HowWeSwipeLog
  /// Folder (searched recursively) of `<user>.json` files; nil: look beside the inputs.
  public var metadataDirectory: URL?
  /// The curator's manifest (TSV) every imported log's counts are checked against.
  public var manifest: String?
  /// The study's stimuli folder (holding `mem200.txt`, its natural phrases); nil: a `stimuli`
  /// folder beside the logs, else the shared corpora's (`KEYBENCH_CORPORA`).
  public var stimuliDirectory: URL?

  public init(includeRejected: Bool = false, metadataDirectory: URL? = nil, manifest: String? = nil, stimuliDirectory: URL? = nil) {
    log = HowWeSwipeLog(includeRejected: includeRejected)
    self.metadataDirectory = metadataDirectory
    self.manifest = manifest
    self.stimuliDirectory = stimuliDirectory
  }

  /// The phrase list's file name inside the stimuli folder.
  public static let phrasesFile = "mem200.txt"

  /// The natural phrases of the stimuli folder given or found, and the file they came from; nil
  /// when none is found (gestures are then left without a prompt kind).
  ///
  /// - Throws: ``InputFileError`` when a folder was given explicitly but holds no phrase list.
  func phrases(near log: URL) throws -> (set: Set<String>, path: String, sha256: String)? {
    func holdsPhrases(_ folder: URL) -> Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent(Self.phrasesFile).path) }
    let corpora = ProcessInfo.processInfo.environment["KEYBENCH_CORPORA"].flatMap { $0.isEmpty ? nil : $0 } ?? "../shared/corpora"
    let shared = URL(fileURLWithPath: corpora).appendingPathComponent("swipes/hws/stimuli")
    let found = stimuliDirectory ?? Self.treeFolder("stimuli", near: log, accept: holdsPhrases) ?? shared
    if holdsPhrases(found) {
      let file = found.appendingPathComponent(Self.phrasesFile).path
      let data = try InputFile.data(file, maximumBytes: 4 << 20)
      let text = String(decoding: data, as: UTF8.self)
      let phrases = Set(text.split(whereSeparator: \.isNewline).map { HowWeSwipeLog.PromptKind.normalized(String($0)) }.filter { !$0.isEmpty })
      guard !phrases.isEmpty else { throw InputFileError(path: file, kind: .empty, reason: "holds no phrase") }
      // The corpus records the list by content, not by path: the same import on another machine
      // (another checkout folder) gives the same bytes.
      var digest = ContentDigest()
      digest.update(data)
      return (phrases, file, digest.finalize())
    }
    if let stimuliDirectory {
      throw InputFileError(path: stimuliDirectory.path, kind: .unreadable, reason: "holds no \(Self.phrasesFile) (the study's natural phrases)")
    }
    return nil
  }

  /// Result of an import.
  public struct Summary: Sendable {
    public var counts: HowWeSwipeLog.Counts
    /// Logs whose user had a metadata file.
    public var usersWithMetadata: Int
    public var metadataDirectory: URL?
    /// Per log file name: (complete, accepted).
    public var perLog: [String: (complete: Int, accepted: Int)]
    /// Per log file name: (complete, accepted) counted as the curator's manifest counts them.
    public var manifestCounts: [String: (complete: Int, accepted: Int)] = [:]
    /// The check against ``HowWeSwipeImport/manifest``, when one was given.
    public var manifest: HowWeSwipeManifest.Comparison?
    /// The phrase list prompts were told apart by (nil: gestures carry no prompt kind).
    public var phrases: String?
  }

  /// The import read its logs but the manifest disagrees; the corpus was not written.
  public struct ManifestMismatch: Error, CustomStringConvertible {
    public var manifest: String
    public var summary: Summary
    public var comparison: HowWeSwipeManifest.Comparison
    public var description: String {
      let shown = comparison.differences.prefix(10).joined(separator: "; ")
      let more = comparison.differences.count > 10 ? "; … and \(comparison.differences.count - 10) more" : ""
      return "\(manifest): \(comparison.differingLogs.count) of \(summary.counts.logs) logs differ from the manifest: \(shown)\(more)"
    }
  }

  /// The `.log` files under `inputs`, sorted by path.
  ///
  /// - Throws: ``InputFileError`` for a missing input, a `.tar.xz` that was not extracted,
  ///   inputs with no logs, or two logs of the same user (file name) in different folders.
  public static func logFiles(in inputs: [String]) throws -> [URL] {
    var files: [URL] = []
    for input in inputs {
      guard !input.hasSuffix(".tar.xz") else {
        throw InputFileError(
          path: input, kind: .unreadable,
          reason: "an archive; run Scripts/fetch-corpora to extract it, then import the folder .keybench/cache/corpora/swipes/hws/raw_logs")
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
        throw InputFileError(path: input, kind: .unreadable, reason: "no such file or folder")
      }
      if isDirectory.boolValue {
        files += Self.files(withExtension: "log", under: URL(fileURLWithPath: input))
      } else {
        files.append(URL(fileURLWithPath: input))
      }
    }
    let unique = Array(Set(files.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    guard !unique.isEmpty else {
      throw InputFileError(path: inputs.joined(separator: " "), kind: .empty, reason: "no .log files found")
    }
    var byName: [String: URL] = [:]
    for file in unique {
      if let other = byName[file.lastPathComponent] {
        throw InputFileError(
          path: file.path, kind: .malformed,
          reason: "a second log of user \(file.deletingPathExtension().lastPathComponent) (also \(other.path)); gesture ids would repeat — import one of them")
      }
      byName[file.lastPathComponent] = file
    }
    return unique
  }

  private static func files(withExtension ext: String, under root: URL) -> [URL] {
    var files: [URL] = []
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      if url.pathExtension == ext { files.append(url) }
    }
    return files
  }

  /// Imports `inputs` into the corpus at `output` (written atomically).
  ///
  /// - Throws: ``InputFileError`` for unusable inputs (a missing metadata folder or manifest, a
  ///   log that is not a How We Swipe log, bad user JSON) or when no gesture at all was kept;
  ///   ``ManifestMismatch`` when a manifest was given and disagrees. `output` is then untouched.
  public func run(
    inputs: [String], output: String, progress: (Int, Int) -> Void = { _, _ in }
  ) throws -> Summary {
    let files = try Self.logFiles(in: inputs)
    if let manifest { try InputFile.requireRegular(manifest) }
    let metadataFolder: URL?
    if let metadataDirectory {
      try Self.requireMetadataFolder(metadataDirectory)
      metadataFolder = metadataDirectory
    } else {
      metadataFolder = Self.findMetadata(near: files[0])
    }
    let metadataFiles = metadataFolder.map(Self.jsonFiles(under:)) ?? [:]
    var log = log
    let phrases = try phrases(near: files[0])
    log.phrases = phrases?.set
    let writer = try SwipeCorpus.Writer(
      path: output,
      header: SwipeCorpus.Header(
        createdBy: "keybench-swipes import-hws",
        provenance: [
          "source": "How We Swipe (Leiva, Kim, Cui, Bi, Oulasvirta, MobileHCI 2021)",
          "logs": String(files.count),
          "include_rejected": String(log.includeRejected),
        ].merging(phrases.map { ["phrases": "\(Self.phrasesFile) sha256 \($0.sha256)"] } ?? [:]) { $1 }))
    var summary = Summary(counts: .init(), usersWithMetadata: 0, metadataDirectory: metadataFolder, perLog: [:])
    summary.phrases = phrases?.path
    for (index, file) in files.enumerated() {
      let user = file.deletingPathExtension().lastPathComponent
      var metadata: [String: String] = [:]
      if let json = metadataFiles[user] {
        metadata = try HowWeSwipeUser.metadata(from: json)
        summary.usersWithMetadata += 1
      }
      let counts = try log.parse(path: file.path, user: user, metadata: metadata) { try writer.append($0) }
      summary.counts = summary.counts + counts
      summary.perLog[file.lastPathComponent] = (counts.complete, counts.accepted)
      summary.manifestCounts[file.lastPathComponent] = (counts.manifestComplete, counts.accepted)
      progress(index + 1, files.count)
    }
    guard summary.counts.kept > 0 else {
      let c = summary.counts
      var why = "\(c.rows) rows, \(c.complete) complete gestures"
      if c.droppedRejected > 0 { why += ", \(c.droppedRejected) rejected by the app (--include-rejected keeps them)" }
      if c.droppedBad > 0 { why += ", \(c.droppedBad) with bad values" }
      throw InputFileError(
        path: files.count == 1 ? files[0].path : inputs.joined(separator: " "), kind: .empty,
        reason: "no gesture to import (\(why)); the corpus was not written")
    }
    if let manifest {
      let comparison = try HowWeSwipeManifest.compare(path: manifest, with: summary.manifestCounts)
      summary.manifest = comparison
      guard comparison.agrees else {
        throw ManifestMismatch(manifest: manifest, summary: summary, comparison: comparison)
      }
    }
    try writer.finish()
    return summary
  }

  /// An explicitly given metadata folder must exist and hold user JSON: a mistyped path would
  /// otherwise silently drop every user's device, hand and finger.
  static func requireMetadataFolder(_ folder: URL) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
      throw InputFileError(path: folder.path, kind: .unreadable, reason: "no such metadata folder")
    }
    guard isDirectory.boolValue else {
      throw InputFileError(path: folder.path, kind: .unreadable, reason: "is not a folder; --metadata takes the folder of <user>.json files")
    }
    guard !jsonFiles(under: folder).isEmpty else {
      throw InputFileError(path: folder.path, kind: .empty, reason: "holds no .json user metadata files")
    }
  }

  /// The `metadata` folder of a How We Swipe tree above a log, if any.
  static func findMetadata(near log: URL) -> URL? {
    treeFolder("metadata", near: log) { !jsonFiles(under: $0).isEmpty }
  }

  /// The folder `name` of a How We Swipe tree beside a log or up to three levels above it (as
  /// `Scripts/fetch-corpora` extracts the tree), the first that `accept`s; nil when none does.
  static func treeFolder(_ name: String, near log: URL, accept: (URL) -> Bool) -> URL? {
    var folder = log.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue, accept(candidate) {
        return candidate
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }

  static func jsonFiles(under folder: URL) -> [String: URL] {
    Dictionary(
      files(withExtension: "json", under: folder).map { ($0.deletingPathExtension().lastPathComponent, $0) },
      uniquingKeysWith: { first, _ in first })
  }
}

/// The study's per-user JSON, reduced to the facts a benchmark groups by.
public enum HowWeSwipeUser {
  /// The largest user file read (1 MiB; the study's are under 1 KiB).
  public static let maximumBytes = 1 << 20

  /// `hand`, `finger`, `dominant_hand`, `device` (model from the user agent), `platform`, `age`,
  /// `familiarity`, `english_level`, `screen` (CSS px) — each only when present.
  public static func metadata(from file: URL) throws -> [String: String] {
    let parsed = try CheckedJSON.load(path: file.path, maximumBytes: maximumBytes)
    guard case .object(let json) = parsed.root else {
      throw InputFileError(path: file.path, line: parsed.line(of: ""), kind: .malformed, reason: "user metadata is not a JSON object")
    }
    func value(_ key: String) -> String? {
      switch json[key] {
      case .string(let text)? where !text.isEmpty: return text
      // The study writes whole numbers (age, screen size): printed without a fraction.
      case .number(let number)?: return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
      default: return nil
      }
    }
    var result: [String: String] = [:]
    result["hand"] = value("swipeHand")
    result["finger"] = value("swipeFinger")
    result["dominant_hand"] = value("dominantHand")
    result["platform"] = value("platform")
    result["age"] = value("age")
    result["familiarity"] = value("familiarity")
    result["english_level"] = value("englishLevel")
    if let width = value("screenWidth"), let height = value("screenHeight") {
      result["screen"] = "\(width)x\(height)"
    }
    if let agent = value("userAgent"), let device = deviceModel(fromUserAgent: agent) {
      result["device"] = device
    }
    return result
  }

  /// The model in an Android user agent: `Mozilla/5.0 (Linux; Android 9; LM-Q720) …` → `LM-Q720`.
  static func deviceModel(fromUserAgent agent: String) -> String? {
    guard let open = agent.firstIndex(of: "("), let close = agent[open...].firstIndex(of: ")")
    else { return nil }
    let parts = agent[agent.index(after: open)..<close].split(separator: ";").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let android = parts.firstIndex(where: { $0.hasPrefix("Android") }), android + 1 < parts.count
    else { return nil }
    let model = parts[android + 1].replacingOccurrences(of: " Build/", with: "|").split(separator: "|").first
    return model.map(String.init).flatMap { $0.isEmpty || $0 == "wv" ? nil : $0 }
  }
}
