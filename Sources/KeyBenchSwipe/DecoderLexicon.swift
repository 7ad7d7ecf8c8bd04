import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchLexicon

/// A lexicon laid out for one keyboard: words grouped by their key sequence, with the per-word
/// values seed 000's filters read (§3.1: expected length, start angle, the neighbour exception,
/// last letter).
///
/// Words that trace the same keys (`of`/`off`, `its`/`it's`) share one entry, so DTW runs once
/// for them; entries are sorted by key sequence so neighbours share prefixes (§2.5) and are
/// grouped by first key for the start-point filter. Coordinates are in key pitches.
///
/// Storage is flat — every sequence's keys in one array, every word in another, per-sequence
/// values in parallel arrays — rather than an array of small arrays: 160k words laid out this way
/// take a fraction of the memory (no allocation per sequence), and the filters, which read
/// thousands of sequences per gesture, touch contiguous memory without reference counting.
public final class DecoderLexicon: Sendable {
  /// One distinct key sequence and the words that trace it (a copy, made on access).
  public struct Sequence: Sendable {
    /// Indices into ``DecoderLexicon/keys``.
    public let keys: [UInt8]
    /// Length of the key-centre polyline, pitches.
    public let length: Double
    /// Direction of the first segment (radians, y down); nil for one-key words.
    public let startAngle: Double?
    /// Whether the first two keys are neighbours (exempt from the direction filter).
    public let adjacentStart: Bool
    /// The words, most frequent first.
    public let words: [Word]
  }

  public struct Word: Sendable {
    public let word: String
    public let logProbability: Double
    /// ``SwipeDecoding/matchKey(_:)`` of the word.
    public let comparable: String
  }

  /// The sequences in key order, each built on access (prefer ``keys(of:)`` and ``words(of:)``
  /// in loops).
  public struct Sequences: RandomAccessCollection, Sendable {
    let lexicon: DecoderLexicon
    public var startIndex: Int { 0 }
    public var endIndex: Int { lexicon.lengths.count }
    public subscript(index: Int) -> Sequence {
      Sequence(
        keys: Array(lexicon.keys(of: index)), length: lexicon.lengths[index],
        startAngle: lexicon.startAngles[index].isNaN ? nil : lexicon.startAngles[index],
        adjacentStart: lexicon.adjacentStarts[index], words: Array(lexicon.words(of: index)))
    }
  }

  /// Letter keys of the layout; centres in pitches.
  public let keys: [Key]
  public let centres: [Point]
  public let pitch: Double
  /// Sequence indices by first key, ascending.
  public let byFirstKey: [[Int]]
  /// Distance between key centres a and b at `a × keys.count + b`, pitches (each computed as
  /// `centres[a].distance(to: centres[b])`, so a lookup gives the same bits as the computation).
  let centreDistances: [Double]
  public let wordCount: Int

  /// All sequences' keys, one after another; sequence i is `flatKeys[keyStart[i]..<keyStart[i + 1]]`.
  let flatKeys: [UInt8]
  let keyStart: [Int32]
  /// All words, by sequence; sequence i has `flatWords[wordStart[i]..<wordStart[i + 1]]`.
  let flatWords: [Word]
  let wordStart: [Int32]
  /// Last key of each sequence.
  let lastKey: [UInt8]
  /// Length of each sequence's key-centre polyline, pitches.
  let lengths: [Double]
  /// ln P of each sequence's most frequent word.
  let bestLogProbability: [Double]
  /// Direction of each sequence's first segment, NaN for one-key sequences.
  let startAngles: [Double]
  let adjacentStarts: [Bool]
  /// Every word's position in ``flatWords``, ordered by match key and then position: the words
  /// of one match key are one run, found by binary search. Kept as an array the layout cache
  /// stores, not a dictionary, which would hash 160,000 keys again at every start.
  let keyOrder: [Int32]

  /// Lays out the suggestible words of `lexicon` on `layout`.
  public convenience init(lexicon: Lexicon, layout: KeyboardLayout) {
    self.init(entries: lexicon.entries, layout: layout)
  }

