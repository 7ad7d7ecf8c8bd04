import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
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
      if let text {
        let evaluated = URL(fileURLWithPath: text).standardizedFileURL.path
        if train.contains(where: { URL(fileURLWithPath: $0).standardizedFileURL.path == evaluated }) {
          throw CommandFailure("\(text): the evaluation text is also a training text; evaluate on held-out text")
        }
      }
      let trainingTexts = try train.map(Self.read)
      let catalog = try DeviceCatalog.bundled()
      var models: [[Character]: LetterModel] = [:]
      let modelConfig = touchConfig.model
      func model(_ alphabet: LetterAlphabet) -> LetterModel {
        if let known = models[alphabet.letters] { return known }
        let made = LetterModel(texts: trainingTexts, alphabet: alphabet, order: modelConfig.order, smoothing: modelConfig.smoothing)
        models[alphabet.letters] = made
        return made
      }

      var sets: [TapSet] = []
      var items = Provenance.Items(unit: "taps", read: 0)
      var profiles: Set<String> = []
      if let text {
        profiles.formUnion(device)
        let running = try Self.read(text)
        for name in device {
          let profile = try catalog.profile(named: name)
          let layout: KeyboardLayout
          if let variant {
            guard let chosen = profile.layout(variant: variant) else {
              throw CommandFailure("device '\(name)' has no layout variant '\(variant)'; it has \(profile.layoutVariants.joined(separator: ", "))")
            }
            layout = chosen
          } else {
            layout = profile.layout(forLocale: "en")
          }
          let keyboard = TouchKeyboard(layout: layout)
          let simulator = TapSimulator(keyboard: keyboard, spread: profile.touchSpread, config: touchConfig.simulation)
          let taps = simulator.taps(text: running, seed: seed, limit: limit)
          let letters = simulator.letterCount(text: running)
          items.read += letters
          items.exclude(letters - taps.count, "letters beyond --limit \(limit ?? 0)")
          guard !taps.isEmpty else { throw CommandFailure("\(text): no letters of \(layout.name) to type") }
          sets.append(TapSet(name: name, source: "simulated", keyboard: keyboard, spread: profile.touchSpread, taps: taps))
        }
      }
      if let swipes {
        let gestures = try SwipeCorpus.readAll(path: swipes).gestures
        profiles.formUnion(gestures.map(\.layout.device))
        let real = SwipeEndpointTaps.collect(gestures: gestures, layouts: LayoutResolver(catalog: catalog), items: &items)
        guard !real.isEmpty else { throw CommandFailure("\(swipes): no accepted gestures with a known layout") }
        sets += real
      }
      for line in items.skipLines { StandardError.print("touch: \(line)") }
      // A letter model of no letters would still resolve taps (uniformly): refuse it.
      for set in sets where model(set.keyboard.alphabet).trainingLetters == 0 {
        throw CommandFailure(
          "the --train texts (\(train.joined(separator: ", "))) hold no letter of \(set.name)'s keyboard, so there is no letter model to resolve taps with")
      }
      let provenance = Provenance(
        inputs: try Provenance.inputs([("text", text)] + train.map { ("train", $0) } + [("swipes", swipes)])
          + catalog.provenanceInputs(profiles: profiles),
        items: items, seed: seed)
      let benchmark = TouchBenchmark(kinds: TouchResolverKind.parse(resolver)!, config: touchConfig, model: model)
      let run = benchmark.run(sets: sets)
      let summary = TouchSummary(run: run)
      var report = TouchReport(
        run: run, summary: summary, config: touchConfig, evaluationText: text, trainingTexts: train,
        swipeCorpus: swipes, seed: seed, provenance: provenance)
      report.bootstrap = try bootstrap.settings
      try report.write(to: out)
      for group in summary.groups {
        let cells = group.rows.map { row in
          "\(row.resolver.rawValue) \(NumberFormatting.fixed(row.keyErrorRate * 100, decimals: 2)) %"
            + (row.resolver == .static ? "" : " (\(row.reductionText))")
        }
        print("\(group.name) (\(NumberFormatting.grouped(group.taps)) taps): " + cells.joined(separator: ", "))
      }
      print("wrote \(out)/results.csv, summary.csv, summary.json, report.md")
    }

    static func read(_ path: String) throws -> String {
      try InputFile.text(path)
    }
  }
}
