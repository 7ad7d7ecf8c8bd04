import Foundation
public import KeyBenchGeometry
public import KeyBenchCore

/// Reads one How We Swipe `.log` (Leiva et al., MobileHCI 2021) into ``SwipeGesture``s.
///
/// A log is space-separated rows `sentence timestamp keyb_width keyb_height event x y x_radius
/// y_radius angle word is_err`; a gesture is a `touchstart` row, `touchmove` rows and a
/// `touchend` row. The parser survives the defects the corpora README lists:
/// - rows are split on *single* spaces, so empty fields (blank radii, blank labels) keep the
///   columns aligned;
/// - rows with 13 or more fields carry extra trailing flags; the row's own `is_err` is the first
///   non-empty field from the 12th on (a label followed by two spaces shifts it one column);
/// - gestures whose `touchstart` was lost are dropped, as are gestures cut off by a new
///   `touchstart` or the end of the file;
/// - `is_err=1` gestures (the study app's own rejection) are dropped unless asked for;
/// - exact re-logged copies of an earlier gesture in the same log are dropped;
/// - non-`[a-z]` labels and landscape/tablet canvases (width ≥ 600) are kept but flagged.
///
/// Anything else is a *bad row* and is never coerced: a row that is not valid UTF-8, has fewer
/// than 12 fields, an unknown event, a timestamp, canvas size or coordinate that is not a finite
/// decimal number in range (``SwipeGesture/Limits``). Each is counted by reason and named as
/// `FILE:LINE: reason` (the first ``keptExamples``), and the gesture it belongs to is dropped
/// whole (never kept with a point missing). So are gestures whose rows disagree on the label or
/// canvas, and gestures with values out of range (``SwipeGesture/problem``). A log none of whose
/// rows is valid, or where bad rows are the majority, is not a How We Swipe log: it is refused.
public struct HowWeSwipeLog: Sendable {
  /// Canvas widths from this size up are landscape phones or tablets.
  public static let landscapeWidth = 600.0
  /// A log whose bad rows are more than this share of its rows is refused as a whole.
  public static let maximumBadRowShare = 0.5

  /// Keep `is_err=1` gestures (flagged `rejected`).
  public var includeRejected: Bool
  /// How many bad rows and dropped gestures to keep as located examples.
  public var keptExamples: Int

  /// The study's natural-phrase prompts (``PromptKind/normalized(_:)``): a gesture swiped while
  /// one of them was shown is tagged `prompt=phrase`, any other `prompt=words` (the study's random
  /// word lists); nil leaves gestures untagged.
  public var phrases: Set<String>?

  public init(includeRejected: Bool = false, keptExamples: Int = 10) {
    self.includeRejected = includeRejected
    self.keptExamples = keptExamples
  }

  /// What a participant was shown while swiping: a natural phrase or a list of random words.
  /// Context helps the first and not the second, so accuracy is reported for each.
  public enum PromptKind: String, Sendable, CaseIterable {
    case phrase, words

    /// A prompt as the phrase list and the logs are compared: the log's `_` joins as spaces,
    /// lower case, single spaces, no surrounding space.
    public static func normalized(_ text: String) -> String {
      text.replacingOccurrences(of: "_", with: " ").lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
  }

