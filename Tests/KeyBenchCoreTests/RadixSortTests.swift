import KeyBenchCore
import Testing

@Suite struct RadixSortTests {
  /// A deterministic generator, so a failure names a reproducible case.
  struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test(arguments: [0, 1, 2, 4095, 4096, 4097, 100_000])
  func sortsExactlyAsTheStandardSort(count: Int) {
    var random = SplitMix(state: UInt64(count))
    // Full-width keys, keys that differ only in one 16-bit digit, duplicates and the extremes.
    let wide = (0..<count).map { _ in random.next() }
    let oneDigit = (0..<count).map { _ in (random.next() & 0xFFFF) << 32 | 0xABCD }
    let repeated = (0..<count).map { _ in [0, UInt64.max, 1 << 63, 42][Int(random.next() % 4)] }
    for values in [wide, oneDigit, repeated, wide.sorted(), Array(wide.sorted().reversed())] {
      #expect(RadixSort.sorted(values) == values.sorted())
    }
  }
}
