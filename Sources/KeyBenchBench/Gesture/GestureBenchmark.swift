import Foundation
public import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchGesture

/// Enters the words of a text with every letter scheme on one device and decodes them back.
///
/// Words are the runs of the schemes' letters in the (lower-cased, accent-folded) text; anything
/// else separates words. Each word is one stroke and each space between words a tap on the
/// circle. The same seed drives every scheme, so a comparison differs only by arrangement.
public struct GestureBenchmark {
  public struct Config: Sendable, Codable, Equatable {
    public var geometry = GestureGeometry.Config()
    public var strokes = StrokeSimulator.Config()
    public init() {}
  }

  /// One word entered with one scheme.
  public struct WordResult: Sendable {
    /// Position of the word among the words entered (0-based), the same for every scheme.
    public var index: Int
    public var word: String
    public var decoded: String
    /// Levenshtein distance between `decoded` and `word`.
    public var edits: Int
    public var points: Int
    /// Region changes (circle ↔ field and field ↔ field) inside the stroke.
    public var crossings: Int
    /// Length of the simulated stroke and of its noiseless aim-point path, in mm.
    public var pathMillimeters: Double
    public var idealPathMillimeters: Double
    /// Length of the word's ideal QWERTY swipe (key centre to key centre) on the device, in mm.
    public var qwertyPathMillimeters: Double
    /// Whether a space was tapped before the word (every word but the first), and whether that
    /// tap decoded as something else than a space: the word's share of the characters and errors.
    public var spaceBefore: Bool
    public var spaceError: Bool

    /// Characters the word accounts for: its letters and the space before it.
    public var characters: Int { word.count + (spaceBefore ? 1 : 0) }
    /// Character errors it accounts for: its edits and a space tap that was not decoded as a space.
    public var characterErrors: Int { edits + (spaceError ? 1 : 0) }
  }

  /// All words entered with one scheme, and the spaces between them.
  public struct SchemeRun: Sendable {
    public var scheme: LetterScheme
    public var source: String
    public var words: [WordResult]
    /// Spaces (circle taps) that did not decode as a space.
    public var spaceErrors: Int
  }

  public let schemes: [(scheme: LetterScheme, source: String)]
  public let profile: DeviceProfile
  public let config: Config

  public init(schemes: [(scheme: LetterScheme, source: String)], profile: DeviceProfile, config: Config) {
    self.schemes = schemes
    self.profile = profile
    self.config = config
  }

  /// The words of `text` every scheme can type, at most `limit`.
  public func words(of text: String, limit: Int?) -> [String] {
    let letters = schemes.map { Set($0.scheme.alphabet) }.reduce(Set(schemes.first?.scheme.alphabet ?? [])) { $0.intersection($1) }
    var words: [String] = []
    var current = ""
    for character in ComparableForm.of(text) {
      if letters.contains(character) {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
        if let limit, words.count >= limit { return words }
      }
    }
    if !current.isEmpty && (limit.map { words.count < $0 } ?? true) { words.append(current) }
    return words
  }

  public func run(words: [String], seed: UInt64) -> [SchemeRun] {
    let geometry = GestureGeometry(profile: profile, config: config.geometry)
    let qwerty = profile.layout(forLocale: "en")
    let mm = profile.millimetersPerUnit
    return schemes.map { entry in
      let simulator = StrokeSimulator(
        scheme: entry.scheme, geometry: geometry, spread: profile.touchSpread, samplingHz: profile.touchSamplingHz,
        config: config.strokes)
      let decoder = GestureDecoder(scheme: entry.scheme, geometry: geometry)
      var generator = SeededGenerator(seed: seed)
      var results: [WordResult] = []
      var spaceErrors = 0
      for (index, word) in words.enumerated() {
        let spaceError = index > 0 && decoder.decode(simulator.spaceTap(using: &generator)) != " "
        if spaceError { spaceErrors += 1 }
        guard let stroke = simulator.stroke(for: word, using: &generator), let aims = simulator.aimPoints(for: word) else {
          continue
        }
        let decoded = decoder.decode(stroke)
        results.append(WordResult(
          index: index, word: word, decoded: decoded, edits: EditDistance.levenshtein(Array(decoded), Array(word)),
          points: stroke.points.count, crossings: decoder.regions(of: stroke).count - 1, pathMillimeters: stroke.points.pathLength * mm,
          idealPathMillimeters: aims.pathLength * mm, qwertyPathMillimeters: (qwerty.path(for: word)?.length ?? 0) * mm,
          spaceBefore: index > 0, spaceError: spaceError))
      }
      return SchemeRun(scheme: entry.scheme, source: entry.source, words: results, spaceErrors: spaceErrors)
    }
  }

}

