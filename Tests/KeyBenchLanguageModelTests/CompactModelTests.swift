import Foundation
import KeyBenchLanguageModel
import KeyBenchTestSupport
import Testing

/// The compact Kneser-Ney model (sorted arrays, contexts as ranges) gives the probabilities of
/// the textbook formula computed here straight from the counts' dictionaries, on a real novel.
@Suite struct CompactModelTests {
  /// Interpolated absolute discounting over the continuation unigram, written out from the
  /// definition with dictionary lookups: the reference the compact model must match.
  struct Reference {
    let counts: NGramCounts
    let d2: Double, d3: Double
    let unigram: [Double]
    var bigramTotals: [Int32: (total: Int, types: Int)] = [:]
    var trigramTotals: [UInt64: (total: Int, types: Int)] = [:]

    init(_ counts: NGramCounts) {
      self.counts = counts
      func discount(_ values: Dictionary<UInt64, Int>.Values) -> Double {
        let once = Double(values.filter { $0 == 1 }.count), twice = Double(values.filter { $0 == 2 }.count)
        return once + twice > 0 ? max(0.1, min(0.95, once / (once + 2 * twice))) : 0.75
      }
      d2 = discount(counts.bigrams.values)
      d3 = discount(counts.trigrams.values)
      var continuation = [Double](repeating: 0, count: counts.words.count)
      for (key, count) in counts.bigrams {
        let (a, b) = NGramCounts.unpack(bigram: key)
        continuation[Int(b)] += 1
        bigramTotals[a, default: (0, 0)].total += count
        bigramTotals[a, default: (0, 0)].types += 1
      }
      continuation[0] = 0
      let sum = continuation.reduce(0, +)
      unigram = continuation.map { $0 / sum }
      for (key, count) in counts.trigrams {
        let (a, b, _) = NGramCounts.unpack(trigram: key)
        trigramTotals[NGramCounts.bigramKey(a, b), default: (0, 0)].total += count
        trigramTotals[NGramCounts.bigramKey(a, b), default: (0, 0)].types += 1
      }
    }

    func probability(_ w: Int32, u: Int32, v: Int32) -> Double {
      var p = unigram[Int(w)]
      if let (total, types) = bigramTotals[v] {
        let c = Double(counts.bigrams[NGramCounts.bigramKey(v, w)] ?? 0)
        p = max(c - d2, 0) / Double(total) + d2 * Double(types) / Double(total) * p
      }
      if let (total, types) = trigramTotals[NGramCounts.bigramKey(u, v)] {
        let c = Double(counts.trigrams[NGramCounts.trigramKey(u, v, w)] ?? 0)
        p = max(c - d3, 0) / Double(total) + d3 * Double(types) / Double(total) * p
      }
      return p
    }
  }

  @Test(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) func probabilitiesEqualTheFormulaOnANovel() throws {
    let counts = try NGramCounts(files: [TestPaths.corpus("texts/en_gutenberg_11_alice_in_wonderland.txt")])
    #expect(counts.trigrams.count > 10_000)
    let model = KneserNeyModel(counts: counts)
    let reference = Reference(counts)
    // Every trigram the text has (seen contexts and seen words), each with an unseen word, and
    // contexts the text never showed, over a deterministic sample of the vocabulary.
    var queries: [(Int32, Int32, Int32)] = []
    for (position, key) in counts.trigrams.keys.sorted().enumerated() where position % 7 == 0 {
      let (u, v, w) = NGramCounts.unpack(trigram: key)
      queries.append((u, v, w))
      queries.append((u, v, Int32(1 + (position % (counts.words.count - 1)))))
      queries.append((w, u, v))
    }
    var worst = 0.0
    for (u, v, w) in queries {
      let expected = reference.probability(w, u: u, v: v)
      let actual = model.probability(w, u: u, v: v)
      worst = max(worst, abs(actual - expected) / expected)
    }
    // The same arithmetic in the same order: equal to the last bit, bar the order of a sum.
    #expect(worst < 1e-12, "largest relative difference \(worst) over \(queries.count) queries")
    #expect(queries.count > 4_000)
    // Followers come by falling count, ties by id, and are exactly the words seen after the context.
    let the = try #require(counts.id(of: "the"))
    let context = try #require(model.bigramContext(the))
    let followers = Array(context.followers)
    let seen = counts.bigrams.filter { NGramCounts.unpack(bigram: $0.key).0 == the }
    #expect(Set(followers) == Set(seen.keys.map { NGramCounts.unpack(bigram: $0).1 }))
    #expect(context.total == seen.values.reduce(0, +) && context.types == seen.count)
    let countsInOrder = followers.map { counts.bigrams[NGramCounts.bigramKey(the, $0)]! }
    #expect(zip(countsInOrder, countsInOrder.dropFirst()).allSatisfy { $0 >= $1 })
    #expect(zip(followers, followers.dropFirst()).allSatisfy { a, b in
      counts.bigrams[NGramCounts.bigramKey(the, a)]! > counts.bigrams[NGramCounts.bigramKey(the, b)]! || a < b
    })
    // A context never seen, and ids outside the vocabulary, have no followers.
    #expect(model.trigramContext(Int32(counts.words.count - 1), Int32(counts.words.count - 1)) == nil)
    #expect(model.bigramContext(Int32(counts.words.count + 5)) == nil && model.bigramContext(-1) == nil)
  }
}
