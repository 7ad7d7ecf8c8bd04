public import KeyBenchCore
public import KeyBenchLanguageModel

/// The held-out test text of `keybench-run predict`, read from its file each time it is typed
/// instead of held: memory stays the same however long the text (a 2.3 MB text held as typed
/// rows took about 2 KB a word and failed under a 1 GB limit).
///
/// Its sentences are the file's (``TextTokenizer``) without words longer than
/// ``maximumWordLength`` characters and, with a `limit`, cut after that many words.
public struct PredictionText: SentenceSource {
  /// Longest test word typed, in characters: completion work grows with the square of a word's
  /// length, so longer tokens (URLs, runs of letters without spaces) are not typed.
  public static let maximumWordLength = 64

  public let path: String
  public let limit: Int?

  public init(path: String, limit: Int?) {
    self.path = path
    self.limit = limit
  }

  public func forEachSentence(_ body: ([String]) throws -> Void) throws {
    var left = limit ?? Int.max
    do {
      try TextTokenizer.forEachSentence(inFile: path) { sentence in
        let kept = sentence.filter { $0.count <= Self.maximumWordLength }
        guard !kept.isEmpty else { return }
        let typed = kept.prefix(left)
        left -= typed.count
        try body(Array(typed))
        if left == 0 { throw Reached() }
      }
    } catch is Reached {}
  }

  /// Ends the reading once `limit` words were typed.
  private struct Reached: Error {}

  /// What one pass over the file finds: the words read, left out and typed (``Provenance/Items``)
  /// and the typed sentences' overlap with `training`.
  ///
  /// - Throws: ``InputFileError`` for an unreadable text or one without words to type.
  public func survey(training: TrainingFingerprint) throws -> (items: Provenance.Items, overlap: TrainTestSplit.Overlap) {
    var read = 0
    var short = 0
    var typed = 0
    var overlap = TrainTestSplit.Overlap(training: training)
    var left = limit ?? Int.max
    try TextTokenizer.forEachSentence(inFile: path) { sentence in
      read += sentence.count
      let kept = sentence.filter { $0.count <= Self.maximumWordLength }
      short += kept.count
      guard !kept.isEmpty, left > 0 else { return }
      let sentence = Array(kept.prefix(left))
      left -= sentence.count
      typed += sentence.count
      overlap.add(sentence)
    }
    var items = Provenance.Items(unit: "words", read: read)
    items.exclude(read - short, "word longer than \(Self.maximumWordLength) characters")
    if let limit { items.exclude(short - typed, "beyond --limit \(limit)") }
    guard items.scored > 0 else { throw CommandFailure("\(path): no words to type") }
    return (items, overlap)
  }
}
