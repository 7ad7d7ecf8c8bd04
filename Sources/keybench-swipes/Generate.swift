import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCorpora
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchLanguageModel
import KeyBenchStore

extension KeybenchSwipes {
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Generate synthetic swipes with a calibrated human-like trajectory model.",
      discussion: """
        Words are drawn from a lexicon with probability proportional to their frequency \
        (--lexicon, --count), taken from a list (--words, one per line), copied from a \
        reference corpus (--like: same words, same layouts, canvases and context — for \
        calibration), or swiped sentence by sentence from running text (--sentences FILE, \
        --count words: sentences drawn at random, each word with the words before it as its \
        context, for benchmarks of keybench-run swipe --context). \
        The model's parameters are documented in Corpora/FORMATS.md; --config overrides any of \
        them. The same --seed gives a byte-identical corpus.

        Examples:
          keybench-swipes generate --lexicon en_US --device iphone5 --count 1000 --seed 1 --out .keybench/corpora/synthetic-iphone5.jsonl
        """)

    @Option(help: "Lexicon to draw words from (as stored by keybench-ingest), e.g. en_US.")
    var lexicon: String?

    @OptionGroup var database: DatabaseOption
    var db: String { database.path }

    @Option(help: "A file of words to swipe, one per line (instead of drawing from a lexicon).")
    var words: String?

    @Option(help: "A swipe corpus whose words and layouts to reuse, one synthetic swipe per gesture.")
    var like: String?

    @Option(help: "Running text (Gutenberg prose or Leipzig id<TAB>sentence) whose sentences to swipe, word by word, with context.")
    var sentences: String?

    @Option(help: "Device profile to swipe on (see keybench-devices list); with --like, each gesture's own layout is used.")
    var device: String = "hws"

    @Option(help: "Layout variant (default: the one matching the lexicon's language, else the device's first).")
    var variant: String?

    @Option(help: ArgumentHelp("Canvas WIDTHxHEIGHT for the hws layout, e.g. 360x197 (How We Swipe logs record one per session).", valueName: "WxH"))
    var hwsCanvas: CanvasSize?

    @Option(help: "Number of swipes to draw from the lexicon or the sentences of --sentences (default 1000). --words and --like swipe each listed word once.")
    var count: Int?

    @Option(help: "Random seed; the same seed gives the same corpus byte for byte.")
    var seed: UInt64 = 1

    @Option(help: "JSON file overriding model parameters (unset keys keep their defaults).")
    var config: String?

    @Option(help: "The corpus file to write (.jsonl).")
    var out: String?

    @Flag(help: "Print the model configuration in effect (defaults, or merged with --config) as JSON and exit.")
    var printConfig = false

    func validate() throws {
      if printConfig { return }
      guard out != nil else { throw ValidationError("Give the corpus to write with --out FILE.jsonl.") }
      let sources = [lexicon, words, like, sentences].compactMap { $0 }
      guard sources.count == 1 else {
        throw ValidationError("Give exactly one of --lexicon, --words, --like or --sentences.")
      }
      if let count, !(1...10_000_000).contains(count) {
        throw ValidationError("--count must be between 1 and 10,000,000.")
      }
      if let count, lexicon == nil && sentences == nil {
        throw ValidationError(
          "--count \(count) cannot be met from \(words ?? like ?? "a list"): --\(words != nil ? "words" : "like") swipes each of its words once; "
            + "leave out --count, or draw --count words from a lexicon with --lexicon NAME.")
      }
      if hwsCanvas != nil && device != "hws" {
        throw ValidationError("--hws-canvas applies to --device hws only.")
      }
    }

    func run() throws {
      let model = try config.map(Self.loadConfig) ?? SwipeSynthesisConfig()
      if printConfig { return try ConfigFiles.print(model) }
      guard let out else { return }
      let catalog = try DeviceCatalog.bundled()
      let profile = try catalog.profile(named: device)
      var reference = LayoutReference(device: device, variant: variant)
      if let hwsCanvas {
        reference.width = hwsCanvas.width
        reference.height = hwsCanvas.height
      }
      var provenance: [String: String] = ["device": device]
      let source: SwipeGeneration.Words
      if let lexicon {
        let loaded = try LexiconDatabase(path: db, create: false).loadLexicon(named: lexicon)
        if reference.variant == nil {
          reference.variant = profile.layout(forLocale: loaded.locale).name.split(separator: "/").last.map(String.init)
        }
        source = .drawn(loaded, count: count ?? 1000)
        provenance["lexicon"] = lexicon
      } else if let sentences {
        source = .sentences(try TextTokenizer.sentences(inFile: sentences), count: count ?? 1000)
        provenance["sentences"] = sentences
      } else if let words {
        source = .listed(try Self.wordList(words))
        provenance["words"] = words
      } else {
        source = .like(try SwipeCorpus.readAll(path: like!).gestures)
        provenance["like"] = like!
      }
      guard reference.variant.map({ profile.layout(variant: $0) != nil }) ?? true else {
        throw ValidationError("\(device) has no layout '\(reference.variant!)'; it has \(profile.layoutVariants.joined(separator: ", ")).")
      }
      try Self.preflight(swipes: count ?? 1000, lexicon: lexicon != nil || sentences != nil, out: out)
      let result = try SwipeGeneration(config: model, catalog: catalog, seed: seed).run(
        words: source, layout: reference, output: out, provenance: provenance)
      for line in result.items.skipLines { StandardError.print("generate: \(line)") }
      print("wrote \(NumberFormatting.grouped(result.written)) swipes to \(out)")
    }

    /// Refuses a `--count` whose corpus would not fit on the output's file system (about
    /// 2 KB per swipe, twice the measured mean), before any work.
    static func preflight(swipes: Int, lexicon: Bool, out: String) throws {
      guard lexicon else { return }
      let folder = URL(fileURLWithPath: out).deletingLastPathComponent().path
      var info = statvfs()
      guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return }
      let free = Double(info.f_bavail) * Double(info.f_frsize)
      let needed = Double(swipes) * 2048
      if needed > free {
        throw CommandFailure(
          "--count \(swipes) needs about \(NumberFormatting.mebibytes(Int(needed))) for \(out), but only \(NumberFormatting.mebibytes(Int(free))) are free there")
      }
    }

    /// The generator config at `path` over the defaults, ranges checked (``ValidatedConfig``).
    static func loadConfig(_ path: String) throws -> SwipeSynthesisConfig {
      try ConfigFiles.load(path, over: SwipeSynthesisConfig(), what: "generator config")
    }

    static func wordList(_ path: String) throws -> [String] {
      var words: [String] = []
      try LineReader(path: path).forEachLine { bytes, number in
        guard let line = String(validating: bytes, as: UTF8.self) else {
          throw InputFileError(path: path, line: number, kind: .invalidUTF8, reason: "line is not valid UTF-8")
        }
        let word = line.split(separator: "\t").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if !word.isEmpty && !word.hasPrefix("#") { words.append(word) }
      }
      guard !words.isEmpty else { throw InputFileError(path: path, kind: .empty, reason: "no words in the list") }
      return words
    }
  }
}

extension KeybenchSwipes.Generate: CommandFiles {
  var reads: [FileUse] {
    FileUse.file("--config", config)
      + (printConfig
        ? []
        : FileUse.file("--words", words) + FileUse.file("--like", like) + FileUse.file("--sentences", sentences)
          + (lexicon != nil ? database.use : []))
  }
  var writes: [FileUse] { printConfig ? [] : FileUse.file("--out", out) }
}
