import Foundation
import KeyBenchCore

/// What a sentence-level import kept and skipped, so the report can say exactly what the set is.
public struct SentenceImportResult: Sendable {
  /// Every scored word of every kept sentence, in order: typos and correctly typed words.
  public var pairs: [TypoPair] = []
  /// Sentences whose words became pairs.
  public var sentences = 0
  /// Sentences left out because the typed text has another number of words than the sentence
  /// (a split, merged, left-out or added word cannot be paired word by word).
  public var misalignedSentences = 0
  /// Words typed differently only in letter case (`we` for `We`), kept as correctly typed words:
  /// capitalisation is the keyboard's auto-capitalisation, not a spelling error.
  public var caseOnly = 0
  /// Tokens without a letter (numbers, symbols): kept as previous words, not scored.
  public var withoutLetters = 0
  /// Backspaced finished words that became the typed form of their word.
  public var backspacedUsed = 0
  /// Backspaced rows not used: unfinished words, sections outside the sentence file or left out,
  /// intended words not found in their sentence, or a second attempt at a word already taken.
  public var backspacedUnused = 0

  /// Pairs typed wrongly.
  public var typos: Int { pairs.filter { !$0.isUnchanged }.count }
}

/// Builds the sentence-level correction set: every word of every typed sentence in order, the
/// misspelled ones as typo pairs and the correctly typed ones as identity pairs (typed ==
/// intended), each with the sentence's previous words.
///
/// Word-level test sets hold only misspellings, so a corrector that changes every word is never
/// penalised there; the identity pairs measure its false corrections.
public enum SentenceImport {
  /// The first columns of the 136M Keystrokes raw key-event file (`taps/en_keystrokes136m_raw_sample.tsv`).
  static let keystrokeColumns = ["PARTICIPANT_ID", "TEST_SECTION_ID", "SENTENCE", "USER_INPUT"]

