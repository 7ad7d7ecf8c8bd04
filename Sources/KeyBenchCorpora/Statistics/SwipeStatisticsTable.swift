import Foundation

/// The calibration table: each statistic's median and mean for one or two corpora.
public struct SwipeStatisticsTable {
  public let first: (name: String, statistics: SwipeStatistics)
  public let second: (name: String, statistics: SwipeStatistics)?

  public init(first: (String, SwipeStatistics), second: (String, SwipeStatistics)?) {
    self.first = (first.0, first.1)
    self.second = second.map { ($0.0, $0.1) }
  }

  /// The rows: label, and the summary value for a corpus.
  static let rows: [(String, @Sendable (SwipeStatistics) -> Double)] = [
    ("points per gesture, median", { $0.points.median }),
    ("points per gesture, mean", { $0.points.mean }),
    ("duration ms, median", { $0.duration.median }),
    ("duration ms, mean", { $0.duration.mean }),
    ("path length ÷ key polyline, median", { $0.lengthRatio.median }),
    ("path length ÷ key polyline, mean", { $0.lengthRatio.mean }),
    ("start offset (key widths), median", { $0.startOffset.median }),
    ("start offset (key widths), mean", { $0.startOffset.mean }),
    ("end offset (key widths), median", { $0.endOffset.median }),
    ("end offset (key widths), mean", { $0.endOffset.mean }),
    ("start offset below the key (key widths), mean", { $0.startOffsetY.mean }),
    ("end offset below the key (key widths), mean", { $0.endOffsetY.mean }),
    ("turning angle at keys (°), median", { $0.turningAngle.median }),
    ("turning angle at keys (°), mean", { $0.turningAngle.mean }),
    ("turning angle < 30°, share", { $0.turningAngle.fraction(in: 0..<30) }),
    ("turning angle 30–90°, share", { $0.turningAngle.fraction(in: 30..<90) }),
    ("turning angle ≥ 90°, share", { $0.turningAngle.fraction(in: 90..<181) }),
  ]

  /// Relative difference of `b` from `a` in percent.
  public static func difference(_ a: Double, _ b: Double) -> Double {
    a == 0 ? .nan : (b - a) / a * 100
  }

  public var markdown: String {
    var unmeasured = false
    func cell(_ value: Double, _ pattern: String) -> String {
      guard value.isFinite else {
        unmeasured = true
        return "n/a"
      }
      return String(format: pattern, value)
    }
    func format(_ value: Double) -> String { cell(value, value.magnitude < 10 ? "%.3f" : "%.1f") }
    var lines: [String] = []
    if let second {
      lines.append("| statistic | \(first.name) | \(second.name) | difference |")
      lines.append("|---|---:|---:|---:|")
      for (label, value) in Self.rows {
        let a = value(first.statistics)
        let b = value(second.statistics)
        lines.append("| \(label) | \(format(a)) | \(format(b)) | \(cell(Self.difference(a, b), "%+.1f %%")) |")
      }
      lines.append("| gestures (skipped) | \(first.statistics.gestures) (\(first.statistics.skipped)) | \(second.statistics.gestures) (\(second.statistics.skipped)) | |")
      lines.append("| turning angles measured | \(first.statistics.turningAngle.count) | \(second.statistics.turningAngle.count) | |")
    } else {
      lines.append("| statistic | \(first.name) |")
      lines.append("|---|---:|")
      for (label, value) in Self.rows { lines.append("| \(label) | \(format(value(first.statistics))) |") }
      lines.append("| gestures (skipped) | \(first.statistics.gestures) (\(first.statistics.skipped)) |")
      lines.append("| turning angles measured | \(first.statistics.turningAngle.count) |")
    }
    if unmeasured {
      lines += ["", "n/a: no gesture gave this statistic (e.g. no turning angles without interior letter keys), or no difference from a zero value."]
    }
    return lines.joined(separator: "\n")
  }
}
