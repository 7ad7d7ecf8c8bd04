/// A noun found in a message: its WordNet base forms (lemmas) and the words it came from.
public struct MessageNoun: Sendable, Equatable {
  /// The message words, lower-case (`hot dogs`).
  public var text: String
  /// WordNet noun lemmas it may stand for, most likely first (`hot_dog`).
  public var lemmas: [String]
}

/// Finds the nouns of a message with WordNet alone (seed 003 extracts "dominant nouns" before linking).
///
/// Tokenises into lower-case words, drops function words, matches the longest WordNet noun
/// collocation (up to four words, the last one lemmatised: "teddy bears" → `teddy_bear`),
/// else lemmatises single words with morphy (`noun.exc`, then the detachment rules).
///
/// Without a part-of-speech tagger it cannot tell a word's part of speech in context: every
/// word with a noun sense counts as a noun, so verbs and adjectives that are also nouns
/// ("running", "park" as a verb, "top", "front", "back", "sitting") are kept, and a noun sense
/// is never ruled out by its use.
public struct NounExtractor: Sendable {
  public let wordNet: WordNet
  /// The longest collocation tried, in words.
  public var maxWords = 4

  public init(wordNet: WordNet) { self.wordNet = wordNet }

  /// English function words (articles, pronouns, prepositions, conjunctions, auxiliaries,
  /// numerals): many are also WordNet nouns ("a" = vitamin A, "one", "in" = inch, "it").
  public static let stopWords: Set<String> = Set(
    """
    a an the this that these those some any each every no all both either neither other another such \
    i me my mine we us our ours you your yours he him his she her hers it its they them their theirs \
    one two three four five six seven eight nine ten several many much more most few less least \
    who whom whose which what where when why how there here then than \
    in on at by for from of off to into onto upon with without within about above below over under \
    near next beside besides between behind before after during through across along around against \
    toward towards up down out inside outside underneath beneath past via per \
    and or but nor so yet if because while as though although \
    is are was were be been being am do does did doing done have has had having \
    can could will would shall should may might must not very too also just only even still \
    s t 's
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))

  /// Lower-case word tokens: letters and digits, inner apostrophes dropped with a possessive `'s`.
  public static func tokens(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    func flush() {
      if current.hasSuffix("'s") { current.removeLast(2) }
      current = current.replacingOccurrences(of: "'", with: "")
      if !current.isEmpty { words.append(current) }
      current = ""
    }
    for ch in text.lowercased() {
      if ch.isLetter || ch.isNumber || (ch == "'" && !current.isEmpty) || ch == "’" && !current.isEmpty {
        current.append(ch == "’" ? "'" : ch)
      } else {
        flush()
      }
    }
    flush()
    return words
  }

  /// The nouns of `text`, in order.
  public func nouns(in text: String) -> [MessageNoun] {
    let words = Self.tokens(text)
    var found: [MessageNoun] = []
    var i = 0
    while i < words.count {
      if let (length, lemma) = collocation(at: i, in: words) {
        found.append(MessageNoun(text: words[i..<(i + length)].joined(separator: " "), lemmas: [lemma]))
        i += length
        continue
      }
      let word = words[i]
      i += 1
      if Self.stopWords.contains(word) || word.allSatisfy(\.isNumber) { continue }
      let forms = wordNet.baseForms(of: word)
      if !forms.isEmpty { found.append(MessageNoun(text: word, lemmas: forms)) }
    }
    return found
  }

  /// The longest WordNet collocation of 2+ words starting at `start` (last word lemmatised).
  func collocation(at start: Int, in words: [String]) -> (Int, String)? {
    guard !Self.stopWords.contains(words[start]) else { return nil }
    var length = min(maxWords, words.count - start)
    while length >= 2 {
      let head = words[start..<(start + length - 1)].joined(separator: "_")
      let last = words[start + length - 1]
      for form in [last] + Self.detachedForms(of: last, wordNet: wordNet) {
        let candidate = head + "_" + form
        if wordNet.isNoun(candidate) { return (length, candidate) }
      }
      length -= 1
    }
    return nil
  }

  /// Base forms a collocation's last word may take (exceptions and detachment rules), even
  /// when the word alone is no noun.
  static func detachedForms(of word: String, wordNet: WordNet) -> [String] {
    wordNet.baseForms(of: word).filter { $0 != word }
  }
}
