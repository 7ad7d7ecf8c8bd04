import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchStore
import KeyBenchTyping

extension KeybenchRun {
  struct Correct: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark word correctors (and hunspell/aspell) on typo pairs.",
      discussion: """
        Runs each corrector over the pairs in file order (one thread; after each word the corrector \
        is told the intended word, for frequency adaptation) and writes to --out: results.csv (one \
        row per corrector and pair), summary.csv and summary.json (per-corrector metrics; format in \
        Reports/FORMATS.md) and report.md. Correctors: baseline (Damerau-Levenshtein + frequency), \
        kannsch (seed 002; 'all' also runs kannsch-static, its frequency adaptation off), keyboard \
        (noisy channel with the --error-model learned by keybench-typos analyze). Peers run through \
        their -a pipe mode with the system dictionary for the lexicon's locale; a missing peer is \
        named in the report.
        """)

    @Option(help: "Lexicon (as stored by keybench-ingest), e.g. en_US.")
    var lexicon: String

    @Option(help: "The lexicon database.")
    var db: String = LexiconDatabase.defaultPath

    @Option(help: "Pair TSV from keybench-typos import or generate.")
    var pairs: String

    @Option(help: "baseline, kannsch, kannsch-static, keyboard or all (comma-separated).")
    var corrector: String = "all"

    @Option(help: "External spellers to compare, comma-separated: hunspell, aspell.")
    var peers: String = ""

    @Option(help: "Suggestions per word (top-k and the corrected ratio use it).")
    var suggestions: Int = 4

    @Option(help: "Error distribution JSON for the keyboard corrector (default: Corpora/typos/keyboard-en.json).")
    var errorModel: String?

    @Option(help: "Layout as DEVICE[/VARIANT] for key adjacency (default: pixel6pro-gboard for English, iphone6s with the locale's layout otherwise).")
    var layout: String?

    @Option(help: "Keyboard corrector config JSON; keys left out keep their defaults.")
    var keyboardConfig: String?

    @Option(help: "Kannsch corrector config JSON; keys left out keep their defaults.")
    var kannschConfig: String?

    @Flag(help: "Keep only pairs whose typed and intended words are lower-case letters a–z (or the locale's letters).")
    var lowercaseOnly = false

    @Flag(help: "Also measure the corrected ratio on texts of 50 to 5,000 consecutive pairs, each by a fresh user (seed Fig. 4.4/4.5).")
    var lengthCurves = false

    @Option(help: "Use at most this many pairs.")
    var limit: Int?

    @Option(help: "Folder to write results.csv, summary.csv, summary.json and report.md into.")
    var out: String

    static let known = ["baseline", "kannsch", "kannsch-static", "keyboard"]

    var correctorNames: [String] {
      let names = corrector.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return names.contains("all") ? Self.known : names
    }

    var peerNames: [String] { peers.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }

    func validate() throws {
      guard (1...100).contains(suggestions) else { throw ValidationError("--suggestions must be in 1…100.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
      for name in correctorNames where !Self.known.contains(name) {
        throw ValidationError("unknown corrector '\(name)'; choose from \(Self.known.joined(separator: ", ")) or all.")
      }
      for name in peerNames where !["hunspell", "aspell"].contains(name) {
        throw ValidationError("unknown peer '\(name)'; choose hunspell and/or aspell.")
      }
    }

    func run() throws {
      let keyboardSettings = try keyboardConfig.map { try ConfigFiles.load($0, over: KeyboardCorrector.Config(), what: "keyboard config") }
        ?? KeyboardCorrector.Config()
      let kannschSettings = try kannschConfig.map { try ConfigFiles.load($0, over: KannschCorrector.Config(), what: "kannsch config") }
        ?? KannschCorrector.Config()
      var items = try TypoPairFile.read(path: pairs)
      var counted = Provenance.Items(unit: "pairs", read: items.count)
      if lowercaseOnly {
        let kept = items.filter { pair in
          [pair.typed, pair.intended].allSatisfy { word in word.allSatisfy { $0.isLetter && $0.isLowercase } }
        }
        counted.exclude(items.count - kept.count, "not lower-case letters (--lowercase-only)")
        items = kept
      }
      if let limit, items.count > limit {
        counted.exclude(items.count - limit, "beyond --limit \(limit)")
        items = Array(items.prefix(limit))
      }
      for line in counted.skipLines { StandardError.print("correct: \(line)") }
      guard !items.isEmpty else { throw CommandFailure("\(pairs): no pair left to score") }
      let loaded = try LexiconDatabase(path: db, create: false).loadLexicon(named: lexicon)
      var inputs = [try Provenance.Input(role: "pairs", path: pairs)]
      let prepared = CorrectionLexicon(lexicon: loaded)
      let keyboard = try DeviceCatalog.bundled().layout(
        named: layout ?? (loaded.locale.hasPrefix("en") ? "pixel6pro-gboard" : "iphone6s"), locale: loaded.locale)
      let benchmark = CorrectionBenchmark(lexicon: prepared, suggestions: suggestions)
      var entries: [CorrectionReport.Entry] = []
      var parameters: [String: Any] = [:]
      func record(_ corrector: any Corrector, setup: String) {
        let results = benchmark.run(corrector, pairs: items)
        let summary = CorrectionSummary(corrector: corrector.name, results: results, top: suggestions)
        let curve = lengthCurves ? benchmark.lengthCurve(corrector, pairs: items) : []
        entries.append(.init(summary: summary, results: results, setup: setup, curve: curve))
        StandardError.print(
          "\(summary.corrector): top-1 \(NumberFormatting.fixed(summary.top1, decimals: 4)), top-\(suggestions) \(NumberFormatting.fixed(summary.topK, decimals: 4)), non-word top-1 \(NumberFormatting.fixed(summary.nonWordTop1, decimals: 4)), \(NumberFormatting.fixed(summary.wordsPerSecond, decimals: 0)) words/s")
      }
      func object(_ value: some Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
      }
      for name in correctorNames {
        switch name {
        case "baseline":
          record(DamerauCorrector(lexicon: prepared), setup: "Damerau-Levenshtein ≤ 2 via symmetric deletes, nearest then most frequent")
        case "kannsch", "kannsch-static":
          var settings = kannschSettings
          settings.adaptation = name == "kannsch"
          parameters[name] = try object(settings)
          record(
            KannschCorrector(lexicon: prepared, layout: keyboard, config: settings),
            setup: "seed 002 adjusted Levenshtein, prefix tree and top list on \(keyboard.name), frequency adaptation \(settings.adaptation ? "on" : "off")")
        default:
          let modelPath = try errorModel ?? Self.defaultErrorModel()
          inputs.append(try Provenance.Input(role: "error_model", path: modelPath))
          let distribution = try TypingErrorDistribution.read(path: modelPath)
          let built = try KeyboardCorrector(lexicon: prepared, distribution: distribution, layout: keyboard, config: keyboardSettings)
          parameters[name] = try object(keyboardSettings)
          record(built, setup: "noisy channel, error model `\(modelPath)` (learned from \(distribution.source)), layout \(keyboard.name)")
        }
      }
      var missing: [String] = []
      for peer in peerNames {
        let language = loaded.locale.isEmpty ? "en_US" : loaded.locale
        let arguments = peer == "hunspell" ? ["-a", "-d", Self.hunspellDictionary(language)] : ["-a", "--lang=\(language)"]
        do {
          if let speller = try PipeSpeller(name: peer, executable: peer, arguments: arguments) {
            record(speller, setup: "`\(peer) \(arguments.joined(separator: " "))` (system dictionary)")
          } else {
            missing.append("\(peer) is not installed (Scripts/setup --peers installs it); not measured")
          }
        } catch {
          missing.append("\(peer) could not run with its \(language) dictionary (\(error)); not measured")
        }
      }
      try CorrectionReport(
        entries: entries, missingPeers: missing, pairsPath: pairs, lexicon: loaded.name, lexiconWords: prepared.count,
        top: suggestions, parameters: parameters, notes: lowercaseOnly ? ["only pairs of lower-case letters"] : [],
        provenance: Provenance(inputs: inputs, lexicon: loaded.provenance, items: counted, top: suggestions),
        settings: ["lowercase_only": lowercaseOnly, "layout": keyboard.name]
      ).write(to: out)
      for entry in entries {
        let s = entry.summary
        print(
          "\(s.corrector): top-1 \(NumberFormatting.fixed(s.top1, decimals: 4)), top-\(suggestions) \(NumberFormatting.fixed(s.topK, decimals: 4)); non-word (\(s.nonWords)) top-1 \(NumberFormatting.fixed(s.nonWordTop1, decimals: 4)), top-\(suggestions) \(NumberFormatting.fixed(s.nonWordTopK, decimals: 4)); false corrections \(NumberFormatting.fixed(s.falseCorrections, decimals: 4)); \(NumberFormatting.fixed(s.wordsPerSecond, decimals: 0)) words/s"
        )
      }
      for line in missing { print("peer \(line)") }
      print("wrote \(out)/results.csv, summary.csv, summary.json, report.md")
    }

    static func defaultErrorModel() throws -> String {
      guard let folder = ProjectFiles.directory("Corpora/typos") else {
        throw CommandFailure("cannot find Corpora/typos; give --error-model DIST.json")
      }
      return folder.appendingPathComponent("keyboard-en.json").path
    }

    /// hunspell names dictionaries by full locale (`de` → `de_DE`).
    static func hunspellDictionary(_ locale: String) -> String {
      locale.contains("_") ? locale : "\(locale)_\(locale.uppercased())"
    }
  }
}
