public import KeyBenchResults
import KeyBenchPrediction

extension PredictionRunner {
  /// `keybench-run predict`'s options, metrics and group unit (``BenchmarkDescriptor``).
  public enum Described {
    /// A setting turned on or off (`--adapt`, `--correction`).
    public enum OnOff: String, CaseIterable, Sendable {
      case on, off
    }

    public static let lexicon = OptionDescriptor.text(
      "lexicon", help: "Lexicon (as stored by keybench-ingest) whose words unseen in training are still suggested, e.g. en_US.")
    public static let train = OptionDescriptor.path("train", repeatable: true, help: "Training text files.")
    public static let ngrams = OptionDescriptor.text(
      "ngrams", help: "Text n-gram counts stored by keybench-ingest --text (in --db), used with or instead of --train.")
    public static let text = OptionDescriptor.path("text", help: "Test text file (held out of training).")
    public static let predictor = OptionDescriptor.choice(
      "predictor", PredictorCatalog.names + ["all"], commaSeparated: true, default: "all", help: "kannsch, ngram or all (comma-separated).")
    public static let suggestions = OptionDescriptor.integer("suggestions", default: 3, range: 1...100, help: "Suggestions shown per keystroke.")
    public static let adapt = OptionDescriptor.choice(
      "adapt", default: OnOff.on, help: "Adaptation to the words typed so far (kannsch AIMD, ngram cache): on or off.")
    public static let correction = OptionDescriptor.choice(
      "correction", default: OnOff.off,
      help: "kannsch's completion/correction trade-off (seed 002 §2.4): on or off. Costs keystrokes on text typed without errors.")
    public static let layout = OptionDescriptor.text(
      "layout",
      help: "Layout as DEVICE[/VARIANT] for the correction's neighbouring keys (default: pixel6pro-gboard for English, iphone6s with the lexicon's layout otherwise).")
    public static let peers = OptionDescriptor.choice(
      "peers", PredictionRunner.knownPeers, commaSeparated: true,
      help: "Peer predictors to run beside KeyBench's (presage), comma-separated; skipped with a note when not installed.")
    public static let curveLengths = OptionDescriptor.text(
      "curve-lengths", default: PredictionCurves.defaultLengths.map(String.init).joined(separator: ","),
      help: "Slice lengths (words) of the text-length curves, comma-separated; lengths above the test text are left out.")
    public static let curveSlices = OptionDescriptor.integer(
      "curve-slices", default: 10, range: 0...1000, help: "At most this many slices per curve length (0: no curves).")
    public static let limit = OptionDescriptor.integer("limit", atLeast: 1, help: "Type at most this many test words.")

    public static let descriptor = BenchmarkDescriptor(
      name: "predict", purpose: "Benchmark word completion and next-word prediction on running text.",
      options: [
        lexicon, SharedOptionDescriptors.db, train, ngrams, text, predictor, suggestions, adapt, correction, layout, peers, curveLengths, curveSlices, limit,
        SharedOptionDescriptors.out,
      ] + PluginOptionDescriptors.all + SharedOptionDescriptors.bootstrapGroup,
      groupUnit: PredictionReport.groupName,
      groupNote: "\(PredictionReport.wordsPerBlock) consecutive test words",
      metrics: PredictionReport.rowMetrics.map(MetricDescriptor.init)
        + [.cost("predictions_per_second", better: .higher, description: "suggestion requests answered per second")])
  }
}
