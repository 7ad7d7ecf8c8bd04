import KeyBenchCore

/// The letters a keyboard types, and how any text character maps onto them.
///
/// Touch resolution only reweights letter keys (seed 004), so running text is read as a stream
/// of three kinds of symbol: a letter of the alphabet (case folded; accents folded when the
/// layout has no key for the accented form), a *word boundary* (space, punctuation, digits —
/// after which word-initial frequencies apply) and an *unknown* letter (CJK, emoji, letters the
/// layout lacks — after which the seed asks for uniform weights).
public struct LetterAlphabet: Sendable, Equatable {
  /// The letters in key order; a letter's index is its key index in ``TouchKeyboard``.
  public let letters: [Character]
  private let indexByScalar: [Unicode.Scalar: Int]

  /// Symbol code for a word boundary (space, punctuation, digits, backspace).
  public var boundary: Int { letters.count }
  /// Symbol code for a letter outside the alphabet.
  public var unknown: Int { letters.count + 1 }

  public init(letters: [Character]) {
    self.letters = letters
    var index: [Unicode.Scalar: Int] = [:]
    for (position, letter) in letters.enumerated() {
      for form in [String(letter).lowercased(), String(letter).uppercased()] {
        let scalars = form.unicodeScalars
        if scalars.count == 1, index[scalars.first!] == nil { index[scalars.first!] = position }
      }
    }
    indexByScalar = index
  }

  /// The letter index of `scalar`, else ``boundary`` or ``unknown``.
  public func symbol(for scalar: Unicode.Scalar) -> Int {
    if let index = indexByScalar[scalar] { return index }
    if scalar.isASCII { return boundary }
    let folded = ComparableForm.of(String(scalar)).unicodeScalars
    if folded.count == 1, let index = indexByScalar[folded.first!] { return index }
    let properties = scalar.properties
    return properties.isAlphabetic || properties.isEmojiPresentation ? unknown : boundary
  }

  /// Every symbol of `text` in order, with a cache so long texts stay cheap.
  public func symbols(of text: String) -> [Int] {
    var cache: [Unicode.Scalar: Int] = [:]
    var out: [Int] = []
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let known = cache[scalar] {
        out.append(known)
      } else {
        let symbol = symbol(for: scalar)
        cache[scalar] = symbol
        out.append(symbol)
      }
    }
    return out
  }
}

/// What was typed just before a tap: the last two symbols (letter indices, or the alphabet's
/// boundary / unknown codes), most recent in ``previous``.
public struct LetterContext: Sendable, Hashable {
  public var previous: Int
  public var beforePrevious: Int

  public init(previous: Int, beforePrevious: Int) {
    self.previous = previous
    self.beforePrevious = beforePrevious
  }

  /// The context at the start of a text or word.
  public static func start(_ alphabet: LetterAlphabet) -> LetterContext {
    LetterContext(previous: alphabet.boundary, beforePrevious: alphabet.boundary)
  }

  /// The context after typing `symbol`. Runs of boundaries (", ") count as one: the next
  /// letter starts a word either way, and the trigram keeps the letter before the boundary.
  public func after(_ symbol: Int, in alphabet: LetterAlphabet) -> LetterContext {
    if symbol == alphabet.boundary && previous == alphabet.boundary { return self }
    return LetterContext(previous: symbol, beforePrevious: previous)
  }
}
