public import KeyBenchResults
import KeyBenchTouch

extension TouchRunner {
  /// `keybench-run touch`'s options, metrics and group unit (``BenchmarkDescriptor``).
  public enum Described {
    public static let device = OptionDescriptor.texts("device", default: ["iphone5"], help: "Device profile to simulate taps on (repeat for several).")
    public static let variant = OptionDescriptor.text(
      "variant", help: "Layout variant on every device (e.g. qwertz-de with German texts); default: the device's English one.")
    public static let text = OptionDescriptor.path("text", help: "Held-out running text whose letters are typed (UTF-8).")
    public static let train = OptionDescriptor.path(
      "train", repeatable: true, help: "Running text the letter model is trained on (repeat for several; must not include --text).")
    public static let swipes = OptionDescriptor.path(
      "swipes", help: "Swipe corpus (.jsonl from keybench-swipes) whose first/last points are used as real taps.")
    public static let resolver = OptionDescriptor.choice(
      "resolver", ["all"] + TouchResolverKind.allCases.map(\.rawValue), commaSeparated: true, default: "all",
      help: "'all' or a comma-separated list of: \(TouchResolverKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    public static let order = OptionDescriptor.integer(
      "order", range: 1...3, help: "Letter model order: 1 unigram, 2 bigram, 3 trigram (overrides the config).")
    public static let seed = OptionDescriptor.seed("seed", default: 1, help: "Seed of the simulated touch noise.")
    public static let limit = OptionDescriptor.integer("limit", atLeast: 1, help: "Simulate at most this many taps per device.")
    public static let config = OptionDescriptor.config(
      "config", defaults: TouchConfig(), help: "Configuration JSON (resolvers, simulation, model); keys left out keep their defaults.")
    public static let printConfig = OptionDescriptor.flag("print-config", help: "Print the configuration in effect as JSON and exit.")

    public static let descriptor = BenchmarkDescriptor(
      name: "touch", purpose: "Benchmark touch resolvers (seed 004) on simulated and real taps.",
      options: [device, variant, text, train, swipes, resolver, order, seed, limit, config, SharedOptionDescriptors.out] + SharedOptionDescriptors.bootstrapGroup
        + [printConfig],
      groupUnit: "text block",
      groupNote: "blocks of \(TapSimulator.wordsPerBlock) words for simulated taps; the user for real taps (--swipes)",
      metrics: TouchReport.rowMetrics(simulated: true, real: true).map(MetricDescriptor.init)
        + [.cost("ns_per_touch", description: "time to resolve one tap (per resolver, under resolvers.NAME)")])
  }
}
