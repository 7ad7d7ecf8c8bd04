import Foundation
import KeyBenchCore

/// What pairing a key-event log's erasures kept and skipped, so the report can say what the set is.
public struct ErasurePairingResult: Sendable {
  /// One pair per erased run: the erased characters as typed, and as many characters typed after
  /// them as their replacement (typed == intended when the typist retyped the same characters).
  public var pairs: [TypoPair] = []
  /// Test sections (one typed sentence each) read.
  public var sections = 0
  /// Sections left out because some of their key events carry only a key code and no character
  /// (the log cannot say what was typed, e.g. which case a letter had).
  public var sectionsWithoutCharacters = 0
  /// Erased runs the section ended before as many characters were typed again: nothing to pair.
  public var unfinishedRuns = 0
  /// Key events that type nothing and were passed over: modifiers and cursor keys, which the
  /// seed's logs did not record either.
  public var passedOver = 0
}

/// Seed 002 §4.1's pairing of erased and retyped text, applied to a key-event log.
///
/// The seed read its keyboard logs as a stream of deletions and insertions: a run of erased
/// characters is replaced by the same number of characters typed next, and the two strings are
/// aligned with a full Levenshtein (a pair keeping less than a third of its letters is an
/// unrelated word; ``TypingErrorAnalysis`` applies that rule). Its logs did not record the cursor,
/// so neither does this pairing: cursor keys are passed over. KeyBench's own pairing
/// (``TypoFormat/keystrokes``) takes the finished words the study marked as erased, which lets a
/// word cut short count as omitted letters; this one is the seed's rule as written.
public enum ErasurePairing {
  /// The most key events one log may hold: a log in the millions of sections is split first, so a
  /// corrupt file cannot make the import hold without bound.
  public static let maximumEvents = 5_000_000

  /// The columns of the 136M Keystrokes raw key-event file this pairing reads: the sentence
  /// import's, then each event's id, times and character.
  static let columns = SentenceImport.keystrokeColumns + ["KEYSTROKE_ID", "PRESS_TIME", "RELEASE_TIME", "LETTER"]

  /// One key event: when it was pressed, its id (ties), and what it did to the text.
  struct Event {
    enum Effect: Equatable {
      case character(Character)
      case erase
      case none
      case unknown
    }
    var press: Int64
    var id: Int64
    var effect: Effect
  }

  /// Pairs the erased runs of every test section of the 136M Keystrokes raw key-event TSV.
  ///
  /// Events are taken in order of press time (key id on ties). A `BKSP` first takes back characters
  /// typed since the run it belongs to began to be replaced; once none are left it erases one more
  /// character of the text and adds it to the front of the run. A typed character (`LETTER` of one
  /// character, the space included) is added to the text and, while a run waits, to its
  /// replacement; a run is paired when its replacement is as long as it. Named keys other than
  /// `BKSP` (SHIFT, arrows, …) change no text and are passed over.
  ///
  /// - Throws: ``InputFileError`` with `FILE:LINE: reason` for a wrong header, a short row, a bad
  ///   time or id, or more than ``maximumEvents`` events.
  public static func keystrokes(path: String, source: String? = nil, maximumEvents: Int = maximumEvents) throws -> ErasurePairingResult {
    let source = source ?? URL(fileURLWithPath: path).lastPathComponent
    let sections = try read(path: path, maximumEvents: maximumEvents)
    var result = ErasurePairingResult()
    result.sections = sections.count
    for section in sections {
      if section.events.contains(where: { $0.effect == .unknown }) {
        result.sectionsWithoutCharacters += 1
        continue
      }
      pair(section.events, source: source, into: &result)
    }
    return result
  }

  /// One test section: its participant and section ids (tab-separated), the typist's final
  /// input and its key events in press order.
  struct Section {
    var key: String
    var input: String
    var events: [Event]
  }

  /// Reads the raw key-event file into sections, in order of first appearance.
  static func read(path: String, maximumEvents: Int) throws -> [Section] {
    var sections: [Section] = []
    var byKey: [String: Int] = [:]
    var events = 0
    try TextFile.forEachLine(path: path) { line, number in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      if number == 1 {
        guard fields.count >= columns.count, fields.prefix(columns.count).map(String.init) == columns else {
          throw InputFileError(
            path: path, line: 1, kind: .malformed,
            reason: "expected the header '\(columns.joined(separator: "<TAB>"))<TAB>…' of the 136M Keystrokes raw file")
        }
        return
      }
      if line.isEmpty { return }
      guard fields.count >= columns.count else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "expected at least \(columns.count) tab-separated fields, found \(fields.count)")
      }
      guard let id = Int64(fields[4]), let press = Int64(fields[5]), id >= 0, press >= 0 else {
        throw InputFileError(
          path: path, line: number, kind: .malformed,
          reason: "KEYSTROKE_ID and PRESS_TIME must be whole numbers ≥ 0, got '\(fields[4].prefix(30))' and '\(fields[5].prefix(30))'")
      }
      events += 1
      guard events <= maximumEvents else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "more than \(maximumEvents) key events in one file; split the file")
      }
      let key = "\(fields[0])\t\(fields[1])"
      let index: Int
      if let known = byKey[key] {
        index = known
      } else {
        index = sections.count
        byKey[key] = index
        sections.append(Section(key: key, input: String(fields[3]), events: []))
      }
      sections[index].events.append(Event(press: press, id: id, effect: effect(of: fields[7])))
    }
    guard !sections.isEmpty else {
      throw InputFileError(path: path, kind: .empty, reason: "no key events, so nothing was erased")
    }
    for index in sections.indices {
      sections[index].events.sort { ($0.press, $0.id) < ($1.press, $1.id) }
    }
    return sections
  }

  /// What the `LETTER` field of one event does to the text.
  static func effect(of letter: Substring) -> Event.Effect {
    if letter.count == 1, let character = letter.first { return .character(character) }
    if letter == "BKSP" { return .erase }
    return letter.isEmpty ? .unknown : .none
  }

  /// Runs the seed's pairing over one section's events in press order; returns the text the
  /// events leave (the typist's final input when no cursor key moved the caret).
  @discardableResult
  static func pair(_ events: [Event], source: String, into result: inout ErasurePairingResult) -> String {
    var text: [Character] = []
    // The run being replaced, last erased character first (a long run is built in linear time).
    var erased: [Character] = []
    var replacement: [Character] = []
    for event in events {
      switch event.effect {
      case .character(let character):
        text.append(character)
        guard !erased.isEmpty else { continue }
        replacement.append(character)
        if replacement.count == erased.count {
          result.pairs.append(TypoPair(typed: String(erased.reversed()), intended: String(replacement), source: source))
          erased = []
          replacement = []
        }
      case .erase:
        guard !text.isEmpty else { continue }
        let character = text.removeLast()
        if replacement.isEmpty {
          erased.append(character)
        } else {
          replacement.removeLast()
        }
      case .none, .unknown:
        result.passedOver += 1
      }
    }
    if !erased.isEmpty { result.unfinishedRuns += 1 }
    return String(text)
  }
}
