import Crypto
import Foundation

/// SHA-256 of files, so a stored result can name exactly which input produced it.
public enum FileDigest {
  /// Returns the lowercase hex SHA-256 of the file's raw bytes, read in 1 MiB chunks.
  ///
  /// - Throws: ``InputFileError`` `.unreadable` when the file cannot be opened.
  public static func sha256Hex(ofFileAt path: String) throws -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot open for hashing")
    }
    defer { try? handle.close() }
    var hasher = SHA256()
    while true {
      let chunk: Data
      do {
        chunk = try handle.read(upToCount: 1 << 20) ?? Data()
      } catch {
        throw InputFileError(path: path, kind: .unreadable, reason: "read failed: \(error)")
      }
      if chunk.isEmpty { break }
      hasher.update(data: chunk)
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }
}

/// SHA-256 over content fed piece by piece, for inputs whose identity is their content rather than
/// a file (a lexicon loaded from the database).
public struct ContentDigest {
  private var hasher = SHA256()
  public init() {}

  public mutating func update(_ text: String) {
    hasher.update(data: Data(text.utf8))
  }

  /// The lowercase hex digest.
  public func finalize() -> String {
    hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }
}
