import Foundation
import KeyBenchLanguageModel
import Testing

@Suite struct KneserNeyModelTests {
  /// A small English text where "of" is followed by a few words many times.
  static let text = """
    The end of the day came. The top of the hill was green. Most of the time we walked.
    A cup of tea is nice. The rest of the story is long. She saw the hill. We saw the end.
    """

  static func model() -> (NGramCounts, KneserNeyModel) {
    var counts = NGramCounts()
    for sentence in TextTokenizer.sentences(in: text) { counts.add(sentence: sentence) }
    return (counts, KneserNeyModel(counts: counts))
  }

  @Test func conditionalProbabilitiesSumToOneOverTheVocabulary() throws {
    let (counts, model) = Self.model()
    let of = try #require(counts.id(of: "of"))
    let the = try #require(counts.id(of: "the"))
    for (u, v) in [(NGramCounts.sentenceStart, the), (the, of), (of, the)] as [(Int32, Int32)] {
      let total = (1..<Int32(counts.words.count)).reduce(0.0) { $0 + model.probability($1, u: u, v: v) }
      #expect(abs(total - 1) < 1e-9, "context (\(u), \(v)) sums to \(total)")
    }
  }

  @Test func contextFavoursSeenFollowersAndPenalisesUnseenOnesAndUnknownWordsAlike() throws {
    let (counts, _) = Self.model()
    let lm = WordContextModel(counts: counts)
    #expect(lm.logRatio("the", previous: ["end", "of"]) > 0)
    #expect(lm.logRatio("hill", previous: ["top", "of"]) < 0)  // "of hill" never seen
    // A word the text never showed backs off exactly like a known word never seen in the context.
    let unseenKnown = lm.logRatio("walked", previous: ["cup", "of"])
    let unknown = lm.logRatio("zebra", previous: ["cup", "of"])
    #expect(unseenKnown < 0)
    #expect(abs(unseenKnown - unknown) < 1e-12)
    // Without context, the sentence start is the context: "the" starts sentences here.
    #expect(lm.logRatio("the", previous: [String]()) > 0)
    // Ratios are clamped, so one word's score can never run away.
    #expect(abs(lm.logRatio("tea", previous: ["cup", "of"], limit: 0.5)) <= 0.5)
  }

  /// A corrector skips words the context cannot favour: for every context and every word not seen
  /// after the context's last word (or unknown), the log ratio is at most 0.
  @Test func onlyWordsSeenAfterTheLastWordCanBeFavoured() throws {
    let (counts, _) = Self.model()
    let lm = WordContextModel(counts: counts)
    let contexts: [[String]] = [[], ["the"], ["end", "of"], ["top", "of"], ["we"], ["zebra"], ["cup", "zebra"], ["zebra", "of"]]
    var favourable = 0
    for previous in contexts {
      let context = lm.context(previous)
      for word in counts.words.dropFirst() + ["zebra"] {
        let id = lm.wordID(word)
        let ratio = lm.logRatio(wordID: id, in: context)
        #expect(abs(ratio - lm.logRatio(word, previous: previous)) < 1e-12)
        if lm.mayFavour(wordID: id, in: context) {
          if ratio > 0 { favourable += 1 }
        } else {
          #expect(ratio <= 1e-12, "\(word) after \(previous): \(ratio)")
        }
      }
    }
    #expect(favourable > 0)
  }
}
