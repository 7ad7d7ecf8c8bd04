public import Foundation
import GRDB
import KeyBenchCore
public import KeyBenchLexicon

/// The SQLite database that holds ingested lexicons, several per file.
///
/// GRDB is the only SQLite layer in KeyBench; this type is the only place that knows the schema
/// (see ``LexiconDatabase/migrator``). Writes happen in one transaction each, so a failed or
/// interrupted ingest leaves the database exactly as it was.
public struct LexiconDatabase: Sendable {
  /// Where lexicons live unless a tool is told otherwise.
  public static let defaultPath = ".keybench/lexicons.sqlite"

  public let path: String
  let queue: DatabaseQueue

  /// Opens (creating when needed, with parent folders) the database at `path` and migrates it.
  ///
  /// - Parameter create: when false, a missing file is an error instead of a new database.
  public init(path: String, create: Bool = true) throws {
    self.path = path
    let url = URL(fileURLWithPath: path)
    if !FileManager.default.fileExists(atPath: path) {
      guard create else {
        throw InputFileError(
          path: path, kind: .unreadable,
          reason: "no lexicon database here; run keybench-ingest first")
      }
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    }
    do {
      var configuration = Configuration()
      // Deletes are explicit (see `delete(name:in:)`); enforcing the declared keys row by row
      // would double the time to replace a large lexicon.
      configuration.foreignKeysEnabled = false
      // A 64 MiB page cache keeps a whole lexicon's indexes in memory during an ingest; the
      // default 2 MiB made replacing en_US spend most of its time re-reading index pages.
      configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -65536") }
      queue = try DatabaseQueue(path: path, configuration: configuration)
      try Self.migrator.migrate(queue)
    } catch let error as DatabaseError {
      throw InputFileError(
        path: path, kind: .unreadable,
        reason: "not a usable KeyBench lexicon database (\(error.message ?? "\(error)"))")
    }
  }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE lexicons (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            locale TEXT,
            description TEXT,
            date INTEGER,
            version TEXT,
            options TEXT,
            header TEXT NOT NULL,            -- every header attribute, JSON [[key, value], …]
            source_file TEXT NOT NULL,
            source_sha256 TEXT NOT NULL,
            source_bytes INTEGER NOT NULL,
            ingested_at TEXT NOT NULL,       -- ISO 8601, UTC
            statistics TEXT NOT NULL         -- JSON of LatinIMEWordlist.Statistics
          );
          CREATE TABLE words (
            lexicon_id INTEGER NOT NULL REFERENCES lexicons(id) ON DELETE CASCADE,
            word TEXT NOT NULL,
            comparable TEXT NOT NULL,        -- ComparableForm: lowercased, umlauts folded
            first_letter TEXT NOT NULL,      -- lowercased first character (seed 000 §3.1 groups)
            frequency INTEGER NOT NULL,      -- LatinIME f, 0…255; 0 = profanity
            original_frequency INTEGER,
            flags TEXT,
            not_a_word INTEGER NOT NULL DEFAULT 0,
            possibly_offensive INTEGER NOT NULL DEFAULT 0,
            attributes TEXT,                 -- unknown attributes, JSON [[key, value], …]
            PRIMARY KEY (lexicon_id, word)
          ) WITHOUT ROWID;
          CREATE INDEX words_by_first_letter ON words(lexicon_id, first_letter, frequency DESC);
          CREATE TABLE shortcuts (
            lexicon_id INTEGER NOT NULL,
            word TEXT NOT NULL,
            target TEXT NOT NULL,
            frequency INTEGER NOT NULL,      -- 0…14; 15 = whitelist
            PRIMARY KEY (lexicon_id, word, target),
            FOREIGN KEY (lexicon_id, word) REFERENCES words(lexicon_id, word) ON DELETE CASCADE
          ) WITHOUT ROWID;
          CREATE TABLE bigrams (
            lexicon_id INTEGER NOT NULL,
            word TEXT NOT NULL,
            next TEXT NOT NULL,
            frequency INTEGER NOT NULL,
            PRIMARY KEY (lexicon_id, word, next),
            FOREIGN KEY (lexicon_id, word) REFERENCES words(lexicon_id, word) ON DELETE CASCADE
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("v2-text-ngrams") { db in try TextModelSchema.create(in: db) }
    return migrator
  }

