import Crypto
public import Foundation

/// SHA-256 of files, so a stored result can name exactly which input produced it.
public enum FileDigest {
  /// Returns the lowercase hex SHA-256 of the file's raw bytes, read in 1 MiB chunks.
  ///
  /// - Throws: ``InputFileError`` `.unreadable` when the file cannot be opened.
  public static func sha256Hex(ofFileAt path: String) throws -> String {
    try InputFile.requireRegular(path)
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot open for hashing")
    }
    defer { try? handle.close() }
    var hasher = ContentDigest()
    while true {
      let chunk: Data
      do {
        chunk = try handle.read(upToCount: 1 << 20) ?? Data()
      } catch {
        throw InputFileError(path: path, kind: .unreadable, reason: "read failed: \(error)")
      }
      if chunk.isEmpty { break }
      hasher.update(chunk)
    }
    return hasher.finalize()
  }
}

/// SHA-256 over content fed piece by piece, for inputs whose identity is their content rather than
/// a file (a lexicon loaded from the database).
public struct ContentDigest {
  private var hasher = SHA256()
  public init() {}

  public mutating func update(_ text: String) {
    update(Data(text.utf8))
  }

  public mutating func update(_ data: Data) {
    hasher.update(data: data)
  }

  /// The lowercase hex digest.
  public func finalize() -> String {
    // Two digits per byte from a table: `String(format:)` per byte cost more than the hashing
    // for short inputs (a user fold digests every gesture's user id).
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in hasher.finalize() {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The 32 digest bytes (a checksum stored in a file).
  public func finalizeBytes() -> Data { Data(hasher.finalize()) }
}
