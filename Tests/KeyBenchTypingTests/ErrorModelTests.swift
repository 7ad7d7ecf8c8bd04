import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLexicon
import KeyBenchTestSupport
@testable import KeyBenchTyping
import Testing

/// The alignment's early exit at a bound must never change a cost the corrector can use.
@Suite struct ErrorModelTests {
  static let words = [
    "the", "and", "that", "have", "with", "this", "from", "they", "would", "there", "their", "about", "which", "people",
    "could", "because", "between", "necessary", "separate", "definitely", "accommodate", "occurrence", "tomorrow",
    "committee", "address", "really", "letter", "balloon", "mississippi", "bookkeeper", "a", "i", "to", "of", "in",
    "is", "it", "you", "be", "we", "keyboard", "benchmark", "misspelled", "beginning", "embarrass", "rhythm",
    "queue", "success", "possession", "until", "truly", "argument", "weird", "receive", "believe", "friend",
  ]

  /// Typos made the ways people make them: a neighbouring key, a dropped, doubled or stray letter,
  /// two letters swapped; one to three per word.
  static func typo(of word: String, random: inout SeededGenerator) -> String {
    var letters = Array(word)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let at = Int.random(in: 0..<max(letters.count, 1), using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0 where !letters.isEmpty: letters[at] = alphabet.randomElement(using: &random)!
      case 1 where letters.count > 1: letters.remove(at: at)
      case 2 where !letters.isEmpty: letters.insert(letters[at], at: at)
      case 3 where at + 1 < letters.count: letters.swapAt(at, at + 1)
      default: letters.insert(alphabet.randomElement(using: &random)!, at: min(at, letters.count))
      }
    }
    return String(letters)
  }

  @Test func aBoundedCostIsExactWheneverItIsWithinTheBound() throws {
    let layout = try DeviceCatalog.shipped().layout(named: "pixel6pro-gboard")
    let distribution = try TypingErrorDistribution.read(
      path: TestPaths.repository.appendingPathComponent("Corpora/typos/keyboard-en.json").path)
    let lexicon = CorrectionLexicon(
      lexicon: Lexicon(name: "t", locale: "en", entries: Self.words.map { Lexicon.Entry(word: $0, frequency: 100) }))
    let model = try ErrorModel(distribution: distribution, layout: layout, lexicon: lexicon, smoothing: 20)
    var random = SeededGenerator(seed: 7)
    var rows: [Float] = []
    var insertions = ErrorModel.TypedInsertions()
    var within = 0
    var beyond = 0
    for _ in 0..<400 {
      let typed = lexicon.encode(Self.typo(of: Self.words.randomElement(using: &random)!, random: &random))
      model.prepare(typed, into: &insertions)
      for word in Self.words {
        let codes = lexicon.encode(word)
        let exact = codes.withUnsafeBufferPointer {
          model.cost(typed: typed, insertions: insertions, word: $0, bound: .infinity, rows: &rows)
        }
        #expect(exact.isFinite)
        for bound in [Float(0), 0.5, 2, 4, 7, 12, 30] {
          // Cells left from an earlier word, at their most misleading: 0.
          for index in rows.indices { rows[index] = 0 }
          let bounded = codes.withUnsafeBufferPointer {
            model.cost(typed: typed, insertions: insertions, word: $0, bound: bound, rows: &rows)
          }
          if exact <= bound {
            within += 1
            #expect(bounded == exact, "typed \(typed) word \(word) bound \(bound)")
          } else {
            beyond += 1
            #expect(bounded > bound, "typed \(typed) word \(word) bound \(bound)")
          }
        }
      }
    }
    // Both sides of the bound were exercised.
    #expect(within > 1000 && beyond > 1000)
  }
}
