import Foundation
import KeyBenchCore

/// Temporary files the targets hand to KeyBench's path-based readers.
///
/// The readers are exercised through their public `path:` APIs (the same code paths the tools
/// use), so each execution writes its input to a file first. Files live in a folder per process
/// and thread (`$TMPDIR/keybench-fuzz-<pid>-<random>/t<thread>/`), so parallel tests never share
/// one, and the fixed file names keep the disk use at one input per target and thread. The root
/// (with the fixtures) goes when the process ends, however it ends (``TemporaryFiles``).
public enum FuzzScratch {
  /// The per-process root folder, made once: nothing made later re-creates it, so a run ended
  /// while an execution writes its input leaves no folder behind.
  public static let root: String = {
    let path = TemporaryFiles.scratch("keybench-fuzz")
    makeDirectory(path)
    return path
  }()

  /// This thread's folder, created on first use.
  static func threadDirectory() -> String {
    #if os(Linux)
      let thread = UInt(pthread_self())
    #else
      let thread = UInt(bitPattern: pthread_self())
    #endif
    let path = root + "/t\(thread)"
    makeDirectory(path)
    return path
  }

  /// A folder `name` (relative, may contain `/`) inside this thread's folder, created and empty
  /// of nothing but what the caller writes (earlier files with other names are removed).
  static func directory(_ name: String, clean: Bool = false) -> String {
    var path = threadDirectory()
    for component in name.split(separator: "/") {
      path += "/\(component)"
      makeDirectory(path)
    }
    if clean, let entries = try? FileManager.default.contentsOfDirectory(atPath: path) {
      for entry in entries { unlink(path + "/" + entry) }
    }
    return path
  }

  /// Writes `data` to `name` (relative to this thread's folder, parent folders created) and
  /// returns the file's path.
  @discardableResult
  static func file(_ name: String, _ data: Data) throws -> String {
    let parent = (name as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? threadDirectory() : directory(parent)
    let path = folder + "/" + (name as NSString).lastPathComponent
    try write(data, to: path)
    return path
  }

  /// Writes `data` to `path` with plain POSIX calls (one input per execution: this is hot).
  static func write(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw ScratchError(path: path, errno: errno) }
    defer { close(descriptor) }
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw ScratchError(path: path, errno: errno)
        }
        offset += written
      }
    }
  }

  /// Removes this process's scratch folder (runners call it when they finish).
  public static func removeAll() {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// Removes this thread's folder (it is made again on next use); for in-process runs that
  /// share a process with other work, such as the tests.
  public static func removeThreadDirectory() {
    try? FileManager.default.removeItem(atPath: threadDirectory())
  }

  private static func makeDirectory(_ path: String) {
    _ = mkdir(path, 0o700)
  }

  /// The scratch file could not be written: a problem of the machine, not of the input.
  struct ScratchError: Error, CustomStringConvertible {
    let path: String
    let errno: Int32
    var description: String { "\(path): \(String(cString: strerror(errno)))" }
  }
}