  /// Lays out the suggestible ones of `entries` on `layout` (a lexicon plus a few added words,
  /// without building a second lexicon).
  ///
  /// - Complexity: O(words × letters + words log words); about a second for 160k words.
  public convenience init(entries: some Swift.Sequence<Lexicon.Entry>, layout: KeyboardLayout) {
    self.init(layout: layout, tables: Tables(entries: entries, layout: layout))
  }

  /// What laying out computes from the words (everything but the layout's own geometry and the
  /// look-ups derived from these arrays): the part the on-disk cache stores.
  struct Tables {
    var flatKeys: [UInt8] = []
    var keyStart: [Int32] = [0]
    var flatWords: [Word] = []
    var wordStart: [Int32] = [0]
    var lastKey: [UInt8] = []
    var lengths: [Double] = []
    var bestLogProbability: [Double] = []
    var startAngles: [Double] = []
    var adjacentStarts: [Bool] = []
    var keyOrder: [Int32] = []

    init(
      flatKeys: [UInt8], keyStart: [Int32], flatWords: [Word], wordStart: [Int32], lastKey: [UInt8], lengths: [Double],
      bestLogProbability: [Double], startAngles: [Double], adjacentStarts: [Bool], keyOrder: [Int32]
    ) {
      self.flatKeys = flatKeys
      self.keyStart = keyStart
      self.flatWords = flatWords
      self.wordStart = wordStart
      self.lastKey = lastKey
      self.lengths = lengths
      self.bestLogProbability = bestLogProbability
      self.startAngles = startAngles
      self.adjacentStarts = adjacentStarts
      self.keyOrder = keyOrder
    }

    init(entries: some Swift.Sequence<Lexicon.Entry>, layout: KeyboardLayout) {
      let letters = layout.letterKeys
      let centres = DecoderLexicon.centres(of: letters, layout: layout)
      var indexOfLabel: [String: UInt8] = [:]
      for (index, key) in letters.enumerated() { indexOfLabel[key.label] = UInt8(index) }

      // Every word's key sequence, flat, then the words ordered by sequence (most frequent first).
      var entryKeys: [UInt8] = []
      var entryStart: [Int32] = [0]
      var entryWords: [Word] = []
      for entry in entries where entry.isSuggestible {
        guard let path = layout.path(for: entry.word) else { continue }
        let before = entryKeys.count
        for key in path.keys { if let index = indexOfLabel[key.label] { entryKeys.append(index) } }
        guard entryKeys.count > before else { continue }
        entryStart.append(Int32(entryKeys.count))
        entryWords.append(
          Word(
            word: entry.word, logProbability: LatinIMEFrequency.logProbability(entry.frequency),
            comparable: SwipeDecoding.matchKey(entry.word)))
      }
      let order = entryKeys.withUnsafeBufferPointer { flat in
        func slice(_ i: Int) -> UnsafeBufferPointer<UInt8> {
          UnsafeBufferPointer(rebasing: flat[Int(entryStart[i])..<Int(entryStart[i + 1])])
        }
        return entryWords.indices.sorted { a, b in
          let (ka, kb) = (slice(a), slice(b))
          if !ka.elementsEqual(kb) { return ka.lexicographicallyPrecedes(kb) }
          let (pa, pb) = (entryWords[a].logProbability, entryWords[b].logProbability)
          return pa > pb || (pa == pb && a < b)
        }
      }

      flatWords.reserveCapacity(entryWords.count)
      var previous: ArraySlice<UInt8>?
      for index in order {
        let sequenceKeys = entryKeys[Int(entryStart[index])..<Int(entryStart[index + 1])]
        if previous.map({ !$0.elementsEqual(sequenceKeys) }) ?? true {
          // A new sequence.
          if previous != nil { wordStart.append(Int32(flatWords.count)) }
          let points = sequenceKeys.map { centres[Int($0)] }
          flatKeys.append(contentsOf: sequenceKeys)
          keyStart.append(Int32(flatKeys.count))
          lastKey.append(sequenceKeys.last!)
          lengths.append(points.pathLength)
          bestLogProbability.append(entryWords[index].logProbability)
          let first = sequenceKeys.startIndex
          startAngles.append(points.count > 1 ? points[0].angle(to: points[1]) : .nan)
          adjacentStarts.append(
            sequenceKeys.count > 1 && layout.areAdjacent(letters[Int(sequenceKeys[first])], letters[Int(sequenceKeys[first + 1])]))
          previous = sequenceKeys
        }
        flatWords.append(entryWords[index])
      }
      wordStart.append(Int32(flatWords.count))
      if lengths.isEmpty { wordStart = [0] }
      let words = flatWords
      keyOrder = (0..<Int32(words.count)).sorted { a, b in
        let (ka, kb) = (words[Int(a)].comparable, words[Int(b)].comparable)
        return ka == kb ? a < b : ka < kb
      }
    }
  }

