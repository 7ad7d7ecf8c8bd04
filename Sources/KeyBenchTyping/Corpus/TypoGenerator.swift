import KeyBenchCore
public import KeyBenchGeometry

/// Alters running text letter by letter with a ``TypingErrorDistribution`` (seed 002 §4.3: the
/// correction benchmark puts errors into correctly spelled text with a fixed random seed).
///
/// Each letter independently stays, or becomes one error kind with that kind's rate. A near slip
/// types a neighbouring key (weighted by the letter's observed near confusions when it has any),
/// an edit a non-neighbouring letter (likewise), an insert adds the same or a neighbouring key
/// after the letter, a delete drops it, case flips it, umlaut swaps `a`↔`ä` where the layout has
/// both. Every word of the text becomes one pair, unchanged words included, so a benchmark can
/// count false corrections and the share of words with errors (a word that would lose all its
/// letters stays as it is).
public struct TypoGenerator: Sendable {
  public let distribution: TypingErrorDistribution
  public let layout: KeyboardLayout
  private let classifier: LetterClassifier
  private let letters: [Character]
  private let cumulative: [(TypingOperation, Double)]

  public init(distribution: TypingErrorDistribution, layout: KeyboardLayout) {
    self.distribution = distribution
    self.layout = layout
    classifier = LetterClassifier(layout: layout)
    letters = layout.letterKeys.compactMap(\.letter).sorted()
    var sum = 0.0
    cumulative = TypingOperation.errors.map { operation in
      sum += distribution.rate(operation)
      return (operation, sum)
    }
  }

  /// The words of `text` (maximal runs of letters, with inner apostrophes and hyphens) each
  /// with its typed form. Same text, distribution and seed → the same pairs.
  public func generate(text: String, seed: UInt64, source: String) -> [TypoPair] {
    var random = SeededGenerator(seed: seed)
    return Self.words(in: text).map { word in
      TypoPair(typed: type(word, random: &random), intended: word, source: source)
    }
  }

  /// Splits running text into words.
  public static func words(in text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var pendingJoiner: Character?
    for character in text {
      if character.isLetter {
        if let joiner = pendingJoiner, !current.isEmpty { current.append(joiner) }
        pendingJoiner = nil
        current.append(character)
      } else if (character == "'" || character == "’" || character == "-") && !current.isEmpty && pendingJoiner == nil {
        pendingJoiner = character
      } else {
        if !current.isEmpty { words.append(current) }
        current = ""
        pendingJoiner = nil
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  private func type(_ word: String, random: inout SeededGenerator) -> String {
    var typed = ""
    for letter in word {
      guard letter.isLetter, let operation = draw(random: &random) else {
        typed.append(letter)
        continue
      }
      switch operation {
      case .near:
        typed.append(substitute(letter, near: true, random: &random) ?? letter)
      case .edit:
        typed.append(substitute(letter, near: false, random: &random) ?? letter)
      case .case:
        let flipped = letter.isUppercase ? letter.lowercased() : letter.uppercased()
        typed += flipped.count == 1 ? flipped : String(letter)
      case .umlaut:
        typed.append(umlautPartner(of: letter) ?? letter)
      case .insert:
        typed.append(letter)
        let options = [letter] + neighbours(of: letter)
        typed.append(options[Int(random.next() % UInt64(options.count))])
      case .delete:
        continue
      case .copy, .transpose:
        typed.append(letter)
      }
    }
    // A word whose every letter was dropped would vanish from the text; it is typed as meant.
    return typed.isEmpty ? word : typed
  }

  private func draw(random: inout SeededGenerator) -> TypingOperation? {
    let u = random.nextUnit()
    return cumulative.first { u < $0.1 }?.0
  }

  private func neighbours(of letter: Character) -> [Character] {
    guard let key = layout.key(for: letter) else { return [] }
    return layout.adjacentKeys(of: key).compactMap(\.letter)
  }

  /// A replacement letter of the requested class, weighted by observed confusions when known.
  private func substitute(_ letter: Character, near: Bool, random: inout SeededGenerator) -> Character? {
    let wanted: TypingOperation = near ? .near : .edit
    let lower = Character(letter.lowercased())
    let observed = (distribution.letters[String(lower)]?.confusions ?? [:])
      .compactMap { typed, count -> (Character, Int)? in
        guard count > 0, typed.count == 1, let character = typed.first,
          classifier.classify(typed: character, intended: lower) == wanted
        else { return nil }
        return (character, count)
      }.sorted { $0.0 < $1.0 }
    let replacement: Character?
    if !observed.isEmpty {
      let total = observed.reduce(0) { $0 + $1.1 }
      var pick = Int(random.next() % UInt64(total))
      replacement = observed.first { entry in
        defer { pick -= entry.1 }
        return pick < entry.1
      }?.0
    } else {
      let options = near ? neighbours(of: lower) : letters.filter { classifier.classify(typed: $0, intended: lower) == .edit }
      replacement = options.isEmpty ? nil : options[Int(random.next() % UInt64(options.count))]
    }
    guard let replacement else { return nil }
    return letter.isUppercase ? Character(replacement.uppercased()) : replacement
  }

  private func umlautPartner(of letter: Character) -> Character? {
    let lower = letter.lowercased()
    let partner = letters.first { String($0) != lower && ComparableForm.of(String($0)) == ComparableForm.of(lower) }
    guard let partner else { return nil }
    return letter.isUppercase ? Character(partner.uppercased()) : partner
  }
}
