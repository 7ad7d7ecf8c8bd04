import Foundation
import KeyBenchCore
import KeyBenchLexicon
import KeyBenchStore
import KeyBenchTestSupport
import Testing

@Suite struct LexiconDatabaseTests {
  let mini = TestPaths.fixture("mini.combined")

  @Test func ingestThenLoadGivesTheSameLexiconAsTheWordlist() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("nested/folder/lexicons.sqlite")
    let outcome = try LexiconIngestion.ingest(path: mini, databasePath: db)
    #expect(outcome.name == "de")
    let database = try LexiconDatabase(path: db, create: false)
    let loaded = try database.loadLexicon(named: "de")
    let direct = Lexicon(wordlist: try LatinIMEParser().parse(path: mini).wordlist)
    #expect(loaded.entries == direct.entries)
    let info = try #require(try database.lexiconInfo(named: "de"))
    #expect(info.header.last == .init(key: "REQUIRES_GERMAN_UMLAUT_PROCESSING", value: "1"))
    #expect(info.source.sha256 == (try FileDigest.sha256Hex(ofFileAt: mini)))
    #expect(info.statistics == outcome.statistics)
    let children = try database.children(of: "mfg", inLexicon: "de")
    #expect(children.shortcuts == [.init(target: "mit freundlichen Grüßen", frequency: 10)])
    #expect(try database.children(of: "der", inLexicon: "de").bigrams.map(\.next) == ["Mann", "Tag"])
  }

  @Test func severalLexiconsLiveInOneDatabaseAndReingestReplaces() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    _ = try LexiconIngestion.ingest(path: mini, databasePath: db)
    _ = try LexiconIngestion.ingest(path: mini, databasePath: db, name: "copy")
    let smaller = try dir.write(
      "smaller.combined", text: "dictionary=main:de,locale=de\n word=nur,f=100\n word=zwei,f=90\n")
    // Fewer words than the name holds: refused unless asked for.
    #expect(throws: LexiconDatabaseError.self) { try LexiconIngestion.ingest(path: smaller, databasePath: db) }
    #expect(try LexiconDatabase(path: db).loadLexicon(named: "de").count == 22)
    let outcome = try LexiconIngestion.ingest(path: smaller, databasePath: db, replaceSmaller: true)
    #expect(outcome.replacedWords == 22)
    let database = try LexiconDatabase(path: db)
    #expect(try database.lexicons().map(\.name) == ["copy", "de"])
    #expect(try database.loadLexicon(named: "de").entries.map(\.word) == ["nur", "zwei"])
    #expect(try database.loadLexicon(named: "copy").count == 22)
    #expect(try database.children(of: "der", inLexicon: "de").bigrams.isEmpty)
  }

  @Test func badInputLeavesTheDatabaseByteForByteUntouched() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    _ = try LexiconIngestion.ingest(path: mini, databasePath: db)
    let before = try FileDigest.sha256Hex(ofFileAt: db)
    let text = try String(contentsOfFile: mini, encoding: .utf8)
    let big = try dir.write("big.combined", text: text + (0..<30_000).map { " word=w\($0),f=10" }.joined(separator: "\n"))
    let gz = try dir.gzip(big, to: "big.combined.gz")
    let truncated = try dir.write("truncated.gz", bytes: Array(gz.prefix(gz.count - 200)))
    let empty = try dir.write("empty.combined", text: "")
    let strictBad = try dir.write("strict.combined", text: text + " word=x,f=999\n")
    for bad in [truncated, empty, dir.path("missing.combined")] {
      #expect(throws: InputFileError.self) {
        try LexiconIngestion.ingest(path: bad, databasePath: db)
      }
    }
    #expect(throws: InputFileError.self) {
      try LexiconIngestion.ingest(path: strictBad, databasePath: db, strict: true)
    }
    #expect(try FileDigest.sha256Hex(ofFileAt: db) == before)
  }

  @Test func badInputDoesNotCreateADatabase() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("never/lexicons.sqlite")
    let empty = try dir.write("empty.combined", text: "")
    #expect(throws: InputFileError.self) { try LexiconIngestion.ingest(path: empty, databasePath: db) }
    #expect(!FileManager.default.fileExists(atPath: dir.path("never")))
  }

  @Test func aWriteFailingHalfwayRollsBackToThePreviousLexicon() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    _ = try LexiconIngestion.ingest(path: mini, databasePath: db)
    let database = try LexiconDatabase(path: db)
    // Two entries with one spelling violate the unique index after many rows were written.
    var words = (0..<5_000).map { LatinIMEWordlist.Word(word: "w\($0)", frequency: 10) }
    words.append(.init(word: "w42", frequency: 11))
    let broken = LatinIMEWordlist(header: [.init(key: "dictionary", value: "x")], words: words)
    #expect(throws: (any Error).self) {
      try database.replace(
        name: "de", wordlist: broken, source: .init(file: "broken", sha256: "0", bytes: 0))
    }
    #expect(try database.loadLexicon(named: "de").count == 22)
  }

  @Test func unknownLexiconNamesTheStoredOnes() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    _ = try LexiconIngestion.ingest(path: mini, databasePath: db)
    #expect(throws: LexiconDatabaseError.unknownLexicon(name: "fr", database: db, known: ["de"])) {
      try LexiconDatabase(path: db).loadLexicon(named: "fr")
    }
  }

  @Test func aFileThatIsNotADatabaseIsReported() throws {
    let dir = try TemporaryDirectory()
    let notDB = try dir.write("notes.sqlite", text: String(repeating: "not sqlite\n", count: 200))
    #expect { try LexiconDatabase(path: notDB) } throws: {
      ($0 as? InputFileError)?.path == notDB
    }
  }
}

