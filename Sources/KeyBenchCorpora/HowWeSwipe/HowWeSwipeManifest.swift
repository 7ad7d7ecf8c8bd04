import Foundation
import KeyBenchCore

/// The curator's per-log index of the How We Swipe logs (`hws_log_manifest.tsv`), used to check
/// an import's gesture counts log by log.
///
/// The manifest counts complete gestures without the rejected ones that have a blank
/// `x_radius` (``HowWeSwipeLog/Counts/manifestComplete`` counts the same way), so an import of
/// the unmodified logs agrees with it exactly; any difference is a damaged or different log.
public enum HowWeSwipeManifest {
  /// Totals from the manifest and from an import, over the logs the import read.
  public struct Comparison: Sendable {
    public var manifestComplete = 0
    public var manifestAccepted = 0
    public var importComplete = 0
    public var importAccepted = 0
    /// Log file names whose counts differ or that the manifest does not list, sorted.
    public var differingLogs: [String] = []
    /// One sentence per differing log, in ``differingLogs`` order.
    public var differences: [String] = []
    /// Whether the import agrees with the manifest on every log it read.
    public var agrees: Bool { differingLogs.isEmpty }
  }

  /// Compares `perLog` (file name → counts) with the manifest at `path`.
  ///
  /// - Throws: ``InputFileError`` naming the file and line for a manifest that is not valid
  ///   UTF-8, lacks the columns, has a row with other fields or a log listed twice.
  public static func compare(
    path: String, with perLog: [String: (complete: Int, accepted: Int)]
  ) throws -> Comparison {
    var columns: [String: Int] = [:]
    var columnCount = 0
    var listed: [String: (line: Int, complete: Int, accepted: Int)] = [:]
    try LineReader(path: path).forEachLine { bytes, number in
      guard UTF8Text.isValid(bytes) else {
        throw InputFileError(path: path, line: number, kind: .invalidUTF8, reason: "line is not valid UTF-8")
      }
      let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      if number == 1 {
        for (index, name) in fields.enumerated() where columns[name] == nil { columns[name] = index }
        columnCount = fields.count
        guard columns["log_file"] != nil, columns["n_complete_gestures"] != nil,
          columns["n_complete_gestures_is_err0"] != nil
        else {
          throw InputFileError(
            path: path, line: 1, kind: .malformed,
            reason: "expected columns log_file, n_complete_gestures, n_complete_gestures_is_err0")
        }
        return
      }
      if fields.allSatisfy(\.isEmpty) { return }
      guard fields.count == columnCount else {
        throw InputFileError(
          path: path, line: number, kind: .malformed,
          reason: "bad manifest row: \(fields.count) fields where the header has \(columnCount)")
      }
      let file = fields[columns["log_file"]!]
      guard !file.isEmpty, let complete = Int(fields[columns["n_complete_gestures"]!]),
        let accepted = Int(fields[columns["n_complete_gestures_is_err0"]!]),
        complete >= 0, accepted >= 0, accepted <= complete
      else {
        throw InputFileError(
          path: path, line: number, kind: .malformed,
          reason: "bad manifest row: expected a log file name and gesture counts 0 ≤ accepted ≤ complete")
      }
      if let earlier = listed[file] {
        throw InputFileError(
          path: path, line: number, kind: .malformed, reason: "log \(file) is listed twice (also line \(earlier.line))")
      }
      listed[file] = (number, complete, accepted)
    }
    var result = Comparison()
    for file in perLog.keys.sorted() {
      let imported = perLog[file]!
      result.importComplete += imported.complete
      result.importAccepted += imported.accepted
      guard let expected = listed[file] else {
        result.differingLogs.append(file)
        result.differences.append("\(file): not in the manifest")
        continue
      }
      result.manifestComplete += expected.complete
      result.manifestAccepted += expected.accepted
      if imported.complete != expected.complete || imported.accepted != expected.accepted {
        result.differingLogs.append(file)
        result.differences.append(
          "\(file): \(imported.complete) complete, \(imported.accepted) accepted gestures; the manifest (line \(expected.line)) says \(expected.complete) and \(expected.accepted)"
        )
      }
    }
    return result
  }
}
