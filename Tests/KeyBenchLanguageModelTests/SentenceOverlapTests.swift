import KeyBenchLanguageModel
import Testing

/// The overlap rule for test sets that are not files (the sentences a swipe corpus's gestures were
/// swiped in): every gesture of a phrase carries the same sentence, so repeats must count once, and
/// a share above the tolerance must be refused whatever the case of the words.
@Suite struct SentenceOverlapTests {
  static let training = TextTokenizer.sentences(
    in: """
      The quick brown fox jumps over the lazy dog today. She sells sea shells by the sea shore.
      Short one. A very long sentence about nothing much at all here.
      """)
  static let fingerprint = TrainingFingerprint(
    files: [], sentenceKeys: Set(training.filter { $0.count >= TrainTestSplit.checkedSentenceLength }.map(TrainTestSplit.sentenceKey)))

  @Test func repeatedPhrasesCountOnceAndShortOnesAreNotChecked() {
    let copied = ["the", "QUICK", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "today"]
    let fresh = ["my", "watch", "fell", "in", "the", "water", "yesterday"]
    // Nine gestures of the copied phrase, one of a fresh one, two of a short copied one.
    let sentences = Array(repeating: copied, count: 9) + [fresh] + Array(repeating: ["short", "one"], count: 2)
    let overlap = TrainTestSplit.overlap(sentences, training: Self.fingerprint)
    #expect(overlap.checked == 2)
    #expect(overlap.shared == 1)
    #expect(TrainTestSplit.exceedsTolerance(checked: overlap.checked, shared: overlap.shared))
  }

  @Test func theToleranceAdmitsStockPhrasesAndNothingMore() {
    let tolerated = Int(TrainTestSplit.toleratedShare * 1000)
    #expect(!TrainTestSplit.exceedsTolerance(checked: 1000, shared: tolerated))
    #expect(TrainTestSplit.exceedsTolerance(checked: 1000, shared: tolerated + 1))
    #expect(!TrainTestSplit.exceedsTolerance(checked: 0, shared: 0))
  }
}
