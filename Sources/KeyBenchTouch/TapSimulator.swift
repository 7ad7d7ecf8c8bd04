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

  /// How many taps `text` holds (its letters that have a key), before any limit.
  public func letterCount(text: String) -> Int {
    keyboard.alphabet.symbols(of: text).filter { $0 < keyboard.keyCount }.count
  }

  /// Words of running text per block, the group a simulated tap clusters in for intervals.
  ///
  /// The touch noise is drawn independently per tap, so what makes simulated taps dependent is
  /// the text: neighbouring letters share words, names and a topic, which the letter model
  /// predicts well or badly together. A block of consecutive words keeps that together while
  /// leaving many blocks to resample (20,000 taps of Alice are 52 blocks). Sentences or lines
  /// would do it less evenly: a tap stream has lost the punctuation that ends a sentence, and a
  /// line is wherever the file wraps. 100 words is also the shortest slice of the prediction
  /// benchmark's text-length curves and its block size, so both benchmarks cut text alike.
  /// Every device types the same text with the same seed, so the taps of one block on several
  /// devices are in one group (their noise is drawn from the same sequence).
  public static let wordsPerBlock = 100

  /// The group of a tap in word `word` (0-based) of the text: `block 1` for words 1–100, and so on.
  public static func blockLabel(word: Int) -> String { "block \(word / wordsPerBlock + 1)" }

  /// Taps for the letters of `text`, at most `limit`; the same seed gives the same taps. Each
  /// tap's group is its block of ``wordsPerBlock`` words.
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
    // Words are runs of symbols between boundaries (letters, including ones without a key).
    var word = -1
    var inWord = false
    for symbol in alphabet.symbols(of: text) {
      if let limit, taps.count >= limit { break }
      if symbol == alphabet.boundary {
        inWord = false
      } else if !inWord {
        inWord = true
        word += 1
      }
      if symbol < keyboard.keyCount {
        let center = keyboard.centers[symbol]
        let x = center.x + dx + generator.nextGaussian() * spread.sigmaX * config.spreadScale
        let y = center.y + dy + generator.nextGaussian() * spread.sigmaY * config.spreadScale
        taps.append(Tap(
          id: String(taps.count + 1), intended: symbol, context: context, point: Point(x: x, y: y), group: Self.blockLabel(word: word)))
      }
      context = context.after(symbol, in: alphabet)
    }
    return taps
  }
}
