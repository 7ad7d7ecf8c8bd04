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
  /// Per sequence: its template's path length (pitches), its best word's log-probability and its
  /// word count, in flat arrays so that the pruning loops touch no strings or nested arrays.
  let lengths: [Double]
  let bestLogProbability: [Double]
  let wordCounts: [Int32]
  /// The keys of sequence i are `keys[keyOffsets[i]..<keyOffsets[i + 1]]`: one flat array, so
  /// building a template copies no per-sequence array.
  let keys: [UInt8]
  let keyOffsets: [Int32]

  /// - Complexity: O(sequences · log sequences); memory about 30 bytes per sequence.
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
    let best = lexicon.sequences.map { $0.words.first?.logProbability ?? -.infinity }
    bestLogProbability = best
    lengths = lexicon.sequences.map(\.length)
    wordCounts = lexicon.sequences.map { Int32($0.words.count) }
    var keys: [UInt8] = []
    var keyOffsets: [Int32] = [0]
    for sequence in lexicon.sequences {
      keys += sequence.keys
      keyOffsets.append(Int32(keys.count))
    }
    self.keys = keys
    self.keyOffsets = keyOffsets
    self.buckets = buckets.map { bucket in
      bucket.sorted { best[Int($0)] > best[Int($1)] || (best[Int($0)] == best[Int($1)] && $0 < $1) }
    }
    self.bucketWords = bucketWords
    self.firstKeyWords = firstKeyWords
  }

  func bucket(first: Int, last: Int) -> [Int32] { buckets[first * keyCount + last] }
  func words(first: Int, last: Int) -> Int { bucketWords[first * keyCount + last] }
}
