public import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchLexicon
public import KeyBenchTyping

/// An external corrector behind ``Corrector``: each typed word is one `correct` request.
///
/// What the benchmark tells a corrector between words (the intended word, for adaptation; a
/// fresh user) rides on the next request as `learn` and `reset`, so adaptation costs no extra
/// round trip.
public final class PluginCorrector: Corrector, ItemAware {
  public let name: String
  public let process: PluginProcess
  private var pending = PendingUpdates<String>()
  private var item = "?"
  /// The lexicon's words, lower-cased: answers outside it are counted (or refused).
  private let known: Set<String>

  /// Starts the plug-in and hands it the lexicon and keyboard the built-in correctors use.
  public init(
    spec: PluginSpec, lexicon: Lexicon, layout: KeyboardLayout, top: Int, workspace: PluginWorkspace, options: PluginProcess.Options
  ) throws {
    name = spec.name
    known = PluginWorkspace.knownWords(lexicon)
    let hello: [String: JSONValue] = [
      "task": "correct",
      // The benchmark tells every corrector the intended word after each item.
      "settings": ["top": JSONValue(top), "language": .string(lexicon.locale), "adapt": true],
      "lexicon": try workspace.lexicon(lexicon),
      "layout": PluginJSON.layout(layout),
    ]
    process = try PluginProcess(spec: spec, hello: hello, options: options)
  }

  public func begin(item: String) { self.item = item }

  public func suggestions(for typed: String, limit: Int) throws -> [String] {
    try suggestions(for: typed, context: nil, limit: limit)
  }

  public func suggestions(for typed: String, context: String?, limit: Int) throws -> [String] {
    try suggestions(for: typed, context: context, previous: nil, limit: limit)
  }

  /// Sends the previous words as `previous` (protocol: only when the run uses context).
  public func suggestions(for typed: String, context: String?, previous: [String]?, limit: Int) throws -> [String] {
    var fields = "\"type\":\"correct\",\"typed\":\(PluginJSON.string(typed)),\"limit\":\(limit)"
    if let context, !context.isEmpty { fields += ",\"context\":\(PluginJSON.string(context))" }
    if let previous { fields += ",\"previous\":\(PluginJSON.strings(previous))" }
    fields += pending.fields(PluginJSON.string)
    let known = known
    let words = try process.request(
      fields, item: .init(id: item, detail: "typed '\(typed)'"), limit: limit,
      words: .init(isKnown: { known.contains($0.lowercased()) }, allowed: typed))
    pending.sent()
    return words
  }

  public func learn(_ word: String) { pending.learn(word) }

  public func reset() { pending.startOver() }
}
