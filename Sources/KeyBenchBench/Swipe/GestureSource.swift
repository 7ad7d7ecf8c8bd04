import KeyBenchCore
public import KeyBenchGeometry
import KeyBenchCorpora

/// What selection and layout need of a gesture, without its points: a corpus's outline is a
/// few megabytes where the gestures themselves are over a hundred.
struct GestureOutline {
  let id: String
  let user: String?
  let word: String
  let flags: [SwipeGesture.Flag]
  let layout: LayoutReference
  let context: [String]?

  init(_ gesture: SwipeGesture) {
    id = gesture.id
    user = gesture.user
    word = gesture.word
    flags = gesture.flags
    layout = gesture.layout
    context = gesture.context
  }

  init(_ outline: SwipeCorpus.Outline) {
    id = outline.id
    user = outline.user
    word = outline.word
    flags = outline.flags
    layout = outline.layout
    context = outline.context
  }
}

/// The gestures a swipe run decodes, in corpus order: held in memory, or read again from the
/// corpus file on every pass so that a run's memory does not grow with the corpus (the How We
/// Swipe gestures take ~130 MB as objects, more than the decoder and its lexicon).
public struct GestureSource: Sendable {
  private enum Storage: Sendable {
    case memory([SwipeGesture])
    /// The corpus file, the positions (among its gestures) of those selected and their ids.
    case file(path: String, positions: [Int], ids: [String])
  }

  private let storage: Storage

  init(memory gestures: [SwipeGesture]) { storage = .memory(gestures) }

  init(path: String, positions: [Int], ids: [String]) { storage = .file(path: path, positions: positions, ids: ids) }

  public var count: Int {
    switch storage {
    case .memory(let gestures): gestures.count
    case .file(_, let positions, _): positions.count
    }
  }

  public var isEmpty: Bool { count == 0 }

  /// Calls `body` with each gesture and its index (0..<count), in order.
  ///
  /// - Throws: what `body` throws; for a file, ``InputFileError`` when the corpus changed since
  ///   it was outlined (a gesture is missing or has another id), so a run never decodes
  ///   gestures other than the ones it selected and recorded.
  public func forEach(_ body: (Int, SwipeGesture) throws -> Void) throws {
    switch storage {
    case .memory(let gestures):
      for (index, gesture) in gestures.enumerated() { try body(index, gesture) }
    case .file(let path, let positions, let ids):
      var next = 0
      try SwipeCorpus.read(path: path, positions: positions) { position, gesture in
        guard gesture.id == ids[next] else {
          throw InputFileError(
            path: path, kind: .malformed,
            reason: "the corpus changed during the run: gesture \(position + 1) is '\(gesture.id)', was '\(ids[next])'")
        }
        try body(next, gesture)
        next += 1
      }
      guard next == positions.count else {
        throw InputFileError(
          path: path, kind: .malformed,
          reason: "the corpus changed during the run: it now ends before gesture \(positions[next] + 1)")
      }
    }
  }

}
