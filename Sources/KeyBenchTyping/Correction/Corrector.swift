/// A word corrector: given what was typed, the words most likely meant, best first.
///
/// Every algorithm the correction benchmark compares (the seed's Kännsch corrector, KeyBench's
/// keyboard-aware noisy channel, the Damerau baseline and external spellers) sits behind this
/// one protocol, so the benchmark treats them alike. Correctors may keep state (the seed adapts
/// word frequencies to what the user writes), hence a class-bound protocol.
public protocol Corrector: AnyObject {
  /// A short label for reports, e.g. `keyboard`.
  var name: String { get }
  /// Up to `limit` suggestions for `typed`, best first; the first is the auto-correction (it
  /// equals `typed` when the corrector would leave the word alone).
  ///
  /// - Throws: when the corrector cannot answer (an external plug-in that crashed or hung): the
  ///   benchmark stops rather than score an unanswered word.
  func suggestions(for typed: String, limit: Int) throws -> [String]
  /// The same with the sentence around the word when the corpus has one (real-word error
  /// corpora); correctors that do not use context answer as without it.
  func suggestions(for typed: String, context: String?, limit: Int) throws -> [String]
  /// The same with the sentence's previous words, as the writer meant them (`[]` at a sentence's
  /// start), when the run measures correction with context (`keybench-run correct --context`):
  /// real-word errors (`there` for `their`) can only be found from the words around them.
  /// Correctors that do not use them answer as without.
  func suggestions(for typed: String, context: String?, previous: [String]?, limit: Int) throws -> [String]
  /// Tells the corrector which word the user finally wrote, for frequency adaptation.
  func learn(_ word: String)
  /// Forgets everything learned, as for a new user (texts of increasing length start fresh).
  func reset()
}

extension Corrector {
  public func suggestions(for typed: String, context: String?, limit: Int) throws -> [String] {
    try suggestions(for: typed, limit: limit)
  }
  public func suggestions(for typed: String, context: String?, previous: [String]?, limit: Int) throws -> [String] {
    try suggestions(for: typed, context: context, limit: limit)
  }
  public func learn(_ word: String) {}
  public func reset() {}
}
