import Foundation
import KeyBenchCore

/// Refuses a test text that overlaps its training text, since a predictor that saw the test text
/// would report savings no user gets.
public enum TrainTestSplit {
  /// Test sentences of at least this many words are checked for verbatim copies in training.
  public static let checkedSentenceLength = 6
  /// Largest tolerated share of checked test sentences found verbatim in training (stock phrases).
  public static let toleratedShare = 0.01

  /// Checks `test` against `training` and returns how many checked test sentences occur verbatim in
  /// training (within the tolerated share).
  ///
  /// - Throws: ``InputFileError`` naming the test file when it is one of the training files (same
  ///   path or same content) or shares more than ``toleratedShare`` of its sentences with them.
  @discardableResult
  public static func check(
    test: String, testSentences: [[String]], training: [String], trainingSentences: [[String]]
  ) throws -> Int {
    let testPath = URL(fileURLWithPath: test).standardizedFileURL.resolvingSymlinksInPath().path
    let testDigest = try FileDigest.sha256Hex(ofFileAt: test)
    for file in training {
      let path = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
      let digest = try FileDigest.sha256Hex(ofFileAt: file)
      if path == testPath || digest == testDigest {
        throw InputFileError(
          path: test, kind: .malformed, reason: "the test text is also a training file (\(file)); training and test must not overlap")
      }
    }
    func key(_ sentence: [String]) -> String { sentence.joined(separator: " ").lowercased() }
    let trained = Set(trainingSentences.lazy.filter { $0.count >= checkedSentenceLength }.map(key))
    let checked = testSentences.filter { $0.count >= checkedSentenceLength }
    let shared = checked.filter { trained.contains(key($0)) }.count
    if !checked.isEmpty, Double(shared) / Double(checked.count) > toleratedShare {
      throw InputFileError(
        path: test, kind: .malformed,
        reason: "\(shared) of \(checked.count) test sentences of \(checkedSentenceLength)+ words also occur in the training text; training and test must not overlap")
    }
    return shared
  }
}
