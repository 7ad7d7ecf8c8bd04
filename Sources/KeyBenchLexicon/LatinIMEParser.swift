public import KeyBenchCore
import Foundation

/// Reads LatinIME `.combined` wordlists (plain or gzip) into a ``LatinIMEWordlist``.
///
/// File-level problems (missing, unreadable, empty, truncated or corrupt gzip, invalid UTF-8,
/// no header) throw ``InputFileError``. Line-level problems (a missing or out-of-range `f`,
/// a child line with no word, an unknown line shape) are *malformed lines*: by default they are
/// skipped and counted, with the first few kept for display; in strict mode the first one throws.
///
/// A plain file whose last entry line has no newline after it was cut inside that line (dicttool
/// ends every line): that is a file-level error too, since the cut line may still parse with a
/// wrong frequency. A list cut at a line boundary cannot be told from a complete one by the
/// format (the header carries no word count); ``Report/suspectedCut`` reports the one sign there
/// is — dicttool's frequency order ending before its `f=0` entries — and `keybench-ingest` refuses
/// to replace a stored lexicon with fewer words.
public struct LatinIMEParser: Sendable {
  /// Stop at the first malformed line instead of skipping it.
  public var strict: Bool
  /// How many malformed lines to keep as examples in the result.
  public var keptMalformedExamples: Int

  public init(strict: Bool = false, keptMalformedExamples: Int = 10) {
    self.strict = strict
    self.keptMalformedExamples = keptMalformedExamples
  }

  /// What a parse found besides the wordlist itself.
  public struct Report: Sendable {
    /// ` word=` lines read, duplicates and malformed ones included.
    public var wordLines = 0
    public var shortcutLines = 0
    public var bigramLines = 0
    /// Word lines whose word had already been seen; the higher frequency was kept (in strict
    /// mode the first one throws).
    public var duplicateWords = 0
    /// The first of them, `'word' on line N (first on line M)`, for the warning that says so.
    public var firstDuplicate: String?
    public var malformedLines = 0
    /// Lines after the header that are neither blank nor comments: word, child and unrecognised
    /// lines, the base of ``malformedShare``.
    public var entryLines = 0
    /// Malformed lines as a share of ``entryLines`` (0 when there are none).
    public var malformedShare: Double { entryLines == 0 ? 0 : Double(malformedLines) / Double(entryLines) }
    /// Why the list looks cut short although it ends at a line boundary, or nil: its words are
    /// in dicttool's order (frequencies never increase, 1,000 words or more) but it stops before
    /// the `f=0` entries (profanity, not_a_word) that dicttool writes last.
    public var suspectedCut: String?
    /// The first ``LatinIMEParser/keptMalformedExamples`` malformed lines, with positions.
    public var malformedExamples: [InputFileError] = []
    public var compression: FileCompression = .plain
    public var fileBytes = 0
  }

  /// Parses the file at `path`.
  public func parse(path: String) throws -> (wordlist: LatinIMEWordlist, report: Report) {
    let reader = try LineReader(path: path)
    var state = State(path: path, parser: self)
    state.report.compression = reader.compression
    state.report.fileBytes = reader.fileSize
    try reader.forEachLine { bytes, number in
      guard UTF8Text.isValid(bytes) else {
        throw InputFileError(
          path: path, line: number, kind: .invalidUTF8, reason: "line is not valid UTF-8")
      }
      try state.consume(Bytes(rebasing: bytes[...]), number: number)
    }
    guard let header = state.header else {
      throw InputFileError(
        path: path, kind: .empty, reason: "no header line: the file holds no wordlist")
    }
    if reader.compression == .plain, let line = state.lastContentLine, line == state.lastLine,
      try Self.lastByte(of: path) != 0x0A
    {
      throw InputFileError(
        path: path, line: line, kind: .malformed,
        reason: "the file ends inside this line (no newline after it), so it was probably cut short; if it is complete, end it with a newline")
    }
    if state.descending, state.report.wordLines >= 1_000, let last = state.lastFrequency, last > 0 {
      state.report.suspectedCut =
        "its \(state.report.wordLines) words are in dicttool's frequency order but the list stops at f=\(last) on line \(state.lastWordLine), before the f=0 entries dicttool writes last: it may have been cut short"
    }
    return (LatinIMEWordlist(header: header, words: state.words), state.report)
  }

  /// The last byte of a plain file (nil for an empty one).
  static func lastByte(of path: String) throws -> UInt8? {
    guard let file = fopen(path, "rb") else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    guard fseek(file, -1, SEEK_END) == 0 else { return nil }
    let byte = fgetc(file)
    return byte == EOF ? nil : UInt8(byte)
  }
}

extension LatinIMEParser {
  fileprivate typealias Bytes = UnsafeBufferPointer<UInt8>

