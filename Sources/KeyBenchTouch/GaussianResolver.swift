import Foundation
public import KeyBenchGeometry

/// Seed 004's Gaussian touch model: the contact point is the centre of a 2-D Gaussian with the
/// device's touch spread (Bi & Zhai), each key scores its probability mass over the key's static
/// region times its language-model probability, and the best score wins.
///
/// Regions are axis-aligned rectangles, so the mass factors into Φ differences per axis; keys
/// beyond `cutoffSigmas` in either axis are skipped (they could only win at a probability ratio
/// above ~10⁴). Boundaries shared by neighbours are evaluated once, so a touch costs about
/// (keys in reach + rows in reach) error-function calls.
public struct GaussianResolver: TouchResolver {
  public let keyboard: TouchKeyboard
  public let model: LetterModel
  public let sigmaX: Double
  public let sigmaY: Double
  public let cutoff: Double
  public var name: String { TouchResolverKind.gaussian.rawValue }

  public init(keyboard: TouchKeyboard, model: LetterModel, spread: TouchSpread, config: TouchResolverConfig) {
    self.keyboard = keyboard
    self.model = model
    sigmaX = spread.sigmaX * config.sigmaScale
    sigmaY = spread.sigmaY * config.sigmaScale
    cutoff = config.cutoffSigmas
  }

  /// Standard normal CDF of `(bound − mean) / sigma`, through Abramowitz & Stegun 7.1.26
  /// (absolute error < 1.5·10⁻⁷, a few times faster than `erfc`); ±∞ bounds give 0 and 1.
  @inline(__always)
  static func cdf(_ bound: Double, mean: Double, sigma: Double) -> Double {
    let z = (bound - mean) / (sigma * 2.0.squareRoot())
    if z.isInfinite { return z > 0 ? 1 : 0 }
    let x = abs(z)
    let t = 1 / (1 + 0.3275911 * x)
    let poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    let tail = 0.5 * poly * exp(-x * x)  // P(Z > |z|·√2)
    return z >= 0 ? 1 - tail : tail
  }

  public func resolve(_ touch: Point, after context: LetterContext) -> Int {
    let lm = model.row(for: context)
    let reachX = cutoff * sigmaX
    let reachY = cutoff * sigmaY
    var best = -1
    var bestScore = -1.0
    for index in 0..<keyboard.rowBottoms.count {
      let top = keyboard.rowTops[index]
      let bottom = keyboard.rowBottoms[index]
      if bottom < touch.y - reachY || top > touch.y + reachY { continue }
      let massY = Self.cdf(bottom, mean: touch.y, sigma: sigmaY) - Self.cdf(top, mean: touch.y, sigma: sigmaY)
      let first = keyboard.staticColumn(x: touch.x - reachX, row: index)
      let last = keyboard.staticColumn(x: touch.x + reachX, row: index)
      let boundaries = keyboard.rows[index].boundaries
      let keys = keyboard.rows[index].keys
      var leftCDF = first == 0 ? 0 : Self.cdf(boundaries[first - 1], mean: touch.x, sigma: sigmaX)
      for column in first...last {
        let rightCDF = column == keys.count - 1
          ? 1 : Self.cdf(boundaries[column], mean: touch.x, sigma: sigmaX)
        let key = keys[column]
        let score = (rightCDF - leftCDF) * massY * model.probability(ofLetter: key, row: lm)
        if score > bestScore {
          bestScore = score
          best = key
        }
        leftCDF = rightCDF
      }
    }
    // Unreachable with finite coordinates (the static row and column are always in reach).
    return best >= 0 ? best : StaticRegionResolver(keyboard: keyboard).resolve(touch, after: context)
  }
}

/// The Bayesian reading of seed 004's Gaussian model (Goodman et al. 2002): a key's touches
/// scatter as a 2-D Gaussian around its centre with the device's spread, so a key scores
/// P(letter) × that density at the touch, and the posterior's mode wins.
///
/// It differs from ``GaussianResolver`` only in where the Gaussian is integrated: a point (the
/// key centre) instead of the key's region, which would add the region's own width to the
/// spread and so under-weight the language model. Keys whose exponent exceeds the best one by
/// more than cutoffSigmas² / 2 are skipped (their density is < e⁻⁸ of the best's).
public struct GaussianDensityResolver: TouchResolver {
  public let keyboard: TouchKeyboard
  public let model: LetterModel
  public let inverseVarianceX: Double
  public let inverseVarianceY: Double
  public let cutoff: Double
  public var name: String { TouchResolverKind.gaussianDensity.rawValue }

  public init(keyboard: TouchKeyboard, model: LetterModel, spread: TouchSpread, config: TouchResolverConfig) {
    self.keyboard = keyboard
    self.model = model
    let sx = spread.sigmaX * config.sigmaScale
    let sy = spread.sigmaY * config.sigmaScale
    inverseVarianceX = 1 / (2 * sx * sx)
    inverseVarianceY = 1 / (2 * sy * sy)
    cutoff = config.cutoffSigmas * config.cutoffSigmas / 2
  }

  public func resolve(_ touch: Point, after context: LetterContext) -> Int {
    let lm = model.row(for: context)
    let count = keyboard.keyCount
    return keyboard.centers.withUnsafeBufferPointer { centers in
      withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { exponents in
        var smallest = Double.infinity
        for key in 0..<count {
          let dx = touch.x - centers[key].x
          let dy = touch.y - centers[key].y
          let e = dx * dx * inverseVarianceX + dy * dy * inverseVarianceY
          exponents[key] = e
          if e < smallest { smallest = e }
        }
        var best = 0
        var bestScore = -1.0
        for key in 0..<count where exponents[key] - smallest <= cutoff {
          let score = model.probability(ofLetter: key, row: lm) * exp(smallest - exponents[key])
          if score > bestScore {
            bestScore = score
            best = key
          }
        }
        return best
      }
    }
  }
}
