public import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchKeyboard
public import KeyBenchLexicon

/// An external keyboard behind ``Keyboard``: one process answers the four tasks it declares in
/// its ready line (`tasks`), each request carrying the committed words (`context`, `previous`).
///
/// Words committed since the last request ride on the next one as `learn`, and a new typist as
/// `reset`, so adaptation costs no round trip (Plugins/PROTOCOL.md, "The whole keyboard").
public final class PluginKeyboard: Keyboard, ItemAware {
  public let name: String
  public let tasks: Set<KeyboardTask>
  public let process: PluginProcess
  private var pending = PendingUpdates<String>()
  private var item = "?"
  private let known: Set<String>

  public init(
    spec: PluginSpec, lexicon: Lexicon, layout: KeyboardLayout, top: Int, workspace: PluginWorkspace, options: PluginProcess.Options
  ) throws {
    name = spec.name
    known = PluginWorkspace.knownWords(lexicon)
    let hello: [String: JSONValue] = [
      "task": "keyboard",
      "settings": ["top": JSONValue(top), "language": .string(lexicon.locale), "adapt": true],
      "lexicon": try workspace.lexicon(lexicon),
      "layout": PluginJSON.layout(layout),
    ]
    process = try PluginProcess(spec: spec, hello: hello, options: options)
    let names = KeyboardTask.allCases.map(\.rawValue).joined(separator: ", ")
    guard let declared = process.declaredTasks else {
      throw PluginFailure(
        plugin: spec.name, command: spec.command, item: "handshake",
        reason: "a keyboard plug-in's ready line must list the tasks it answers, e.g. \"tasks\": [\"correct\", \"next\"] (any of \(names))",
        stderrTail: [])
    }
    var tasks: Set<KeyboardTask> = []
    for task in declared {
      guard let known = KeyboardTask(rawValue: task) else {
        throw PluginFailure(
          plugin: spec.name, command: spec.command, item: "handshake",
          reason: "its ready line declares the task '\(task)', which KeyBench does not know (tasks are \(names))", stderrTail: [])
      }
      tasks.insert(known)
    }
    guard !tasks.isEmpty else {
      throw PluginFailure(
        plugin: spec.name, command: spec.command, item: "handshake", reason: "its ready line declares no task (\"tasks\": [])",
        stderrTail: [])
    }
    self.tasks = tasks
  }

  public func begin(item: String) { self.item = item }

  private func ask(_ type: KeyboardTask, _ fields: String, previous: [String], limit: Int, detail: String, allowed: String? = nil) throws -> [String] {
    let context = previous.isEmpty ? "" : previous.joined(separator: " ") + " "
    var line = "\"type\":\"\(type.rawValue)\",\"limit\":\(limit),\"context\":\(PluginJSON.string(context)),\"previous\":\(PluginJSON.strings(previous))"
    if !fields.isEmpty { line += "," + fields }
    line += pending.fields(PluginJSON.string)
    let known = known
    let words = try process.request(
      line, item: .init(id: item, detail: detail), limit: limit,
      words: .init(isKnown: { known.contains($0.lowercased()) }, allowed: allowed))
    pending.sent()
    return words
  }

  static func taps(_ taps: [Point?]) -> String {
    "[" + taps.map { $0.map { "[\(PluginJSON.number($0.x)),\(PluginJSON.number($0.y))]" } ?? "null" }.joined(separator: ",") + "]"
  }

  public func correct(_ typed: String, taps: [Point?], previous: [String], limit: Int) throws -> [String] {
    try ask(.correct, "\"typed\":\(PluginJSON.string(typed)),\"taps\":\(Self.taps(taps))", previous: previous, limit: limit, detail: "typed '\(typed)'", allowed: typed)
  }

  public func complete(_ prefix: String, taps: [Point?], previous: [String], limit: Int) throws -> [String] {
    try ask(.complete, "\"prefix\":\(PluginJSON.string(prefix)),\"taps\":\(Self.taps(taps))", previous: previous, limit: limit, detail: "prefix '\(prefix)'")
  }

  public func next(previous: [String], limit: Int) throws -> [String] {
    try ask(.next, "", previous: previous, limit: limit, detail: "next word")
  }

  public func swipe(_ points: [TimedPoint], previous: [String], limit: Int) throws -> [String] {
    let trace = "[" + points.map { "[\(PluginJSON.number($0.x)),\(PluginJSON.number($0.y)),\(PluginJSON.number($0.t))]" }.joined(separator: ",") + "]"
    return try ask(.swipe, "\"points\":\(trace)", previous: previous, limit: limit, detail: "swipe")
  }

  public func learn(_ word: String, previous: [String], typed: String, taps: [Point?]?) { pending.learn(word) }

  public func reset() { pending.startOver() }

  public func finish() throws { try process.finish() }
}
