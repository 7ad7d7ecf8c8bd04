public import KeyBenchGeometry

/// The four things a keyboard is asked while someone writes, as kebbie asks them: correct a typed
/// word, complete a begun word, predict the next word, decode a swipe.
public enum KeyboardTask: String, Sendable, CaseIterable, Codable, Comparable {
  case correct, complete, next, swipe

  public static func < (a: KeyboardTask, b: KeyboardTask) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// A whole keyboard under test: the plug-in point of the keyboard benchmark.
///
/// A keyboard sees what a real one sees — the committed words before the cursor (as the typist
/// meant them: kebbie's "input forcing"), the typed characters and where each tap landed — and
/// answers ranked candidates. It declares the tasks it answers; the benchmark scores the others as
/// unanswered rather than wrong. Keyboards keep state (adaptation to the typist), hence a class.
public protocol Keyboard: AnyObject {
  /// The keyboard's name in results (`keybench`, `plain`, a plug-in's name).
  var name: String { get }
  /// The tasks it answers; requests of other tasks are never made.
  var tasks: Set<KeyboardTask> { get }
  /// Corrections of `typed` (one tap per character, nil for a character typed off the layout),
  /// best first; the first is the auto-correction.
  func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) throws -> [String]
  /// Completions of the begun word `prefix`, best first.
  func complete(_ prefix: String, taps: [Point?], previous: [String], limit: Int) throws -> [String]
  /// Next words after `previous`, best first.
  func next(previous: [String], limit: Int) throws -> [String]
  /// Words for a swipe trace (layout units, t in ms), best first.
  func swipe(_ points: [TimedPoint], previous: [String], limit: Int) throws -> [String]
  /// The word the typist committed (as meant) after `previous`, what the taps spelled and the
  /// taps (nil when swiped), for adaptation; the default ignores it.
  func learn(_ word: String, previous: [String], typed: String, taps: [Point?]?)
  /// A new typist begins: forget everything learned.
  func reset()
  /// Ends the keyboard's work (a plug-in's process); the default does nothing.
  func finish() throws
}

extension Keyboard {
  public func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) throws -> [String] { [] }
  public func complete(_ prefix: String, taps: [Point?], previous: [String], limit: Int) throws -> [String] { [] }
  public func next(previous: [String], limit: Int) throws -> [String] { [] }
  public func swipe(_ points: [TimedPoint], previous: [String], limit: Int) throws -> [String] { [] }
  public func learn(_ word: String, previous: [String], typed: String, taps: [Point?]?) {}
  public func reset() {}
  public func finish() throws {}
}

/// Case of a keyboard's answers: words are looked up lower-cased, and answered in the case the
/// typist wrote or the position asks for.
public enum WordCase {
  /// `word` (the lexicon's form, e.g. `London`, `I`, `the`) in the case `typed` shows: all
  /// capitals when `typed` is (two letters or more), a capital first letter when `typed` starts
  /// with one or when the word begins a sentence.
  public static func apply(to word: String, typed: String, sentenceStart: Bool) -> String {
    let letters = typed.filter(\.isLetter)
    if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return word.uppercased() }
    if sentenceStart || typed.first?.isUppercase == true, let first = word.first, first.isLowercase {
      return first.uppercased() + word.dropFirst()
    }
    return word
  }

  /// `words` without a word that differs from an earlier one only in case (capitalising at a
  /// sentence's start can make `the` and `The` one answer), order kept.
  public static func distinct(_ words: [String]) -> [String] {
    var seen: Set<String> = []
    return words.filter { seen.insert($0.lowercased()).inserted }
  }
}
