import Foundation
import KeyBenchCore

/// What a plug-in's results depend on besides its command line: the bytes of the programs and
/// files it runs, so an edited plug-in is never served a result stored for its earlier code.
///
/// From the command (`NAME=COMMAND`, as `--plugin` takes it) every word that names a file
/// counts with its whole folder (a plug-in's modules sit beside it, bounded below), the files
/// the folder's `keybench-plugin.files` lists one per line (shared helpers elsewhere, e.g.
/// `../keybench_plugin.py`), the interpreter its `#!` line names, and a program looked up on
/// `PATH` (`python3`, `java`): the interpreter's binary stands for its version.
enum PluginIdentity {
  /// The name of the optional list of further files a plug-in's results depend on.
  static let declaredFilesName = "keybench-plugin.files"
  /// A folder with more files than this (a plug-in started from a checkout's root) counts by
  /// the named file and its declared files only.
  static let maximumFolderFiles = 500
  static let maximumFolderBytes: Int64 = 256 << 20

  /// One line per file the plug-in depends on (`path sha256`), sorted; empty for a command whose
  /// words name no file.
  /// `folder` is where the command runs (relative words are read from there).
  static func describe(_ argument: String, folder: URL, digest: (String) throws -> String) rethrows -> String {
    guard let equals = argument.firstIndex(of: "="), let words = ShellWords.split(String(argument[argument.index(after: equals)...])) else {
      return ""
    }
    var files = Set<String>()
    var program = true
    for word in words {
      // `env`, `VAR=value` and options before the program are not the program.
      if program && (word == "env" || word.hasPrefix("-") || (word.contains("=") && !word.contains("/"))) { continue }
      if program && !word.contains("/"), let found = ExecutablePath.which(word) {
        files.insert(resolved(found))
      } else if case let named = word.hasPrefix("/") ? word : folder.appendingPathComponent(word).path, isFile(named) {
        let path = resolved(named)
        files.insert(path)
        files.formUnion(interpreter(of: path))
        files.formUnion(pluginFolder(of: path))
      }
      program = false
    }
    return try files.sorted().map { "\($0) \(try digest($0))" }.joined(separator: "\n")
  }

  static func isFile(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
  }

  static func resolved(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

  /// The program a script's `#!` line runs (`/usr/bin/env python3` → python3 on `PATH`).
  static func interpreter(of path: String) -> [String] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 256)) ?? Data()
    guard head.starts(with: Data("#!".utf8)), let line = String(decoding: head.dropFirst(2), as: UTF8.self).split(separator: "\n").first
    else { return [] }
    let words = line.split(separator: " ").map(String.init)
    guard let first = words.first else { return [] }
    if first.hasSuffix("/env"), let name = words.dropFirst().first(where: { !$0.hasPrefix("-") }) {
      return ExecutablePath.which(name).map { [resolved($0)] } ?? []
    }
    return isFile(first) ? [resolved(first)] : []
  }

  /// The plug-in's folder: its regular files (bounded; dot-folders and `__pycache__` skipped)
  /// and the files its `keybench-plugin.files` declares.
  static func pluginFolder(of path: String) -> [String] {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    var files: [String] = []
    let declared = folder.appendingPathComponent(declaredFilesName)
    if let text = try? String(contentsOf: declared, encoding: .utf8) {
      for line in text.split(separator: "\n") {
        let name = line.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.hasPrefix("#") else { continue }
        let file = name.hasPrefix("/") ? name : folder.appendingPathComponent(name).path
        // A declared file that is missing keys as missing, so creating it later changes the key.
        files.append(isFile(file) ? resolved(file) : file)
      }
    }
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else {
      return files
    }
    var found: [String] = []
    var bytes: Int64 = 0
    for case let url as URL in enumerator {
      let name = url.lastPathComponent
      if name.hasPrefix(".") || name == "__pycache__" {
        enumerator.skipDescendants()
        continue
      }
      guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]), values.isRegularFile == true else { continue }
      bytes += Int64(values.fileSize ?? 0)
      found.append(resolved(url.path))
      if found.count > maximumFolderFiles || bytes > maximumFolderBytes { return files }
    }
    return files + found
  }
}
