import Foundation

/// An advisory lock (`flock`) on a file, held for as long as this value lives.
///
/// Two processes writing one output folder at once interleave their journals and results; a
/// lock turns that into a clear refusal ("in use by PID …") or an orderly wait. The lock belongs
/// to the open file, so the kernel releases it when the process dies, however it dies: a stale
/// lock file never blocks anyone.
public final class FileLock: @unchecked Sendable {
  /// `exclusive`: one holder; `shared`: any number of shared holders and no exclusive one.
  public enum Mode: Sendable { case exclusive, shared }

  public let path: String
  private let descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Takes the lock on `path` (creating the file). Without `wait` it returns nil at once when
  /// another process holds a conflicting lock; with it, it blocks until the lock is free.
  /// The holder writes who it is into the file, for ``holder(of:)`` (of several shared holders,
  /// the last one to arrive).
  ///
  /// - Throws: ``InputFileError`` when the file cannot be created or locked for another reason.
  public static func acquire(_ path: String, mode: Mode, wait: Bool = false) throws -> FileLock? {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot open a lock file: \(String(cString: strerror(errno)))")
    }
    var operation = mode == .exclusive ? LOCK_EX : LOCK_SH
    if !wait { operation |= LOCK_NB }
    while flock(descriptor, operation) != 0 {
      let code = errno
      if code == EINTR { continue }
      close(descriptor)
      if code == EWOULDBLOCK { return nil }
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot lock: \(String(cString: strerror(code)))")
    }
    let lock = FileLock(path: path, descriptor: descriptor)
    do {
      let text = "pid \(getpid()), since \(ISO8601DateFormatter().string(from: Date())): \(CommandLine.arguments.joined(separator: " "))\n"
      ftruncate(descriptor, 0)
      _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }
    return lock
  }

  /// Who holds (or last held) the lock on `path`, as its holder wrote it; nil when nothing was
  /// written.
  public static func holder(of path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty, data.count < 64 << 10 else { return nil }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : String(text.prefix(300))
  }
}
