import KeyBenchLanguageModel
import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchLexicon
import KeyBenchPrediction
import KeyBenchStore

@main
struct KeybenchIngest: ParsableCommand {
  static func main() { ExitStatus.main(Self.self) }

  static let configuration = CommandConfiguration(
    commandName: "keybench-ingest",
    abstract: "Ingest Android LatinIME wordlists (.combined, plain or gzip), or n-gram counts of running text, into a SQLite database.",
    discussion: """
      Each WORDLIST becomes one named lexicon (words, shortcuts, bigrams and every header \
      attribute). Re-ingesting a name replaces that lexicon in a single transaction: a failed \
      or interrupted ingest leaves the database exactly as it was.

      Malformed lines are reported as FILE:LINE: reason; by default they are skipped and \
      counted (the first 10 are shown). A word listed twice is merged into one (the higher \
      frequency kept) with a warning saying how many. --strict stops at the first malformed \
      line or duplicate word instead. A truncated or corrupt gzip stream, bytes after its end \
      that are not gzip data, invalid UTF-8, an empty or unreadable file stop the ingest with \
      one message and a non-zero exit.

      An ingest never shrinks a lexicon silently. Refused, with the database unchanged: a list \
      with no words (header only, or every line malformed); a list whose malformed lines are \
      more than 5 % of its entry lines (--max-malformed); a list with fewer words than the \
      lexicon of that name already holds, unless --replace-smaller; a plain list that ends \
      inside a line (cut short). A list in dicttool's frequency order that stops before its \
      f=0 entries gets a warning that it may have been cut.

      Another process writing the same database is waited for (up to 15 s); a locked, \
      read-only, damaged or unopenable database is reported in one line naming its path.

      With --text FILE... --name NAME, the files (Gutenberg prose or Leipzig id<TAB>sentence \
      files, UTF-8) are tokenised as keybench-run predict does (Reports/FORMATS.md) and their \
      word unigram, bigram and trigram counts stored under NAME, with the files' SHA-256 and \
      sentence fingerprints so `keybench-run predict --ngrams NAME` can still refuse a test \
      text that overlaps them. Re-ingesting a name replaces it in one transaction; counts of \
      fewer words than the name holds are refused unless --replace-smaller.

      Exit status: 0 success, 2 an unusable input or database, 64 usage error.

      Examples:
        keybench-ingest ../shared/corpora/latinime/en_US_wordlist.combined.gz --verify
        keybench-ingest --text ../shared/corpora/texts/en_gutenberg_1342_pride_and_prejudice.txt --name en-books
      """,
    version: BuildInfo.versionText)

  @Argument(
    help: ArgumentHelp(
      "LatinIME wordlist files (.combined or .combined.gz).", valueName: "wordlist"),
    completion: .file())
  var wordlists: [String] = []

  @OptionGroup var database: DatabaseOption
  var db: String { database.path }

  @Option(help: "Name of the lexicon (default: the header's locale, e.g. en_US or de; only with one wordlist), or of the text counts (required with --text).")
  var name: String?

  @Option(parsing: .upToNextOption, help: "Running-text files to count word n-grams from (instead of wordlists).")
  var text: [String] = []

  @Flag(help: "Stop at the first malformed line or duplicate word with a non-zero exit instead of skipping or merging it.")
  var strict = false

  @Flag(help: "Replace a stored lexicon (or text counts) of the same name even when the new input has fewer words.")
  var replaceSmaller = false

  @Option(help: ArgumentHelp("Refuse a wordlist when more than this percentage of its entry lines is malformed.", valueName: "percent"))
  var maxMalformed: Double = LexiconIngestion.defaultMaximumMalformedShare * 100

  @Flag(help: "After storing, load each lexicon back into memory, check its word count, and report load time and resident memory.")
  var verify = false

  @Flag(help: "Measure instead of store: ingest the one wordlist into a scratch database, then again replacing it, load it back, and write the word lines, both times, the load time and the loaded lexicon's resident memory as JSON to --out (or stdout); --db is never touched. Suites/ingest.json repeats this as a step.")
  var measure = false

  @Flag(help: "List the lexicons stored in the database and exit.")
  var list = false

  @Option(help: ArgumentHelp(
    "Write the stored lexicon NAME as tab-separated word, frequency (0–255), count lines (most frequent first; what plug-ins get) to --out or stdout, and exit.",
    valueName: "NAME"))
  var export: String?

  @Option(help: "With --export or --measure: the file to write (default: standard output).")
  var out: String?