  /// What happened to the rows and gestures of one or more logs.
  public struct Counts: Sendable, Equatable {
    public var logs = 0
    public var rows = 0
    /// Bad rows (see ``HowWeSwipeLog``), all reasons together.
    public var malformedRows = 0
    /// Bad rows by reason, e.g. `x is not a finite decimal number` → 3.
    public var malformedByReason: [String: Int] = [:]
    /// `touchstart … touchend` gestures with a label and no bad row.
    public var complete = 0
    /// Complete gestures the app accepted (`is_err=0`).
    public var accepted = 0
    /// Complete gestures counted as the curator's manifest counts them: it leaves out rejected
    /// gestures with a blank `x_radius` (its parser lost their flag; 44 in the six parts).
    public var manifestComplete = 0
    public var droppedRejected = 0
    /// Complete gestures whose `is_err` is neither 0 nor 1 (a translated label spilling into the
    /// flag columns): counted as rejected, as the curator's manifest does.
    public var flagNotBinary = 0
    public var droppedDuplicate = 0
    public var droppedEmptyLabel = 0
    public var droppedNoTouchstart = 0
    public var droppedNoTouchend = 0
    /// Gestures with a bad row among their rows (the row is counted in ``malformedRows``).
    public var droppedBadRow = 0
    /// Gestures whose rows disagree on the label or the canvas size.
    public var droppedInconsistent = 0
    /// Gestures with a value out of ``SwipeGesture/Limits`` (time, point count).
    public var droppedOutOfRange = 0
    public var kept = 0
    public var flaggedLandscape = 0
    public var flaggedNonAlphabetic = 0
    /// Kept gestures by prompt kind (empty without a phrase list).
    public var prompts: [String: Int] = [:]
    /// The first bad rows and dropped bad gestures, located (`FILE:LINE: reason`).
    public var examples: [InputFileError] = []
    public init() {}

    /// Gestures dropped for a defect that is not one of the logs' known ones.
    public var droppedBad: Int { droppedBadRow + droppedInconsistent + droppedOutOfRange }

    public static func + (a: Counts, b: Counts) -> Counts {
      var c = Counts()
      c.logs = a.logs + b.logs
      c.rows = a.rows + b.rows
      c.malformedRows = a.malformedRows + b.malformedRows
      c.malformedByReason = a.malformedByReason.merging(b.malformedByReason, uniquingKeysWith: +)
      c.complete = a.complete + b.complete
      c.accepted = a.accepted + b.accepted
      c.manifestComplete = a.manifestComplete + b.manifestComplete
      c.droppedRejected = a.droppedRejected + b.droppedRejected
      c.droppedDuplicate = a.droppedDuplicate + b.droppedDuplicate
      c.droppedEmptyLabel = a.droppedEmptyLabel + b.droppedEmptyLabel
      c.droppedNoTouchstart = a.droppedNoTouchstart + b.droppedNoTouchstart
      c.droppedNoTouchend = a.droppedNoTouchend + b.droppedNoTouchend
      c.droppedBadRow = a.droppedBadRow + b.droppedBadRow
      c.droppedInconsistent = a.droppedInconsistent + b.droppedInconsistent
      c.droppedOutOfRange = a.droppedOutOfRange + b.droppedOutOfRange
      c.kept = a.kept + b.kept
      c.flaggedLandscape = a.flaggedLandscape + b.flaggedLandscape
      c.flaggedNonAlphabetic = a.flaggedNonAlphabetic + b.flaggedNonAlphabetic
      c.prompts = a.prompts.merging(b.prompts, uniquingKeysWith: +)
      c.examples = Array((a.examples + b.examples).prefix(max(a.examples.count, b.examples.count, 10)))
      c.flagNotBinary = a.flagNotBinary + b.flagNotBinary
      return c
    }
  }

