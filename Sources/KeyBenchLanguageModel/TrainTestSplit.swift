import Foundation
import KeyBenchCore

/// What a predictor was trained on, kept so a test text can be checked against it — also after the
/// training text was counted into the database and is no longer at hand.
public struct TrainingFingerprint: Sendable, Equatable {
  /// A training file and its SHA-256.
  public struct File: Sendable, Equatable, Codable {
    public var path: String
    public var sha256: String
    public init(path: String, sha256: String) {
      self.path = path
      self.sha256 = sha256
    }
  }

  /// Training files.
  public var files: [File]
  /// ``TrainTestSplit/sentenceKey(_:)`` of every training sentence of
  /// ``TrainTestSplit/checkedSentenceLength`` or more words.
  public var sentenceKeys: Set<UInt64>

  public init(files: [File], sentenceKeys: Set<UInt64>) {
    self.files = files
    self.sentenceKeys = sentenceKeys
  }

  /// The fingerprint of training `files` whose tokenised sentences are `sentences`.
  public init(files: [String], sentences: [[String]]) throws {
    self.files = try files.map { File(path: $0, sha256: try FileDigest.sha256Hex(ofFileAt: $0)) }
    sentenceKeys = Set(sentences.lazy.filter { $0.count >= TrainTestSplit.checkedSentenceLength }.map(TrainTestSplit.sentenceKey))
  }

  /// Both fingerprints' files and sentences (training from several sources).
  public func merging(_ other: TrainingFingerprint) -> TrainingFingerprint {
    TrainingFingerprint(files: files + other.files, sentenceKeys: sentenceKeys.union(other.sentenceKeys))
  }
}

/// Refuses a test text that overlaps its training text, since a predictor that saw the test text
/// would report savings no user gets.
public enum TrainTestSplit {
  /// Test sentences of at least this many words are checked for verbatim copies in training.
  public static let checkedSentenceLength = 6
  /// Largest tolerated share of checked test sentences found verbatim in training (stock phrases).
  public static let toleratedShare = 0.01

  /// A stable 64-bit key of a sentence ignoring case (FNV-1a over its words joined by spaces), the
  /// same in every run and on every machine, so it can be stored.
  public static func sentenceKey(_ sentence: [String]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in sentence.joined(separator: " ").lowercased().utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// Checks `test` against `training` and returns how many checked test sentences occur verbatim in
  /// training (within the tolerated share).
  ///
  /// - Throws: ``InputFileError`` naming the test file when it is one of the training files (same
  ///   path or same content) or shares more than ``toleratedShare`` of its sentences with them.
  @discardableResult
  public static func check(test: String, testSentences: [[String]], training: TrainingFingerprint) throws -> Int {
    var overlap = Overlap(training: training)
    for sentence in testSentences { overlap.add(sentence) }
    return try check(test: test, overlap: overlap)
  }

  /// ``check(test:testSentences:training:)`` with the test sentences counted as they streamed by.
  @discardableResult
  public static func check(test: String, overlap: Overlap) throws -> Int {
    func canonical(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
    let testDigest = try FileDigest.sha256Hex(ofFileAt: test)
    for file in overlap.training.files where canonical(file.path) == canonical(test) || file.sha256 == testDigest {
      throw InputFileError(
        path: test, kind: .malformed, reason: "the test text is also a training file (\(file.path)); training and test must not overlap")
    }
    if exceedsTolerance(checked: overlap.checked, shared: overlap.shared) {
      throw InputFileError(
        path: test, kind: .malformed,
        reason: "\(overlap.shared) of \(overlap.checked) test sentences of \(checkedSentenceLength)+ words also occur in the training text; training and test must not overlap")
    }
    return overlap.shared
  }

  /// Test sentences of ``checkedSentenceLength``+ words counted one at a time, and how many
  /// of them occur verbatim in training: a test text streamed from its file is checked without
  /// being held.
  public struct Overlap: Sendable {
    public let training: TrainingFingerprint
    public private(set) var checked = 0
    public private(set) var shared = 0

    public init(training: TrainingFingerprint) { self.training = training }

    public mutating func add(_ sentence: [String]) {
      guard sentence.count >= checkedSentenceLength else { return }
      checked += 1
      if training.sentenceKeys.contains(sentenceKey(sentence)) { shared += 1 }
    }
  }

  /// Whether `shared` of `checked` test sentences found in training is more than stock phrases
  /// explain (``toleratedShare``): the one rule every benchmark refuses an overlap by.
  public static func exceedsTolerance(checked: Int, shared: Int) -> Bool {
    checked > 0 && Double(shared) / Double(checked) > toleratedShare
  }

  /// How many of `sentences` (of ``checkedSentenceLength`` or more words) occur verbatim in
  /// training, for test sets that are not files of running text (the sentences a swipe corpus's
  /// gestures were drawn in).
  public static func overlap(_ sentences: some Sequence<[String]>, training: TrainingFingerprint) -> (checked: Int, shared: Int) {
    var keys = Set<UInt64>()
    for sentence in sentences where sentence.count >= checkedSentenceLength { keys.insert(sentenceKey(sentence)) }
    return (keys.count, keys.filter(training.sentenceKeys.contains).count)
  }
}
