import Foundation
import KeyBenchGeometry
import KeyBenchTestSupport
import Testing

@testable import KeyBenchTouch

/// The letter language model: distributions, fallbacks, and what real English text teaches it.
@Suite struct LetterModelTests {
  static let alphabet = LetterAlphabet(letters: Array("qwertyuiopasdfghjklzxcvbnm"))
  static let paragraph = """
    The quick brown fox jumps over the lazy dog. The queen quietly questioned the quality of the \
    quarterly report; that was the third time this quarter. Then the three thin thieves thought \
    that the theatre was there, though they had quite forgotten the question.
    """

  func letter(_ c: Character) -> Int { Self.alphabet.symbols(of: String(c))[0] }
  func context(_ text: String) -> LetterContext {
    Self.alphabet.symbols(of: text).reduce(LetterContext.start(Self.alphabet)) { $0.after($1, in: Self.alphabet) }
  }

  @Test func symbolsFoldCaseAndAccentsAndSeparateBoundariesFromUnknownLetters() {
    let a = Self.alphabet
    #expect(a.symbols(of: "Té") == [letter("t"), letter("e")])
    #expect(a.symbols(of: " ,7’") == [a.boundary, a.boundary, a.boundary, a.boundary])
    #expect(a.symbols(of: "日") == [a.unknown])
    // Runs of boundaries collapse, so the trigram still sees the letter before ", ".
    #expect(context("at, ") == LetterContext(previous: a.boundary, beforePrevious: letter("t")))
  }

  @Test(arguments: [1, 2, 3]) func everyDistributionSumsToOne(order: Int) {
    let model = LetterModel(texts: [Self.paragraph], alphabet: Self.alphabet, order: order)
    for text in ["", "t", "q", "th", "x", "zz", "日", "the "] {
      let weights = model.weights(after: context(text))
      #expect(abs(weights.reduce(0, +) - 1) < 1e-9, "\(text)")
      #expect(weights.allSatisfy { $0 > 0 })
    }
  }

  @Test func fallbacksWordStartUnknownAndRarePredecessors() {
    let model = LetterModel(texts: [Self.paragraph], alphabet: Self.alphabet, order: 2)
    // After a space or at the start: word-initial letters, where "t" dominates this text.
    let initial = model.weights(after: context("dog "))
    #expect(initial.firstIndex(of: initial.max()!) == letter("t"))
    #expect(model.weights(after: context("")) == initial)
    // After a letter outside the alphabet: uniform, no boundary shifting.
    #expect(Set(model.weights(after: context("日"))).count == 1)
    // "x" occurs once: its row stays close to the unigram, unlike the frequent "t".
    let unigram = model.unigramWeights
    let afterX = model.weights(after: context("x"))
    let afterT = model.weights(after: context("t"))
    func distance(_ a: [Double]) -> Double { zip(a, unigram).map { abs($0 - $1) }.reduce(0, +) }
    #expect(distance(afterX) < distance(afterT))
    #expect(afterT.firstIndex(of: afterT.max()!) == letter("h"))
  }

  /// Seed 004's expectations, on a real book.
  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) func realEnglishText() throws {
    let train = try String(contentsOfFile: TestPaths.corpus("texts/en_gutenberg_11_alice_in_wonderland.txt"), encoding: .utf8)
    let bigram = LetterModel(texts: [train], alphabet: Self.alphabet, order: 2)
    let afterT = bigram.weights(after: context("t"))
    #expect(afterT.firstIndex(of: afterT.max()!) == letter("h"))
    #expect(bigram.probability(of: letter("u"), after: context("q")) > 0.9)
    let initial = bigram.weights(after: context(" "))
    #expect(initial.firstIndex(of: initial.max()!) == letter("t"))
    // On a paragraph the model never saw, more context predicts better.
    let unigram = LetterModel(texts: [train], alphabet: Self.alphabet, order: 1)
    let trigram = LetterModel(texts: [train], alphabet: Self.alphabet, order: 3)
    let heldOut = Self.paragraph
    #expect(trigram.crossEntropy(of: heldOut) < bigram.crossEntropy(of: heldOut))
    #expect(bigram.crossEntropy(of: heldOut) < unigram.crossEntropy(of: heldOut))
    #expect(trigram.probability(of: letter("e"), after: context("th")) > bigram.probability(of: letter("e"), after: context("h")))
  }
}
