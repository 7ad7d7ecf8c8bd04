import Foundation

/// A file or folder a command reads or writes, as the user named it on the command line.
///
/// Commands declare what they read and write once (``FileUse`` values), so two checks hold for
/// every command alike before any work: no output may be one of the inputs (a JUnit report
/// written over the summary.json the gate just read destroys the run), and a suite's dry run
/// can say which inputs are missing without guessing which arguments are paths.
public struct FileUse: Sendable, Equatable {
  /// How much of the file system below ``path`` the use covers.
  public enum Extent: Sendable, Equatable {
    /// The file itself.
    case file
    /// The folder and everything below it (an output folder replaced as a whole, a folder read
    /// as a whole).
    case folder
  }

  /// The option or argument that named the path, for messages: `--junit`, `RUN`.
  public var option: String
  /// The path as the user gave it.
  public var path: String
  public var extent: Extent

  public init(_ option: String, _ path: String, extent: Extent = .file) {
    self.option = option
    self.path = path
    self.extent = extent
  }

  /// A file.
  public static func file(_ option: String, _ path: String?) -> [FileUse] {
    path.map { [FileUse(option, $0)] } ?? []
  }

  /// Files.
  public static func files(_ option: String, _ paths: [String]) -> [FileUse] {
    paths.map { FileUse(option, $0) }
  }

  /// A folder and everything below it.
  public static func folder(_ option: String, _ path: String?) -> [FileUse] {
    path.map { [FileUse(option, $0, extent: .folder)] } ?? []
  }

  /// The files `names` in the folder `path`, whether or not they exist yet (the files a
  /// command writes into its output folder).
  public static func files(_ option: String, in folder: String, _ names: [String]) -> [FileUse] {
    names.map { FileUse(option, URL(fileURLWithPath: folder).appendingPathComponent($0).path) }
  }

  /// The files `names` in the folder `path` (a run folder: its summary.json, results.csv), or
  /// `path` itself when it is not a folder (a run given by its summary.json).
  public static func inside(_ option: String, _ path: String, _ names: [String]) -> [FileUse] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [FileUse(option, path)] }
    return files(option, in: path, names)
  }

  /// A benchmark run as the report commands read it: the summary.json and results.csv of a run
  /// folder, or the summary.json given instead of its folder.
  public static func run(_ option: String, _ path: String) -> [FileUse] {
    inside(option, path, ["summary.json", "results.csv"])
  }
}

/// The checks on a command's declared ``FileUse`` values.
public enum FileUseCheck {
  /// Why `writes` cannot be written without destroying one of `reads`, naming both, or nil.
  ///
  /// Paths are compared as the file system resolves them: symbolic links, `.` and `..` and
  /// relative paths are resolved (for a path that does not exist yet, as far as its folders
  /// exist), and two existing files are the same when they are one inode (hard links). An output
  /// folder replaced as a whole conflicts with every input below it; an output inside a folder
  /// read as a whole conflicts with that folder.
  public static func conflict(reads: [FileUse], writes: [FileUse]) -> String? {
    for output in writes {
      let written = resolved(output.path)
      for input in reads {
        let read = resolved(input.path)
        let both = "\(output.option) \(output.path) and \(input.option) \(input.path)"
        if written == read || sameFile(output.path, input.path) {
          return "\(both) are the same \(output.extent == .folder || input.extent == .folder ? "folder" : "file"): the command would overwrite what it reads; write the output elsewhere"
        }
        if output.extent == .folder && isInside(read, written) {
          return "\(output.option) \(output.path) is a folder the command writes, holding \(input.option) \(input.path), which it reads; write the output elsewhere"
        }
        if input.extent == .folder && isInside(written, read) {
          return "\(output.option) \(output.path) lies inside \(input.option) \(input.path), which the command reads; write the output elsewhere"
        }
      }
    }
    return nil
  }

  /// `path` absolute, with `.`, `..` and every symbolic link among its existing leading
  /// components resolved as the kernel resolves them (`realpath`); the components that do not
  /// exist yet are appended as written, with their own `.` and `..` resolved.
  public static func resolved(_ path: String) -> String {
    var existing = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var missing: [String] = []
    while true {
      if let real = realpath(existing, nil) {
        defer { free(real) }
        let base = String(cString: real)
        guard !missing.isEmpty else { return base }
        return URL(fileURLWithPath: base + "/" + missing.reversed().joined(separator: "/")).standardizedFileURL.path
      }
      let parent = (existing as NSString).deletingLastPathComponent
      guard parent != existing, !parent.isEmpty else {
        return URL(fileURLWithPath: existing + "/" + missing.reversed().joined(separator: "/")).standardizedFileURL.path
      }
      missing.append((existing as NSString).lastPathComponent)
      existing = parent
    }
  }

  /// Whether `inner` lies strictly below the folder `outer` (both resolved).
  static func isInside(_ inner: String, _ outer: String) -> Bool {
    inner.hasPrefix(outer == "/" ? "/" : outer + "/") && inner != outer
  }

  /// Whether both paths exist and are one file (the same device and inode).
  static func sameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}
