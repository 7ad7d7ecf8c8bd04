import Foundation
public import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchLexicon
public import KeyBenchSwipe

/// An external swipe decoder behind ``SwipeDecoder``: each gesture is one `swipe` request naming
/// the layout it was drawn on (every layout of the run is in the handshake).
///
/// Candidates come back ranked; their score is the rank, since a plug-in's own scores are not
/// comparable with KeyBench's. One process serves every layout, one request at a time.
public final class PluginSwipeDecoder: SwipeDecoder, ItemAware, @unchecked Sendable {
  /// The process, shared by the decoders of every layout of the run.
  public final class Session: @unchecked Sendable {
    public let process: PluginProcess
    let lock = NSLock()
    var item = "?"
    /// Match keys of the lexicon's words: answers outside it are counted (or refused).
    let known: Set<String>

    /// Starts the plug-in and hands it the run's lexicon and every layout its gestures use.
    public init(
      spec: PluginSpec, lexicon: Lexicon, layouts: [KeyboardLayout], top: Int, workspace: PluginWorkspace,
      options: PluginProcess.Options
    ) throws {
      var described: [String: JSONValue] = [:]
      for layout in layouts { described[layout.name] = PluginJSON.layout(layout) }
      let hello: [String: JSONValue] = [
        "task": "swipe",
        "settings": ["top": JSONValue(top), "language": .string(lexicon.locale), "adapt": false],
        "lexicon": try workspace.lexicon(lexicon),
        "layouts": .object(described),
      ]
      known = Set(lexicon.entries.lazy.filter(\.isSuggestible).map { SwipeDecoding.matchKey($0.word) })
      process = try PluginProcess(spec: spec, hello: hello, options: options)
    }

    /// The decoder for gestures drawn on `layout`.
    public func decoder(for layout: KeyboardLayout) -> PluginSwipeDecoder {
      PluginSwipeDecoder(session: self, layout: layout.name)
    }
  }

  let session: Session
  let layout: String
  public var label: String { "plug-in \(session.process.spec.name)" }

  public func begin(item: String) { session.lock.withLock { session.item = item } }

  init(session: Session, layout: String) {
    self.session = session
    self.layout = layout
  }

  public func decode(_ points: [TimedPoint], top: Int, probe: String?) throws -> SwipeDecoding {
    var trace = ""
    trace.reserveCapacity(points.count * 24)
    for (index, point) in points.enumerated() {
      if index > 0 { trace += "," }
      trace += "[\(PluginJSON.number(point.x)),\(PluginJSON.number(point.y)),\(PluginJSON.number(point.t))]"
    }
    let fields = "\"type\":\"swipe\",\"layout\":\(PluginJSON.string(layout)),\"limit\":\(top),\"points\":[\(trace)]"
    let known = session.known
    let words = try session.lock.withLock {
      try session.process.request(
        fields, item: .init(id: session.item, detail: "\(points.count) points on \(layout)"), limit: top,
        words: .init(isKnown: { known.contains(SwipeDecoding.matchKey($0)) }))
    }
    return SwipeDecoding(
      candidates: words.enumerated().map { SwipeDecoding.Candidate(word: $0.element, score: Double($0.offset)) },
      diagnostics: SwipeDecoding.Diagnostics())
  }
}
