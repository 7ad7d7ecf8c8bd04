public import Foundation
import KeyBenchCore
import KeyBenchResults

/// One item's folder in a suite's store (`OUT/store/KEY/`), trusted only when it is sealed.
///
/// A folder that merely exists proves nothing: a copy cut short, a summary truncated or edited by
/// hand, a symbolic link to somewhere else all look finished. So an entry is made in a private
/// temporary folder, its content checked (a run's summary against the result schema, a step's
/// output present and, for JSON, readable), sealed with a manifest of every file's size and
/// SHA-256, and only then renamed into place. Every read checks the manifest again, so an entry
/// that was changed afterwards counts as invalid (and is run again), never as finished.
public enum StoreEntry {
  /// The manifest's file name inside an entry.
  public static let manifestName = ".keybench-entry.json"
  /// Entries beyond these sizes are refused rather than hashed for minutes.
  static let maximumFiles = 10_000
  static let maximumBytes: Int64 = 64 << 30
  static let sqliteSideSuffixes = ["-journal", "-wal", "-shm"]

  public enum State: Sendable, Equatable {
    case missing
    case complete
    /// Present but not trustworthy; the text says why.
    case invalid(String)
  }

  /// The state of `folder` as the entry of `item`.
  public static func state(of folder: URL, item: SuitePlan.Item) -> State {
    var isFolder: ObjCBool = false
    let path = folder.path
    guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil else {
      return .invalid("\(path) is a symbolic link, not an entry the suite made")
    }
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
    guard isFolder.boolValue else { return .invalid("\(path) is not a folder") }
    let manifestPath = folder.appendingPathComponent(manifestName).path
    guard FileManager.default.fileExists(atPath: manifestPath) else {
      return .invalid("\(path) has no \(manifestName) (unfinished, or made by a KeyBench before sealed entries)")
    }
    do {
      let manifest = try Manifest.read(manifestPath)
      guard manifest.key == item.key else { return .invalid("\(manifestPath) seals the entry \(manifest.key.prefix(12)), not \(item.key.prefix(12))") }
      // The plan names this key for this command: a plan edited by hand (keys swapped between
      // runs) would otherwise show one run's results under another's name.
      guard manifest.command == command(of: item, entry: folder) else {
        return .invalid("\(path) holds the result of another command than the plan's '\(item.name)' (was plan.json edited?)")
      }
      let found = try files(in: folder)
      let sealed = Set(manifest.files.map(\.path))
      for file in found.keys.sorted() where !sealed.contains(file) { return .invalid("\(path)/\(file) was added after the entry was sealed") }
      for file in manifest.files {
        let filePath = folder.appendingPathComponent(file.path).path
        guard let bytes = found[file.path] else { return .invalid("\(filePath) is missing") }
        guard bytes == file.bytes else { return .invalid("\(filePath) has \(bytes) bytes, sealed with \(file.bytes)") }
        guard try FileDigest.sha256Hex(ofFileAt: filePath) == file.sha256 else { return .invalid("\(filePath) changed after the entry was sealed") }
      }
      guard found[item.completionMarker] != nil else { return .invalid("\(path) holds no \(item.completionMarker)") }
      return .complete
    } catch {
      return .invalid("\(error)")
    }
  }