  /// The mutable parse state, kept apart so `parse` reads as the outline of the format.
  fileprivate struct State {
    let path: String
    let parser: LatinIMEParser
    var header: [LatinIMEWordlist.Attribute]?
    var words: [LatinIMEWordlist.Word] = []
    var indexByWord: [String: Int] = [:]
    /// The line each of `words` was first read on.
    var firstLines: [Int] = []
    /// Index of the word that child lines attach to; nil before the first word or after a bad one.
    var current: Int?
    /// Line of the malformed word line whose children are being skipped.
    var skippedParentLine: Int?
    /// Children of the current word, so a word with very many child lines stays linear.
    var childTargets = Set<String>()
    var report = Report()
    /// The last line read, and the last that was not blank or a comment.
    var lastLine = 0
    var lastContentLine: Int?
    /// Whether word frequencies have never increased so far (dicttool's order), and the last one.
    var descending = true
    var lastFrequency: UInt8?
    var lastWordLine = 0

    init(path: String, parser: LatinIMEParser) {
      self.path = path
      self.parser = parser
    }

    mutating func consume(_ line: Bytes, number: Int) throws {
      lastLine = number
      if line.isEmpty || line.first == UInt8(ascii: "#")
        || line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
      {
        return
      }
      lastContentLine = number
      guard header != nil else {
        guard line.first != UInt8(ascii: " ") else {
          throw InputFileError(
            path: path, line: number, kind: .malformed,
            reason: "expected the header line (dictionary=…,locale=…) before any word")
        }
        header = try parseHeader(line, number: number)
        return
      }
      report.entryLines += 1
      do {
        if line.starts(with: "  shortcut=".utf8) {
          report.shortcutLines += 1
          try consumeChild(Bytes(rebasing: line.dropFirst(2)), isShortcut: true)
        } else if line.starts(with: "  bigram=".utf8) {
          report.bigramLines += 1
          try consumeChild(Bytes(rebasing: line.dropFirst(2)), isShortcut: false)
        } else if line.starts(with: " word=".utf8) {
          report.wordLines += 1
          try consumeWord(Bytes(rebasing: line.dropFirst()), number: number)
        } else {
          throw LineProblem("unrecognised line; expected ' word=', '  shortcut=' or '  bigram='")
        }
      } catch let problem as LineProblem {
        let error = InputFileError(
          path: path, line: number, kind: .malformed, reason: problem.reason)
        if parser.strict { throw error }
        report.malformedLines += 1
        if report.malformedExamples.count < parser.keptMalformedExamples {
          report.malformedExamples.append(error)
        }
      }
    }

    func parseHeader(_ line: Bytes, number: Int) throws -> [LatinIMEWordlist.Attribute] {
      do {
        var attributes: [LatinIMEWordlist.Attribute] = []
        try Self.forEachAttribute(in: line) { key, value in
          attributes.append(.init(key: Self.string(key), value: Self.string(value)))
        }
        guard attributes.first?.key == "dictionary" else {
          throw LineProblem("the header's first attribute must be 'dictionary'")
        }
        return attributes
      } catch let problem as LineProblem {
        throw InputFileError(
          path: path, line: number, kind: .malformed, reason: "bad header: \(problem.reason)")
      }
    }

    mutating func consumeWord(_ line: Bytes, number: Int) throws {
      current = nil
      skippedParentLine = number
      var entry = LatinIMEWordlist.Word(word: "", frequency: 0)
      var sawFrequency = false
      try Self.forEachAttribute(in: line) { key, value in
        if key.elementsEqual("word".utf8) {
          entry.word = Self.string(value)
        } else if key.elementsEqual("f".utf8) {
          entry.frequency = try Self.byte(value, name: "f", range: 0...255)
          sawFrequency = true
        } else if key.elementsEqual("flags".utf8) {
          entry.flags = value.isEmpty ? "" : Self.string(value)
        } else if key.elementsEqual("originalFreq".utf8) {
          guard let number = Self.integer(value) else {
            throw LineProblem("originalFreq must be a non-negative integer, got '\(Self.string(value))'")
          }
          entry.originalFrequency = number
        } else if key.elementsEqual("not_a_word".utf8) {
          entry.notAWord = try Self.boolean(key, value)
        } else if key.elementsEqual("possibly_offensive".utf8) {
          entry.possiblyOffensive = try Self.boolean(key, value)
        } else {
          entry.extraAttributes.append(.init(key: Self.string(key), value: Self.string(value)))
        }
      }
      guard !entry.word.isEmpty else { throw LineProblem("word is empty") }
      // A tab, newline or other control character would break every line-based file the word
      // is later written to (lexicon exports for plug-ins, typo pairs, results.csv).
      guard !entry.word.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
        throw LineProblem("word contains a control character (e.g. a tab)")
      }
      guard sawFrequency else { throw LineProblem("word '\(entry.word)' has no f= frequency") }
      skippedParentLine = nil
      if let previous = lastFrequency, entry.frequency > previous { descending = false }
      lastFrequency = entry.frequency
      lastWordLine = number
      if let existing = indexByWord[entry.word] {
        let repeated = "'\(entry.word)' on line \(number) (first on line \(firstLines[existing]))"
        if parser.strict {
          throw InputFileError(
            path: path, line: number, kind: .malformed,
            reason: "duplicate word \(repeated); --strict refuses a list that names a word twice (without it the higher frequency is kept)")
        }
        report.duplicateWords += 1
        report.firstDuplicate = report.firstDuplicate ?? repeated
        if entry.frequency > words[existing].frequency {
          entry.shortcuts = words[existing].shortcuts
          entry.bigrams = words[existing].bigrams
          words[existing] = entry
        }
        current = existing
        childTargets = Set(
          words[existing].shortcuts.map { "s\($0.target)\u{0}\($0.frequency)" } + words[existing].bigrams.map { "b" + $0.next })
      } else {
        childTargets = []
        indexByWord[entry.word] = words.count
        current = words.count
        words.append(entry)
        firstLines.append(number)
      }
    }

