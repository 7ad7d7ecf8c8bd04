import Foundation

/// What built the running binary and where it runs, so a result names the code that produced it.
///
/// The version and the pinned dependency versions are compiled in (a test keeps
/// ``dependencies`` equal to `Package.resolved`). The git commit is read from the checkout the
/// executable sits in (`.build/…` inside a clone); outside a checkout it is "unknown" rather
/// than a guess.
public enum BuildInfo {
  /// KeyBench's own version; bumped when a result format or a default changes.
  public static let version = "0.17.0"

  /// The package dependencies pinned in `Package.resolved` (identity, version).
  public static let dependencies: [(name: String, version: String)] = [
    ("grdb.swift", "7.10.0"),
    ("swift-argument-parser", "1.8.2"),
    ("swift-asn1", "1.7.4"),
    ("swift-crypto", "3.12.3"),
  ]

  /// SHA-256 of the running executable's file, or "unknown": what pins the code exactly even when
  /// the checkout's commit has moved on since the build or the binary was copied elsewhere
  /// (remembered by ``DigestMemo`` while the file is unchanged).
  public static let executableSHA256: String = {
    guard let path = Bundle.main.executableURL?.resolvingSymlinksInPath().path,
      let digest = try? DigestMemo.sha256Hex(ofFileAt: path)
    else { return "unknown" }
    return digest
  }()

  /// The `--version` text of every executable: KeyBench's version, commit and the pinned packages.
  ///
  /// Every command's configuration holds this text, so it is built at every tool start; the
  /// working-tree check (a `git status` subprocess) runs only when `--version` was asked for.
  public static var versionText: String {
    let dirty = CommandLine.arguments.contains("--version") && SourceRevision.dirty == "true"
    var lines = ["KeyBench \(version) (commit \(SourceRevision.commit)\(dirty ? ", uncommitted changes" : ""))"]
    lines += dependencies.map { "  \($0.name) \($0.version)" }
    lines.append("  built with Swift \(swiftVersion)")
    return lines.joined(separator: "\n")
  }

  /// The Swift compiler version the binary was built with (from compile-time checks).
  public static var swiftVersion: String {
    #if compiler(>=6.5)
      return "6.5 or later"
    #elseif compiler(>=6.4)
      return "6.4"
    #elseif compiler(>=6.3.2)
      return "6.3.2 or later 6.3"
    #elseif compiler(>=6.3.1)
      return "6.3.1"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1)
      return "6.1"
    #else
      return "6.0"
    #endif
  }

  /// The operating system, e.g. `Debian GNU/Linux 12 (bookworm)`, from `/etc/os-release`.
  public static var operatingSystem: String {
    if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) {
      for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
        return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      }
    }
    return ProcessInfo.processInfo.operatingSystemVersionString
  }

  /// The machine architecture (`x86_64`, `aarch64`).
  public static var architecture: String {
    #if arch(x86_64)
      return "x86_64"
    #elseif arch(arm64)
      return "aarch64"
    #else
      return "unknown"
    #endif
  }
}

/// The git revision of the checkout the running executable was built in.
public struct SourceRevision: Sendable, Equatable {
  /// 40-hex commit, or "unknown" when the executable is not inside a git checkout.
  public var commit: String
  /// "true" / "false" when `git` could tell whether tracked files differ from the commit, else
  /// "unknown".
  public var dirty: String

  /// Both facts, read once per process (``dirty`` runs `git status`, so only on first use).
  public static var current: SourceRevision { SourceRevision(commit: commit, dirty: dirty) }

  /// The checkout holding the executable: the first ancestor folder with a `.git`.
  static let checkout: URL? = {
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
    var folder = executable.deletingLastPathComponent()
    while true {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return folder }
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }()

  /// The commit HEAD names (following one symbolic ref through loose or packed refs): a few
  /// small file reads, cheap enough for every tool start.
  public static let commit: String = checkout.map(commit(inCheckout:)) ?? "unknown"

  /// The commit HEAD names in the checkout at `checkout` (a clone or a linked worktree).
  static func commit(inCheckout checkout: URL) -> String {
    func read(_ url: URL) -> String? {
      (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    // A linked worktree's `.git` is a file naming its own git folder (HEAD lives there) and,
    // through `commondir`, the shared one (refs live there).
    var git = checkout.appendingPathComponent(".git")
    var common = git
    if let link = read(git), link.hasPrefix("gitdir: ") {
      let path = String(link.dropFirst("gitdir: ".count))
      git = path.hasPrefix("/") ? URL(fileURLWithPath: path) : checkout.appendingPathComponent(path)
      common = read(git.appendingPathComponent("commondir")).map { relative in
        relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : git.appendingPathComponent(relative)
      } ?? git
    }
    func text(_ relative: String) -> String? {
      read(git.appendingPathComponent(relative)) ?? read(common.appendingPathComponent(relative))
    }
    func isCommit(_ value: String) -> Bool {
      value.count == 40 && value.allSatisfy(\.isHexDigit)
    }
    var commit = "unknown"
    if let head = text("HEAD") {
      if head.hasPrefix("ref: ") {
        let ref = String(head.dropFirst(5))
        if let loose = text(ref), isCommit(loose) {
          commit = loose
        } else if let packed = text("packed-refs") {
          for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
            let hash = String(line.prefix(40))
            if isCommit(hash) { commit = hash }
          }
        }
      } else if isCommit(head) {
        commit = head
      }
    }
    return commit
  }

  /// Whether tracked files differ from ``commit`` (`git status`, when git is installed). A
  /// subprocess, so it runs only when a result's provenance or `--version` asks for it.
  public static let dirty: String = {
    guard let checkout, commit != "unknown" else { return "unknown" }
    guard
      let git = try? CapturedProcess.run(
        URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", checkout.path, "status", "--porcelain", "--untracked-files=no"]),
      git.status == 0
    else { return "unknown" }
    return git.standardOutput.isEmpty ? "false" : "true"
  }()
}
