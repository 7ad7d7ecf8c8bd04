public import Foundation
import KeyBenchEmbeddedData

/// Finds the project's own data files (`Corpora/devices`, `Corpora/layouts`, …) at run time.
///
/// The tools are run from a checkout (`.build/release/keybench-…` or `swift run`), so the files
/// are found without installation: `KEYBENCH_HOME` when set, else the first ancestor of the
/// working directory, else of the executable, that contains the wanted folder — so a user's own
/// checkout or edited files win. A binary copied elsewhere falls back to the copies of
/// `Corpora/devices`, `layouts`, `gesture` and `typos` compiled into it (written once to a
/// temporary folder named by their digest).
public enum ProjectFiles {
  /// Where the lexicon database lives, relative to the project folder.
  public static let lexiconDatabase = ".keybench/lexicons.sqlite"

  /// The database file `path` means: itself, unless it is the default, which is looked for in
  /// `$KEYBENCH_HOME/.keybench/` when that is set, else in the working folder or the nearest
  /// folder above it that has one — so a command run from a subfolder (or by a suite in its own
  /// folder) finds the project's database instead of claiming there is none. One answer for the
  /// database that opens it and for the commands that declare it as an input.
  public static func lexiconDatabase(_ path: String) -> String {
    guard path == lexiconDatabase else { return path }
    if let home = ProcessInfo.processInfo.environment["KEYBENCH_HOME"], !home.isEmpty {
      return URL(fileURLWithPath: home).appendingPathComponent(lexiconDatabase).path
    }
    if FileManager.default.fileExists(atPath: lexiconDatabase) { return lexiconDatabase }
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    return nearest(lexiconDatabase, from: here).map { $0.appendingPathComponent(lexiconDatabase).path } ?? lexiconDatabase
  }

  /// The folder `relativePath` (e.g. `Corpora/devices`), or nil when no candidate has it.
  public static func directory(_ relativePath: String) -> URL? {
    checkoutDirectory(relativePath) ?? embeddedDirectory(relativePath)
  }

  /// The folder in a checkout only (no embedded fallback).
  public static func checkoutDirectory(_ relativePath: String) -> URL? {
    let manager = FileManager.default
    var roots: [URL] = []
    if let home = ProcessInfo.processInfo.environment["KEYBENCH_HOME"], !home.isEmpty {
      roots.append(URL(fileURLWithPath: home))
    }
    roots += ancestors(of: URL(fileURLWithPath: manager.currentDirectoryPath))
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
      roots += ancestors(of: executable.deletingLastPathComponent())
    }
    for root in roots {
      let candidate = root.appendingPathComponent(relativePath)
      var isDirectory: ObjCBool = false
      if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
        return candidate
      }
    }
    return nil
  }

  /// The embedded copy of `relativePath`, materialised on first use; nil when nothing under it
  /// is embedded.
  static func embeddedDirectory(_ relativePath: String) -> URL? {
    let prefix = relativePath.hasSuffix("/") ? relativePath : relativePath + "/"
    guard EmbeddedCorpora.files.contains(where: { $0.path.hasPrefix(prefix) }), let root = embeddedRoot else { return nil }
    return root.appendingPathComponent(relativePath)
  }

  /// The folder holding every embedded file under its relative path, or nil when it cannot be written.
  static let embeddedRoot: URL? = {
    var digest = ContentDigest()
    for file in EmbeddedCorpora.files { digest.update(file.path + "\u{0}" + file.base64 + "\u{0}") }
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appendingPathComponent("keybench-embedded-\(digest.finalize().prefix(16))")
    if manager.fileExists(atPath: root.appendingPathComponent(".complete").path) { return root }
    // Written beside, then renamed into place: concurrent first runs never see a partial folder.
    let staging = manager.temporaryDirectory.appendingPathComponent(".keybench-embedded-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    do {
      for file in EmbeddedCorpora.files {
        guard let data = Data(base64Encoded: file.base64) else { return nil }
        let target = staging.appendingPathComponent(file.path)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
      }
      try Data().write(to: staging.appendingPathComponent(".complete"))
      if rename(staging.path, root.path) != 0 { try? manager.removeItem(at: staging) }
    } catch {
      try? manager.removeItem(at: staging)
      return nil
    }
    return manager.fileExists(atPath: root.appendingPathComponent(".complete").path) ? root : nil
  }()

  /// The nearest of `folder` and the folders above it that holds `relativePath` (only a folder
  /// when `directory` is true, only a file when false, either when nil), or nil: how a checkout or
  /// a project's database is found from wherever a command runs.
  public static func nearest(_ relativePath: String, from folder: URL, directory: Bool? = nil) -> URL? {
    ancestors(of: folder).first { root in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path, isDirectory: &isFolder)
        && directory.map { $0 == isFolder.boolValue } ?? true
    }
  }

  private static func ancestors(of url: URL) -> [URL] {
    var result: [URL] = []
    var current = url.standardizedFileURL
    while true {
      result.append(current)
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return result }
      current = parent
    }
  }
}
