/// Independent-looking seeds for the many data sets and bootstraps of one simulation, derived
/// from one user-given seed so a whole benchmark is reproducible from that seed.
enum DerivedSeed {
  /// A SplitMix64-style hash of (seed, index, stream).
  static func make(_ seed: UInt64, index: Int, stream: UInt64) -> UInt64 {
    var z = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
    z = z &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
