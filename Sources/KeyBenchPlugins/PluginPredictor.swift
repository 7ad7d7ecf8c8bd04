public import KeyBenchCore
public import KeyBenchLexicon
public import KeyBenchPrediction

/// An external predictor behind ``Predictor``: each suggestion list is one `predict` request.
///
/// Words the user finished ride on the next request as `learn` (with the words before them), and
/// a fresh start as `reset`, which the protocol defines as "back to the state after the
/// handshake". A plug-in is one process with one state, so ``copy()`` returns a view that resets
/// it: the benchmark uses copies one after another, never interleaved.
public final class PluginPredictor: Predictor, ItemAware {
  /// The process and what is waiting to be sent with the next request, shared by all copies.
  final class Session {
    let process: PluginProcess
    var pending = PendingUpdates<(previous: [String], word: String)>()
    var item = "?"
    /// The training words and the lexicon's, lower-cased: answers outside them are counted.
    let known: Set<String>
    init(process: PluginProcess, known: Set<String>) {
      self.process = process
      self.known = known
    }
  }

  public let name: String
  let session: Session
  /// Whether finished words are passed on (`--adapt on`); the handshake's `settings.adapt`.
  let adaptation: Bool
  public var process: PluginProcess { session.process }

  /// Starts the plug-in and hands it the training sentences and lexicon the built-ins use;
  /// `adaptation` is told in the handshake (`settings.adapt`), so a plug-in started with it off
  /// can run a true static mode.
  /// The largest suggestion count the benchmark reports savings at (its `reportedCounts`).
  public static let maxReportedCount = 5

  public init(
    spec: PluginSpec, training: [[String]], lexicon: Lexicon?, locale: String, suggestions: Int, adaptation: Bool,
    workspace: PluginWorkspace, options: PluginProcess.Options
  ) throws {
    name = spec.name
    var hello: [String: JSONValue] = [
      "task": "predict",
      // The benchmark asks for at least 3 words before the first letter (next-word top-3), and
      // for the largest count it reports savings at (1, 3 and 5 suggestions from one pass).
      "settings": [
        "top": JSONValue(suggestions), "max_limit": JSONValue(max(suggestions, 3, Self.maxReportedCount)), "language": .string(locale),
        "adapt": .bool(adaptation),
      ],
      "training": try workspace.training(training),
    ]
    if let lexicon { hello["lexicon"] = try workspace.lexicon(lexicon) }
    var known = Set(training.joined().lazy.map { $0.lowercased() })
    for entry in lexicon?.entries ?? [] where entry.isSuggestible { known.insert(entry.word.lowercased()) }
    session = Session(process: try PluginProcess(spec: spec, hello: hello, options: options), known: known)
    self.adaptation = adaptation
  }

  init(name: String, session: Session, adaptation: Bool) {
    self.name = name
    self.session = session
    self.adaptation = adaptation
  }

  public func begin(item: String) { session.item = item }

  public func suggest(previous: ArraySlice<String>, prefix: String, count: Int) throws -> [String] {
    var fields = "\"type\":\"predict\",\"previous\":\(PluginJSON.strings(previous)),\"prefix\":\(PluginJSON.string(prefix)),\"limit\":\(count)"
    fields += session.pending.fields { "{\"previous\":\(PluginJSON.strings($0.previous)),\"word\":\(PluginJSON.string($0.word))}" }
    let known = session.known
    let words = try session.process.request(
      fields, item: .init(id: session.item, detail: "prefix '\(prefix)' after \(previous.count) words"), limit: count,
      words: .init(isKnown: { known.contains($0.lowercased()) }))
    session.pending.sent()
    return words
  }

  public func learn(previous: ArraySlice<String>, word: String) {
    guard adaptation else { return }
    session.pending.learn((Array(previous), word))
  }

  /// One process, one state: the benchmark reads every suggestion count from one pass.
  public var copiesAreIndependent: Bool { false }

  public func copy() -> any Predictor {
    session.pending.startOver()
    return PluginPredictor(name: name, session: session, adaptation: adaptation)
  }
}
