/// The key sequences of a ``DecoderLexicon`` grouped by (first key, last key), SHARK2's
/// pruning by end points as a table lookup.
///
/// A trace's start and end each lie near a handful of keys, so the candidates are the union of a
/// few dozen buckets out of keys²: the lexicon is never scanned, and templates are built only for
/// the words in those buckets. Word counts per bucket and per first key are kept so that the
/// pruning stages can be reported without walking the words.
struct Shark2Index: Sendable {
  let keyCount: Int
  /// Sequence indices (into ``DecoderLexicon/sequences``) by `first * keyCount + last`, the most
  /// probable first: once a sequence's prior alone cannot reach the top list, neither can the
  /// rest of its bucket.
  let buckets: [[Int32]]
  /// Words per bucket.
  let bucketWords: [Int]
  /// Words per first key.
  let firstKeyWords: [Int]

  /// Per-sequence values (path length, best prior, keys, words) are the decoder lexicon's own
  /// flat arrays; the index adds only the buckets.
  ///
  /// - Complexity: O(sequences · log sequences); memory about 4 bytes per sequence.
  init(lexicon: DecoderLexicon) {
    keyCount = lexicon.centres.count
    var buckets = Array(repeating: [Int32](), count: keyCount * keyCount)
    var bucketWords = Array(repeating: 0, count: keyCount * keyCount)
    var firstKeyWords = Array(repeating: 0, count: keyCount)
    for index in lexicon.sequences.indices {
      let first = Int(lexicon.flatKeys[Int(lexicon.keyStart[index])])
      let bucket = first * keyCount + Int(lexicon.lastKey[index])
      let words = lexicon.wordsPerSequence(index)
      buckets[bucket].append(Int32(index))
      bucketWords[bucket] += words
      firstKeyWords[first] += words
    }
    let best = lexicon.bestLogProbability
    self.buckets = buckets.map { bucket in
      bucket.sorted { best[Int($0)] > best[Int($1)] || (best[Int($0)] == best[Int($1)] && $0 < $1) }
    }
    self.bucketWords = bucketWords
    self.firstKeyWords = firstKeyWords
  }

  func bucket(first: Int, last: Int) -> [Int32] { buckets[first * keyCount + last] }
  func words(first: Int, last: Int) -> Int { bucketWords[first * keyCount + last] }
}
