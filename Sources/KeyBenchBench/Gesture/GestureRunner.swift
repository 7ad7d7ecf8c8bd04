import Foundation
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchGesture
public import KeyBenchResults

/// `keybench-run gesture`: reads the letter schemes and the text, and enters its words with each
/// scheme on the device (seeded strokes with its touch noise), decoding them back.
public struct GestureRunner: Benchmark {
  public struct Options {
    /// Letter scheme XML files (none: Corpora/gesture/english.xml).
    public var schemes: [String]
    public var device: String
    /// Running text whose words are entered.
    public var text: String
    public var limit: Int?
    public var seed: UInt64
    public var config: GestureBenchmark.Config
    public var bootstrap: BootstrapSettings

    public init(
      schemes: [String], device: String, text: String, limit: Int?, seed: UInt64, config: GestureBenchmark.Config,
      bootstrap: BootstrapSettings
    ) {
      self.schemes = schemes
      self.device = device
      self.text = text
      self.limit = limit
      self.seed = seed
      self.config = config
      self.bootstrap = bootstrap
    }
  }

  public let options: Options

  public init(options: Options) { self.options = options }

  public func run() throws -> GestureReport {
    let o = options
    let paths = try schemePaths()
    let schemes = try paths.map { (scheme: try LetterSchemeXML.load(path: $0), source: $0) }
    let names = schemes.map(\.scheme.name)
    if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
      throw CommandFailure("two schemes are named '\(twice)'; give each scheme file its own name attribute")
    }
    let catalog = try DeviceCatalog.bundled()
    let profile = try catalog.profile(named: o.device)
    let running = try InputFile.text(o.text)
    let benchmark = GestureBenchmark(schemes: schemes, profile: profile, config: o.config)
    let all = benchmark.words(of: running, limit: nil)
    guard !all.isEmpty else { throw CommandFailure("\(o.text): no words the schemes can type") }
    var items = Provenance.Items(unit: "words", read: all.count)
    var words = o.limit.map { Array(all.prefix($0)) } ?? all
    items.exclude(all.count - words.count, "beyond --limit \(o.limit ?? 0)")
    // Stroke simulation and scoring grow with the square of a word's length.
    items.exclude(words.filter(StrokeSimulator.isTooLong).count, "longer than \(StrokeSimulator.maximumWordLength) letters")
    words.removeAll(where: StrokeSimulator.isTooLong)
    guard !words.isEmpty else { throw CommandFailure("\(o.text): no word of at most \(StrokeSimulator.maximumWordLength) letters to enter") }
    for line in items.skipLines { StandardError.print("gesture: \(line)") }
    let provenance = Provenance(
      inputs: try Provenance.inputs([("text", o.text)] + paths.map { ("scheme", $0) }) + catalog.provenanceInputs(profiles: [o.device]),
      items: items, seed: o.seed)
    let runs = benchmark.run(words: words, seed: o.seed)
    var report = GestureReport(
      runs: runs, summary: GestureSummary(runs: runs), config: o.config, device: o.device, text: o.text, seed: o.seed,
      provenance: provenance)
    report.bootstrap = o.bootstrap
    return report
  }

  /// The scheme files given, or the shipped English scheme.
  func schemePaths() throws -> [String] {
    guard options.schemes.isEmpty else { return options.schemes }
    guard let folder = ProjectFiles.directory("Corpora/gesture") else {
      throw CommandFailure("cannot find Corpora/gesture; give --scheme FILE or set KEYBENCH_HOME")
    }
    return [folder.appendingPathComponent("english.xml").path]
  }
}