  /// Where a stored lexicon came from.
  public struct Source: Sendable, Equatable {
    public var file: String
    public var sha256: String
    public var bytes: Int
    public init(file: String, sha256: String, bytes: Int) {
      self.file = file
      self.sha256 = sha256
      self.bytes = bytes
    }
  }

  /// One row of the `lexicons` table.
  public struct LexiconInfo: Sendable, Equatable {
    public var name: String
    public var locale: String?
    public var description: String?
    public var version: String?
    public var source: Source
    public var ingestedAt: String
    public var statistics: LatinIMEWordlist.Statistics
    public var header: [LatinIMEWordlist.Attribute]
  }

  /// Stores `wordlist` under `name`, replacing any lexicon of that name, in one transaction.
  public func replace(name: String, wordlist: LatinIMEWordlist, source: Source, now: Date = Date())
    throws
  {
    let statistics = wordlist.statistics
    try queue.write { db in
      try Self.delete(name: name, in: db)
      try db.execute(
        sql: """
          INSERT INTO lexicons (name, locale, description, date, version, options, header,
            source_file, source_sha256, source_bytes, ingested_at, statistics)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          name, wordlist.locale, wordlist.headerValue("description"),
          wordlist.headerValue("date").flatMap { Int($0) }, wordlist.headerValue("version"),
          wordlist.headerValue("options"), Self.json(wordlist.header), source.file,
          source.sha256, source.bytes, ISO8601DateFormatter().string(from: now),
          Self.json(statistics),
        ])
      let lexiconID = db.lastInsertedRowID
      let insertWord = try db.makeStatement(
        sql: """
          INSERT INTO words (lexicon_id, word, comparable, first_letter, frequency,
            original_frequency, flags, not_a_word, possibly_offensive, attributes)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """)
      let insertShortcut = try db.makeStatement(
        sql: "INSERT INTO shortcuts (lexicon_id, word, target, frequency) VALUES (?, ?, ?, ?)")
      let insertBigram = try db.makeStatement(
        sql: "INSERT INTO bigrams (lexicon_id, word, next, frequency) VALUES (?, ?, ?, ?)")
      // Primary-key order turns the inserts into appends.
      for word in wordlist.words.sorted(by: { $0.word < $1.word }) {
        insertWord.setUncheckedArguments([
          lexiconID, word.word, ComparableForm.of(word.word),
          String(Lexicon.groupKey(of: word.word)), Int(word.frequency), word.originalFrequency,
          word.flags, word.notAWord, word.possiblyOffensive,
          word.extraAttributes.isEmpty ? nil : Self.json(word.extraAttributes),
        ])
        try insertWord.execute()
        for shortcut in word.shortcuts {
          insertShortcut.setUncheckedArguments([
            lexiconID, word.word, shortcut.target, Int(shortcut.frequency),
          ])
          try insertShortcut.execute()
        }
        for bigram in word.bigrams {
          insertBigram.setUncheckedArguments([lexiconID, word.word, bigram.next, Int(bigram.frequency)])
          try insertBigram.execute()
        }
      }
    }
  }

  /// Deletes a lexicon, child tables first. Each is a range delete on its primary key;
  /// letting `ON DELETE CASCADE` do it would probe both child tables once per deleted word.
  private static func delete(name: String, in db: Database) throws {
    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM lexicons WHERE name = ?", arguments: [name])
    else { return }
    for table in ["shortcuts", "bigrams", "words"] {
      try db.execute(sql: "DELETE FROM \(table) WHERE lexicon_id = ?", arguments: [id])
    }
    try db.execute(sql: "DELETE FROM lexicons WHERE id = ?", arguments: [id])
  }

  /// Every stored lexicon, by name.
  public func lexicons() throws -> [LexiconInfo] {
    try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM lexicons ORDER BY name").map(Self.info(from:))
    }
  }

  /// The stored lexicon called `name`, or nil.
  public func lexiconInfo(named name: String) throws -> LexiconInfo? {
    try queue.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM lexicons WHERE name = ?", arguments: [name])
        .map(Self.info(from:))
    }
  }

  /// Loads the lexicon called `name` into memory for decoders and correctors.
  ///
  /// - Throws: ``LexiconDatabaseError/unknownLexicon`` naming the lexicons that do exist.
  public func loadLexicon(named name: String) throws -> Lexicon {
    try queue.read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT id, locale FROM lexicons WHERE name = ?", arguments: [name])
      else {
        let known = try String.fetchAll(db, sql: "SELECT name FROM lexicons ORDER BY name")
        throw LexiconDatabaseError.unknownLexicon(name: name, database: path, known: known)
      }
      let id: Int64 = row["id"]
      var entries: [Lexicon.Entry] = []
      let cursor = try Row.fetchCursor(
        db,
        sql: "SELECT word, frequency, not_a_word, possibly_offensive FROM words WHERE lexicon_id = ?",
        arguments: [id])
      while let word = try cursor.next() {
        entries.append(
          Lexicon.Entry(
            word: word[0], frequency: UInt8(word[1] as Int), isWord: !(word[2] as Bool),
            possiblyOffensive: word[3]))
      }
      return Lexicon(name: name, locale: row["locale"] ?? "", entries: entries)
    }
  }

  /// Shortcut and bigram children of `word` in lexicon `name`.
  public func children(of word: String, inLexicon name: String) throws -> (
    shortcuts: [LatinIMEWordlist.Shortcut], bigrams: [LatinIMEWordlist.Bigram]
  ) {
    try queue.read { db in
      let key = "lexicon_id = (SELECT id FROM lexicons WHERE name = ?) AND word = ?"
      let shortcuts = try Row.fetchAll(
        db, sql: "SELECT target, frequency FROM shortcuts WHERE \(key) ORDER BY target",
        arguments: [name, word]
      ).map { LatinIMEWordlist.Shortcut(target: $0[0], frequency: UInt8($0[1] as Int)) }
      let bigrams = try Row.fetchAll(
        db, sql: "SELECT next, frequency FROM bigrams WHERE \(key) ORDER BY next",
        arguments: [name, word]
      ).map { LatinIMEWordlist.Bigram(next: $0[0], frequency: UInt8($0[1] as Int)) }
      return (shortcuts, bigrams)
    }
  }

  private static func info(from row: Row) throws -> LexiconInfo {
    let decoder = JSONDecoder()
    let header = try decoder.decode([[String]].self, from: Data((row["header"] as String).utf8))
    return LexiconInfo(
      name: row["name"], locale: row["locale"], description: row["description"],
      version: row["version"],
      source: Source(file: row["source_file"], sha256: row["source_sha256"], bytes: row["source_bytes"]),
      ingestedAt: row["ingested_at"],
      statistics: try decoder.decode(
        LatinIMEWordlist.Statistics.self, from: Data((row["statistics"] as String).utf8)),
      header: header.compactMap { pair in
        pair.count == 2 ? LatinIMEWordlist.Attribute(key: pair[0], value: pair[1]) : nil
      })
  }

  private static func json(_ attributes: [LatinIMEWordlist.Attribute]) -> String {
    json(attributes.map { [$0.key, $0.value] })
  }

  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding plain strings and integers cannot fail.
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

/// Lookup failures a user can fix by naming another lexicon.
public enum LexiconDatabaseError: Error, CustomStringConvertible, Equatable {
  case unknownLexicon(name: String, database: String, known: [String])
  case unknownTextModel(name: String, database: String, known: [String])

  public var description: String {
    switch self {
    case .unknownTextModel(let name, let database, let known):
      let list = known.isEmpty ? "none; run keybench-ingest --text first" : known.joined(separator: ", ")
      return "\(database): no text n-gram counts named '\(name)' (stored: \(list))"
    case .unknownLexicon(let name, let database, let known):
      let list = known.isEmpty ? "none; run keybench-ingest first" : known.joined(separator: ", ")
      return "\(database): no lexicon named '\(name)' (stored: \(list))"
    }
  }
}
