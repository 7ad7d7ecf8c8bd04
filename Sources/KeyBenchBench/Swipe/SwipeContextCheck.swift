public import KeyBenchLanguageModel

/// The guard every swipe context model passes before use: the gestures' own sentences must not
/// be in its training text, or context would be scored on sentences it memorised.
public enum SwipeContextCheck {
  /// How many of `sentences` (of ``TrainTestSplit/checkedSentenceLength``+ words) were checked
  /// and how many occur in `training`.
  ///
  /// - Throws: when none of the gestures carries context, or the overlap exceeds
  ///   ``TrainTestSplit``'s tolerance; the message names the model and the corpus.
  public static func check(
    sentences: [[String]], training: TrainingFingerprint, model: String, corpus: String
  ) throws -> (checked: Int, shared: Int) {
    guard !sentences.isEmpty else {
      throw CommandContractError(
        "\(corpus): no gesture carries its previous words (the 'context' field), so --context has nothing to condition on")
    }
    let overlap = TrainTestSplit.overlap(sentences, training: training)
    if TrainTestSplit.exceedsTolerance(checked: overlap.checked, shared: overlap.shared) {
      throw CommandContractError(
        "context model \(model): \(overlap.shared) of \(overlap.checked) sentences of \(TrainTestSplit.checkedSentenceLength)+ words the gestures of \(corpus) were swiped in occur in its training text; train it on texts that do not hold the test phrases")
    }
    return overlap
  }
}
