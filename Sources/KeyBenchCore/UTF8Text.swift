public import Foundation

/// Helpers for checking raw line bytes before they become Swift strings.
public enum UTF8Text {
  /// The UTF-8 byte order mark that editors such as Notepad and spreadsheet exports ("CSV UTF-8")
  /// put at the start of a text file. It is not text: every text reader drops it at the start of
  /// a file (``LineReader``, ``InputFile/text(_:maximumBytes:)``, ``CheckedJSON``), so a first
  /// header field or word never carries it and a file is not refused for the wrong reason.
  public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// `data` without a leading byte order mark.
  public static func droppingByteOrderMark(_ data: Data) -> Data {
    data.starts(with: byteOrderMark) ? Data(data.dropFirst(byteOrderMark.count)) : data
  }

  /// `bytes` (the start of a file) without a leading byte order mark.
  public static func droppingByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    bytes.starts(with: byteOrderMark) ? UnsafeBufferPointer(rebasing: bytes.dropFirst(byteOrderMark.count)) : bytes
  }

  /// Whether `bytes` are valid UTF-8; pure ASCII is accepted without a full decode.
  public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var allASCII = true
    for byte in bytes where byte >= 0x80 {
      allASCII = false
      break
    }
    return allASCII || String(validating: bytes, as: UTF8.self) != nil
  }
}

extension UTF8Text {
  /// Where the first invalid UTF-8 sequence of `data` starts: its 0-based byte offset and 1-based
  /// line, or nil when all of `data` is valid. Checked before any XML or JSON parser sees the
  /// bytes (some trap on invalid UTF-8), so the user gets FILE:LINE instead of a crash.
  public static func firstInvalid(in data: Data) -> (offset: Int, line: Int)? {
    data.withUnsafeBytes { raw -> (offset: Int, line: Int)? in
      let bytes = raw.bindMemory(to: UInt8.self)
      if isValid(bytes) { return nil }
      var line = 1
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 0x80 {
          if byte == 0x0A { line += 1 }
          index += 1
          continue
        }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
        let end = index + length
        guard length > 0, end <= bytes.count,
          String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) != nil
        else { return (index, line) }
        index = end
      }
      return nil
    }
  }

  /// The same as a thrown ``InputFileError`` naming `path` and the line.
  public static func check(_ data: Data, path: String) throws {
    if let problem = firstInvalid(in: data) {
      throw InputFileError(
        path: path, line: problem.line, kind: .invalidUTF8, reason: "invalid UTF-8 (byte \(problem.offset + 1) of the file)")
    }
  }
}