    mutating func consumeChild(_ line: Bytes, isShortcut: Bool) throws {
      guard let parent = current else {
        if let skippedParentLine {
          throw LineProblem("belongs to the malformed word on line \(skippedParentLine)")
        }
        throw LineProblem("\(isShortcut ? "shortcut" : "bigram") line with no word before it")
      }
      var target = ""
      var frequency: UInt8?
      try Self.forEachAttribute(in: line) { key, value in
        if key.elementsEqual((isShortcut ? "shortcut" : "bigram").utf8) {
          target = Self.string(value)
        } else if key.elementsEqual("f".utf8) {
          if isShortcut {
            frequency = value.elementsEqual("whitelist".utf8)
              ? 15 : try Self.byte(value, name: "shortcut f", range: 0...14)
          } else {
            frequency = try Self.byte(value, name: "bigram f", range: 0...255)
          }
        } else {
          throw LineProblem("unknown attribute '\(Self.string(key))' on a child line")
        }
      }
      guard !target.isEmpty else { throw LineProblem("child line names no word") }
      guard !target.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
        throw LineProblem("child line's word contains a control character (e.g. a tab)")
      }
      guard let frequency else { throw LineProblem("child line '\(target)' has no f= frequency") }
      if isShortcut {
        if childTargets.insert("s\(target)\u{0}\(frequency)").inserted {
          words[parent].shortcuts.append(LatinIMEWordlist.Shortcut(target: target, frequency: frequency))
        }
      } else if childTargets.insert("b" + target).inserted {
        words[parent].bigrams.append(LatinIMEWordlist.Bigram(next: target, frequency: frequency))
      }
    }

    /// Calls `body` with each `key=value` pair of a comma-separated line, split on bytes: the
    /// format's delimiters are ASCII, and byte scanning keeps a 160k-word ingest well under a
    /// second where Character-based splitting did not.
    static func forEachAttribute(
      in line: Bytes, _ body: (_ key: Bytes, _ value: Bytes) throws -> Void
    ) throws {
      var start = line.startIndex
      while start <= line.endIndex {
        let end = line[start...].firstIndex(of: UInt8(ascii: ",")) ?? line.endIndex
        let pair = line[start..<end]
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
          throw LineProblem("attribute '\(string(Bytes(rebasing: pair)))' has no '='")
        }
        guard equals != pair.startIndex else {
          throw LineProblem("attribute '\(string(Bytes(rebasing: pair)))' has no name")
        }
        try body(Bytes(rebasing: pair[..<equals]), Bytes(rebasing: pair[(equals + 1)...]))
        start = end + 1
      }
    }

    static func string(_ bytes: Bytes) -> String {
      String(decoding: bytes, as: UTF8.self)
    }

    /// A non-negative decimal integer, or nil.
    static func integer(_ bytes: Bytes) -> Int? {
      guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
      var value = 0
      for byte in bytes {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }

    static func byte(_ bytes: Bytes, name: String, range: ClosedRange<Int>) throws -> UInt8 {
      guard let value = integer(bytes), range.contains(value) else {
        throw LineProblem(
          "\(name) must be an integer \(range.lowerBound)…\(range.upperBound), got '\(string(bytes))'")
      }
      return UInt8(value)
    }

    static func boolean(_ key: Bytes, _ value: Bytes) throws -> Bool {
      if value.elementsEqual("true".utf8) { return true }
      if value.elementsEqual("false".utf8) { return false }
      throw LineProblem("\(string(key)) must be true or false, got '\(string(value))'")
    }
  }

  /// A line-level problem; becomes an ``InputFileError`` with the line's position.
  fileprivate struct LineProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }
}
