import Foundation
import KeyBenchTestSupport
import Testing

@testable import KeyBenchTouch

/// Seed 004's letter statistics (bigram rows, unigram and word-initial shares, coverage of the
/// most frequent pairs, P(e | th)), checked against counts made independently of the code.
@Suite struct LetterStatisticsTests {
  static let alphabet = LetterModelTests.alphabet

  /// Letters, pairs inside words and word starts of `text`, counted by splitting on non-letters.
  static func reference(_ text: String) -> (letters: [Character: Int], pairs: [String: Int], initials: [Character: Int]) {
    var letters: [Character: Int] = [:]
    var pairs: [String: Int] = [:]
    var initials: [Character: Int] = [:]
    for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
      let characters = Array(word)
      initials[characters[0], default: 0] += 1
      for c in characters { letters[c, default: 0] += 1 }
      for (a, b) in zip(characters, characters.dropFirst()) { pairs[String([a, b]), default: 0] += 1 }
    }
    return (letters, pairs, initials)
  }

  func index(_ c: Character) -> Int { Self.alphabet.letters.firstIndex(of: c)! }

  @Test func sharesAndRowsAgreeWithIndependentCounts() throws {
    let text = LetterModelTests.paragraph
    let statistics = LetterStatistics(counts: LetterCounts(texts: [text], alphabet: Self.alphabet))
    let reference = Self.reference(text)
    let letters = Double(reference.letters.values.reduce(0, +))
    #expect(statistics.counts.letters == Int(letters))
    for c in "etaqz" {
      #expect(abs(statistics.unigramShares[index(c)] - Double(reference.letters[c, default: 0]) / letters) < 1e-12)
    }
    let starts = Double(reference.initials.values.reduce(0, +))
    #expect(abs(statistics.wordInitialShares[index("t")] - Double(reference.initials["t"]!) / starts) < 1e-12)
    // P(h | t): pairs "th" over every pair starting with t inside a word.
    let afterT = Double(reference.pairs.filter { $0.key.first == "t" }.values.reduce(0, +))
    #expect(abs(statistics.following(index("t"))[index("h")] - Double(reference.pairs["th"]!) / afterT) < 1e-12)
    // After q this text always has u, as English does.
    #expect(statistics.following(index("q"))[index("u")] == 1)
    // A letter never seen before another has no row to speak of.
    let afterX = statistics.following(index("x"))
    #expect(afterX.allSatisfy { $0.isNaN })
  }

  @Test func coverageCountsTheMostFrequentPairsFirst() {
    let text = LetterModelTests.paragraph
    let statistics = LetterStatistics(counts: LetterCounts(texts: [text], alphabet: Self.alphabet))
    let pairs = Self.reference(text).pairs.values.sorted(by: >)
    let total = Double(pairs.reduce(0, +))
    let pairsByFrequency = statistics.pairsByFrequency
    #expect(pairsByFrequency.count == pairs.count)
    #expect(pairsByFrequency.first.map { Self.alphabet.letters[$0.first] == "t" && Self.alphabet.letters[$0.second] == "h" } == true)
    for top in [1, 5, 20] {
      #expect(abs(statistics.coverage(ofTop: top) - Double(pairs.prefix(top).reduce(0, +)) / total) < 1e-12)
    }
    #expect(statistics.coverage(ofTop: pairs.count) == 1)
  }

  @Test func pEAfterTHOnRealEnglishExceedsOneHalf() throws {
    // The seed's trigram remark (P(e | th) above 50 %) on a real novel.
    let path = TestPaths.corpora.appendingPathComponent("texts/en_gutenberg_11_alice_in_wonderland.txt").path
    try #require(FileManager.default.fileExists(atPath: path) || !TestPaths.runsCorpusTests)
    guard FileManager.default.fileExists(atPath: path) else { return }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let statistics = LetterStatistics(counts: LetterCounts(texts: [text], alphabet: Self.alphabet))
    let pe = statistics.following(index("t"), index("h"))[index("e")]
    #expect(pe > 0.5 && pe < 0.9)
    // Letter shares of English prose: e first, then t.
    let order = statistics.unigramShares.indices.sorted { statistics.unigramShares[$0] > statistics.unigramShares[$1] }
    #expect(Self.alphabet.letters[order[0]] == "e" && Self.alphabet.letters[order[1]] == "t")
  }

  @Test func theModelIsTrainedFromTheSameCounts() {
    let model = LetterModel(texts: [LetterModelTests.paragraph], alphabet: Self.alphabet)
    let counts = LetterCounts(texts: [LetterModelTests.paragraph], alphabet: Self.alphabet)
    #expect(model.counts.bigram == counts.bigram)
    #expect(model.trainingLetters == counts.letters)
  }
}
