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

  /// Space-separated fields of a line, up to the gloss bar.
  private static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [Substring] {
    var end = line.count
    if let bar = line.firstIndex(of: UInt8(ascii: "|")) { end = bar }
    return String(decoding: UnsafeBufferPointer(rebasing: line[0..<end]), as: UTF8.self)
      .split(separator: " ", omittingEmptySubsequences: true)
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
      let f = fields(line)
      guard f.count >= 4, let offset = Int(f[0]), let lexicalFile = Int(f[1]) else { throw bad("expected offset, lexicographer file, type, word count") }
      guard let words = Int(f[3], radix: 16), words > 0, f.count >= 4 + 2 * words + 1 else { throw bad("bad word count '\(f[3])'") }
      var lemmas: [String] = []
      for w in 0..<words {
        var lemma = f[4 + 2 * w].lowercased()
        // Adjective markers such as "(a)" never occur on nouns, but strip them defensively.
        if let paren = lemma.firstIndex(of: "(") { lemma = String(lemma[..<paren]) }
        if !lemmas.contains(lemma) { lemmas.append(lemma) }
      }
      var position = 4 + 2 * words
      guard let pointers = Int(f[position]), f.count >= position + 1 + 4 * pointers else { throw bad("bad pointer count '\(f[position])'") }
      position += 1
      var hypernyms: [Int] = []
      var hyponyms: [Int] = []
      var parts: [Int] = []
      for _ in 0..<pointers {
        let symbol = f[position]
        guard let target = Int(f[position + 1]) else { throw bad("bad pointer offset '\(f[position + 1])'") }
        if f[position + 2] == "n" {
          if symbol == "@" || symbol == "@i" { hypernyms.append(target) }
          if symbol == "~" || symbol == "~i" { hyponyms.append(target) }
          if symbol.count == 2, let kind = symbol.first, kind == "%" || kind == "#", "mps".contains(symbol.last!) { parts.append(target) }
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
      let f = fields(line)
      guard f.count >= 6, let senseCount = Int(f[2]), let pointerCount = Int(f[3]) else { throw bad("expected lemma, pos, synset count, pointer count") }
      let tail = 4 + pointerCount
      guard f.count == tail + 2 + senseCount, let tagged = Int(f[tail + 1]) else {
        throw bad("expected \(senseCount) synset offsets after \(pointerCount) pointer symbols")
      }
      var offsets: [Int] = []
      for field in f[(tail + 2)...] {
        guard let offset = Int(field) else { throw bad("bad synset offset '\(field)'") }
        offsets.append(offset)
      }
      try body(String(f[0]), offsets, tagged, number)
    }
  }

  static func readExceptions(path: String, _ body: (String, [String]) -> Void) throws {
    try LineReader(path: path).forEachLine { line, number in
      let f = fields(line)
      if f.isEmpty { return }
      guard f.count >= 2 else {
        throw InputFileError(path: path, line: number, kind: .malformed, reason: "not a noun.exc line: expected an inflected form and its base forms")
      }
      body(String(f[0]), f.dropFirst().map(String.init))
    }
  }
}
