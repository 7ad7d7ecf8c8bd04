import Foundation
import KeyBenchCore
import Testing

/// CSV.fixed prints what String(format:) prints, digit for digit: coordinates and lengths are
/// written with it into every results.csv, and a changed last digit would change the bytes.
@Suite struct CSVTests {
  @Test func fixedDecimalsMatchPrintf() {
    var generator = SeededGenerator(seed: 7)
    var values: [Double] = [
      0, -0.0, 0.005, 0.015, 0.125, 0.375, 2.5, 3.5, -2.5, -0.001, 24.825, 292.545, 1e-300, -1e-300, 0x1p-1074,
      0x1p52 - 1, 0x1p52 + 0.5, 1e300, .infinity, -.infinity, .nan, 1234567.891, 0.999, 0.995, 9.995, 99.995,
    ]
    for _ in 0..<200_000 {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: values.append(Double.random(in: -1000...1000, using: &generator))
      // Halves, quarters and eighths: exact ties of the last printed digit.
      case 1: values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 8)
      case 2: values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000 + 0.0005)
      default: values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
      }
    }
    for decimals in 0...3 {
      for value in values {
        let expected = String(format: "%.\(decimals)f", value)
        let got = CSV.fixed(value, decimals: decimals)
        if got != expected {
          Issue.record("\(value) with \(decimals) decimals: \(got), printf \(expected)")
          return
        }
      }
    }
  }
}
