public import Foundation
public import KeyBenchGeometry
public import KeyBenchCore

/// A laid-out lexicon as bytes, so a run can read it back instead of laying out 160,000 words
/// again (about half a second, the largest part of a short run's start-up).
///
/// Only what laying out computes from the words is stored (key sequences, words, per-sequence
/// values); the layout's geometry and the look-ups derived from the arrays are rebuilt by the one
/// initializer a fresh layout uses too, so a read lexicon cannot disagree with a fresh one about
/// them. Integers and doubles are stored in the machine's byte order (little-endian on every
/// platform KeyBench builds for); the format says so in its magic.
extension DecoderLexicon {
  /// Bumped whenever the stored arrays or their meaning change.
  public static let storageFormat = "keybench-decoder-lexicon/2-le"

  /// The stored form.
  public func encoded() -> Data {
    var writer = BinaryWriter()
    writer.text(Self.storageFormat)
    let t = tables
    writer.array(t.flatKeys)
    writer.array(t.keyStart)
    writer.array(t.wordStart)
    writer.array(t.lastKey)
    writer.array(t.lengths)
    writer.array(t.bestLogProbability)
    writer.array(t.startAngles)
    writer.array(t.adjacentStarts.map { $0 ? UInt8(1) : 0 })
    writer.strings(t.flatWords.map(\.word))
    writer.strings(t.flatWords.map(\.comparable))
    writer.array(t.flatWords.map(\.logProbability))
    writer.array(t.keyOrder)
    return writer.data
  }

  /// Reads the stored form of a lexicon laid out on `layout`.
  ///
  /// - Throws: ``StorageError`` when the bytes are not this format or do not fit together (a
  ///   file cut short, another version's); never traps on damaged bytes.
  public convenience init(encoded data: Data, layout: KeyboardLayout) throws(StorageError) {
    var reader = BinaryReader(data: data)
    guard try reader.text() == Self.storageFormat else { throw StorageError("not \(Self.storageFormat)") }
    let flatKeys: [UInt8] = try reader.array()
    let keyStart: [Int32] = try reader.array()
    let wordStart: [Int32] = try reader.array()
    let lastKey: [UInt8] = try reader.array()
    let lengths: [Double] = try reader.array()
    let best: [Double] = try reader.array()
    let startAngles: [Double] = try reader.array()
    let adjacent: [UInt8] = try reader.array()
    let words = try reader.strings()
    let comparables = try reader.strings()
    let logProbabilities: [Double] = try reader.array()
    let keyOrder: [Int32] = try reader.array()
    guard reader.atEnd else { throw StorageError("bytes after the last array") }
    let sequences = lengths.count
    let keyCount = layout.letterKeys.count
    guard keyStart.count == sequences + 1, wordStart.count == sequences + 1, lastKey.count == sequences, best.count == sequences,
      startAngles.count == sequences, adjacent.count == sequences, comparables.count == words.count, keyOrder.count == words.count,
      logProbabilities.count == words.count, keyStart.first == 0, wordStart.first == 0,
      keyStart.last.map(Int.init) == flatKeys.count, wordStart.last.map(Int.init) == words.count,
      zip(keyStart, keyStart.dropFirst()).allSatisfy({ $0 < $1 }), zip(wordStart, wordStart.dropFirst()).allSatisfy({ $0 < $1 }),
      flatKeys.allSatisfy({ Int($0) < keyCount }), Self.isPermutation(keyOrder)
    else { throw StorageError("arrays that do not fit together or keys beyond the layout's \(keyCount)") }
    var flatWords: [Word] = []
    flatWords.reserveCapacity(words.count)
    for index in words.indices {
      flatWords.append(Word(word: words[index], logProbability: logProbabilities[index], comparable: comparables[index]))
    }
    self.init(
      layout: layout,
      tables: Tables(
        flatKeys: flatKeys, keyStart: keyStart, flatWords: flatWords, wordStart: wordStart, lastKey: lastKey, lengths: lengths,
        bestLogProbability: best, startAngles: startAngles, adjacentStarts: adjacent.map { $0 != 0 }, keyOrder: keyOrder))
  }

  /// Whether `order` holds each of 0..<count exactly once (a look-up through it never leaves
  /// the words).
  static func isPermutation(_ order: [Int32]) -> Bool {
    var seen = [Bool](repeating: false, count: order.count)
    for position in order {
      guard position >= 0, Int(position) < order.count, !seen[Int(position)] else { return false }
      seen[Int(position)] = true
    }
    return true
  }

  /// Stored bytes that are not a laid-out lexicon of this format.
  public typealias StorageError = BinaryCodingError
}
