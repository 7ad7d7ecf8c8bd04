import KeyBenchCore
public import KeyBenchGeometry

/// Types running text on a keyboard with a seeded, human-like touch error.
///
/// Each letter becomes a touch drawn from a 2-D Gaussian around its key's centre with the
/// device's touch spread (Bi & Zhai) and an optional systematic offset; space, punctuation and
/// digits are typed on keys outside the letter layer (seed 004 leaves them static), so they
/// produce no tap and only reset the context. The context is the *intended* text: the
/// benchmark assumes a mistyped letter is corrected before the next one, as Goodman et al. do.
public struct TapSimulator: Sendable {
  /// Systematic and random touch error.
  public struct Config: Sendable, Codable, Equatable {
    /// Mean offset of touches from the key centre in key pitches (x right, y down).
    public var offsetX = 0.0
    public var offsetY = 0.0
    /// Multiplies the device's touch spread (1 = Bi & Zhai).
    public var spreadScale = 1.0

    public init() {}
  }

  public let keyboard: TouchKeyboard
  public let spread: TouchSpread
  public let config: Config

  public init(keyboard: TouchKeyboard, spread: TouchSpread, config: Config = Config()) {
    self.keyboard = keyboard
    self.spread = spread
    self.config = config
  }

  /// Taps for the letters of `text`, at most `limit`; the same seed gives the same taps.
  /// How many taps `text` holds (its letters that have a key), before any limit.
  public func letterCount(text: String) -> Int {
    keyboard.alphabet.symbols(of: text).filter { $0 < keyboard.keyCount }.count
  }

  public func taps(text: String, seed: UInt64, limit: Int? = nil) -> [Tap] {
    var generator = SeededGenerator(seed: seed)
    let alphabet = keyboard.alphabet
    let pitchX = keyboard.rows.map { row in
      zip(row.keys, row.keys.dropFirst()).map { keyboard.centers[$1].x - keyboard.centers[$0].x }.min() ?? 0
    }.max() ?? 0
    let pitchY = zip(keyboard.rows, keyboard.rows.dropFirst()).map { $1.centerY - $0.centerY }.min() ?? 0
    let dx = config.offsetX * pitchX
    let dy = config.offsetY * pitchY
    var context = LetterContext.start(alphabet)
    var taps: [Tap] = []
    for symbol in alphabet.symbols(of: text) {
      if let limit, taps.count >= limit { break }
      if symbol < keyboard.keyCount {
        let center = keyboard.centers[symbol]
        let x = center.x + dx + generator.nextGaussian() * spread.sigmaX * config.spreadScale
        let y = center.y + dy + generator.nextGaussian() * spread.sigmaY * config.spreadScale
        taps.append(Tap(id: String(taps.count + 1), intended: symbol, context: context, point: Point(x: x, y: y)))
      }
      context = context.after(symbol, in: alphabet)
    }
    return taps
  }
}
