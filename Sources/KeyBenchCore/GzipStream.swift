import CZlib
import Foundation

/// A gzip file decompressed as a stream with zlib's `inflate`, member after member, so that
/// everything gzip itself would refuse is refused here too: a stream cut short, one failing its
/// checks (CRC, length), and bytes after the last member that are not another member — junk
/// appended by a broken download or a copy, which zlib's `gzread` silently ignores, so a damaged
/// word list was ingested even with `--strict`.
final class GzipStream {
  let path: String
  private let file: UnsafeMutablePointer<FILE>
  private let stream: UnsafeMutablePointer<z_stream>
  private let input: UnsafeMutablePointer<UInt8>
  private static let inputCapacity = 1 << 17
  /// File bytes read so far (the offset of the input buffer's end).
  private var read = 0
  private var finished = false

  /// - Throws: ``InputFileError`` `.unreadable` when the file cannot be opened.
  init(path: String) throws {
    self.path = path
    guard let file = fopen(path, "rb") else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot open: \(String(cString: strerror(errno)))")
    }
    self.file = file
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    input = .allocate(capacity: Self.inputCapacity)
    // 15 + 16: a 32 KiB window, gzip framing only.
    guard inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      fclose(file)
      stream.deallocate()
      input.deallocate()
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot start decompressing (out of memory?)")
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    input.deallocate()
    fclose(file)
  }

  /// Decompresses up to `count` bytes into `buffer`; 0 once the last member has ended.
  ///
  /// - Throws: ``InputFileError`` `.truncatedGzip`, `.corruptGzip` (bad data, a failed check, or
  ///   trailing bytes that are not a gzip member) or `.unreadable`.
  func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
    guard !finished, count > 0 else { return 0 }
    stream.pointee.next_out = buffer
    stream.pointee.avail_out = UInt32(clamping: count)
    while stream.pointee.avail_out > 0 && !finished {
      if stream.pointee.avail_in == 0 && fill() == 0 {
        throw InputFileError(
          path: path, kind: .truncatedGzip,
          reason: "gzip stream is truncated (the file ends inside compressed data after \(read) bytes); the file was cut short")
      }
      switch inflate(stream, Z_NO_FLUSH) {
      case Z_OK, Z_BUF_ERROR:
        continue
      case Z_STREAM_END:
        if try anotherMemberFollows() {
          inflateReset(stream)
        } else {
          finished = true
        }
      case Z_DATA_ERROR:
        let message = stream.pointee.msg.map { String(cString: $0) } ?? "invalid data"
        throw InputFileError(path: path, kind: .corruptGzip, reason: "gzip stream is corrupt (\(message), near byte \(offset))")
      case Z_MEM_ERROR:
        throw InputFileError(path: path, kind: .unreadable, reason: "out of memory while decompressing")
      case let status:
        throw InputFileError(path: path, kind: .corruptGzip, reason: "gzip stream is corrupt (zlib status \(status), near byte \(offset))")
      }
    }
    return count - Int(stream.pointee.avail_out)
  }

  /// The offset in the file of the next compressed byte.
  private var offset: Int { read - Int(stream.pointee.avail_in) }

  /// After a member's end: whether another member follows (true), the file ends (false), or
  /// something else follows (thrown).
  private func anotherMemberFollows() throws -> Bool {
    if stream.pointee.avail_in < 2 { _ = fill() }
    guard stream.pointee.avail_in > 0 else { return false }
    let next = stream.pointee.next_in!
    if stream.pointee.avail_in >= 2 && next[0] == 0x1f && next[1] == 0x8b { return true }
    let end = offset
    var extra = Int(stream.pointee.avail_in)
    while fill() > 0 { extra += Int(stream.pointee.avail_in) }
    throw InputFileError(
      path: path, kind: .corruptGzip,
      reason: "\(extra) byte\(extra == 1 ? "" : "s") of something other than gzip data follow the end of the compressed data at byte \(end) (junk appended, or two files joined); the file is damaged")
  }

  /// Moves the unread input to the front and reads more of the file after it; returns the
  /// bytes read (0 at the end of the file).
  private func fill() -> Int {
    let kept = Int(stream.pointee.avail_in)
    if kept > 0, let next = stream.pointee.next_in, next != input { memmove(input, next, kept) }
    let got = fread(input + kept, 1, Self.inputCapacity - kept, file)
    read += got
    stream.pointee.next_in = input
    stream.pointee.avail_in = UInt32(kept + got)
    return got
  }
}
