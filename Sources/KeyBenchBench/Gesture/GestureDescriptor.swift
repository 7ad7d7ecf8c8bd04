public import KeyBenchResults

extension GestureRunner {
  /// `keybench-run gesture`'s options, metrics and group unit (``BenchmarkDescriptor``).
  public enum Described {
    public static let scheme = OptionDescriptor.path(
      "scheme", repeatable: true, help: "Letter scheme XML (repeat to compare several); default Corpora/gesture/english.xml.")
    public static let device = OptionDescriptor.text("device", default: "iphone5", help: "Device profile whose keyboard area holds the touch view.")
    public static let text = OptionDescriptor.path("text", help: "Running text whose words are entered (UTF-8).")
    public static let limit = OptionDescriptor.integer("limit", atLeast: 1, help: "Enter at most this many words.")
    public static let seed = OptionDescriptor.seed("seed", default: 1, help: "Seed of the touch noise.")
    public static let config = OptionDescriptor.config(
      "config", defaults: GestureBenchmark.Config(), help: "Configuration JSON (geometry, strokes); keys left out keep their defaults.")
    public static let printConfig = OptionDescriptor.flag("print-config", help: "Print the configuration in effect as JSON and exit.")

    public static let descriptor = BenchmarkDescriptor(
      name: "gesture", purpose: "Benchmark seed 001's 8-direction gesture keyboard and compare letter schemes.",
      options: [scheme, device, text, limit, seed, config, SharedOptionDescriptors.out] + SharedOptionDescriptors.bootstrapGroup + [printConfig],
      groupUnit: "word",
      metrics: GestureReport.rowMetrics.map(MetricDescriptor.init))
  }
}
