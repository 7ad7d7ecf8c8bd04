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

  /// Rows built as bytes (how touch and photos write hundreds of thousands of them) are the
  /// text ``CSV/row(_:)`` gives, quoting every field that needs it, and numbers print as
  /// `String(_:)` and `CSV.fixed` print them.
  @Test func bytesInPlaceAreTheTextOfTheStringWriters() {
    let fields = ["plain", "a,b", "say \"hi\"", "line\nbreak", "cr\r\nlf", "", "ü|ß", "\""]
    var bytes: [UInt8] = []
    CSV.append(row: fields, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == #"plain,"a,b","say ""hi""","line\#nbreak","cr\#r\#nlf",,ü|ß,"""""#)
    #expect(CSV.row(fields) == String(decoding: bytes, as: UTF8.self))
    #expect(CSV.bytes("a,b") == Array(#""a,b""#.utf8))
    for value in [0, 7, -7, 10, 1_000_000, -1_000_000, Int.max, Int.min] {
      var digits: [UInt8] = []
      CSV.append(value, to: &digits)
      #expect(String(decoding: digits, as: UTF8.self) == String(value))
    }
    var number: [UInt8] = [0x78]
    CSV.append(-0.004, decimals: 2, to: &number)
    CSV.append(292.545, decimals: 1, to: &number)
    #expect(String(decoding: number, as: UTF8.self) == "x" + CSV.fixed(-0.004, decimals: 2) + CSV.fixed(292.545, decimals: 1))
  }
}
