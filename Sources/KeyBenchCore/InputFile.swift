public import Foundation

/// The one way KeyBench opens a whole input file: only regular files (a FIFO, device or socket
/// would block or never end), at most a stated size, UTF-8 checked where the caller parses text.
public enum InputFile {
  /// Files larger than this are refused unless a reader passes a larger bound (16 GiB).
  public static let defaultMaximumBytes = 16 << 30

  /// Throws unless `path` names a regular file (symlinks to one are followed) of at most
  /// `maximumBytes`; returns its size.
  @discardableResult
  public static func requireRegular(_ path: String, maximumBytes: Int = defaultMaximumBytes) throws -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let reason = errno == ENOENT ? "no such file" : "cannot read: \(String(cString: strerror(errno)))"
      throw InputFileError(path: path, kind: .unreadable, reason: reason)
    }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR { throw InputFileError(path: path, kind: .unreadable, reason: "is a directory, expected a file") }
    guard type == S_IFREG else {
      throw InputFileError(path: path, kind: .unreadable, reason: "is not a regular file (a FIFO, device or socket); give a file")
    }
    let size = Int(status.st_size)
    guard size <= maximumBytes else {
      throw InputFileError(path: path, kind: .unreadable, reason: "is \(size) bytes; at most \(maximumBytes) are read")
    }
    return size
  }

  /// The bytes of a regular file of at most `maximumBytes`.
  public static func data(_ path: String, maximumBytes: Int = defaultMaximumBytes) throws -> Data {
    try requireRegular(path, maximumBytes: maximumBytes)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot read")
    }
    return data
  }

  /// The file as UTF-8 text, without a leading byte order mark (``UTF8Text/byteOrderMark``);
  /// invalid UTF-8 is reported with its line.
  public static func text(_ path: String, maximumBytes: Int = defaultMaximumBytes) throws -> String {
    let data = UTF8Text.droppingByteOrderMark(try data(path, maximumBytes: maximumBytes))
    try UTF8Text.check(data, path: path)
    return String(decoding: data, as: UTF8.self)
  }
}
