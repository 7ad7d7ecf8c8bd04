public import KeyBenchResults
import KeyBenchTyping

extension CorrectionRunner {
  /// `keybench-run correct`'s options, metrics and group unit (``BenchmarkDescriptor``).
  public enum Described {
    public static let lexicon = OptionDescriptor.text("lexicon", help: "Lexicon (as stored by keybench-ingest), e.g. en_US.")
    public static let pairs = OptionDescriptor.path("pairs", help: "Pair TSV from keybench-typos import or generate.")
    public static let corrector = OptionDescriptor.choice(
      "corrector", CorrectionRunner.known + ["all"], commaSeparated: true, default: "all",
      help: "baseline, kannsch, kannsch-static, keyboard or all (comma-separated).")
    public static let peers = OptionDescriptor.choice(
      "peers", CorrectionRunner.knownPeers, commaSeparated: true, default: "", help: "External spellers to compare, comma-separated: hunspell, aspell.")
    public static let suggestions = OptionDescriptor.integer(
      "suggestions", default: 4, range: 1...100, help: "Suggestions per word (top-k and the corrected ratio use it).")
    public static let errorModel = OptionDescriptor.path(
      "error-model", help: "Error distribution JSON for the keyboard corrector (default: Corpora/typos/keyboard-en.json).")
    public static let layout = OptionDescriptor.text(
      "layout",
      help: "Layout as DEVICE[/VARIANT] for key adjacency (default: pixel6pro-gboard for English, iphone6s with the locale's layout otherwise).")
    public static let keyboardConfig = OptionDescriptor.config(
      "keyboard-config", defaults: KeyboardCorrector.Config(), printedPart: "keyboard",
      help: "Keyboard corrector config JSON; keys left out keep their defaults.")
    public static let kannschConfig = OptionDescriptor.config(
      "kannsch-config", defaults: KannschCorrector.Config(), printedPart: "kannsch",
      help: "Kannsch corrector config JSON; keys left out keep their defaults.")
    public static let lowercaseOnly = OptionDescriptor.flag(
      "lowercase-only", help: "Keep only pairs whose typed and intended words are lower-case letters a–z (or the locale's letters).")
    public static let lengthCurves = OptionDescriptor.flag(
      "length-curves", help: "Also measure the corrected ratio on texts of 50 to 5,000 consecutive pairs, each by a fresh user (seed Fig. 4.4/4.5).")
    public static let context = OptionDescriptor.text(
      "context", help: "Text n-gram counts stored by keybench-ingest --text (in --db) to run every corrector also with each pair's previous words.")
    public static let limit = OptionDescriptor.integer(
      "limit", atLeast: 1,
      help: "Use at most this many pairs: the first in file order (a warning says when they cover fewer than 10 groups; --sample spreads them).")
    public static let printConfig = OptionDescriptor.flag(
      "print-config",
      help: "Print the keyboard and kannsch corrector configurations in effect (defaults merged with --keyboard-config and --kannsch-config) as JSON and exit.")

    public static let descriptor = BenchmarkDescriptor(
      name: "correct", purpose: "Benchmark word correctors (and hunspell/aspell) on typo pairs.",
      options: [
        lexicon, SharedOptionDescriptors.db, pairs, corrector, peers, suggestions, errorModel, layout, keyboardConfig, kannschConfig, lowercaseOnly,
        lengthCurves, context, limit,
      ] + SharedOptionDescriptors.sampleGroup + PluginOptionDescriptors.all + SharedOptionDescriptors.bootstrapGroup + [SharedOptionDescriptors.out, printConfig],
      groupUnit: "intended word",
      groupNote: "the sentence for sentence-level pair files (pairs carrying previous words)",
      metrics: CorrectionReport.rowMetrics(top: suggestions.integerDefault).map(MetricDescriptor.init)
        + [.cost("words_per_second", better: .higher, description: "words corrected per second")])
  }
}
