/// The key sequences of a ``DecoderLexicon`` grouped by (first key, last key), SHARK2's
/// pruning by end points as a table lookup.
///
/// A trace's start and end each lie near a handful of keys, so the candidates are the union of a
/// few dozen buckets out of keys²: the lexicon is never scanned, and templates are built only for
/// the words in those buckets. Word counts per bucket and per first key are kept so that the
/// pruning stages can be reported without walking the words.
struct Shark2Index: Sendable {
  let keyCount: Int
  /// Sequence indices (into ``DecoderLexicon/sequences``) by `first * keyCount + last`, ascending.
  let buckets: [[Int32]]
  /// Words per bucket.
  let bucketWords: [Int]
  /// Words per first key.
  let firstKeyWords: [Int]

  /// - Complexity: O(sequences); memory one `Int32` per sequence.
  init(lexicon: DecoderLexicon) {
    keyCount = lexicon.centres.count
    var buckets = Array(repeating: [Int32](), count: keyCount * keyCount)
    var bucketWords = Array(repeating: 0, count: keyCount * keyCount)
    var firstKeyWords = Array(repeating: 0, count: keyCount)
    for (index, sequence) in lexicon.sequences.enumerated() {
      guard let first = sequence.keys.first, let last = sequence.keys.last else { continue }
      let bucket = Int(first) * keyCount + Int(last)
      buckets[bucket].append(Int32(index))
      bucketWords[bucket] += sequence.words.count
      firstKeyWords[Int(first)] += sequence.words.count
    }
    self.buckets = buckets
    self.bucketWords = bucketWords
    self.firstKeyWords = firstKeyWords
  }

  func bucket(first: Int, last: Int) -> [Int32] { buckets[first * keyCount + last] }
  func words(first: Int, last: Int) -> Int { bucketWords[first * keyCount + last] }
}
