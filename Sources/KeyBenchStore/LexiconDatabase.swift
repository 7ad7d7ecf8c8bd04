public import Foundation
import GRDB
import KeyBenchCore
public import KeyBenchLexicon

/// The SQLite database that holds ingested lexicons, several per file.
///
/// GRDB is the only SQLite layer in KeyBench; this type is the only place that knows the schema
/// (see ``LexiconDatabase/migrator``). Writes happen in one (immediate) transaction each, so a
/// failed or interrupted ingest leaves the database exactly as it was, and a second process
/// writing at the same time waits up to ``busyTimeout`` for the first instead of failing at once.
///
/// Every SQLite failure — locked, read-only, damaged, disk full, a path that cannot be opened —
/// and every stored value of the wrong type surfaces as one ``InputFileError`` naming the
/// database file, never as a raw `SQLite error N` or a trap.
public struct LexiconDatabase: Sendable {
  /// Where lexicons live unless a tool is told otherwise.
  public static let defaultPath = ProjectFiles.lexiconDatabase
  /// How long a connection waits for another process's lock before giving up (seconds):
  /// replacing the largest shipped list (de) takes under 2 s in a release build, so this covers a
  /// few queued ingests on a slow machine while a stuck lock still ends in a message within seconds.
  public static let defaultBusyTimeout: TimeInterval = 15

  public let path: String
  let queue: DatabaseQueue
  let busyTimeout: TimeInterval