  /// Parses the log at `path` for `user`, calling `emit` with each kept gesture in log order.
  ///
  /// - Parameter metadata: facts about the user added to every gesture's metadata.
  /// - Throws: ``InputFileError`` for an unreadable or empty file, or a log whose rows are
  ///   mostly (or all) bad — a file that is not a How We Swipe log.
  public func parse(
    path: String, user: String, metadata: [String: String] = [:],
    emit: (SwipeGesture) throws -> Void
  ) throws -> Counts {
    var state = State(path: path, keptExamples: keptExamples)
    state.counts.logs = 1
    var fields: [Range<Int>] = []
    fields.reserveCapacity(24)

    try LineReader(path: path).forEachLine { line, number in
      if number == 1 && line.starts(with: "sentence ".utf8) { return }
      guard !line.isEmpty else { return }
      state.counts.rows += 1
      fields.removeAll(keepingCapacity: true)
      var start = 0
      for index in 0...line.count where index == line.count || line[index] == 0x20 {
        fields.append(start..<index)
        start = index + 1
      }
      func bytes(_ i: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: line[fields[i]]) }
      func text(_ i: Int) -> String { String(decoding: bytes(i), as: UTF8.self) }
      func equals(_ i: Int, _ word: String) -> Bool { line[fields[i]].elementsEqual(word.utf8) }
      let event: Event? =
        fields.count < 5 ? nil
        : equals(4, "touchstart") ? .start : equals(4, "touchmove") ? .move : equals(4, "touchend") ? .end : nil
      // The event is ASCII, so a row with a broken label still says which gesture it spoils.
      guard UTF8Text.isValid(line) else {
        state.badRow(number, "not valid UTF-8", "the row is not valid UTF-8", event: event)
        return
      }
      guard fields.count >= 12 else {
        state.badRow(number, "fewer than 12 fields", "the row has \(fields.count) fields; a row has at least 12", event: event)
        return
      }
      guard let event else {
        state.badRow(number, "unknown event", "unknown event '\(Self.clipped(text(4)))' (expected touchstart, touchmove or touchend)", event: nil)
        return
      }
      var values = (0.0, 0.0, 0.0, 0.0, 0.0)
      for (slot, (index, name, range)) in Self.numericFields.enumerated() {
        guard let value = Self.decimal(bytes(index)) else {
          state.badRow(number, "\(name) not a finite decimal number", "\(name) '\(Self.clipped(text(index)))' is not a finite decimal number", event: event)
          return
        }
        guard range.contains(value) else {
          state.badRow(number, "\(name) out of range", "\(name) \(value) is out of range (\(Self.rangeText(range)))", event: event)
          return
        }
        switch slot {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        default: values.4 = value
        }
      }
      let (timestamp, width, height, x, y) = values
      let blankRadius = fields[7].isEmpty
      if event == .start {
        state.closeOpen()
        state.open = OpenGesture(
          word: text(10), sentence: text(0), width: width, height: height, start: timestamp, line: number)
      }
      guard var gesture = state.open else {
        // Rows of a gesture whose touchstart was lost: count the gesture once, at its end.
        if event == .end { state.counts.droppedNoTouchstart += 1 }
        return
      }
      if gesture.problem == nil {
        if !equals(10, gesture.word) {
          gesture.problem = (.inconsistent, number, "the label '\(Self.clipped(text(10)))' differs from '\(Self.clipped(gesture.word))' of its touchstart on line \(gesture.line)")
        } else if width != gesture.width || height != gesture.height {
          gesture.problem = (.inconsistent, number, "the canvas \(width)×\(height) differs from \(gesture.width)×\(gesture.height) of its touchstart on line \(gesture.line)")
        } else if gesture.points.count == SwipeGesture.Limits.maximumPoints {
          gesture.problem = (.outOfRange, number, "the gesture from line \(gesture.line) has more than \(SwipeGesture.Limits.maximumPoints) points")
          gesture.points = []
        } else {
          gesture.points.append(TimedPoint(x: x, y: y, t: timestamp - gesture.start))
        }
      }
      gesture.blankRadius = gesture.blankRadius || blankRadius
      guard event == .end else {
        state.open = gesture
        return
      }
      state.open = nil
      let flagField = fields.indices.dropFirst(11).first { !fields[$0].isEmpty }
      let flag = flagField.map(text) ?? ""
      try finish(gesture, flag: flag, endLine: number, &state, user, metadata, emit)
    }
    state.closeOpen()
    let counts = state.counts
    if counts.malformedRows > 0, Double(counts.malformedRows) > Double(counts.rows) * Self.maximumBadRowShare {
      let first = counts.examples.first { $0.reason.hasPrefix("bad row") }.map { "; the first, line \($0.line ?? 0): \($0.reason.dropFirst(9))" } ?? ""
      throw InputFileError(
        path: path, kind: .malformed,
        reason: "not a How We Swipe log: \(counts.malformedRows) of its \(counts.rows) rows are bad\(first)")
    }
    return counts
  }

