public import Foundation

/// SHA-256 digests of large files remembered by their file status, so a short run does not read
/// a 50 MB corpus and its own 50 MB executable again only to name them in its provenance (a
/// fifth of a 10-gesture swipe run's start-up).
///
/// A remembered digest is used only while the file's device, inode, size, modification time and
/// status-change time (both to the nanosecond) are all as they were when it was hashed — the rule
/// git's index and make rely on. The status-change time cannot be set back by any user command,
/// so rewriting a file, even to the same size with its old modification time restored, hashes it
/// again. A digest is remembered only when the file did not change while it was read and both
/// times were at least ``settledSeconds`` old by then: the kernel stamps times from a clock that
/// advances in ticks of a few milliseconds, so a write in the same tick as the hashing could
/// otherwise leave an identical status behind.
///
/// One small ``VerifiedCacheFile`` per file (named by device and inode) in `file-digests` of the
/// ``StartupCacheFolder``; a damaged, foreign or stale entry is hashed again and replaced.
public struct DigestMemo: Sendable {
  public let folder: URL
  /// How old a file's times must be before its digest is remembered.
  public let settledSeconds: Double

  public init(folder: URL, settledSeconds: Double = 2) {
    self.folder = folder
    self.settledSeconds = settledSeconds
  }

  /// The memo of the environment's ``StartupCacheFolder``, or nil when the caches are off.
  public static let shared: DigestMemo? = StartupCacheFolder.fromEnvironment().map {
    DigestMemo(folder: $0.appendingPathComponent("file-digests"))
  }

  /// The SHA-256 of the file at `path` through ``shared`` when the caches are on, else hashed.
  public static func sha256Hex(ofFileAt path: String) throws -> String {
    try shared.map { try $0.sha256Hex(ofFileAt: path) } ?? FileDigest.sha256Hex(ofFileAt: path)
  }

  /// Files smaller than this are hashed every time: reading the memo would cost about as much.
  public static let smallestRemembered = 1 << 20

  /// Entries kept (the newest); each is under 300 bytes.
  static let keptFiles = 256

  /// The lowercase hex SHA-256 of the file at `path`, from the memo when its status is unchanged.
  ///
  /// - Throws: ``InputFileError`` when the file cannot be read (as ``FileDigest/sha256Hex(ofFileAt:)``).
  public func sha256Hex(ofFileAt path: String) throws -> String {
    guard let before = FileStatus(path), before.size >= Self.smallestRemembered else {
      return try FileDigest.sha256Hex(ofFileAt: path)
    }
    let file = folder.appendingPathComponent("\(before.device)-\(before.inode).bin")
    let key = Self.key(before)
    if let payload = try? VerifiedCacheFile.read(file, key: key), let digest = String(data: payload, encoding: .utf8),
      Self.isDigest(digest)
    {
      return digest
    }
    let started = Date().timeIntervalSince1970
    let digest = try FileDigest.sha256Hex(ofFileAt: path)
    if FileStatus(path) == before, before.latestChange <= started - settledSeconds {
      try? VerifiedCacheFile.write(Data(digest.utf8), key: key, to: file, keeping: Self.keptFiles)
    }
    return digest
  }

  /// Everything the remembered digest depends on, written at the head of its file.
  static func key(_ status: FileStatus) -> String {
    "keybench file digest 1\ndevice=\(status.device) inode=\(status.inode) size=\(status.size) "
      + "modified=\(status.modified.seconds).\(status.modified.nanoseconds) changed=\(status.changed.seconds).\(status.changed.nanoseconds)\n"
  }

  static func isDigest(_ text: String) -> Bool {
    text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}

/// What `stat(2)` says identifies one version of a file's content.
struct FileStatus: Equatable {
  struct Time: Equatable {
    var seconds: Int
    var nanoseconds: Int
  }
  var device: UInt64
  var inode: UInt64
  var size: Int
  var modified: Time
  var changed: Time

  /// The status of the regular file at `path` (symbolic links followed), nil for anything else.
  init?(_ path: String) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int(status.st_size)
    modified = Time(seconds: status.st_mtim.tv_sec, nanoseconds: status.st_mtim.tv_nsec)
    changed = Time(seconds: status.st_ctim.tv_sec, nanoseconds: status.st_ctim.tv_nsec)
  }

  /// The later of the two times, in seconds since 1970.
  var latestChange: Double {
    max(Double(modified.seconds) + Double(modified.nanoseconds) / 1e9, Double(changed.seconds) + Double(changed.nanoseconds) / 1e9)
  }
}
