public import KeyBenchGeometry
public import KeyBenchLexicon
public import KeyBenchTyping

/// An external corrector behind ``Corrector``: each typed word is one `correct` request.
///
/// What the benchmark tells a corrector between words (the intended word, for adaptation; a
/// fresh user) rides on the next request as `learn` and `reset`, so adaptation costs no extra
/// round trip.
public final class PluginCorrector: Corrector {
  public let name: String
  public let process: PluginProcess
  private var learned: [String] = []
  private var pendingReset = false
  private var requests = 0

  /// Starts the plug-in and hands it the lexicon and keyboard the built-in correctors use.
  public init(
    spec: PluginSpec, lexicon: Lexicon, layout: KeyboardLayout, top: Int, workspace: PluginWorkspace,
    timeout: Double, handshakeTimeout: Double
  ) throws {
    name = spec.name
    let hello: [String: Any] = [
      "task": "correct",
      "settings": ["top": top, "language": lexicon.locale],
      "lexicon": try workspace.lexicon(lexicon),
      "layout": PluginJSON.layout(layout),
    ]
    process = try PluginProcess(spec: spec, hello: hello, timeout: timeout, handshakeTimeout: handshakeTimeout)
  }

  public func suggestions(for typed: String, limit: Int) throws -> [String] {
    try suggestions(for: typed, context: nil, limit: limit)
  }

  public func suggestions(for typed: String, context: String?, limit: Int) throws -> [String] {
    try suggestions(for: typed, context: context, previous: nil, limit: limit)
  }

  /// Sends the previous words as `previous` (protocol: only when the run uses context).
  public func suggestions(for typed: String, context: String?, previous: [String]?, limit: Int) throws -> [String] {
    requests += 1
    var fields = "\"type\":\"correct\",\"typed\":\(PluginJSON.string(typed)),\"limit\":\(limit)"
    if let context, !context.isEmpty { fields += ",\"context\":\(PluginJSON.string(context))" }
    if let previous { fields += ",\"previous\":\(PluginJSON.strings(previous))" }
    if pendingReset { fields += ",\"reset\":true" }
    if !learned.isEmpty { fields += ",\"learn\":\(PluginJSON.strings(learned))" }
    let words = try process.request(fields, item: "word \(requests) (typed '\(typed)')")
    learned.removeAll(keepingCapacity: true)
    pendingReset = false
    return Array(words.prefix(limit))
  }

  public func learn(_ word: String) { learned.append(word) }

  public func reset() {
    learned.removeAll()
    pendingReset = true
  }
}