  /// Opens (creating when needed, with parent folders) the database at `path` and migrates it.
  ///
  /// - Parameters:
  ///   - create: when false, a missing file is an error instead of a new database.
  ///   - busyTimeout: seconds to wait for another process's lock before failing.
  /// - Throws: ``InputFileError`` naming `path` when it is missing (and `create` is false), not a
  ///   regular file, in a folder that cannot be created, locked, unwritable or not a KeyBench
  ///   lexicon database.
  public init(path given: String, create: Bool = true, busyTimeout: TimeInterval = defaultBusyTimeout) throws {
    let path = ProjectFiles.lexiconDatabase(given)
    self.path = path
    self.busyTimeout = busyTimeout
    let url = URL(fileURLWithPath: path)
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw InputFileError(
          path: path, kind: .unreadable,
          reason: status.st_mode & S_IFMT == S_IFDIR
            ? "is a folder; --db takes the database file (e.g. \(Self.defaultPath))"
            : "is not a regular file, so it cannot be a lexicon database")
      }
      // Only an ingest may turn a file into a database: opening an empty (or foreign) file for
      // reading would write SQLite's schema into it.
      if !create {
        guard let handle = FileHandle(forReadingAtPath: path) else {
          throw InputFileError(path: path, kind: .unreadable, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        try? handle.close()
        guard header == Data("SQLite format 3\u{0}".utf8) else {
          throw InputFileError(
            path: path, kind: .unreadable,
            reason: header.isEmpty ? "is empty, not a lexicon database; run keybench-ingest first" : "is not a SQLite database, so it cannot be a lexicon database")
        }
      }
    } else {
      guard create else {
        throw InputFileError(
          path: path, kind: .unreadable,
          reason: given == Self.defaultPath
            ? "no lexicon database here (nor in a folder above, nor in KEYBENCH_HOME); run keybench-ingest first, give --db FILE, or set KEYBENCH_HOME to the folder holding .keybench/"
            : "no lexicon database here; run keybench-ingest --db \(given) first, or give the --db of an existing one")
      }
      try Self.createFolder(for: url, database: path)
    }
    do {
      var configuration = Configuration()
      configuration.busyMode = .timeout(busyTimeout)
      // Deletes are explicit (see `delete(name:in:)`); enforcing the declared keys row by row
      // would double the time to replace a large lexicon.
      configuration.foreignKeysEnabled = false
      // A 64 MiB page cache keeps a whole lexicon's indexes in memory during an ingest; the
      // default 2 MiB made replacing en_US spend most of its time re-reading index pages.
      configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -65536") }
      queue = try DatabaseQueue(path: path, configuration: configuration)
      // Someone else's SQLite file is not KeyBench's to add tables to: only an ingest may.
      if !create, try !queue.read({ try $0.tableExists("grdb_migrations") }) {
        throw InputFileError(path: path, kind: .unreadable, reason: "is a SQLite database but not a KeyBench lexicon database (keybench-ingest makes one)")
      }
      try Self.migrator.migrate(queue)
    } catch let error as InputFileError {
      throw error
    } catch {
      throw Self.failure(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// Creates the database's folder, naming the part of the path that is in the way.
  private static func createFolder(for url: URL, database path: String) throws {
    let folder = url.deletingLastPathComponent()
    var ancestor = folder
    while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" {
      ancestor = ancestor.deletingLastPathComponent()
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw InputFileError(
        path: path, kind: .unreadable, reason: "cannot create the database: \(ancestor.path) is a file, not a folder")
    }
    // mkdir(2) one level at a time, so the message carries the system's reason.
    var missing: [URL] = []
    var next = folder
    while !FileManager.default.fileExists(atPath: next.path), next.path != "/" {
      missing.append(next)
      next = next.deletingLastPathComponent()
    }
    for level in missing.reversed() {
      guard mkdir(level.path, 0o777) != 0 else { continue }
      let code = errno
      guard code != EEXIST else { continue }
      throw InputFileError(
        path: path, kind: .unreadable,
        reason: "cannot create the folder \(level.path) for the database: \(String(cString: strerror(code)))")
    }
  }

  /// Runs database work, turning every failure into one message that names the file.
  func access<T>(_ work: () throws -> T) throws -> T {
    do {
      return try work()
    } catch let error as LexiconDatabaseError {
      throw error
    } catch let error as InputFileError {
      throw error
    } catch {
      throw Self.failure(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// One sentence for a database failure: what went wrong and what the user can do, without
  /// SQLite's numeric codes or Foundation's error dumps.
  static func failure(_ error: any Error, path: String, busyTimeout: TimeInterval) -> InputFileError {
    let reason: String
    if let error = error as? DatabaseError {
      let detail = error.message.map { " (\($0))" } ?? ""
      switch error.resultCode {
      case .SQLITE_BUSY, .SQLITE_LOCKED:
        reason = "the database is locked by another process (waited \(Int(busyTimeout.rounded())) s); try again when the other keybench-ingest or run has finished"
      case .SQLITE_READONLY:
        reason = "cannot write the database: the file or its folder is read-only\(detail)"
      case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
        reason = "cannot open the database file for reading and writing\(detail)"
      case .SQLITE_FULL:
        reason = "cannot write the database: the disk is full; nothing was changed"
      case .SQLITE_IOERR:
        reason = "an I/O error while using the database\(detail)"
      case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_SCHEMA, .SQLITE_FORMAT, .SQLITE_MISMATCH:
        reason = "not a usable KeyBench lexicon database: the file is damaged or not one\(detail)"
      default:
        reason = "not a usable KeyBench lexicon database\(detail)"
      }
    } else if let error = error as? DamagedValue {
      reason = "not a usable KeyBench lexicon database: it holds \(error.text) (edited by hand or damaged)"
    } else if error is RowDecodingError || error is DecodingError {
      reason = "not a usable KeyBench lexicon database: it holds a value of the wrong type or shape (edited by hand or damaged)"
    } else {
      reason = "cannot use the database: \(SystemErrorText.reason(error))"
    }
    return InputFileError(path: path, kind: .unreadable, reason: reason)
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
  ///
  /// A replacement never shrinks a lexicon silently: a wordlist with no words is refused, and so
  /// is one with fewer words than the stored lexicon of that name (the count is read inside the
  /// same transaction) unless `replaceSmaller` — a cut or damaged list would otherwise pass for a
  /// new version and every benchmark on it would "succeed" with lower numbers.
  ///
  /// - Returns: the number of words the replaced lexicon held, or nil when `name` was new.
  /// - Throws: ``LexiconDatabaseError/smallerReplacement`` (database unchanged),
  ///   ``InputFileError`` for an empty wordlist or an unusable database.
  @discardableResult
  public func replace(
    name: String, wordlist: LatinIMEWordlist, source: Source, now: Date = Date(), replaceSmaller: Bool = false
  ) throws -> Int? {
    guard !wordlist.words.isEmpty else {
      throw InputFileError(
        path: source.file, kind: .empty, reason: "holds no words, so there is nothing to store; \(path) is unchanged")
    }
    let statistics = wordlist.statistics
    return try access { try queue.write { db -> Int? in
      let previous = try Self.wordCount(name: name, in: db)
      if let previous, wordlist.words.count < previous, !replaceSmaller {
        throw LexiconDatabaseError.smallerReplacement(
          name: name, database: path, source: source.file, stored: previous, incoming: wordlist.words.count, unit: "words")
      }
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
      return previous
    } }
  }

  /// How many words the lexicon `name` holds, or nil when there is none.
  private static func wordCount(name: String, in db: Database) throws -> Int? {
    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM lexicons WHERE name = ?", arguments: [name])
    else { return nil }
    return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM words WHERE lexicon_id = ?", arguments: [id]) ?? 0
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
    try access {
      try queue.read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM lexicons ORDER BY name").map(Self.info(from:))
      }
    }
  }

  /// The stored lexicon called `name`, or nil.
  public func lexiconInfo(named name: String) throws -> LexiconInfo? {
    try access {
      try queue.read { db in
        try Row.fetchOne(db, sql: "SELECT * FROM lexicons WHERE name = ?", arguments: [name])
          .map(Self.info(from:))
      }
    }
  }

  /// Loads the lexicon called `name` into memory for decoders and correctors.
  ///
  /// - Throws: ``LexiconDatabaseError/unknownLexicon`` naming the lexicons that do exist.
  public func loadLexicon(named name: String) throws -> Lexicon {
    try access { try queue.read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT id, locale FROM lexicons WHERE name = ?", arguments: [name])
      else {
        let known = try String.fetchAll(db, sql: "SELECT name FROM lexicons ORDER BY name")
        throw LexiconDatabaseError.unknownLexicon(name: name, database: path, known: known)
      }
      let id: Int64 = try row.decode(forColumn: "id")
      var entries: [Lexicon.Entry] = []
      let cursor = try Row.fetchCursor(
        db,
        // A frequency stored as text or a real (a hand-edited file) is NULL here, so decoding it
        // fails instead of SQLite reading it as 0.
        sql: """
          SELECT word, CASE typeof(frequency) WHEN 'integer' THEN frequency END, not_a_word, possibly_offensive
          FROM words WHERE lexicon_id = ?
          """,
        arguments: [id])
      while let word = try cursor.next() {
        entries.append(
          Lexicon.Entry(
            word: try word.decode(atIndex: 0), frequency: try Self.byte(word.decode(atIndex: 1), "a word frequency"),
            isWord: !(try word.decode(Bool.self, atIndex: 2)), possiblyOffensive: try word.decode(atIndex: 3)))
      }
      return Lexicon(name: name, locale: try row.decode(String?.self, forColumn: "locale") ?? "", entries: entries)
    } }
  }

  /// A stored 0…255 frequency; anything else means the file was edited or damaged.
  static func byte(_ value: Int, _ what: String) throws -> UInt8 {
    guard let byte = UInt8(exactly: value) else { throw DamagedValue(what: what, value: value) }
    return byte
  }

  /// A stored value outside its column's range.
  /// A stored value no KeyBench writes, said in the words of the error message.
  struct DamagedValue: Error {
    var text: String
    init(what: String, value: Int, allowed: String = "0…255") { text = "\(what) of \(value), outside \(allowed)" }
    init(_ text: String) { self.text = text }
  }

  /// Shortcut and bigram children of `word` in lexicon `name`.
  public func children(of word: String, inLexicon name: String) throws -> (
    shortcuts: [LatinIMEWordlist.Shortcut], bigrams: [LatinIMEWordlist.Bigram]
  ) {
    try access { try queue.read { db in
      let key = "lexicon_id = (SELECT id FROM lexicons WHERE name = ?) AND word = ?"
      let shortcuts = try Row.fetchAll(
        db,
        sql: "SELECT target, CASE typeof(frequency) WHEN 'integer' THEN frequency END FROM shortcuts WHERE \(key) ORDER BY target",
        arguments: [name, word]
      ).map { LatinIMEWordlist.Shortcut(target: try $0.decode(atIndex: 0), frequency: try Self.byte($0.decode(atIndex: 1), "a shortcut frequency")) }
      let bigrams = try Row.fetchAll(
        db,
        sql: "SELECT next, CASE typeof(frequency) WHEN 'integer' THEN frequency END FROM bigrams WHERE \(key) ORDER BY next",
        arguments: [name, word]
      ).map { LatinIMEWordlist.Bigram(next: try $0.decode(atIndex: 0), frequency: try Self.byte($0.decode(atIndex: 1), "a bigram frequency")) }
      return (shortcuts, bigrams)
    } }
  }

  private static func info(from row: Row) throws -> LexiconInfo {
    let decoder = JSONDecoder()
    let header = try decoder.decode([[String]].self, from: Data(try row.decode(String.self, forColumn: "header").utf8))
    return LexiconInfo(
      name: try row.decode(forColumn: "name"), locale: try row.decode(forColumn: "locale"),
      description: try row.decode(forColumn: "description"), version: try row.decode(forColumn: "version"),
      source: Source(
        file: try row.decode(forColumn: "source_file"), sha256: try row.decode(forColumn: "source_sha256"),
        bytes: try row.decode(forColumn: "source_bytes")),
      ingestedAt: try row.decode(forColumn: "ingested_at"),
      statistics: try decoder.decode(
        LatinIMEWordlist.Statistics.self, from: Data(try row.decode(String.self, forColumn: "statistics").utf8)),
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

/// Failures a user can fix: naming a stored lexicon or text model, or confirming a smaller
/// replacement (`--replace-smaller`).
public enum LexiconDatabaseError: Error, CustomStringConvertible, Equatable {
  case unknownLexicon(name: String, database: String, known: [String])
  case unknownTextModel(name: String, database: String, known: [String])
  /// A replacement with fewer `unit` than `name` holds, refused; the stored one is unchanged.
  case smallerReplacement(name: String, database: String, source: String, stored: Int, incoming: Int, unit: String)

  public var description: String {
    switch self {
    case .smallerReplacement(let name, let database, let source, let stored, let incoming, let unit):
      let share = String(format: "%.1f", 100 * Double(stored - incoming) / Double(max(stored, 1)))
      return "\(source): \(NumberFormatting.grouped(incoming)) \(unit), \(share) % fewer than the \(NumberFormatting.grouped(stored)) of '\(name)' in \(database) — a cut or damaged file? Refused; '\(name)' is unchanged. Pass --replace-smaller to replace it anyway"
    case .unknownTextModel(let name, let database, let known):
      let list = known.isEmpty ? "none; run keybench-ingest --text first" : known.joined(separator: ", ")
      return "\(database): no text n-gram counts named '\(name)' (stored: \(list))"
    case .unknownLexicon(let name, let database, let known):
      let list = known.isEmpty ? "none; run keybench-ingest first" : known.joined(separator: ", ")
      return "\(database): no lexicon named '\(name)' (stored: \(list))"
    }
  }
}
