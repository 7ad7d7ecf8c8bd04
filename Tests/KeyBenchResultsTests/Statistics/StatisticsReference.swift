import Foundation

/// Reference values from scipy and statsmodels (`../Fixtures/statistics-reference.json`,
/// written by `../Fixtures/make-reference.py`, whose header gives the exact command).
struct StatisticsReference: Decodable {
  struct McNemarCase: Decodable {
    var onlyA: Int
    var onlyB: Int
    var pValue: Double
  }

  struct HolmCase: Decodable {
    var pValues: [Double]
    var adjusted: [Double]
  }

  /// `x` from scipy's norm.ppf, `exact` from 40-digit mpmath.
  struct QuantileCase: Decodable {
    var p: Double
    var x: Double
    var exact: Double
  }

  /// `p` from scipy's norm.cdf, `exact` from 40-digit mpmath.
  struct CDFCase: Decodable {
    var x: Double
    var p: Double
    var exact: Double
  }

  var generatedBy: String
  var mcnemar: [McNemarCase]
  var holm: [HolmCase]
  var normalQuantile: [QuantileCase]
  var normalCDF: [CDFCase]

  static func load() throws -> StatisticsReference {
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/statistics-reference.json")
    return try JSONDecoder().decode(StatisticsReference.self, from: Data(contentsOf: file))
  }

  /// Whether `actual` is within `relative` of `expected` (or both are the same infinity).
  static func close(_ actual: Double, _ expected: Double, relative: Double) -> Bool {
    if actual == expected { return true }
    return abs(actual - expected) <= relative * max(abs(expected), .leastNormalMagnitude)
  }
}
