public import KeyBenchGeometry

/// Turns a touch point into the letter key the user meant: the plug-in point of touch resolution.
///
/// Resolvers see only the touch and what was typed before it, as a keyboard does on touch-down,
/// and return a key index of their ``TouchKeyboard``. They are values built once per keyboard,
/// with everything precomputed, because they run on every keystroke.
public protocol TouchResolver: Sendable {
  /// The resolver's name in reports (`static`, `gaussian`, …).
  var name: String { get }
  /// The key index for a touch at `touch` after `context`.
  func resolve(_ touch: Point, after context: LetterContext) -> Int
}

/// The resolvers KeyBench ships, by report name.
public enum TouchResolverKind: String, Sendable, CaseIterable, Codable {
  /// Key whose centre is nearest (no language model).
  case nearest
  /// Fixed equal regions, cap plus half of each gap (no language model; the baseline).
  case `static`
  /// Seed 004: boundaries inside a row shift toward the less probable key.
  case dynamic
  /// `dynamic` plus the seed's future-work vertical shift of the boundaries between rows.
  case dynamic2D = "dynamic-2d"
  /// Seed 004 phase 2b: touch as a 2-D Gaussian; key score = mass over its region × P(letter).
  case gaussian
  /// P(letter) × the key-centred Gaussian's density at the touch (the Bayesian posterior mode).
  case gaussianDensity = "gaussian-density"

  /// Builds the resolver for `keyboard`; `spread` is the device's touch spread in layout units.
  public func make(
    keyboard: TouchKeyboard, model: LetterModel, spread: TouchSpread, config: TouchResolverConfig
  ) -> any TouchResolver {
    switch self {
    case .nearest: return NearestCenterResolver(keyboard: keyboard)
    case .static: return StaticRegionResolver(keyboard: keyboard)
    case .dynamic: return DynamicBoundaryResolver(keyboard: keyboard, model: model, config: config, vertical: false)
    case .dynamic2D: return DynamicBoundaryResolver(keyboard: keyboard, model: model, config: config, vertical: true)
    case .gaussian: return GaussianResolver(keyboard: keyboard, model: model, spread: spread, config: config)
    case .gaussianDensity:
      return GaussianDensityResolver(keyboard: keyboard, model: model, spread: spread, config: config)
    }
  }

  /// Parses `all` or a comma-separated list of names.
  public static func parse(_ list: String) -> [TouchResolverKind]? {
    if list == "all" { return allCases }
    let kinds = list.split(separator: ",").map { TouchResolverKind(rawValue: String($0)) }
    return kinds.contains(nil) || kinds.isEmpty ? nil : kinds.map { $0! }
  }
}

/// Tunable parameters of the resolvers (defaults are the seed's where it gives one).
public struct TouchResolverConfig: Sendable, Codable, Equatable {
  /// What a boundary shift is measured in.
  public enum ShiftUnit: String, Sendable, Codable {
    /// The gap between key caps, as seed 004 writes the formula (no shift on gapless layouts).
    case gap
    /// The distance between neighbouring key centres (rows: between row centres).
    case pitch
  }

  /// Seed 004: shift = (w_B / (w_A + w_B) − 0.5) · unit · multiplier; it recommends 2 to 4.
  /// 2 had the fewest errors on the development text (Huckleberry Finn, simulated iPhone 5 and
  /// 6s taps, model trained on other texts): 2.84 % against 2.95 % (3) and 3.39 % (4).
  public var shiftMultiplier = 2.0
  public var shiftUnit = ShiftUnit.gap
  /// No key's region shrinks below this share of its static width (rows: height).
  public var minWidthRatio = 0.6
  /// Gaussian σ as a multiple of the device's touch spread.
  public var sigmaScale = 1.0
  /// Keys farther than this many σ from the touch are not scored (their mass is < 1e-4).
  public var cutoffSigmas = 4.0

  public init() {}
}
