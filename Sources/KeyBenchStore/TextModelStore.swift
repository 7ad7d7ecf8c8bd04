public import Foundation
import GRDB
public import KeyBenchPrediction

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
  public func replaceTextModel(name: String, counts: NGramCounts, fingerprint: TrainingFingerprint, now: Date = Date()) throws {
    try queue.write { db in
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
    }
  }

  /// Every stored set of text counts, by name.
  public func textModels() throws -> [TextModelInfo] {
    try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM text_models ORDER BY name").map { row in
        TextModelInfo(
          name: row["name"],
          sources: try JSONDecoder().decode([TrainingFingerprint.File].self, from: Data((row["sources"] as String).utf8)),
          tokens: row["tokens"], sentences: row["sentences"], ingestedAt: row["ingested_at"])
      }
    }
  }

  /// Loads the counts called `name` and the fingerprint of the texts they came from.
  ///
  /// - Throws: ``LexiconDatabaseError/unknownTextModel`` naming the stored ones.
  public func loadTextModel(named name: String) throws -> (counts: NGramCounts, fingerprint: TrainingFingerprint) {
    try queue.read { db in
      guard let row = try Row.fetchOne(db, sql: "SELECT * FROM text_models WHERE name = ?", arguments: [name]) else {
        let known = try String.fetchAll(db, sql: "SELECT name FROM text_models ORDER BY name")
        throw LexiconDatabaseError.unknownTextModel(name: name, database: path, known: known)
      }
      let model: Int64 = row["id"]
      var words: [String] = []
      var unigrams: [Int] = []
      let wordRows = try Row.fetchCursor(db, sql: "SELECT word, count FROM text_words WHERE model_id = ? ORDER BY id", arguments: [model])
      while let r = try wordRows.next() {
        words.append(r[0])
        unigrams.append(r[1])
      }
      var bigrams: [UInt64: Int] = [:]
      let bigramRows = try Row.fetchCursor(db, sql: "SELECT a, b, count FROM text_bigrams WHERE model_id = ?", arguments: [model])
      while let r = try bigramRows.next() { bigrams[NGramCounts.bigramKey(r[0], r[1])] = r[2] }
      var trigrams: [UInt64: Int] = [:]
      let trigramRows = try Row.fetchCursor(db, sql: "SELECT a, b, c, count FROM text_trigrams WHERE model_id = ?", arguments: [model])
      while let r = try trigramRows.next() { trigrams[NGramCounts.trigramKey(r[0], r[1], r[2])] = r[3] }
      let keys = try Int64.fetchAll(db, sql: "SELECT key FROM text_sentence_keys WHERE model_id = ?", arguments: [model])
      let counts = NGramCounts(
        words: words, unigrams: unigrams, bigrams: bigrams, trigrams: trigrams, tokens: row["tokens"], sentences: row["sentences"])
      let sources = try JSONDecoder().decode([TrainingFingerprint.File].self, from: Data((row["sources"] as String).utf8))
      return (counts, TrainingFingerprint(files: sources, sentenceKeys: Set(keys.map { UInt64(bitPattern: $0) })))
    }
  }

  private static func deleteTextModel(name: String, in db: Database) throws {
    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM text_models WHERE name = ?", arguments: [name]) else { return }
    for table in TextModelSchema.tables { try db.execute(sql: "DELETE FROM \(table) WHERE model_id = ?", arguments: [id]) }
    try db.execute(sql: "DELETE FROM text_models WHERE id = ?", arguments: [id])
  }
}
