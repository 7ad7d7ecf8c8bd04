import Foundation
import KeyBenchCore
import KeyBenchCorpora
import KeyBenchGeometry
public import KeyBenchResults
public import KeyBenchTouch

/// `keybench-run touch`: simulates taps of held-out text on each device and/or takes the real
/// taps of a swipe corpus, trains the letter models and resolves every tap with each resolver.
public struct TouchRunner: Benchmark {
  public struct Options {
    public var devices: [String]
    /// Layout variant on every device (default: the device's English one).
    public var variant: String?
    /// Held-out running text whose letters are typed.
    public var text: String?
    public var train: [String]
    /// Swipe corpus whose first/last points are real taps.
    public var swipes: String?
    public var resolvers: [TouchResolverKind]
    public var seed: UInt64
    public var limit: Int?
    public var config: TouchConfig
    public var bootstrap: BootstrapSettings

    public init(
      devices: [String], variant: String?, text: String?, train: [String], swipes: String?, resolvers: [TouchResolverKind],
      seed: UInt64, limit: Int?, config: TouchConfig, bootstrap: BootstrapSettings
    ) {
      self.devices = devices
      self.variant = variant
      self.text = text
      self.train = train
      self.swipes = swipes
      self.resolvers = resolvers
      self.seed = seed
      self.limit = limit
      self.config = config
      self.bootstrap = bootstrap
    }
  }

  public let options: Options

  public init(options: Options) { self.options = options }

  public func run() throws -> TouchReport {
    let o = options
    if let text = o.text {
      let evaluated = URL(fileURLWithPath: text).standardizedFileURL.path
      if o.train.contains(where: { URL(fileURLWithPath: $0).standardizedFileURL.path == evaluated }) {
        throw CommandFailure("\(text): the evaluation text is also a training text; evaluate on held-out text")
      }
    }
    let trainingTexts = try o.train.map { try InputFile.text($0) }
    let catalog = try DeviceCatalog.bundled()
    var models: [[Character]: LetterModel] = [:]
    let modelConfig = o.config.model
    func model(_ alphabet: LetterAlphabet) -> LetterModel {
      if let known = models[alphabet.letters] { return known }
      let made = LetterModel(texts: trainingTexts, alphabet: alphabet, order: modelConfig.order, smoothing: modelConfig.smoothing)
      models[alphabet.letters] = made
      return made
    }
    var items = Provenance.Items(unit: "taps", read: 0)
    var profiles: Set<String> = []
    var sets = try simulated(catalog: catalog, items: &items, profiles: &profiles)
    if let swipes = o.swipes {
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
        "the --train texts (\(o.train.joined(separator: ", "))) hold no letter of \(set.name)'s keyboard, so there is no letter model to resolve taps with")
    }
    let provenance = Provenance(
      inputs: try Provenance.inputs([("text", o.text)] + o.train.map { ("train", $0) } + [("swipes", o.swipes)])
        + catalog.provenanceInputs(profiles: profiles),
      items: items, seed: o.seed)
    let benchmark = TouchBenchmark(kinds: o.resolvers, config: o.config, model: model)
    let run = benchmark.run(sets: sets)
    var report = TouchReport(
      run: run, summary: TouchSummary(run: run), config: o.config, evaluationText: o.text, trainingTexts: o.train,
      swipeCorpus: o.swipes, seed: o.seed, provenance: provenance)
    report.bootstrap = o.bootstrap
    return report
  }

  /// The simulated taps of `text` on each device (none without a text).
  func simulated(catalog: DeviceCatalog, items: inout Provenance.Items, profiles: inout Set<String>) throws -> [TapSet] {
    guard let text = options.text else { return [] }
    profiles.formUnion(options.devices)
    let running = try InputFile.text(text)
    var sets: [TapSet] = []
    for name in options.devices {
      let profile = try catalog.profile(named: name)
      let layout: KeyboardLayout
      if let variant = options.variant {
        guard let chosen = profile.layout(variant: variant) else {
          throw CommandFailure("device '\(name)' has no layout variant '\(variant)'; it has \(profile.layoutVariants.joined(separator: ", "))")
        }
        layout = chosen
      } else {
        layout = profile.layout(forLocale: "en")
      }
      let keyboard = TouchKeyboard(layout: layout)
      let simulator = TapSimulator(keyboard: keyboard, spread: profile.touchSpread, config: options.config.simulation)
      let taps = simulator.taps(text: running, seed: options.seed, limit: options.limit)
      let letters = simulator.letterCount(text: running)
      items.read += letters
      items.exclude(letters - taps.count, "letters beyond --limit \(options.limit ?? 0)")
      guard !taps.isEmpty else { throw CommandFailure("\(text): no letters of \(layout.name) to type") }
      sets.append(TapSet(name: name, source: "simulated", keyboard: keyboard, spread: profile.touchSpread, taps: taps))
    }
    return sets
  }
}
