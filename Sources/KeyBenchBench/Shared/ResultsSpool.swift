import Foundation
public import KeyBenchCore
public import KeyBenchResults

/// A results.csv written while a benchmark runs, for one whose rows are too many to hold: each row
/// goes to a hidden file beside the run folder (`.OUT.rows-PID`, on the folder's own disk, not a
/// memory-backed /tmp) and into ``StreamedStatistics``; the run folder's results.csv is then
/// copied from it in slices. The file is removed with the spool, on an interruption, or — after
/// a kill — by the next run writing to the same folder.
public final class ResultsSpool {
  let path: String
  private let handle: FileHandle
  private var buffer = Data()
  private var statistics: StreamedStatistics
  private var computed: RunStatistics?

  /// Starts the spool for the run folder `out` with results.csv's `header`.
  ///
  /// - Throws: ``InputFileError`` when the file cannot be created or a metric reads a column
  ///   `header` lacks.
  public init(beside out: String, header: [String], metrics: [RowMetric], groupName: String) throws {
    statistics = try StreamedStatistics(header: header, metrics: metrics, groupName: groupName)
    let target = URL(fileURLWithPath: out).standardizedFileURL.path
    TemporaryFiles.sweepStale(beside: target, kind: "rows")
    path = TemporaryFiles.name(for: target, kind: "rows")
    TemporaryFiles.register(path)
    try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forUpdatingAtPath: path) else {
      TemporaryFiles.unregister(path)
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot create the file the results are written to while the run goes on")
    }
    self.handle = handle
    buffer.append(Data((CSV.row(header) + "\n").utf8))
  }

  deinit {
    try? handle.close()
    try? FileManager.default.removeItem(atPath: path)
    TemporaryFiles.unregister(path)
  }

  /// Appends one row (its fields in header order).
  public func add(_ fields: [String]) throws {
    try statistics.add(fields)
    buffer.append(Data((CSV.row(fields) + "\n").utf8))
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// The statistics of every row added (computed once, when the rows are complete).
  public func finish(_ settings: BootstrapSettings) throws -> RunStatistics {
    if let computed { return computed }
    try flush()
    let result = try statistics.finish(settings)
    computed = result
    return result
  }

  /// Copies the rows into `file`, 1 MiB at a time.
  public func copy(to file: AtomicFileWriter) throws {
    try flush()
    try handle.seek(toOffset: 0)
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { try file.write(chunk) }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: buffer)
    } catch {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot write: \(SystemErrorText.reason(error))")
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