  func validate() throws {
    if list { return }
    if let export {
      guard !export.isEmpty else { throw ValidationError("--export needs a lexicon name (see --list).") }
      guard wordlists.isEmpty, text.isEmpty else { throw ValidationError("--export reads the database; give no wordlists or --text with it.") }
      return
    }
    if measure {
      guard wordlists.count == 1, text.isEmpty else { throw ValidationError("--measure times one wordlist; give exactly one (and no --text).") }
      guard db == ProjectFiles.lexiconDatabase else { throw ValidationError("--measure ingests into a scratch database; leave out --db.") }
      guard !verify else { throw ValidationError("--measure already loads the lexicon back; leave out --verify.") }
    } else if out != nil {
      throw ValidationError("--out goes with --export NAME or --measure.")
    }
    guard maxMalformed.isFinite, (0...100).contains(maxMalformed) else {
      throw ValidationError("--max-malformed is a percentage from 0 to 100, got \(maxMalformed).")
    }
    if let name, name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw ValidationError("--name needs a non-empty name.")
    }
    if !text.isEmpty {
      guard wordlists.isEmpty else { throw ValidationError("Give either wordlists or --text files, not both.") }
      guard let name, !name.isEmpty else { throw ValidationError("--text needs --name NAME to store the counts under.") }
      return
    }
    guard !wordlists.isEmpty else {
      throw ValidationError("Give at least one wordlist to ingest, e.g. ../shared/corpora/latinime/en_US_wordlist.combined.gz, or --list.")
    }
    if name != nil && wordlists.count > 1 {
      throw ValidationError("--name names one lexicon; ingest the \(wordlists.count) wordlists one at a time to name each.")
    }
  }

  func run() throws {
    if list {
      try printLexicons()
      return
    }
    if let export {
      let exported = try LexiconDatabase(path: db, create: false).loadLexicon(named: export).exportTSV()
      if let out { try AtomicFileWriter.write(exported, to: out) } else { print(exported, terminator: "") }
      return
    }
    if !text.isEmpty {
      try ingestText()
      return
    }
    if measure {
      let json = try IngestMeasure.run(path: wordlists[0], name: name, strict: strict, maximumMalformedShare: maxMalformed / 100)
      if let out { try AtomicFileWriter.write(json, to: out) } else { print(json, terminator: "") }
      return
    }
    for path in wordlists {
      let outcome = try LexiconIngestion.ingest(
        path: path, databasePath: db, name: name, strict: strict, replaceSmaller: replaceSmaller,
        maximumMalformedShare: maxMalformed / 100)
      printMalformed(outcome.report)
      if let first = outcome.report.firstDuplicate {
        let count = outcome.report.duplicateWords
        StandardError.print(
          "warning: \(path): \(NumberFormatting.grouped(count)) duplicate word line\(count == 1 ? "" : "s") merged into the word\(count == 1 ? " it repeats" : "s they repeat"), keeping the higher frequency (the first: \(first)); --strict refuses them")
      }
      if let suspicion = outcome.report.suspectedCut { StandardError.print("warning: \(path): \(suspicion)") }
      print(IngestSummary(outcome: outcome, database: db).text)
      if verify { try verifyLexicon(outcome) }
    }
  }

  private func printMalformed(_ report: LatinIMEParser.Report) {
    for example in report.malformedExamples { StandardError.print("warning: \(example)") }
    let hidden = report.malformedLines - report.malformedExamples.count
    if hidden > 0 { StandardError.print("warning: … and \(NumberFormatting.grouped(hidden)) more malformed lines") }
    if report.malformedLines > 0 {
      StandardError.print(
        "warning: skipped \(NumberFormatting.grouped(report.malformedLines)) malformed lines (use --strict to stop at the first)")
    }
  }

  private func verifyLexicon(_ outcome: LexiconIngestion.Outcome) throws {
    let load = try LoadMeasure(database: db, outcome: outcome)
    var line = "verified: \(NumberFormatting.grouped(load.words)) words in \(load.firstLetterGroups) first-letter groups, loaded in \(NumberFormatting.fixed(load.seconds, decimals: 2)) s"
    if let bytes = load.residentBytes { line += ", resident memory +\(NumberFormatting.mebibytes(bytes))" }
    print(line)
  }

  private func ingestText() throws {
    let clock = ContinuousClock()
    let start = clock.now
    var counts = NGramCounts()
    var sentences: [[String]] = []
    for file in text {
      StandardError.print("reading \(file)")
      let read = try TextTokenizer.sentences(inFile: file)
      for sentence in read { counts.add(sentence: sentence) }
      sentences += read
    }
    let fingerprint = try TrainingFingerprint(files: text, sentences: sentences)
    try LexiconDatabase(path: db).replaceTextModel(
      name: name!, counts: counts, fingerprint: fingerprint, replaceSmaller: replaceSmaller)
    print(
      "stored text counts '\(name!)' in \(db): \(NumberFormatting.grouped(counts.tokens)) words in \(NumberFormatting.grouped(counts.sentences)) sentences, \(NumberFormatting.grouped(counts.vocabularySize)) distinct words, \(NumberFormatting.grouped(counts.bigrams.count)) bigrams, \(NumberFormatting.grouped(counts.trigrams.count)) trigrams from \(text.count) file\(text.count == 1 ? "" : "s") in \(NumberFormatting.fixed((clock.now - start).inSeconds, decimals: 1)) s"
    )
  }

  private func printLexicons() throws {
    let database = try LexiconDatabase(path: db, create: false)
    let lexicons = try database.lexicons()
    let models = try database.textModels()
    if lexicons.isEmpty && models.isEmpty { print("\(db): nothing stored") }
    for info in lexicons {
      print(
        "\(info.name)\t\(info.locale ?? "-")\t\(NumberFormatting.grouped(info.statistics.words)) words\t\(info.source.file)\t\(info.ingestedAt)"
      )
    }
    for model in models {
      print(
        "\(model.name)\ttext n-grams\t\(NumberFormatting.grouped(model.tokens)) words\t\(model.sources.map(\.path).joined(separator: ", "))\t\(model.ingestedAt)"
      )
    }
  }
}

extension KeybenchIngest: CommandFiles {
  /// The database is read by --list and --export, written (updated in place) by an ingest;
  /// --measure touches none.
  var reads: [FileUse] {
    if list || export != nil { return database.use }
    return FileUse.files("WORDLIST", wordlists) + FileUse.files("--text", text)
  }
  var writes: [FileUse] {
    if list { return [] }
    if export != nil || measure { return FileUse.file("--out", out) }
    return database.use
  }
}