  /// Checks the content of a finished item's temporary folder and writes its manifest.
  ///
  /// - Throws: ``SuiteFile/Problem`` saying what is wrong with the output (the item then fails).
  static func seal(_ folder: URL, item: SuitePlan.Item) throws {
    if let problem = contentProblem(folder, item: item) { throw SuiteFile.Problem(problem) }
    let found = try files(in: folder)
    var total: Int64 = 0
    let records = try found.keys.sorted().map { name -> Manifest.File in
      let path = folder.appendingPathComponent(name).path
      let bytes = found[name]!
      total += bytes
      guard total <= maximumBytes else { throw SuiteFile.Problem("\(folder.path) holds more than \(maximumBytes >> 30) GiB; a suite item's output must be smaller") }
      return Manifest.File(path: name, bytes: bytes, sha256: try FileDigest.sha256Hex(ofFileAt: path))
    }
    let manifest = Manifest(version: 1, key: item.key, command: command(of: item, entry: folder), files: records)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try AtomicFileWriter.write(String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n", to: folder.appendingPathComponent(manifestName).path)
  }

  /// Why the output in `folder` is not a usable result of `item`, or nil.
  static func contentProblem(_ folder: URL, item: SuitePlan.Item) -> String? {
    let marker = folder.appendingPathComponent(item.completionMarker).path
    guard FileManager.default.fileExists(atPath: marker) else { return "the \(item.kind.rawValue) exited 0 but wrote no \(item.completionMarker)" }
    switch item.kind {
    case .run:
      do {
        return try SummaryFile(path: marker).problem
      } catch {
        return "\(error)"
      }
    case .step:
      guard marker.hasSuffix(".json") else { return nil }
      // A step's JSON output is machine-written (by a KeyBench tool): JSONDecoder checks it.
      do {
        _ = try JSONDecoder().decode(JSONValue.self, from: InputFile.data(marker, maximumBytes: 256 << 20))
        return nil
      } catch {
        return "\(marker) is not valid JSON: \(error)"
      }
    }
  }

  /// The item's tool and arguments with its suite's output folder (two levels above the entry,
  /// `OUT/store/KEY`) written as `${out}`, so the same command reads the same in any folder.
  static func command(of item: SuitePlan.Item, entry: URL) -> [String] {
    let prefix = entry.deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path + "/"
    return [item.tool] + item.arguments.map { $0.hasPrefix(prefix) ? SuiteOutput.outVariable + "/" + $0.dropFirst(prefix.count) : $0 }
  }

  /// Every regular file below `folder` except the manifest: relative path → size in bytes.
  ///
  /// - Throws: when the folder holds a symbolic link or a special file (an entry is plain data),
  ///   or more files than ``maximumFiles``.
  static func files(in folder: URL) throws -> [String: Int64] {
    let manager = FileManager.default
    guard let enumerator = manager.enumerator(atPath: folder.path) else { throw SuiteFile.Problem("\(folder.path) cannot be read") }
    var names: [String: Int64] = [:]
    while let name = enumerator.nextObject() as? String {
      let path = folder.appendingPathComponent(name).path
      let attributes = try manager.attributesOfItem(atPath: path)
      switch attributes[.type] as? FileAttributeType {
      case .typeDirectory?: continue
      case .typeRegular?:
        // SQLite's transient side files beside a database a later run opens are not content.
        if name != manifestName && !sqliteSideSuffixes.contains(where: name.hasSuffix) {
          names[name] = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        }
      default: throw SuiteFile.Problem("\(path) is not a regular file (a store entry holds plain files only)")
      }
      guard names.count <= maximumFiles else { throw SuiteFile.Problem("\(folder.path) holds more than \(maximumFiles) files") }
    }
    return names
  }

  struct Manifest: Codable {
    struct File: Codable, Equatable {
      var path: String
      var bytes: Int64
      var sha256: String
    }
    var version: Int
    var key: String
    /// The tool and its arguments, with the output folder written as `${out}`.
    var command: [String]
    var files: [File]

    enum CodingKeys: String, CodingKey {
      case version = "keybench_store_entry", key, command, files
    }

    /// Reads a manifest, which KeyBench writes when it seals an entry (so `JSONDecoder`, not the
    /// strict parser for files users write).
    static func read(_ path: String) throws -> Manifest {
      let manifest: Manifest
      do {
        manifest = try JSONDecoder().decode(Manifest.self, from: InputFile.data(path, maximumBytes: 16 << 20))
      } catch {
        throw SuiteFile.Problem("\(path) is not a store manifest: \(error)")
      }
      guard manifest.version == 1 else { throw SuiteFile.Problem("\(path): store manifest version \(manifest.version), this KeyBench reads 1") }
      return manifest
    }
  }
}