  /// Reads the 136M Keystrokes raw key-event TSV (one row per key event, each carrying its test
  /// section's presented `SENTENCE` and the typist's final `USER_INPUT`).
  ///
  /// Each test section (participant, section) is one sentence. Sentence and input are split at
  /// white space and paired word by word; punctuation at a word's edges is dropped (`home.` is
  /// `home`; an apostrophe inside a word stays). A word typed as written is an identity pair, one
  /// typed otherwise a typo pair; a case-only difference counts as typed correctly. With
  /// `backspaced` (the same study's `en_keystrokes136m_backspaced_word_errors.tsv`), a finished word
  /// the typist typed wrongly and then erased replaces the final form of that word: it is what the
  /// keyboard saw when the word was finished. Its row is matched to the first not yet matched word
  /// of its section with the same intended form.
  ///
  /// Previous words are the sentence's words as intended (the state a keyboard reaches when the
  /// earlier words were typed or corrected right).
  ///
  /// - Throws: ``InputFileError`` with `FILE:LINE: reason` for a wrong header, a short row, a
  ///   section whose rows disagree on its sentence or input, or a bad backspaced row.
  public static func keystrokes(path: String, backspaced: String? = nil, source: String? = nil) throws -> SentenceImportResult {
    let source = source ?? URL(fileURLWithPath: path).lastPathComponent
    struct Section {
      var key: String
      var sentence: String
      var input: String
      var line: Int
    }
    var sections: [Section] = []
    var byKey: [String: Int] = [:]
    try TextFile.forEachLine(path: path) { line, number in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      if number == 1 {
        guard fields.count >= 4, fields.prefix(4).map(String.init) == keystrokeColumns else {
          throw InputFileError(
            path: path, line: 1, kind: .malformed,
            reason: "expected the header '\(keystrokeColumns.joined(separator: "<TAB>"))<TAB>…' of the 136M Keystrokes raw file")
        }
        return
      }
      if line.isEmpty { return }
      guard fields.count >= 4 else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "expected at least 4 tab-separated fields, found \(fields.count)")
      }
      let key = "\(fields[0])\t\(fields[1])"
      let sentence = String(fields[2])
      let input = String(fields[3])
      if let index = byKey[key] {
        guard sections[index].sentence == sentence, sections[index].input == input else {
          throw InputFileError(
            path: path, line: number, kind: .malformed,
            reason: "participant \(fields[0]) section \(fields[1]) has another sentence or input than on line \(sections[index].line)")
        }
        return
      }
      guard !sentence.allSatisfy(\.isWhitespace) else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "empty SENTENCE")
      }
      byKey[key] = sections.count
      sections.append(Section(key: key, sentence: sentence, input: input, line: number))
    }
    guard !sections.isEmpty else {
      throw InputFileError(path: path, kind: .empty, reason: "no key events, so no sentences")
    }

    var result = SentenceImportResult()
    // Backspaced finished words by section, in file order.
    var erased: [String: [(typed: String, intended: String)]] = [:]
    if let backspaced {
      try TextFile.forEachLine(path: backspaced) { line, number in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        if number == 1 {
          guard fields.first == "typed_before_backspace", fields.count >= 5 else {
            throw InputFileError(
              path: backspaced, line: 1, kind: .malformed,
              reason: "expected the header 'typed_before_backspace<TAB>intended_word<TAB>word_complete<TAB>participant_id<TAB>test_section_id'")
          }
          return
        }
        if line.isEmpty { return }
        guard fields.count >= 5 else {
          throw InputFileError(path: backspaced, line: number, kind: .malformed, reason: "expected 5 tab-separated fields, found \(fields.count)")
        }
        guard !fields[0].isEmpty, !fields[1].isEmpty else {
          throw InputFileError(path: backspaced, line: number, kind: .malformed, reason: "empty typed or intended word")
        }
        guard fields[2] == "0" || fields[2] == "1" else {
          throw InputFileError(path: backspaced, line: number, kind: .malformed, reason: "word_complete must be 0 or 1, got '\(fields[2])'")
        }
        let key = "\(fields[3])\t\(fields[4])"
        guard fields[2] == "1", byKey[key] != nil else {
          result.backspacedUnused += 1
          return
        }
        erased[key, default: []].append((fields[0], fields[1]))
      }
    }

    for section in sections {
      let intended = section.sentence.split(whereSeparator: \.isWhitespace).map { trimmed($0) }
      let typed = section.input.split(whereSeparator: \.isWhitespace).map { trimmed($0) }
      let attempts = erased[section.key] ?? []
      guard intended.count == typed.count else {
        result.misalignedSentences += 1
        result.backspacedUnused += attempts.count
        continue
      }
      var first = typed
      var taken = [Bool](repeating: false, count: intended.count)
      for attempt in attempts {
        let word = trimmed(Substring(attempt.intended))
        guard let position = intended.indices.first(where: { !taken[$0] && intended[$0] == word }), !trimmed(Substring(attempt.typed)).isEmpty else {
          result.backspacedUnused += 1
          continue
        }
        taken[position] = true
        first[position] = trimmed(Substring(attempt.typed))
        result.backspacedUsed += 1
      }
      result.sentences += 1
      var previous: [String] = []
      for (position, word) in intended.enumerated() where !word.isEmpty {
        defer { previous.append(word) }
        guard word.contains(where: \.isLetter) else {
          result.withoutLetters += 1
          continue
        }
        var written = first[position]
        if written.isEmpty { written = typed[position] }
        guard !written.isEmpty else {
          // Only punctuation was typed where the word belongs: nothing for a corrector to see.
          result.withoutLetters += 1
          continue
        }
        if written != word && written.lowercased() == word.lowercased() {
          result.caseOnly += 1
          result.pairs.append(TypoPair(typed: written, intended: written, source: source, previous: previous))
        } else {
          result.pairs.append(TypoPair(typed: written, intended: word, source: source, previous: previous))
        }
      }
    }
    guard result.pairs.count <= TypoPairFile.maximumPairs else {
      throw InputFileError(path: path, kind: .malformed, reason: "more than \(TypoPairFile.maximumPairs) words; split the file")
    }
    return result
  }

  /// Reads UKP real-word error records (6-line records: id, revision, wrong, right, offset,
  /// sentence) as a sentence-level set: the sentence's white-space words in order, the word at the
  /// record's offset as a typo pair (wrong → right), every other word as an identity pair (the
  /// corpus marks one error per sentence), each with its previous words with the error corrected.
  ///
  /// A few records' offsets are off by a character or two: the error is the word equal to `wrong`
  /// whose start is nearest the offset (or, when none is, the nearest word starting with it, its
  /// ending kept on the right word).
  ///
  /// - Throws: ``InputFileError`` naming the line of a bad record, or of a wrong word that is no
  ///   word of its sentence.
  public static func ukp(path: String, source: String? = nil) throws -> SentenceImportResult {
    let source = source ?? URL(fileURLWithPath: path).lastPathComponent
    var result = SentenceImportResult()
    try TypoImport.forEachUKPRecord(path: path) { record in
      var tokens: [(word: String, start: Int)] = []
      var offset = 0
      for token in record.sentence.split(separator: " ", omittingEmptySubsequences: false) {
        tokens.append((trimmed(token), offset))
        offset += token.count + 1
      }
      let wrong = trimmed(Substring(record.wrong))
      func nearest(_ matches: (String) -> Bool) -> Int? {
        tokens.indices.filter { matches(tokens[$0].word) }.min { abs(tokens[$0].start - record.offset) < abs(tokens[$1].start - record.offset) }
      }
      // A few records name the stem of an inflected word (`monkey` → `monk` in "Irish monkeys").
      guard !wrong.isEmpty, let error = nearest({ $0 == wrong }) ?? nearest({ $0.hasPrefix(wrong) }) else {
        throw InputFileError(path: path, line: record.line, kind: .malformed, reason: "the wrong word '\(record.wrong.prefix(40))' is not a word of its sentence")
      }
      let right = trimmed(Substring(record.right)) + tokens[error].word.dropFirst(wrong.count)
      result.sentences += 1
      var previous: [String] = []
      for (position, token) in tokens.enumerated() where !token.word.isEmpty {
        let intended = position == error ? right : token.word
        defer { previous.append(intended) }
        guard token.word.contains(where: \.isLetter) else {
          result.withoutLetters += 1
          continue
        }
        result.pairs.append(TypoPair(typed: token.word, intended: intended, source: source, previous: previous))
      }
    }
    guard !result.pairs.isEmpty else { throw InputFileError(path: path, kind: .empty, reason: "no records") }
    return result
  }

  /// A white-space token without the punctuation at its edges (`home.` → `home`, `"Hello,` →
  /// `Hello`, `don't` unchanged); empty when it has no letter or digit.
  static func trimmed(_ token: Substring) -> String {
    func keeps(_ c: Character) -> Bool { c.isLetter || c.isNumber }
    guard let start = token.firstIndex(where: keeps), let end = token.lastIndex(where: keeps) else { return "" }
    return String(token[start...end])
  }

  /// The sentences a sentence-level pair list was built from, as intended (each pair's previous
  /// words plus its intended word, the longest of each run), for checking them against a context
  /// model's training text.
  public static func sentences(of pairs: [TypoPair]) -> [[String]] {
    var result: [[String]] = []
    var current: [String]?
    for pair in pairs {
      guard let previous = pair.previous else { continue }
      // A pair continues the open sentence when its previous words start with it (words without
      // letters have no pair of their own, so they may come in between).
      if let open = current,
        !(previous.count >= open.count && zip(open, previous).allSatisfy { $0.lowercased() == $1.lowercased() })
      {
        result.append(open)
      }
      current = previous + [pair.intended]
    }
    if let current { result.append(current) }
    return result
  }
}
