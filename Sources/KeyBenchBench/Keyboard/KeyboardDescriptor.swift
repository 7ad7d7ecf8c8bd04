public import KeyBenchCore
public import KeyBenchKeyboard
public import KeyBenchResults

extension KeyboardRunner {
  /// `keybench-run keyboard --config`'s shape (and what `--print-config` prints); every field
  /// range-checked when the file loads.
  public struct Settings: Codable, Equatable, ValidatedConfig {
    public var simulation = TypistSimulator.Config()
    public var decoder = TapDecoder.Config()

    public init() {}

    public func validationErrors() -> [String] {
      simulation.validationErrors().map { "simulation." + $0 } + decoder.validationErrors().map { "decoder." + $0 }
    }
  }

  /// `keybench-run keyboard`'s options, metrics and group unit (``BenchmarkDescriptor``).
  public enum Described {
    public static let lexicon = OptionDescriptor.text("lexicon", help: "Lexicon (as stored by keybench-ingest), e.g. en_US.")
    public static let sentences = OptionDescriptor.path("sentences", help: "Held-out sentences, one per line (or Leipzig id<TAB>sentence).")
    public static let ngrams = OptionDescriptor.text(
      "ngrams", help: "Text n-gram counts stored by keybench-ingest --text (context and next word); needed by keybench, plain and taps-lm.")
    public static let device = OptionDescriptor.text("device", default: "pixel6pro-gboard", help: "Device profile the typists type on (keybench-devices list).")
    public static let keyboard = OptionDescriptor.choice(
      "keyboard", KeyboardCatalog.names + ["all", "none"], commaSeparated: true, default: "all",
      help: "Built-in keyboards, comma-separated, or all (default: all); none with only --plugin.")
    public static let noise = OptionDescriptor.choice(
      "noise", default: NoiseModelKind.keybench, help: "Noise model of the typists: keybench or kebbie.")
    public static let errors = OptionDescriptor.path(
      "errors", help: "Typing-error distribution JSON of the typists (default Corpora/typos/keystrokes-en.json: real keyboard typos, 3 % of keystrokes).")
    public static let commonTypos = OptionDescriptor.path(
      "common-typos", help: "kebbie's common typos {\"word\": [\"typo\", …]} for --noise kebbie (never downloaded).")
    public static let typists = OptionDescriptor.integer(
      "typists", default: 30, range: 1...10_000, help: "Simulated typists (1–10000); sentences are dealt to them in turn, and intervals resample them.")
    public static let swipes = OptionDescriptor.path(
      "swipes",
      help: "Swipe corpus (.jsonl from keybench-swipes import-hws): a swiped word it holds is swiped with one of its real gestures, moved onto --device's keyboard; others with the synthetic generator.")
    public static let swipeShare = OptionDescriptor.number(
      "swipe-share", range: .init(0...1), help: "Share of words swiped with --noise keybench (0–1; kebbie swipes 1 %).")
    public static let top = OptionDescriptor.integer("top", default: 3, range: 1...100, help: "Candidates scored per request (1–100; kebbie scores 3).")
    public static let seed = OptionDescriptor.seed("seed", default: 1, help: "Seed of the typists' noise; the same seed gives the same taps and gestures.")
    public static let limit = OptionDescriptor.integer("limit", range: 1...10_000_000, help: "Type at most this many sentences.")
    public static let skip = OptionDescriptor.integer(
      "skip", default: 0, range: 0...10_000_000,
      help: "Skip this many usable sentences first (e.g. tune on --skip 1000 --limit 1000, report on --limit 1000).")
    public static let config = OptionDescriptor.config(
      "config", defaults: Settings(), help: "Configuration JSON: {\"simulation\": {…}, \"decoder\": {…}}; keys left out keep their defaults.")
    public static let printConfig = OptionDescriptor.flag("print-config", help: "Print the configuration in effect as JSON and exit.")

    public static let descriptor = BenchmarkDescriptor(
      name: "keyboard",
      purpose: "Benchmark whole keyboards: simulated typists type held-out sentences through correction, completion, next word and swipe.",
      options: [
        lexicon, SharedOptionDescriptors.db, sentences, ngrams, device, keyboard, noise, errors, commonTypos, typists, swipes, swipeShare, top, seed, limit,
        skip, config, printConfig, SharedOptionDescriptors.out,
      ] + PluginOptionDescriptors.all + SharedOptionDescriptors.bootstrapGroup,
      groupUnit: "typist",
      metrics: KeyboardReport.rowMetrics.map(MetricDescriptor.init)
        + [.cost("correct_us_median", description: "median time to answer one correction request (per keyboard, under keyboards.NAME)")])
  }
}