  /// The layout's letter-key centres in pitches.
  static func centres(of letters: [Key], layout: KeyboardLayout) -> [Point] {
    letters.map { Point(x: $0.center.x / layout.horizontalPitch, y: $0.center.y / layout.horizontalPitch) }
  }

  /// The lexicon of `tables` on `layout`, with the look-ups derived from them (by first key, by
  /// match key): one definition for a fresh layout and one read from the cache.
  init(layout: KeyboardLayout, tables: Tables) {
    let letters = layout.letterKeys
    keys = letters
    pitch = layout.horizontalPitch
    let centres = Self.centres(of: letters, layout: layout)
    self.centres = centres
    centreDistances = centres.flatMap { a in centres.map { a.distance(to: $0) } }
    var byFirstKey = Array(repeating: [Int](), count: letters.count)
    for sequence in 0..<tables.lengths.count {
      byFirstKey[Int(tables.flatKeys[Int(tables.keyStart[sequence])])].append(sequence)
    }
    wordCount = tables.flatWords.count
    flatKeys = tables.flatKeys
    keyStart = tables.keyStart
    flatWords = tables.flatWords
    wordStart = tables.wordStart
    lastKey = tables.lastKey
    lengths = tables.lengths
    bestLogProbability = tables.bestLogProbability
    startAngles = tables.startAngles
    adjacentStarts = tables.adjacentStarts
    keyOrder = tables.keyOrder
    self.byFirstKey = byFirstKey
  }

  /// The arrays the cache stores, as laid out.
  var tables: Tables {
    Tables(
      flatKeys: flatKeys, keyStart: keyStart, flatWords: flatWords, wordStart: wordStart, lastKey: lastKey, lengths: lengths,
      bestLogProbability: bestLogProbability, startAngles: startAngles, adjacentStarts: adjacentStarts, keyOrder: keyOrder)
  }

  /// The sequences in key order.
  public var sequences: Sequences { Sequences(lexicon: self) }

  /// Sequence `index`'s keys, without copying.
  public func keys(of index: Int) -> ArraySlice<UInt8> { flatKeys[Int(keyStart[index])..<Int(keyStart[index + 1])] }

  /// Sequence `index`'s words, most frequent first, without copying.
  public func words(of index: Int) -> ArraySlice<Word> { flatWords[Int(wordStart[index])..<Int(wordStart[index + 1])] }

  /// Number of words tracing sequence `index`.
  func wordsPerSequence(_ index: Int) -> Int { Int(wordStart[index + 1] - wordStart[index]) }

  /// The sequences of the words that match `word` (``SwipeDecoding/matchKey(_:)``); empty
  /// when no such word is in the lexicon.
  public func sequenceIndices(matching word: String) -> [Int] {
    let key = SwipeDecoding.matchKey(word)
    var low = 0
    var high = keyOrder.count
    while low < high {
      let middle = (low + high) / 2
      if flatWords[Int(keyOrder[middle])].comparable < key { low = middle + 1 } else { high = middle }
    }
    var sequences: [Int] = []
    while low < keyOrder.count, flatWords[Int(keyOrder[low])].comparable == key {
      // Positions ascend within the run, so their sequences do too: repeats are adjacent.
      let sequence = sequence(ofWordAt: Int(keyOrder[low]))
      if sequences.last != sequence { sequences.append(sequence) }
      low += 1
    }
    return sequences
  }

  /// The sequence whose words include ``flatWords``' `position`: the last `wordStart` at or below it.
  func sequence(ofWordAt position: Int) -> Int {
    var low = 0
    var high = wordStart.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if Int(wordStart[middle]) <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
