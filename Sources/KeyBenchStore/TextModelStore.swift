public import Foundation
import GRDB
import KeyBenchCore
public import KeyBenchLanguageModel

/// The tables that hold word n-gram counts from running text (`keybench-ingest --text`), beside the
/// lexicons, so predictors can combine LatinIME frequencies with counts from text without
/// re-reading and re-tokenising the text on every run.
enum TextModelSchema {
  static func create(in db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE text_models (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          sources TEXT NOT NULL,           -- JSON [{"path", "sha256"}] of the counted files
          tokens INTEGER NOT NULL,         -- word tokens counted
          sentences INTEGER NOT NULL,
          ingested_at TEXT NOT NULL        -- ISO 8601, UTC
        );
        CREATE TABLE text_words (          -- id 0 is the sentence start <s>; count = its sentences
          model_id INTEGER NOT NULL,
          id INTEGER NOT NULL,
          word TEXT NOT NULL,              -- display form (see NGramCounts)
          count INTEGER NOT NULL,
          PRIMARY KEY (model_id, id)
        ) WITHOUT ROWID;
        CREATE TABLE text_bigrams (
          model_id INTEGER NOT NULL, a INTEGER NOT NULL, b INTEGER NOT NULL, count INTEGER NOT NULL,
          PRIMARY KEY (model_id, a, b)
        ) WITHOUT ROWID;
        CREATE TABLE text_trigrams (
          model_id INTEGER NOT NULL, a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (model_id, a, b, c)
        ) WITHOUT ROWID;
        CREATE TABLE text_sentence_keys (  -- TrainTestSplit.sentenceKey of long sentences (bit pattern)
          model_id INTEGER NOT NULL, key INTEGER NOT NULL,
          PRIMARY KEY (model_id, key)
        ) WITHOUT ROWID;
        """)
  }

  static let tables = ["text_words", "text_bigrams", "text_trigrams", "text_sentence_keys"]
}

extension LexiconDatabase {
  /// One stored set of text n-gram counts.
  public struct TextModelInfo: Sendable, Equatable {
    public var name: String
    public var sources: [TrainingFingerprint.File]
    public var tokens: Int
    public var sentences: Int
    public var ingestedAt: String
  }

  /// Stores `counts` of the texts in `fingerprint` under `name`, replacing counts of that name, in
  /// one transaction.
  ///
  /// As with lexicons, a replacement never shrinks silently: counts of no words are refused, and
  /// so are counts of fewer word tokens than the stored ones of that name unless `replaceSmaller`.
  ///
  /// - Returns: the word tokens the replaced counts held, or nil when `name` was new.
  /// - Throws: ``LexiconDatabaseError/smallerReplacement`` (database unchanged),
  ///   ``InputFileError`` for empty counts or an unusable database.
  @discardableResult
  public func replaceTextModel(
    name: String, counts: NGramCounts, fingerprint: TrainingFingerprint, now: Date = Date(), replaceSmaller: Bool = false
  ) throws -> Int? {
    let source = fingerprint.files.map(\.path).joined(separator: ", ")
    guard counts.tokens > 0 else {
      throw InputFileError(
        path: source.isEmpty ? path : source, kind: .empty,
        reason: "no words to count, so there is nothing to store; \(path) is unchanged")
    }
    return try access { try queue.write { db -> Int? in
      let previous = try Int.fetchOne(db, sql: "SELECT tokens FROM text_models WHERE name = ?", arguments: [name])
      if let previous, counts.tokens < previous, !replaceSmaller {
        throw LexiconDatabaseError.smallerReplacement(
          name: name, database: path, source: source.isEmpty ? "the new counts" : source, stored: previous,
          incoming: counts.tokens, unit: "word tokens")
      }
      try Self.deleteTextModel(name: name, in: db)
      try db.execute(
        sql: "INSERT INTO text_models (name, sources, tokens, sentences, ingested_at) VALUES (?, ?, ?, ?, ?)",
        arguments: [name, Self.json(fingerprint.files), counts.tokens, counts.sentences, ISO8601DateFormatter().string(from: now)])
      let model = db.lastInsertedRowID
      let word = try db.makeStatement(sql: "INSERT INTO text_words (model_id, id, word, count) VALUES (?, ?, ?, ?)")
      for (id, text) in counts.words.enumerated() {
        word.setUncheckedArguments([model, id, text, counts.unigrams[id]])
        try word.execute()
      }
      // Primary-key order turns the inserts into appends.
      let bigram = try db.makeStatement(sql: "INSERT INTO text_bigrams (model_id, a, b, count) VALUES (?, ?, ?, ?)")
      for key in counts.bigrams.keys.sorted() {
        let (a, b) = NGramCounts.unpack(bigram: key)
        bigram.setUncheckedArguments([model, a, b, counts.bigrams[key]!])
        try bigram.execute()
      }
      let trigram = try db.makeStatement(sql: "INSERT INTO text_trigrams (model_id, a, b, c, count) VALUES (?, ?, ?, ?, ?)")
      for key in counts.trigrams.keys.sorted() {
        let (a, b, c) = NGramCounts.unpack(trigram: key)
        trigram.setUncheckedArguments([model, a, b, c, counts.trigrams[key]!])
        try trigram.execute()
      }
      let sentence = try db.makeStatement(sql: "INSERT INTO text_sentence_keys (model_id, key) VALUES (?, ?)")
      for key in fingerprint.sentenceKeys.map({ Int64(bitPattern: $0) }).sorted() {
        sentence.setUncheckedArguments([model, key])
        try sentence.execute()
      }
      return previous
    } }
  }

  /// Every stored set of text counts, by name.
  public func textModels() throws -> [TextModelInfo] {
    try access { try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM text_models ORDER BY name").map { row in
        TextModelInfo(
          name: try row.decode(forColumn: "name"),
          sources: try JSONDecoder().decode(
            [TrainingFingerprint.File].self, from: Data(try row.decode(String.self, forColumn: "sources").utf8)),
          tokens: try row.decode(forColumn: "tokens"), sentences: try row.decode(forColumn: "sentences"),
          ingestedAt: try row.decode(forColumn: "ingested_at"))
      }
    } }
  }

  /// Loads the counts called `name` and the fingerprint of the texts they came from.
  ///
  /// - Throws: ``LexiconDatabaseError/unknownTextModel`` naming the stored ones.
  public func loadTextModel(named name: String) throws -> (counts: NGramCounts, fingerprint: TrainingFingerprint) {
    var bigrams: [UInt64: Int] = [:]
    var trigrams: [UInt64: Int] = [:]
    let read = try readTextModel(
      named: name, bigram: { bigrams[$0] = $1 }, trigram: { trigrams[$0] = $1 })
    let counts = NGramCounts(
      words: read.words, unigrams: read.unigrams, bigrams: bigrams, trigrams: trigrams, tokens: read.tokens, sentences: read.sentences)
    return (counts, read.fingerprint)
  }

  /// Loads the counts called `name` as the context model decoders and correctors use, straight
  /// into its compact arrays (no dictionary of every n-gram on the way: half the memory of
  /// ``loadTextModel(named:)`` followed by ``WordContextModel/init(counts:)``, the same
  /// probabilities), with the fingerprint of the texts and their token and sentence counts.
  ///
  /// - Throws: ``LexiconDatabaseError/unknownTextModel`` naming the stored ones.
  public func loadContextModel(named name: String) throws -> (model: WordContextModel, fingerprint: TrainingFingerprint, tokens: Int, sentences: Int) {
    var bigrams = KneserNeyModel.SortedCounts()
    var trigrams = KneserNeyModel.SortedCounts()
    let read = try readTextModel(
      named: name,
      bigram: { key, count in
        guard bigrams.append(key, count: count) else { throw DamagedValue("bigrams out of key order") }
      },
      trigram: { key, count in
        guard trigrams.append(key, count: count) else { throw DamagedValue("trigrams out of key order") }
      })
    let model = KneserNeyModel(vocabulary: read.words.count, bigrams: bigrams, trigrams: trigrams)
    return (WordContextModel(words: read.words, model: model), read.fingerprint, read.tokens, read.sentences)
  }

  /// Reads text model `name`: its words and unigram counts returned, every bigram and trigram
  /// handed to `bigram`/`trigram` as (key, count) in ascending key order (the primary key's).
  private func readTextModel(
    named name: String, bigram: (UInt64, Int) throws -> Void, trigram: (UInt64, Int) throws -> Void
  ) throws -> (words: [String], unigrams: [Int], tokens: Int, sentences: Int, fingerprint: TrainingFingerprint) {
    try access { try queue.read { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT * FROM text_models WHERE name = ?", arguments: [name]) else {
        let known = try String.fetchAll(db, sql: "SELECT name FROM text_models ORDER BY name")
        throw LexiconDatabaseError.unknownTextModel(name: name, database: path, known: known)
      }
      let model: Int64 = try row.decode(forColumn: "id")
      var words: [String] = []
      var unigrams: [Int] = []
      let wordRows = try Row.fetchCursor(db, sql: "SELECT id, word, count FROM text_words WHERE model_id = ? ORDER BY id", arguments: [model])
      while let r = try wordRows.next() {
        // Ids are positions: a gap or a negative count would shift every n-gram onto other words.
        guard try r.decode(Int.self, atIndex: 0) == words.count else { throw DamagedValue(what: "a word id", value: try r.decode(atIndex: 0), allowed: "the next position, \(words.count)") }
        words.append(try r.decode(atIndex: 1))
        unigrams.append(try Self.count(r.decode(atIndex: 2)))
      }
      // Ids fit the packed keys (21 bits) and the model's arrays, or the file was damaged.
      guard !words.isEmpty, words.count <= 1 << 21 else { throw DamagedValue(what: "a text model with a number of words", value: words.count, allowed: "1…2,097,152") }
      func word(_ r: Row, _ index: Int) throws -> Int32 {
        let id: Int = try r.decode(atIndex: index)
        guard id >= 0, id < words.count else { throw DamagedValue(what: "an n-gram word id", value: id, allowed: "0…\(words.count - 1)") }
        return Int32(id)
      }
      let bigramRows = try Row.fetchCursor(db, sql: "SELECT a, b, count FROM text_bigrams WHERE model_id = ? ORDER BY a, b", arguments: [model])
      while let r = try bigramRows.next() { try bigram(NGramCounts.bigramKey(try word(r, 0), try word(r, 1)), try Self.count(r.decode(atIndex: 2))) }
      let trigramRows = try Row.fetchCursor(db, sql: "SELECT a, b, c, count FROM text_trigrams WHERE model_id = ? ORDER BY a, b, c", arguments: [model])
      while let r = try trigramRows.next() {
        try trigram(NGramCounts.trigramKey(try word(r, 0), try word(r, 1), try word(r, 2)), try Self.count(r.decode(atIndex: 3)))
      }
      let keys = try Int64.fetchAll(db, sql: "SELECT key FROM text_sentence_keys WHERE model_id = ?", arguments: [model])
      let sources = try JSONDecoder().decode(
        [TrainingFingerprint.File].self, from: Data(try row.decode(String.self, forColumn: "sources").utf8))
      return (
        words, unigrams, try Self.count(row.decode(forColumn: "tokens")), try Self.count(row.decode(forColumn: "sentences")),
        TrainingFingerprint(files: sources, sentenceKeys: Set(keys.map { UInt64(bitPattern: $0) }))
      )
    } }
  }

  /// A stored count; a negative one, or one beyond 32 bits (no text of this world has a word
  /// 4 billion times; the model keeps 32-bit counts), means the file was edited or damaged.
  private static func count(_ value: Int) throws -> Int {
    guard value >= 0, value <= Int(UInt32.max) else { throw DamagedValue(what: "a count", value: value, allowed: "0…4,294,967,295") }
    return value
  }

  private static func deleteTextModel(name: String, in db: Database) throws {
    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM text_models WHERE name = ?", arguments: [name]) else { return }
    for table in TextModelSchema.tables { try db.execute(sql: "DELETE FROM \(table) WHERE model_id = ?", arguments: [id]) }
    try db.execute(sql: "DELETE FROM text_models WHERE id = ?", arguments: [id])
  }
}
