public import Foundation

/// Writes a file through a temporary sibling and renames it into place on ``commit()``.
///
/// A failed or interrupted run therefore never leaves a half-written output, and an earlier
/// output of the same name stays intact until the new one is complete.
public final class AtomicFileWriter {
  public let path: String
  private let temporaryPath: String
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var committed = false

  /// Creates the temporary file (and the destination's folder).
  public init(path: String) throws {
    self.path = path
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot create its folder: \(SystemErrorText.reason(error))")
    }
    // rename(2) would replace a FIFO, a device (/dev/null, as root) or a symlink with a regular
    // file: outputs only ever replace regular files.
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      let kind: String
      switch status.st_mode & S_IFMT {
      case S_IFDIR: kind = "a folder"
      case S_IFLNK: kind = "a symbolic link"
      case S_IFIFO: kind = "a FIFO"
      case S_IFCHR, S_IFBLK: kind = "a device"
      default: kind = "not a regular file"
      }
      throw InputFileError(path: path, kind: .unreadable, reason: "is \(kind); an output replaces only a regular file (give a new file name)")
    }
    TemporaryFiles.sweepStale(beside: url.path, kind: "tmp")
    temporaryPath = TemporaryFiles.name(for: url.path, kind: "tmp")
    TemporaryFiles.register(temporaryPath)
    guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
      let handle = FileHandle(forWritingAtPath: temporaryPath)
    else {
      let why = access(directory.path, W_OK) != 0 ? ": \(String(cString: strerror(errno)))" : ""
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot create the output file\(why)")
    }
    self.handle = handle
  }

  deinit {
    if !committed {
      try? handle.close()
      try? FileManager.default.removeItem(atPath: temporaryPath)
    }
    TemporaryFiles.unregister(temporaryPath)
  }

  /// Writes `text` to `path` through a temporary file.
  public static func write(_ text: String, to path: String) throws {
    let file = try AtomicFileWriter(path: path)
    try file.write(text)
    try file.commit()
  }

  /// Writes each named file into `directory` (created when missing), each through a temporary
  /// file, one after another (sweep tables). A benchmark's result folder is replaced as a whole
  /// through ``OutputFolder`` instead.
  public static func write(files: [(name: String, text: String)], into directory: String) throws {
    for (name, text) in files {
      try write(text, to: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
    }
  }

  /// Appends bytes; they reach the disk in 1 MiB batches.
  public func write(_ data: Data) throws {
    buffer.append(contentsOf: data)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Appends the bytes `build` adds to the buffer in place: a results file of hundreds of
  /// thousands of rows is formatted straight into it (``CSV/append(row:to:)``), without a
  /// String or Data per row. They reach the disk in 1 MiB batches like every write.
  public func append(_ build: (inout [UInt8]) -> Void) throws {
    build(&buffer)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Appends UTF-8 text.
  public func write(_ text: String) throws { try write(Data(text.utf8)) }

  /// Flushes, closes and renames the file into place, replacing any earlier file; a JSON, XML or
  /// HTML file must be well-formed first (``GeneratedFile``), else the earlier file stays.
  public func commit() throws {
    try flush()
    do {
      try handle.close()
    } catch {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot write: \(SystemErrorText.reason(error))")
    }
    if let format = GeneratedFile.format(of: path) {
      let written = try InputFile.data(temporaryPath, maximumBytes: Int.max)
      if let problem = GeneratedFile.problem(written, format: format) {
        throw InputFileError(
          path: path, kind: .malformed,
          reason: "KeyBench generated \(format.rawValue) that is not well-formed (\(problem)), so it was not written (a bug; please report it)")
      }
    }
    // rename(2) replaces an existing file atomically.
    guard rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot move output into place: \(reason)")
    }
    committed = true
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot write: \(SystemErrorText.reason(error))")
    }
    buffer.removeAll(keepingCapacity: true)
  }

}
