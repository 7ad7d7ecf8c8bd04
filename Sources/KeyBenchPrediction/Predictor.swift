/// A word predictor: given the words before the cursor and the typed start of the current word,
/// proposes up to `count` words. One protocol so the benchmark runs every algorithm the same way.
public protocol Predictor: AnyObject {
  /// Short label used in reports (`kannsch`, `ngram`, …).
  var name: String { get }
  /// Suggestions, best first, for the word after `previous` (the earlier words of the current
  /// sentence, empty at a sentence start) that begins with `prefix` (compared case- and
  /// umlaut-insensitively; empty for pure next-word prediction).
  ///
  /// - Throws: when the predictor cannot answer (an external plug-in that crashed or hung): the
  ///   benchmark stops rather than score an unanswered request.
  func suggest(previous: ArraySlice<String>, prefix: String, count: Int) throws -> [String]
  /// Tells the predictor the user finished `word` after `previous`, for adaptive predictors.
  func learn(previous: ArraySlice<String>, word: String)
  /// An independent predictor in this one's current state (its trained model shared, what it learns
  /// from now on kept apart), so many test slices can start from the same trained state without
  /// retraining — the text-length curves need one fresh start per slice.
  func copy() -> any Predictor
  /// Whether ``copy()`` makes a predictor whose state is its own. Then the benchmark measures each
  /// suggestion count (1, 3, 5) with its own copy, so a predictor that remembers what it showed
  /// for the word being typed is told the truth about every count. An external process is one
  /// state shared by its copies: its counts are read from one pass instead.
  var copiesAreIndependent: Bool { get }
}

extension Predictor {
  public var copiesAreIndependent: Bool { true }
}
