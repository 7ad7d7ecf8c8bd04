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
public final class DecoderLexicon: Sendable {
  /// One distinct key sequence and the words that trace it.
  public struct Sequence: Sendable {
    /// Indices into ``DecoderLexicon/keys``.
    public let keys: [UInt8]
    /// Length of the key-centre polyline, pitches.
    public let length: Double
    /// Direction of the first segment (radians, y down); nil for one-key words.
    public let startAngle: Double?
    /// Whether the first two keys are neighbours (exempt from the direction filter).
    public let adjacentStart: Bool
    /// The words, with their log-probability and comparable form.
    public let words: [Word]
  }

  public struct Word: Sendable {
    public let word: String
    public let logProbability: Double
    /// ``SwipeDecoding/matchKey(_:)`` of the word.
    public let comparable: String
  }

  /// Letter keys of the layout; centres in pitches.
  public let keys: [Key]
  public let centres: [Point]
  public let pitch: Double
  /// Sorted by key sequence.
  public let sequences: [Sequence]
  /// Sequence indices by first key, ascending.
  public let byFirstKey: [[Int]]
  public let wordCount: Int
  private let sequencesOfKey: [String: [Int]]

  // Per-sequence values the filters and the first pass read for thousands of sequences per
  // gesture, as flat arrays: reading them through ``sequences`` would copy (retain and
  // release) each sequence's arrays, which cost more than the filters themselves.
  /// Last key of each sequence.
  let lastKey: [UInt8]
  /// ``Sequence/length`` of each sequence.
  let lengths: [Double]
  /// ln P of each sequence's most frequent word.
  let bestLogProbability: [Double]
  /// All sequences' keys, one after another; sequence i is `flatKeys[keyStart[i]..<keyStart[i + 1]]`.
  let flatKeys: [UInt8]
  let keyStart: [Int32]
  /// ``Sequence/startAngle`` of each sequence, NaN for one-key sequences.
  let startAngles: [Double]
  let adjacentStarts: [Bool]
  let wordsPerSequence: [Int]

  /// Lays out the suggestible words of `lexicon` on `layout`.
  ///
  /// - Complexity: O(words × letters); about a second for 160k words in a debug build.
  public init(lexicon: Lexicon, layout: KeyboardLayout) {
    let letters = layout.letterKeys
    keys = letters
    pitch = layout.horizontalPitch
    centres = letters.map { Point(x: $0.center.x / layout.horizontalPitch, y: $0.center.y / layout.horizontalPitch) }
    var indexOfLabel: [String: UInt8] = [:]
    for (index, key) in letters.enumerated() { indexOfLabel[key.label] = UInt8(index) }
    var grouped: [[UInt8]: [Word]] = [:]
    var count = 0
    for entry in lexicon.entries where entry.isSuggestible {
      guard let path = layout.path(for: entry.word) else { continue }
      let sequence = path.keys.compactMap { indexOfLabel[$0.label] }
      grouped[sequence, default: []].append(
        Word(
          word: entry.word, logProbability: LatinIMEFrequency.logProbability(entry.frequency),
          comparable: SwipeDecoding.matchKey(entry.word)))
      count += 1
    }
    let centres = self.centres
    let sorted = grouped.keys.sorted { $0.lexicographicallyPrecedes($1) }
    var sequences: [Sequence] = []
    var byFirstKey = Array(repeating: [Int](), count: letters.count)
    var sequencesOfKey: [String: [Int]] = [:]
    for keys in sorted {
      let points = keys.map { centres[Int($0)] }
      let length = points.pathLength
      let words = grouped[keys]!.sorted { $0.logProbability > $1.logProbability }
      byFirstKey[Int(keys[0])].append(sequences.count)
      for word in words where sequencesOfKey[word.comparable]?.last != sequences.count {
        sequencesOfKey[word.comparable, default: []].append(sequences.count)
      }
      sequences.append(
        Sequence(
          keys: keys, length: length,
          startAngle: keys.count > 1 ? points[0].angle(to: points[1]) : nil,
          adjacentStart: keys.count > 1 && layout.areAdjacent(letters[Int(keys[0])], letters[Int(keys[1])]),
          words: words))
    }
    self.sequences = sequences
    lastKey = sequences.map { $0.keys[$0.keys.count - 1] }
    lengths = sequences.map(\.length)
    bestLogProbability = sequences.map { $0.words[0].logProbability }
    flatKeys = sequences.flatMap(\.keys)
    var keyStart: [Int32] = [0]
    keyStart.reserveCapacity(sequences.count + 1)
    for sequence in sequences { keyStart.append(keyStart[keyStart.count - 1] + Int32(sequence.keys.count)) }
    self.keyStart = keyStart
    startAngles = sequences.map { $0.startAngle ?? .nan }
    adjacentStarts = sequences.map(\.adjacentStart)
    wordsPerSequence = sequences.map(\.words.count)
    self.byFirstKey = byFirstKey
    self.wordCount = count
    self.sequencesOfKey = sequencesOfKey
  }

  /// The sequences of the words that match `word` (``SwipeDecoding/matchKey(_:)``); empty
  /// when no such word is in the lexicon.
  public func sequenceIndices(matching word: String) -> [Int] {
    sequencesOfKey[SwipeDecoding.matchKey(word)] ?? []
  }
}