/// Ingest never shrinks a stored lexicon silently, and the database's failures name its file.
@Suite struct LexiconReplacementTests {
  /// A list in dicttool's shape: header, `count` words by falling frequency, then f=0 entries.
  static func dicttoolList(words count: Int) -> [String] {
    var lines = ["dictionary=main:en_us,locale=en_US,description=Test,date=1414726260,version=54"]
    for index in 0..<count {
      lines.append(" word=w\(index),f=\(max(1, 250 - index * 250 / count)),flags=,originalFreq=\(max(1, 250 - index * 250 / count))")
      if index % 100 == 0 { lines.append("  bigram=w\(index + 1),f=200") }
    }
    lines += [" word=darn,f=0,flags=,originalFreq=56,possibly_offensive=true", " word=youd,f=0,not_a_word=true", "  shortcut=you'd,f=whitelist"]
    return lines
  }

  private func stored(_ db: String) throws -> (count: Int, digest: String) {
    (try LexiconDatabase(path: db, create: false).loadLexicon(named: "en").count, try FileDigest.sha256Hex(ofFileAt: db))
  }

  @Test func emptyMostlyMalformedAndSmallerListsAreRefusedAndTheLexiconKept() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    let lines = Self.dicttoolList(words: 2_000)
    let full = try dir.write("full.combined", text: lines.joined(separator: "\n") + "\n")
    _ = try LexiconIngestion.ingest(path: full, databasePath: db, name: "en")
    let before = try stored(db)
    #expect(before.count == 2_002)
    let headerOnly = try dir.write("header.combined", text: lines[0] + "\n# nothing else\n")
    let allBad = try dir.write(
      "allbad.combined", text: ([lines[0]] + lines.dropFirst().map { $0.replacingOccurrences(of: ",f=", with: ",f=x") }).joined(separator: "\n") + "\n")
    let tenthBad = try dir.write(
      "tenth.combined",
      text: lines.enumerated().map { $0.offset % 10 == 9 ? $0.element.replacingOccurrences(of: ",f=", with: ",f=x") : $0.element }
        .joined(separator: "\n") + "\n")
    let cut = try dir.write("cut.combined", text: lines.prefix(1_500).joined(separator: "\n") + "\n")
    let cases: [(String, (any Error) -> Bool)] = [
      (headerOnly, { ($0 as? InputFileError)?.kind == .empty && "\($0)".contains("no word lines") }),
      (allBad, { ($0 as? InputFileError)?.kind == .empty && "\($0)".contains("all 2,023 of its entry lines are malformed") }),
      (tenthBad, { ($0 as? InputFileError)?.kind == .malformed && "\($0)".contains("204 of its 2,023 entry lines (10.1 %) are malformed") }),
      (cut, {
        guard case .smallerReplacement(let name, _, let source, let stored, let incoming, _) = $0 as? LexiconDatabaseError else { return false }
        return name == "en" && source == cut && stored == 2_002 && incoming < 1_500
      }),
    ]
    for (path, check) in cases {
      #expect(performing: { try LexiconIngestion.ingest(path: path, databasePath: db, name: "en") }, throws: check)
      #expect(try stored(db) == before, "\(path) changed the database")
    }
    // Asked for explicitly: a smaller list replaces, a looser malformed limit accepts.
    #expect(try LexiconIngestion.ingest(path: cut, databasePath: db, name: "en", replaceSmaller: true).replacedWords == 2_002)
    let loose = try LexiconIngestion.ingest(path: tenthBad, databasePath: db, name: "en", maximumMalformedShare: 0.2)
    #expect(loose.report.malformedLines == 204 && loose.statistics.words < 2_002)
    // An empty list stays refused even with --replace-smaller.
    #expect(throws: InputFileError.self) {
      try LexiconIngestion.ingest(path: headerOnly, databasePath: db, name: "en", replaceSmaller: true)
    }
  }

  @Test func concurrentWritersWaitInsteadOfFailing() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    let list = try dir.write("full.combined", text: Self.dicttoolList(words: 20_000).joined(separator: "\n") + "\n")
    _ = try LexiconIngestion.ingest(path: list, databasePath: db, name: "seed")
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      do { _ = try LexiconIngestion.ingest(path: list, databasePath: db, name: "copy\(index % 2)") } catch { failures.add("\(error)") }
    }
    #expect(failures.all.isEmpty)
    #expect(try LexiconDatabase(path: db).lexicons().map(\.name) == ["copy0", "copy1", "seed"])
  }

  @Test func aLockHeldTooLongIsOneMessageNamingTheDatabase() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    _ = try LexiconIngestion.ingest(path: TestPaths.fixture("mini.combined"), databasePath: db)
    let lock = try ForeignLock(path: db, seconds: 3)
    defer { lock.wait() }
    let started = Date()
    #expect {
      try LexiconDatabase(path: db, busyTimeout: 0.5).loadLexicon(named: "de")
    } throws: { error in
      let text = "\(error)"
      return (error as? InputFileError)?.path == db && text.contains("locked by another process") && !text.contains("SQLite error")
    }
    #expect(Date().timeIntervalSince(started) >= 0.4)
    lock.wait()
    // Once the lock is gone the same database works again.
    #expect(try LexiconDatabase(path: db, busyTimeout: 0.5).loadLexicon(named: "de").count == 22)
  }

  @Test func unusableDatabasePathsAreOneMessageNamingThePath() throws {
    let dir = try TemporaryDirectory()
    let file = try dir.write("plain.txt", text: "x\n")
    try FileManager.default.createDirectory(atPath: dir.path("folder.sqlite"), withIntermediateDirectories: true)
    let good = dir.path("good.sqlite")
    _ = try LexiconIngestion.ingest(path: TestPaths.fixture("mini.combined"), databasePath: good)
    // A database whose pages after the schema are overwritten.
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: good)))
    for index in 4096..<min(bytes.count, 4096 * 3) { bytes[index] = 0xFF }
    let damaged = try dir.write("damaged.sqlite", bytes: bytes)
    let cases: [(String, String)] = [
      (dir.path("folder.sqlite"), "is a folder"),
      (file + "/lexicons.sqlite", "is a file, not a folder"),
      (damaged, "damaged"),
    ]
    for (path, message) in cases {
      #expect {
        let database = try LexiconDatabase(path: path)
        _ = try database.loadLexicon(named: "de")
      } throws: { error in
        let text = "\(error)"
        return (error as? InputFileError)?.path == path && text.contains(message) && !text.contains("SQLite error")
          && !text.contains("NSCocoaErrorDomain")
      }
    }
  }

  @Test func valuesOutsideTheirRangeAreReportedNotTrapped() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    _ = try LexiconIngestion.ingest(path: TestPaths.fixture("mini.combined"), databasePath: db)
    for (sql, message) in [
      ("UPDATE words SET frequency = 999 WHERE word = 'der'", "a word frequency of 999"),
      ("UPDATE words SET frequency = 'oft' WHERE word = 'der'", "wrong type"),
      ("UPDATE bigrams SET frequency = -1", "a bigram frequency of -1"),
    ] {
      let copy = dir.path("copy.sqlite")
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: db, toPath: copy)
      let edit = try Run.tool("/usr/bin/env", ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()", copy, sql])
      try #require(edit.status == 0, "\(edit.stderr)")
      #expect {
        let database = try LexiconDatabase(path: copy)
        _ = try database.loadLexicon(named: "de")
        _ = try database.children(of: "der", inLexicon: "de")
      } throws: { error in
        (error as? InputFileError)?.path == copy && "\(error)".contains(message)
      }
    }
  }
}