/// The figures a gesture run is judged by, per scheme.
public struct GestureSummary: Sendable {
  public struct Row: Sendable {
    public var scheme: String
    public var source: String
    public var words: Int
    /// Letters plus the spaces between words.
    public var characters: Int
    /// Edits (letters and spaces) ÷ characters.
    public var characterErrorRate: Double
    public var wordErrorRate: Double
    /// Word strokes plus space taps, per character.
    public var strokesPerCharacter: Double
    public var crossingsPerCharacter: Double
    /// Letter-frequency-weighted mean of border crossings a letter needs (0 middle, 1, 2).
    public var borderCrossingsPerLetter: Double
    public var pathMillimetersPerLetter: Double
    public var idealPathMillimetersPerLetter: Double
    public var qwertyPathMillimetersPerLetter: Double
  }

  /// Schemes ranked by their frequency-weighted movement (border crossings, then ideal path).
  public var rows: [Row]

  public init(runs: [GestureBenchmark.SchemeRun]) {
    rows = runs.map { run in
      let letters = run.words.reduce(0) { $0 + $1.word.count }
      let spaces = run.words.filter(\.spaceBefore).count
      // Per word, as results.csv's chars and char_errors columns, so the statistics' cer is this one.
      let characters = run.words.reduce(0) { $0 + $1.characters }
      var frequencies: [Character: Int] = [:]
      for result in run.words { for letter in result.word { frequencies[letter, default: 0] += 1 } }
      let c = Double(max(characters, 1))
      let l = Double(max(letters, 1))
      return Row(
        scheme: run.scheme.name, source: run.source, words: run.words.count, characters: characters,
        characterErrorRate: Double(run.words.reduce(0) { $0 + $1.characterErrors }) / c,
        wordErrorRate: Double(run.words.filter { $0.edits > 0 }.count) / Double(max(run.words.count, 1)),
        strokesPerCharacter: Double(run.words.count + spaces) / c,
        crossingsPerCharacter: Double(run.words.reduce(0) { $0 + $1.crossings }) / c,
        borderCrossingsPerLetter: run.scheme.crossingCost(frequencies: frequencies),
        pathMillimetersPerLetter: run.words.reduce(0) { $0 + $1.pathMillimeters } / l,
        idealPathMillimetersPerLetter: run.words.reduce(0) { $0 + $1.idealPathMillimeters } / l,
        qwertyPathMillimetersPerLetter: run.words.reduce(0) { $0 + $1.qwertyPathMillimeters } / l)
    }.sorted {
      ($0.borderCrossingsPerLetter, $0.idealPathMillimetersPerLetter) < ($1.borderCrossingsPerLetter, $1.idealPathMillimetersPerLetter)
    }
  }
}

extension GestureBenchmark.Config: ValidatedConfig {
  /// Ranges of the touch view's geometry (shares of the keyboard) and the simulated strokes.
  public func validationErrors() -> [String] {
    var check = RangeCheck()
    check.positive("geometry.viewShare", geometry.viewShare, atMost: 1)
    // At 0.5 the aim points would sit on the circle's edge.
    check.positive("geometry.circleShare", geometry.circleShare, atMost: 0.45)
    check.positive("geometry.commitShare", geometry.commitShare, atMost: 1)
    check.positive("strokes.speedMillimetersPerSecond", strokes.speedMillimetersPerSecond, atMost: 10_000)
    check.number("strokes.noiseScale", strokes.noiseScale, in: 0...100)
    return check.errors
  }
}
