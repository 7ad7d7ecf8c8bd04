import CKeyBenchSystem
import Foundation

/// A benchmark's result folder, replaced as a unit: every file is written into a hidden sibling
/// folder, which then takes the folder's place in one atomic exchange.
///
/// Renaming the files one by one let a kill between renames leave a new `results.csv` beside an
/// old `summary.json` that the gate then read. Now a reader sees the old folder or the new one,
/// never a mix; an interrupted run leaves the old folder intact and its partial sibling is
/// removed (on SIGINT/SIGTERM at once, after a kill by the next run).
public final class OutputFolder {
  /// The files benchmark runs write. A folder holding anything else is not replaced (it could be
  /// a user's folder given as `--out` by mistake, and replacing it would delete their files).
  public static let runFiles: Set<String> = ["results.csv", "summary.csv", "summary.json", "report.md", "curves.csv"]

  /// Whether a run writes files named `name`: one of ``runFiles``, or the per-gesture rows of a
  /// further decoder or plug-in (`results-NAME.csv`), so a rerun with `--decoder` or `--plugin`
  /// may replace its own folder; `plugins/` holds the plug-ins' standard error.
  public static func isRunFile(_ name: String) -> Bool {
    runFiles.contains(name) || name == "plugins" || (name.hasPrefix("results-") && name.hasSuffix(".csv"))
  }

  /// Throws the error ``init(replacing:)`` would for `path`, without creating anything: runners
  /// call it before their work, so a wrong `--out` fails in a second, not after an hour of
  /// decoding.
  ///
  /// - Throws: ``InputFileError`` when `path` exists but is not a folder of run files, or the
  ///   nearest existing folder above it cannot be written.
  public static func checkReplaceable(_ path: String) throws {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw InputFileError(path: path, kind: .unreadable, reason: "exists and is not a folder; give a folder for the results")
      }
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      let foreign = entries.filter { !isRunFile($0) && !$0.hasPrefix(".") }.sorted()
      guard foreign.isEmpty else {
        throw InputFileError(
          path: path, kind: .unreadable,
          reason: "holds files a benchmark run does not write (\(foreign.prefix(3).joined(separator: ", "))\(foreign.count > 3 ? ", …" : "")); "
            + "give a new or empty folder, or a folder an earlier run wrote")
      }
    }
    // The folder's partial sibling goes into the parent, created if missing: the nearest existing
    // folder above must take new entries.
    var ancestor = url.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) && ancestor.path != "/" {
      ancestor = ancestor.deletingLastPathComponent()
    }
    guard isDirectory.boolValue else {
      throw InputFileError(path: ancestor.path, kind: .unreadable, reason: "is not a folder, so the results cannot go below it")
    }
    guard FileManager.default.isWritableFile(atPath: ancestor.path) else {
      throw InputFileError(path: ancestor.path, kind: .unreadable, reason: "cannot be written, so the results cannot go below it")
    }
  }

  public let path: String
  /// The hidden sibling being filled.
  public let partialPath: String
  private var committed = false

  /// Prepares the partial sibling of `path`.
  ///
  /// - Throws: ``InputFileError`` when `path` exists but is not a folder of run files, or the
  ///   sibling cannot be created.
  public init(replacing path: String) throws {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    self.path = url.path
    try Self.checkReplaceable(path)
    let parent = url.deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw InputFileError(path: parent, kind: .unreadable, reason: "cannot create the output folder's parent")
    }
    TemporaryFiles.sweepStale(beside: self.path, kind: "partial")
    partialPath = TemporaryFiles.name(for: self.path, kind: "partial")
    try? FileManager.default.removeItem(atPath: partialPath)
    TemporaryFiles.register(partialPath)
    do {
      try FileManager.default.createDirectory(atPath: partialPath, withIntermediateDirectories: false)
    } catch {
      TemporaryFiles.unregister(partialPath)
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot create a folder beside it (\(SystemErrorText.reason(error)))")
    }
  }

  deinit {
    if !committed {
      try? FileManager.default.removeItem(atPath: partialPath)
      TemporaryFiles.unregister(partialPath)
    }
  }

  /// The path of `name` inside the partial folder.
  public func file(_ name: String) -> String {
    (partialPath as NSString).appendingPathComponent(name)
  }

  /// Writes each named file into the partial folder.
  public func write(files: [(name: String, text: String)]) throws {
    for (name, text) in files {
      if name.contains("/") {
        try FileManager.default.createDirectory(
          atPath: (file(name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      }
      try AtomicFileWriter.write(text, to: file(name))
    }
  }

  /// Puts the finished folder in place of the old one (or creates it) in one step.
  public func commit() throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      if keybench_exchange_paths(partialPath, path) != 0 {
        // Filesystems without renameat2: move the old folder aside first (a reader may briefly
        // find no folder, never a mixed one).
        let aside = TemporaryFiles.name(for: path, kind: "old")
        TemporaryFiles.register(aside)
        try rename(path, to: aside)
        try rename(partialPath, to: path)
        try? FileManager.default.removeItem(atPath: aside)
        TemporaryFiles.unregister(aside)
      } else {
        // The old contents now sit at the partial path.
        try? FileManager.default.removeItem(atPath: partialPath)
      }
    } else {
      try rename(partialPath, to: path)
    }
    committed = true
    TemporaryFiles.unregister(partialPath)
  }

  private func rename(_ from: String, to destination: String) throws {
    guard Foundation.rename(from, destination) == 0 else {
      throw InputFileError(path: destination, kind: .unreadable, reason: "cannot move the results into place: \(String(cString: strerror(errno)))")
    }
  }
}
