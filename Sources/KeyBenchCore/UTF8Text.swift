public import Foundation

/// Helpers for checking raw line bytes before they become Swift strings.
public enum UTF8Text {
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

/// Line numbers for JSON parse errors, which Foundation reports as a character index.
public enum JSONText {
  /// The 1-based line of the error's index into `data`, when the error carries one.
  public static func errorLine(_ error: any Error, in data: Data) -> Int? {
    let info = (error as NSError).userInfo
    // Foundation on Linux gives no index; then the bytes are scanned for the first syntax error.
    guard let index = (info["NSJSONSerializationErrorIndex"] as? Int) ?? (info["NSJSONSerializationErrorIndex"] as? NSNumber)?.intValue
      ?? firstSyntaxError(in: data)
    else { return nil }
    let prefix = data.prefix(max(0, min(index, data.count)))
    return prefix.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// The byte offset where `data` stops being one JSON value (RFC 8259), or nil when it is one.
  /// A small scanner with an explicit stack (no recursion, so any nesting depth is safe); it
  /// only locates the error — parsing stays with Foundation, whose leniencies it shares (a
  /// leading byte-order mark, a comma before a closing bracket), so it points where Foundation
  /// failed rather than at something Foundation accepted.
  public static func firstSyntaxError(in data: Data) -> Int? {
    let bytes = [UInt8](data)
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
    func literal(_ word: String) -> Bool {
      let w = Array(word.utf8)
      guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { return false }
      i += w.count
      return true
    }
    func string() -> Bool {
      guard i < bytes.count, bytes[i] == 0x22 else { return false }
      i += 1
      while i < bytes.count {
        let byte = bytes[i]
        if byte == 0x22 { i += 1; return true }
        if byte < 0x20 { return false }
        if byte == 0x5C {
          i += 1
          guard i < bytes.count else { return false }
          if bytes[i] == 0x75 {
            guard i + 4 < bytes.count, bytes[i + 1...i + 4].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else { return false }
            i += 4
          } else if !"\"\\/bfnrt".utf8.contains(bytes[i]) {
            return false
          }
        }
        i += 1
      }
      return false
    }
    func number() -> Bool {
      let start = i
      if i < bytes.count, bytes[i] == 0x2D { i += 1 }
      func digits() -> Int { let s = i; while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }; return i - s }
      guard i < bytes.count else { return false }
      if bytes[i] == 0x30 { i += 1 } else if digits() == 0 { return false }
      if i < bytes.count, bytes[i] == 0x2E { i += 1; guard digits() > 0 else { return false } }
      if i < bytes.count, bytes[i] | 0x20 == 0x65 {
        i += 1
        if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
        guard digits() > 0 else { return false }
      }
      return i > start
    }
    // Containers open: true for an object, false for an array.
    var stack: [Bool] = []
    var expectValue = true
    while true {
      skipSpace()
      if expectValue {
        guard i < bytes.count else { return i }
        switch bytes[i] {
        case 0x7B:
          i += 1
          skipSpace()
          if i < bytes.count, bytes[i] == 0x7D { i += 1; expectValue = false; break }
          stack.append(true)
          guard string() else { return i }
          skipSpace()
          guard i < bytes.count, bytes[i] == 0x3A else { return i }
          i += 1
          continue
        case 0x5B:
          i += 1
          skipSpace()
          if i < bytes.count, bytes[i] == 0x5D { i += 1; expectValue = false; break }
          stack.append(false)
          continue
        case 0x22: guard string() else { return i }
        case 0x74: guard literal("true") else { return i }
        case 0x66: guard literal("false") else { return i }
        case 0x6E: guard literal("null") else { return i }
        default: guard number() else { return i }
        }
        expectValue = false
        continue
      }
      // After a value: a separator, a closing bracket, or the end.
      guard let inObject = stack.last else { return i == bytes.count ? nil : i }
      guard i < bytes.count else { return i }
      if bytes[i] == 0x2C {
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == (inObject ? 0x7D : 0x5D) {
          i += 1
          stack.removeLast()
          continue
        }
        if inObject {
          skipSpace()
          guard string() else { return i }
          skipSpace()
          guard i < bytes.count, bytes[i] == 0x3A else { return i }
          i += 1
        }
        expectValue = true
      } else if bytes[i] == (inObject ? 0x7D : 0x5D) {
        i += 1
        stack.removeLast()
      } else {
        return i
      }
    }
  }
}