/// Error strings gathered from concurrent work.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func add(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
}

/// Another process (python3's sqlite3) holding an exclusive lock on a database for a while.
final class ForeignLock {
  private let process = Process()

  /// Returns once the lock is held.
  init(path: String, seconds: Double) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3,sys,time\nc=sqlite3.connect(sys.argv[1],isolation_level=None)\nc.execute('BEGIN EXCLUSIVE')\nprint('locked',flush=True)\ntime.sleep(float(sys.argv[2]))\nc.execute('COMMIT')",
      path, String(seconds),
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard said.hasPrefix("locked") else { throw TestSupportError("could not lock \(path): \(said)") }
  }

  func wait() { process.waitUntilExit() }
}

/// The real LatinIME lists, stored and read back (run on CI).
@Suite(.enabled(if: TestPaths.runsCorpusTests, "needs the shared corpora (../shared/corpora beside the checkout, or KEYBENCH_CORPORA); always runs on CI")) struct RealLexiconDatabaseTests {
  @Test func enUSRoundTripsThroughSQLite() throws {
    let dir = try TemporaryDirectory()
    let db = dir.path("lexicons.sqlite")
    let outcome = try LexiconIngestion.ingest(
      path: TestPaths.corpus("latinime/en_US_wordlist.combined.gz"), databasePath: db)
    #expect(outcome.name == "en_US")
    #expect(outcome.report.wordLines == 160_715)
    let database = try LexiconDatabase(path: db)
    let lexicon = try database.loadLexicon(named: "en_US")
    #expect(lexicon.count == outcome.statistics.words)
    #expect(lexicon.entry(for: "the")?.frequency == 222)
    #expect(try database.children(of: "ill", inLexicon: "en_US").shortcuts.contains { $0.target == "I'll" })
    let info = try #require(try database.lexiconInfo(named: "en_US"))
    #expect(info.statistics.shortcuts == 99)
    #expect(info.statistics.profanity == 390)
  }
}
