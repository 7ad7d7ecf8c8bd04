import CZlib
import Foundation

/// How an input file is stored on disk.
public enum FileCompression: String, Sendable {
  case plain
  case gzip
}

/// Streams the lines of a plain or gzip-compressed text file without loading it whole.
///
/// The compression is detected from the gzip magic bytes (`1f 8b`), not the file name, so a
/// `.combined` that was gzipped without renaming still reads. Decompression goes through system
/// zlib's `inflate` (``GzipStream``). A gzip stream that ends early, fails its checks or is
/// followed by anything but another gzip member raises ``InputFileError`` (`.truncatedGzip` /
/// `.corruptGzip`) instead of silently yielding a prefix or ignoring the rest, because a
/// silently damaged wordlist would skew every benchmark built on it.
///
///     let reader = try LineReader(path: "en_US_wordlist.combined.gz")
///     try reader.forEachLine { bytes, number in … }
public final class LineReader {
  /// The path as given, used in error messages.
  public let path: String
  /// Detected storage format.
  public let compression: FileCompression
  /// Size of the file on disk in bytes.
  public let fileSize: Int
  /// The longest line read; a longer one is an error naming its line, so a file without line
  /// breaks (or a gzip bomb of one line) cannot fill memory. 64 MiB by default.
  public var maximumLineBytes = 64 << 20

  /// The decompressed stream of a gzip file, nil for a plain one.
  private let gzip: GzipStream?
  /// The plain file (nil for a gzip one).
  private let plain: UnsafeMutablePointer<FILE>?

  /// Opens `path` for reading.
  ///
  /// - Throws: ``InputFileError`` `.unreadable` when the file is missing, a directory or not
  ///   readable, `.empty` when it has zero bytes.
  public init(path: String) throws {
    self.path = path
    try InputFile.requireRegular(path)
    guard let raw = fopen(path, "rb") else {
      let message = String(cString: strerror(errno))
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot open: \(message)")
    }
    var magic = [UInt8](repeating: 0, count: 2)
    let got = fread(&magic, 1, 2, raw)
    fseek(raw, 0, SEEK_END)
    fileSize = ftell(raw)
    fclose(raw)
    guard fileSize > 0 else {
      throw InputFileError(path: path, kind: .empty, reason: "file is empty")
    }
    compression = (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b) ? .gzip : .plain
    if compression == .gzip {
      gzip = try GzipStream(path: path)
      plain = nil
    } else {
      guard let opened = fopen(path, "rb") else {
        throw InputFileError(path: path, kind: .unreadable, reason: "cannot open: \(String(cString: strerror(errno)))")
      }
      gzip = nil
      plain = opened
    }
  }

  deinit {
    if let plain { fclose(plain) }
  }

  /// Calls `body` once per line with the line's bytes (no `\n`, no trailing `\r`, no byte
  /// order mark at the start of the file) and its 1-based number. The buffer is only valid
  /// during the call.
  ///
  /// - Complexity: O(file size); memory stays at the longest line plus a fixed buffer.
  public func forEachLine(
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> Void
  ) throws {
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    var start = 0
    var end = 0
    var number = 0
    var atEnd = false
    while true {
      // Emit every complete line already in the buffer.
      let consumed: Int = try buffer.withUnsafeBufferPointer { all in
        var position = start
        while position < end {
          guard let base = all.baseAddress,
            let hit = memchr(base + position, 0x0A, end - position)
          else { break }
          let newline = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          number += 1
          try body(Self.trimmed(all, position, newline, first: number == 1), number)
          position = newline + 1
        }
        if atEnd && position < end {
          number += 1
          try body(Self.trimmed(all, position, end, first: number == 1), number)
          position = end
        }
        return position
      }
      start = consumed
      if atEnd { return }
      // Compact, grow for very long lines, then refill.
      if start > 0 {
        buffer.withUnsafeMutableBufferPointer { all in
          if let base = all.baseAddress { memmove(base, base + start, end - start) }
        }
        end -= start
        start = 0
      }
      if end == buffer.count {
        guard buffer.count < maximumLineBytes else {
          throw InputFileError(
            path: path, line: number + 1, kind: .malformed,
            reason: "line is longer than \(maximumLineBytes) bytes (no line break); not a text file of this kind?")
        }
        buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maximumLineBytes)))
      }
      let room = buffer.count - end
      let read = try buffer.withUnsafeMutableBufferPointer { all in try self.read(into: all.baseAddress! + end, count: room) }
      if read == 0 { atEnd = true }
      end += read
    }
  }

  private static func trimmed(
    _ all: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, first: Bool
  ) -> UnsafeBufferPointer<UInt8> {
    var stop = to
    if stop > from && all[stop - 1] == 0x0D { stop -= 1 }
    let line = UnsafeBufferPointer(rebasing: all[from..<stop])
    return first ? UTF8Text.droppingByteOrderMark(line) : line
  }

  /// Up to `count` bytes of the file's text (decompressed for gzip); 0 at its end.
  private func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
    if let gzip { return try gzip.read(into: buffer, count: count) }
    let got = fread(buffer, 1, count, plain)
    if got == 0 && ferror(plain) != 0 {
      throw InputFileError(path: path, kind: .unreadable, reason: "read failed (\(String(cString: strerror(errno))))")
    }
    return got
  }

}