  private func finish(
    _ gesture: OpenGesture, flag: String, endLine: Int, _ state: inout State, _ user: String,
    _ userMetadata: [String: String], _ emit: (SwipeGesture) throws -> Void
  ) throws {
    if let (kind, line, reason) = gesture.problem {
      state.dropBad(kind, line: line, reason)
      return
    }
    guard !gesture.word.isEmpty else {
      state.counts.droppedEmptyLabel += 1
      return
    }
    let accepted = flag == "0"
    let context = state.context(of: gesture.word, in: gesture.sentence)
    state.counts.complete += 1
    state.ordinal += 1
    if accepted || !gesture.blankRadius { state.counts.manifestComplete += 1 }
    if accepted { state.counts.accepted += 1 }
    if !accepted && flag != "1" { state.counts.flagNotBinary += 1 }
    guard accepted || includeRejected else {
      state.counts.droppedRejected += 1
      return
    }
    guard state.seen.insert(GestureKey(word: gesture.word, start: gesture.start, points: gesture.points)).inserted
    else {
      state.counts.droppedDuplicate += 1
      return
    }
    var flags: [SwipeGesture.Flag] = accepted ? [] : [.rejected]
    if gesture.width >= Self.landscapeWidth { flags.append(.landscape) }
    if !gesture.word.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
      flags.append(.nonAlphabetic)
    }
    var metadata = userMetadata
    metadata["sentence"] = gesture.sentence
    metadata["log_line"] = String(gesture.line)
    if let phrases {
      metadata["prompt"] = (phrases.contains(PromptKind.normalized(gesture.sentence)) ? PromptKind.phrase : .words).rawValue
    }
    let swipe = SwipeGesture(
      id: "hws/\(user)/\(state.ordinal)", word: gesture.word, source: "hws", user: user,
      layout: LayoutReference(device: "hws", width: gesture.width, height: gesture.height),
      points: gesture.points, flags: flags, metadata: metadata, context: context)
    if let problem = swipe.problem {
      state.dropBad(.outOfRange, line: gesture.line, "the gesture of lines \(gesture.line)–\(endLine): \(problem)")
      return
    }
    if flags.contains(.landscape) { state.counts.flaggedLandscape += 1 }
    if flags.contains(.nonAlphabetic) { state.counts.flaggedNonAlphabetic += 1 }
    if let prompt = metadata["prompt"] { state.counts.prompts[prompt, default: 0] += 1 }
    state.counts.kept += 1
    try emit(swipe)
  }

  /// Columns read as numbers, with their allowed ranges: timestamps are epoch milliseconds,
  /// canvases and coordinates CSS px (``SwipeGesture/Limits``).
  private static let numericFields: [(Int, String, ClosedRange<Double>)] = [
    (1, "timestamp", -1e15...1e15),
    (2, "keyb_width", .leastNonzeroMagnitude...SwipeGesture.Limits.maximumCanvas),
    (3, "keyb_height", .leastNonzeroMagnitude...SwipeGesture.Limits.maximumCanvas),
    (5, "x", -SwipeGesture.Limits.maximumCoordinate...SwipeGesture.Limits.maximumCoordinate),
    (6, "y", -SwipeGesture.Limits.maximumCoordinate...SwipeGesture.Limits.maximumCoordinate),
  ]

  private static func rangeText(_ range: ClosedRange<Double>) -> String {
    range.lowerBound == .leastNonzeroMagnitude
      ? "a positive size of at most \(Int(range.upperBound))" : "±\(Int(range.upperBound))"
  }

  /// A plain decimal number (`-12`, `3.5`, `1e3`), or nil for anything else — `nan`, `inf`,
  /// hexadecimal floats, blanks — so no such value is ever read as a coordinate.
  static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !bytes.isEmpty, bytes.count <= 64 else { return nil }
    var index = 0
    func digits() -> Int {
      let from = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
      return index - from
    }
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
    var mantissa = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
      guard digits() > 0 else { return nil }
    }
    guard index == bytes.count, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite
    else { return nil }
    return value
  }

  /// A field for a message: at most 40 characters.
  static func clipped(_ text: String) -> String {
    text.count > 40 ? text.prefix(40) + "…" : text
  }

  private enum Event { case start, move, end }

  private enum BadGesture { case badRow, inconsistent, outOfRange }

  /// The mutable state of one log's parse.
  private struct State {
    let path: String
    let keptExamples: Int
    var counts = Counts()
    var open: OpenGesture?
    var ordinal = 0
    var seen = Set<GestureKey>()
    /// The sentence being swiped (words of the logged `sentence` field, joined by `_`) and how
    /// far into it the participant has got.
    var sentence: (text: String, words: [String], cursor: Int) = ("", [], 0)

    init(path: String, keptExamples: Int) {
      self.path = path
      self.keptExamples = keptExamples
    }

    /// The words before `word` in `sentence`: its first occurrence at or after the participant's
    /// position, so a retried word matches the same place again (a word doubled in the sentence
    /// matches its first occurrence both times; a word redone after moving on, its first
    /// occurrence); nil when the sentence does not hold the word.
    mutating func context(of word: String, in text: String) -> [String]? {
      if text != sentence.text {
        sentence = (text, text.split(separator: "_").map(String.init), 0)
      }
      let lowered = word.lowercased()
      let matches = { (index: Int) in self.sentence.words[index].lowercased() == lowered }
      if let index = sentence.words.indices.dropFirst(sentence.cursor).first(where: matches) {
        sentence.cursor = index
        return Array(sentence.words[..<index])
      }
      // A word redone after moving on: its first occurrence, the position unchanged.
      return sentence.words.indices.first(where: matches).map { Array(sentence.words[..<$0]) }
    }

    mutating func example(_ line: Int?, _ reason: String) {
      if counts.examples.count < keptExamples {
        counts.examples.append(InputFileError(path: path, line: line, kind: .malformed, reason: reason))
      }
    }

    /// Counts a bad row by reason; the gesture it belongs to (an open one, or the one it starts)
    /// is dropped when it ends.
    mutating func badRow(_ line: Int, _ key: String, _ reason: String, event: Event?) {
      counts.malformedRows += 1
      counts.malformedByReason[key, default: 0] += 1
      example(line, "bad row: \(reason)")
      if event == .start {
        closeOpen()
        open = OpenGesture(word: "", sentence: "", width: 0, height: 0, start: 0, line: line)
        open?.problem = (.badRow, line, "")
      } else if open != nil, open?.problem == nil {
        open?.problem = (.badRow, line, "")
        open?.points = []
      }
      if event == .end, let gesture = open {
        open = nil
        dropBad(.badRow, line: gesture.problem?.line ?? line, "")
      }
    }

    /// A gesture left open by the next touchstart or the end of the file.
    mutating func closeOpen() {
      guard let gesture = open else { return }
      open = nil
      if let (kind, line, reason) = gesture.problem {
        dropBad(kind, line: line, reason)
      } else {
        counts.droppedNoTouchend += 1
      }
    }

    mutating func dropBad(_ kind: BadGesture, line: Int, _ reason: String) {
      switch kind {
      case .badRow: counts.droppedBadRow += 1  // its row is already an example
      case .inconsistent:
        counts.droppedInconsistent += 1
        example(line, "gesture dropped: \(reason)")
      case .outOfRange:
        counts.droppedOutOfRange += 1
        example(line, "gesture dropped: \(reason)")
      }
    }
  }

  private struct OpenGesture {
    var word: String
    var sentence: String
    var width: Double
    var height: Double
    var start: Double
    var line: Int
    var points: [TimedPoint] = []
    var blankRadius = false
    /// Why the gesture will be dropped when it ends, and the line that shows it.
    var problem: (kind: BadGesture, line: Int, reason: String)?
  }

  private struct GestureKey: Hashable {
    var word: String
    var start: Double
    var points: [TimedPoint]
    func hash(into hasher: inout Hasher) {
      hasher.combine(word)
      hasher.combine(start)
      hasher.combine(points.count)
    }
    static func == (a: GestureKey, b: GestureKey) -> Bool {
      a.word == b.word && a.start == b.start && a.points == b.points
    }
  }
}
