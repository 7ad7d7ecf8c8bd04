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

    /// Help, defaults and ranges (the library's description of this benchmark).
    typealias D = TouchRunner.Described

    @Option(help: ArgumentHelp(D.device))
    var device: [String] = D.device.textsDefault

    @Option(help: ArgumentHelp(D.variant))
    var variant: String?

    @Option(help: ArgumentHelp(D.text))
    var text: String?

    @Option(help: ArgumentHelp(D.train))
    var train: [String] = []

    @Option(help: ArgumentHelp(D.swipes))
    var swipes: String?

    @Option(help: ArgumentHelp(D.resolver))
    var resolver: String = D.resolver.textDefault

    @Option(help: ArgumentHelp(D.order))
    var order: Int?

    @Option(help: ArgumentHelp(D.seed))
    var seed: UInt64 = D.seed.seedDefault

    @Option(help: ArgumentHelp(D.limit))
    var limit: Int?

    @Option(help: ArgumentHelp(D.config))
    var config: String?

    @OptionGroup var output: RunOutputOption
    var out: String? { output.folder }

    @OptionGroup var bootstrap: BootstrapOptions

    @Flag(help: ArgumentHelp(D.printConfig))
    var printConfig = false

    func validate() throws {
      guard TouchResolverKind.parse(resolver) != nil else { throw ValidationError("Unknown resolver list '\(resolver)'.") }
      if let order, !D.order.integerRange.contains(order) { throw ValidationError("--order is 1, 2 or 3.") }
      if let limit, !D.limit.integerRange.contains(limit) { throw ValidationError("--limit must be \(D.limit.range!).") }
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
