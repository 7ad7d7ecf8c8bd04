import Foundation
public import KeyBenchCorpora
public import KeyBenchGeometry
public import KeyBenchLexicon
public import KeyBenchSwipe

/// An external swipe decoder behind ``SwipeDecoder``: each gesture is one `swipe` request naming
/// the layout it was drawn on (every layout of the run is in the handshake).
///
/// Candidates come back ranked; their score is the rank, since a plug-in's own scores are not
/// comparable with KeyBench's. One process serves every layout, one request at a time.
public final class PluginSwipeDecoder: SwipeDecoder, @unchecked Sendable {
  /// The process, shared by the decoders of every layout of the run.
  public final class Session: @unchecked Sendable {
    public let process: PluginProcess
    let lock = NSLock()
    var requests = 0

    /// Starts the plug-in and hands it the run's lexicon and every layout its gestures use.
    public init(
      spec: PluginSpec, lexicon: Lexicon, layouts: [KeyboardLayout], top: Int, workspace: PluginWorkspace,
      timeout: Double, handshakeTimeout: Double
    ) throws {
      var described: [String: Any] = [:]
      for layout in layouts { described[layout.name] = PluginJSON.layout(layout) }
      let hello: [String: Any] = [
        "task": "swipe",
        "settings": ["top": top, "language": lexicon.locale],
        "lexicon": try workspace.lexicon(lexicon),
        "layouts": described,
      ]
      process = try PluginProcess(spec: spec, hello: hello, timeout: timeout, handshakeTimeout: handshakeTimeout)
    }

    /// The decoder for gestures drawn on `layout`.
    public func decoder(for layout: KeyboardLayout) -> PluginSwipeDecoder {
      PluginSwipeDecoder(session: self, layout: layout.name)
    }
  }

  let session: Session
  let layout: String
  public var label: String { "plug-in \(session.process.spec.name)" }

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
    let words = try session.lock.withLock {
      session.requests += 1
      let number = session.requests
      return try session.process.request(fields, item: "gesture \(number) (\(points.count) points on \(layout))")
    }
    return SwipeDecoding(
      candidates: words.enumerated().map { SwipeDecoding.Candidate(word: $0.element, score: Double($0.offset)) },
      diagnostics: SwipeDecoding.Diagnostics())
  }
}
