import KeyBenchGeometry
import KeyBenchSwipe
import KeyBenchLexicon

/// About 1,700 made-up consonant-vowel words (`bat`, `bata`, …) with varied frequencies: many
/// words share prefixes and lie close together on the keyboard, so pruning and first-pass tests
/// have real competition.
enum ConsonantVowelLexicon {
  static func entries() -> [Lexicon.Entry] {
    var entries: [Lexicon.Entry] = []
    for (i, a) in "bdfghklmnprst".enumerated() {
      for (j, v) in "aeiou".enumerated() {
        for (k, b) in "bdfghklmnprst".enumerated() {
          entries.append(.init(word: "\(a)\(v)\(b)", frequency: UInt8(60 + (i * 7 + j * 13 + k * 5) % 150)))
          entries.append(.init(word: "\(a)\(v)\(b)\(v)", frequency: UInt8(40 + (i * 11 + j * 3 + k * 17) % 150)))
        }
      }
    }
    return entries
  }

  static func laidOut(on layout: KeyboardLayout) -> DecoderLexicon {
    DecoderLexicon(lexicon: Lexicon(name: "cv", locale: "en", entries: entries()), layout: layout)
  }
}
