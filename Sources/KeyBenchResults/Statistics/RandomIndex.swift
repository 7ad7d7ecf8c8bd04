import KeyBenchCore

extension SeededGenerator {
  /// A uniform index in 0..<count (count > 0), by Lemire's multiply-and-reject method.
  ///
  /// Written here rather than calling `Int.random(in:using:)` so the draws, and with them every
  /// bootstrap interval, cannot change with the standard library's implementation.
  mutating func index(below count: Int) -> Int {
    let bound = UInt64(count)
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
    }
    return Int(product.high)
  }
}
