import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchLexicon
import KeyBenchStore

/// What `keybench-ingest --measure` writes: one round of the ingest benchmark
/// (`Suites/ingest.json` repeats it as a step and renders Reports/benchmarks/ingest.md), so the
/// timing is a suite's measurement instead of a script's loop, and no real database is touched.
struct IngestMeasure {
  /// Ingests `path` into a scratch database (fresh, then replacing the lexicon), loads it back and
  /// returns the measures as JSON; the scratch folder is removed whatever happens.
  static func run(path: String, name: String?, strict: Bool, maximumMalformedShare: Double) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keybench-ingest-measure-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    TemporaryFiles.register(folder)
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      TemporaryFiles.unregister(folder)
    }
    let database = folder + "/lexicons.sqlite"
    func ingest() throws -> LexiconIngestion.Outcome {
      try LexiconIngestion.ingest(
        path: path, databasePath: database, name: name, strict: strict, replaceSmaller: false, maximumMalformedShare: maximumMalformedShare)
    }
    let fresh = try ingest()
    let replacing = try ingest()
    let load = try LoadMeasure(database: database, outcome: replacing)
    var object: [String: JSONValue] = [
      "name": .string(fresh.name),
      "source_sha256": .string(fresh.source.sha256),
      "word_lines": JSONValue(fresh.report.wordLines),
      "words": JSONValue(fresh.statistics.words),
      "ingest_ms": .number(fresh.seconds * 1000),
      "replace_ms": .number(replacing.seconds * 1000),
      "load_ms": .number(load.seconds * 1000),
    ]
    if let bytes = load.residentBytes { object["lexicon_resident_mib"] = .number(Double(bytes) / 1_048_576) }
    // The machine's phase, measured after the timings (it takes about a second): times are
    // comparable only between pages whose reference agrees.
    object["machine_reference_seconds"] = .number(MachineReference.rounded)
    return try JSONValue.object(object).prettyText() + "\n"
  }
}

/// Loads a stored lexicon back and checks its word count: the time it takes and the resident
/// memory it adds (`--verify` prints them, `--measure` records them).
struct LoadMeasure {
  var words: Int
  var firstLetterGroups: Int
  var seconds: Double
  /// Nil where /proc/self/statm does not exist.
  var residentBytes: Int?

  init(database path: String, outcome: LexiconIngestion.Outcome) throws {
    let database = try LexiconDatabase(path: path, create: false)
    let before = ProcessMemory.residentBytes()
    let clock = ContinuousClock()
    let start = clock.now
    let lexicon = try database.loadLexicon(named: outcome.name)
    seconds = (clock.now - start).inSeconds
    let after = ProcessMemory.residentBytes()
    guard lexicon.count == outcome.statistics.words else {
      throw CommandFailure("verify: \(outcome.name) holds \(lexicon.count) words in the database, expected \(outcome.statistics.words)")
    }
    words = lexicon.count
    firstLetterGroups = lexicon.firstLetters.count
    residentBytes = before.flatMap { before in after.map { $0 - before } }
    withExtendedLifetime(lexicon) {}
  }
}
