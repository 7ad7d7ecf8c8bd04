import Foundation
import KeyBenchCore

/// Parsers for WordNet's native noun files (wndb(5WN)), byte by byte so a full load stays fast.
enum WordNetFiles {
  /// What KeyBench keeps of one `data.noun` line.
  struct DataRecord {
    var offset: Int
    var lexicalFile: Int
    var lemmas: [String]
    var hypernyms: [Int]
    var hyponyms: [Int]
    /// Meronyms and holonyms of every kind (`%m %p %s #m #p #s`).
    var parts: [Int]
  }

  /// The space-separated fields of a line up to the gloss bar, as byte ranges (no copies:
  /// `data.noun` has 82k lines and a load should stay well under a second).
  struct Fields {
    let line: UnsafeBufferPointer<UInt8>
    var ranges: [Range<Int>] = []

    init(_ line: UnsafeBufferPointer<UInt8>) {
      self.line = line
      guard let base = line.baseAddress, !line.isEmpty else { return }
      // memchr keeps the per-byte work in C, so even a debug build loads WordNet quickly.
      let end = memchr(base, Int32(UInt8(ascii: "|")), line.count).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? line.count
      var position = 0
      while position < end {
        if base[position] == UInt8(ascii: " ") || base[position] == UInt8(ascii: "\t") {
          position += 1
          continue
        }
        var stop = memchr(base + position, Int32(UInt8(ascii: " ")), end - position)
          .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end
        if let tab = memchr(base + position, Int32(UInt8(ascii: "\t")), stop - position) {
          stop = base.distance(to: tab.assumingMemoryBound(to: UInt8.self))
        }
        ranges.append(position..<stop)
        position = stop + 1
      }
    }

    var count: Int { ranges.count }

    subscript(_ i: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[ranges[i]]), as: UTF8.self) }

    /// Field `i` as an unsigned number in `radix`, nil when it is not one.
    func number(_ i: Int, radix: Int = 10) -> Int? {
      var value = 0
      for byte in line[ranges[i]] {
        let digit: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
        default: return nil
        }
        guard digit < radix else { return nil }
        // A number too large for Int is not a WordNet offset or count: nil, never a trap.
        let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
        let (next, overflowB) = shifted.addingReportingOverflow(digit)
        guard !overflowA, !overflowB else { return nil }
        value = next
      }
      return value
    }

    func equals(_ i: Int, _ text: StaticString) -> Bool {
      let range = ranges[i]
      guard range.count == text.utf8CodeUnitCount else { return false }
      for (k, byte) in line[range].enumerated() where byte != text.utf8Start[k] { return false }
      return true
    }
  }

  private static func isLicenseLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.isEmpty || line[0] == UInt8(ascii: " ")
  }

  static func readData(path: String, _ body: (DataRecord) throws -> Void) throws {
    try LineReader(path: path).forEachLine { line, number in
      if isLicenseLine(line) { return }
      func bad(_ why: String) -> InputFileError {
        InputFileError(path: path, line: number, kind: .malformed, reason: "not a data.noun synset line: \(why)")
      }
      let f = Fields(line)
      guard f.count >= 4, let offset = f.number(0), let lexicalFile = f.number(1) else { throw bad("expected offset, lexicographer file, type, word count") }
      // Counts are checked against the fields present before any arithmetic, so a huge count
      // is a malformed line, never an overflow.
      guard let words = f.number(3, radix: 16), words > 0, words <= f.count, f.count >= 4 + 2 * words + 1 else { throw bad("bad word count '\(f[3])'") }
      var lemmas: [String] = []
      for w in 0..<words {
        var lemma = f[4 + 2 * w].lowercased()
        // Adjective markers such as "(a)" never occur on nouns, but strip them defensively.
        if let paren = lemma.firstIndex(of: "(") { lemma = String(lemma[..<paren]) }
        if !lemmas.contains(lemma) { lemmas.append(lemma) }
      }
      var position = 4 + 2 * words
      guard let pointers = f.number(position), pointers <= f.count, f.count >= position + 1 + 4 * pointers else { throw bad("bad pointer count '\(f[position])'") }
      position += 1
      var hypernyms: [Int] = []
      var hyponyms: [Int] = []
      var parts: [Int] = []
      for _ in 0..<pointers {
        guard let target = f.number(position + 1) else { throw bad("bad pointer offset '\(f[position + 1])'") }
        if f.equals(position + 2, "n") {
          if f.equals(position, "@") || f.equals(position, "@i") { hypernyms.append(target) }
          if f.equals(position, "~") || f.equals(position, "~i") { hyponyms.append(target) }
          for symbol: StaticString in ["%m", "%p", "%s", "#m", "#p", "#s"] where f.equals(position, symbol) { parts.append(target) }
        }
        position += 4
      }
      try body(DataRecord(offset: offset, lexicalFile: lexicalFile, lemmas: lemmas, hypernyms: hypernyms, hyponyms: hyponyms, parts: parts))
    }
  }

  /// Calls `body` with each lemma, its synset offsets in sense order, its tagged-sense count and line number.
  static func readIndex(path: String, _ body: (String, [Int], Int, Int) throws -> Void) throws {
    try LineReader(path: path).forEachLine { line, number in
      if isLicenseLine(line) { return }
      func bad(_ why: String) -> InputFileError {
        InputFileError(path: path, line: number, kind: .malformed, reason: "not an index.noun line: \(why)")
      }
      let f = Fields(line)
      guard f.count >= 6, let senseCount = f.number(2), let pointerCount = f.number(3), senseCount <= f.count, pointerCount <= f.count
      else { throw bad("expected lemma, pos, synset count, pointer count") }
      let tail = 4 + pointerCount
      guard f.count == tail + 2 + senseCount, let tagged = f.number(tail + 1) else {
        throw bad("expected \(senseCount) synset offsets after \(pointerCount) pointer symbols")
      }
      var offsets: [Int] = []
      for i in (tail + 2)..<f.count {
        guard let offset = f.number(i) else { throw bad("bad synset offset '\(f[i])'") }
        offsets.append(offset)
      }
      try body(f[0], offsets, tagged, number)
    }
  }

  static func readExceptions(path: String, _ body: (String, [String]) -> Void) throws {
    try LineReader(path: path).forEachLine { line, number in
      let f = Fields(line)
      if f.count == 0 { return }
      guard f.count >= 2 else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "not a noun.exc line: expected an inflected form and its base forms")
      }
      body(f[0], (1..<f.count).map { f[$0] })
    }
  }
}
