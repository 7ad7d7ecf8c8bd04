import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchTouch

extension KeybenchRun {
  struct Touch: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Benchmark touch resolvers (seed 004) on simulated and real taps.",
      discussion: """
        Trains the letter model on the --train texts, types the held-out --text on each --device \
        (seeded 2-D Gaussian touches with the device's Bi & Zhai spread), optionally adds real taps \
        (first and last points of accepted swipes in --swipes), resolves every tap with each \
        resolver, and writes to --out: results.csv (one row per resolver and tap, every \
        resolver of the run; column algorithm), summary.csv and summary.json (format in \
        Reports/FORMATS.md) and report.md (key error rates, reduction against static regions, \
        per-letter confusion, ns per resolution, measured spread). summary.json's "statistics" \
        gives every resolver's key error rate with a 95 % interval from a bootstrap over blocks \
        of 100 words of the text for simulated taps and over users for real taps (--bootstrap).

        Examples:
          keybench-run touch --device iphone5 --train ../shared/corpora/texts/en_gutenberg_1342_pride_and_prejudice.txt --text ../shared/corpora/texts/en_gutenberg_11_alice_in_wonderland.txt --limit 20000 --seed 1 --out runs/touch
        """)

    @Option(help: "Device profile to simulate taps on (repeat for several).")
    var device: [String] = ["iphone5"]

    @Option(help: "Layout variant on every device (e.g. qwertz-de with German texts); default: the device's English one.")
    var variant: String?

    @Option(help: "Held-out running text whose letters are typed (UTF-8).")
    var text: String?

    @Option(help: "Running text the letter model is trained on (repeat for several; must not include --text).")
    var train: [String] = []

    @Option(help: "Swipe corpus (.jsonl from keybench-swipes) whose first/last points are used as real taps.")
    var swipes: String?

    @Option(help: "'all' or a comma-separated list of: \(TouchResolverKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var resolver: String = "all"

    @Option(help: "Letter model order: 1 unigram, 2 bigram, 3 trigram (overrides the config).")
    var order: Int?

    @Option(help: "Seed of the simulated touch noise.")
    var seed: UInt64 = 1

    @Option(help: "Simulate at most this many taps per device.")
    var limit: Int?

    @Option(help: "Configuration JSON (resolvers, simulation, model); keys left out keep their defaults.")
    var config: String?

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @OptionGroup var bootstrap: BootstrapOptions

    @Flag(help: "Print the configuration in effect as JSON and exit.")
    var printConfig = false

    func validate() throws {
      guard TouchResolverKind.parse(resolver) != nil else { throw ValidationError("Unknown resolver list '\(resolver)'.") }
      if let order, !(1...3).contains(order) { throw ValidationError("--order is 1, 2 or 3.") }
      if let limit, limit < 1 { throw ValidationError("--limit must be positive.") }
      if printConfig { return }
      guard out != nil else { throw ValidationError("Give the output folder with --out DIR.") }
      guard !train.isEmpty else { throw ValidationError("Give the letter model's training text with --train FILE.") }
      guard text != nil || swipes != nil else { throw ValidationError("Give --text FILE (simulated taps) and/or --swipes CORPUS (real taps).") }
    }

    func run() throws {
      var touchConfig = try config.map { try ConfigFiles.load($0, over: TouchConfig(), what: "touch config") } ?? TouchConfig()
      if let order { touchConfig.model.order = order }
      if printConfig { return try ConfigFiles.print(touchConfig) }
      guard let out else { return }
      try OutputFolder.checkReplaceable(out)
      let options = TouchRunner.Options(
        devices: device, variant: variant, text: text, train: train, swipes: swipes, resolvers: TouchResolverKind.parse(resolver)!,
        seed: seed, limit: limit, config: touchConfig, bootstrap: try bootstrap.settings)
      let report = try TouchRunner(options: options).run()
      try report.write(to: out)
      let summary = report.summary
      for group in summary.groups {
        let cells = group.rows.map { row in
          "\(row.resolver.rawValue) \(NumberFormatting.percent(row.keyErrorRate))"
            + (row.resolver == .static ? "" : " (\(row.reductionText))")
        }
        print("\(group.name) (\(NumberFormatting.grouped(group.taps)) taps): " + cells.joined(separator: ", "))
      }
      print(report.wroteLine(out))
    }
  }
}

extension KeybenchRun.Touch: CommandFiles {
  var reads: [FileUse] {
    FileUse.file("--config", config)
      + (printConfig ? [] : FileUse.file("--text", text) + FileUse.files("--train", train) + FileUse.file("--swipes", swipes))
  }
  var writes: [FileUse] { printConfig ? [] : output.use }
}
