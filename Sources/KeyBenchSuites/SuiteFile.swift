public import Foundation
public import KeyBenchCore

/// A benchmark suite as a file (`Suites/*.json`, format in Suites/README.md): the preparation
/// steps that make inputs and the benchmark runs, each a `keybench-run` command with its options
/// as JSON, optionally expanded over a parameter grid.
///
/// Suites replace shell scripts as the unit researchers run, cache and compare; every problem in
/// one is reported with the file, the entry and the field, and unknown keys are errors with a
/// suggestion, so a typo never silently changes what is measured.
public struct SuiteFile: Sendable {
  /// The format version this KeyBench reads.
  public static let formatVersion = 1
  public static let benches = ["swipe", "correct", "predict", "touch", "gesture", "photos", "keyboard"]
  public static let tools = ["keybench-swipes", "keybench-typos", "keybench-ingest"]
  /// The option a step tool writes its output through (the suite adds it): a file for most, the
  /// lexicon database for `keybench-ingest` — unless it only measures (`--measure`: a JSON file).
  public static func outputOption(of tool: String, arguments: [String]) -> String {
    tool == "keybench-ingest" && !arguments.contains("--measure") ? "--db" : "--out"
  }
  /// Most runs one suite may expand to (grids multiply).
  public static let maximumRuns = 10_000

  public var path: String
  public var name: String
  public var description: String
  public var steps: [Step]
  public var runs: [Run]
  /// How often every run is measured (`"repeat": N`), the rounds interleaved — all runs once, then
  /// all again — so timings of two runs can be compared as ratios with an interval; 1 by default.
  public var repeats = 1
  /// The most rounds a suite may ask for.
  public static let maximumRepeats = 100
  /// Published figures beside measured ones (``FigurePages``), one value per page.
  public var figurePages: [JSONValue] = []
  /// This file and every file it includes, directly or not: what a command running the suite reads.
  public var files: [String] = []

  /// A preparation step: a tool invocation writing one file (`--out` is added) that runs refer to
  /// as `${step:NAME}`.
  public struct Step: Sendable, Equatable {
    public var name: String
    public var tool: String
    public var arguments: [String]
    public var output: String
    /// Rounds of a step that measures (`"repeat": N`), named `NAME#2`, … like a run's.
    public var repeats = 1
    /// The folder of the suite file that names the step: its relative paths are read from there.
    public var folder: URL
  }

  /// A benchmark entry: `keybench-run BENCH` with `options`, expanded over `grid`.
  public struct Run: Sendable {
    public var name: String
    public var bench: String
    /// Option name (without `--`) → string, number, bool (a flag), array (repeated) or object
    /// (written to a JSON file whose path is passed, e.g. `config`).
    public var options: [String: JSONValue]
    /// Option name or `option.dotted.path` into an object option → values (strings, numbers,
    /// true/false).
    public var grid: [(key: String, values: [JSONValue])]
    /// Where the entry is, for messages: `gate.json: runs[2] "swipe-hws"`.
    public var location: String
    /// This entry's rounds (`"repeat": N` on the run), when only its timings need repeating:
    /// a suite's slow accuracy runs then run once beside a fast run measured sixteen times.
    /// Nil takes the suite's ``SuiteFile/repeats``.
    public var repeats: Int? = nil
    /// The folder of the suite file that names the run (an included suite's own folder): its
    /// relative paths, `$base` files and `${suite}` are read from there.
    public var folder: URL
  }

  /// Problems with a suite file, each naming the file, the entry and the field.
  public struct Problem: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }

  /// Reads `path` and the suites it includes.
  public static func load(path: String) throws -> SuiteFile {
    try load(path: path, including: [])
  }

  static func load(path: String, including chain: [String]) throws -> SuiteFile {
    let canonical = URL(fileURLWithPath: path).standardizedFileURL.path
    guard !chain.contains(canonical) else {
      throw Problem("\(path): includes itself through \(chain.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " → "))")
    }
    let data: Data
    do {
      data = try InputFile.data(path, maximumBytes: 4 << 20)
    } catch {
      throw Problem("\(error)")
    }
    // Integers exact, as written: a run's options and config objects are digested into its key.
    let checked: CheckedJSON
    do {
      checked = try CheckedJSON(data: data, path: path, exactIntegers: true)
    } catch {
      throw Problem("\(error)")
    }
    guard let object = checked.root.object else { throw Problem("\(path): a suite is a JSON object") }
    let file = URL(fileURLWithPath: path).lastPathComponent
    try checkNoControlCharacters(checked.root, at: file)
    try checkKeys(object, allowed: ["keybench_suite", "name", "description", "include", "steps", "runs", "figures", "repeat"], at: file)
    guard let version = object["keybench_suite"]?.int else {
      throw Problem("\(file): \"keybench_suite\" (the format version, \(formatVersion)) is missing")
    }
    guard version == formatVersion else {
      throw Problem("\(file): format version \(version); this KeyBench reads version \(formatVersion)")
    }
    let name: String
    if let given = object["name"] {
      name = try self.name(["name": given], at: file)
    } else {
      // From the file name, made safe for job names and generated scripts.
      let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      name = String(String(stem.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) ? $0 : "-" }).prefix(80))
    }
    var suite = SuiteFile(
      path: path, name: name,
      description: object["description"]?.string ?? "", steps: [], runs: [])
    if let value = object["repeat"] { suite.repeats = try rounds(value, at: file) }
    suite.files = [path]
    // Every path in a file is read from that file's folder, however it was reached.
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
    for (index, include) in try array(object["include"], "include", at: file).enumerated() {
      let here = "\(file): include[\(index)]"
      var only: [String]?
      let relative: String
      if let text = include.string {
        relative = text
      } else if let entry = include.object {
        try checkKeys(entry, allowed: ["suite", "only"], at: here)
        guard let text = entry["suite"]?.string else { throw Problem("\(here): \"suite\" (a path) is missing") }
        relative = text
        only = try array(entry["only"], "only", at: here).map { value in
          guard let name = value.string else { throw Problem("\(here).only: names are strings") }
          return name
        }
      } else {
        throw Problem("\(here): give a suite path or {\"suite\": PATH, \"only\": [NAMES]}")
      }
      let includedPath = relative.hasPrefix("/") ? relative : folder.appendingPathComponent(relative).path
      let included = try load(path: includedPath, including: chain + [canonical])
      suite.files += included.files
      suite.steps += included.steps
      suite.runs += only.map { names in included.runs.filter { run in names.contains { SuitePattern.matches($0, run.name) } } } ?? included.runs
    }
    for (index, value) in try array(object["steps"], "steps", at: file).enumerated() {
      suite.steps.append(try step(value, at: "\(file): steps[\(index)]", folder: folder))
    }
    for (index, value) in try array(object["runs"], "runs", at: file).enumerated() {
      suite.runs.append(try run(value, at: "\(file): runs[\(index)]", folder: folder))
    }
    var seen = Set<String>()
    for name in suite.steps.map(\.name) + suite.runs.map(\.name) where !seen.insert(name).inserted {
      throw Problem("\(file): the name '\(name)' is used twice (steps and runs share one namespace)")
    }
    // A suite of measuring steps alone (Suites/ingest.json) is a suite too.
    guard !suite.runs.isEmpty || !suite.steps.isEmpty else { throw Problem("\(file): no runs or steps") }
    try checkSize(suite, at: file)
    _ = try FigurePages.parse(checked.root["figures"], at: file)
    suite.figurePages = object["figures"]?.array ?? []
    return suite
  }

  /// A `"repeat"` value: a whole number of rounds from 1 to ``maximumRepeats``.
  static func rounds(_ value: JSONValue, at here: String) throws -> Int {
    guard let count = value.int, (1...maximumRepeats).contains(count)
    else {
      throw Problem("\(here).repeat: a whole number of rounds from 1 to \(maximumRepeats)")
    }
    return count
  }

  static func step(_ value: JSONValue, at here: String, folder: URL) throws -> Step {
    guard let entry = value.object else { throw Problem("\(here): a step is a JSON object") }
    try checkKeys(entry, allowed: ["name", "tool", "args", "output", "description", "repeat"], at: here)
    let name = try self.name(entry, at: here)
    let place = "\(here) \"\(name)\""
    guard let tool = entry["tool"]?.string else { throw Problem("\(place): \"tool\" is missing (\(tools.joined(separator: " or ")))") }
    guard tools.contains(tool) else {
      throw Problem("\(place).tool: '\(tool)' is not a preparation tool; choose \(tools.joined(separator: " or "))\(suggestion(tool, tools))")
    }
    let arguments = try array(entry["args"], "args", at: place).map { value -> String in
      guard let text = value.string else { throw Problem("\(place).args: a step's arguments are strings, as on the command line") }
      return text
    }
    let option = outputOption(of: tool, arguments: arguments)
    guard !arguments.contains(option) else { throw Problem("\(place).args: leave out \(option); the suite adds it") }
    guard let output = entry["output"]?.string, !output.isEmpty, !output.contains("/") else {
      throw Problem("\(place): \"output\" (the file name the tool writes, without folders) is missing")
    }
    let repeats = try entry["repeat"].map { try rounds($0, at: place) } ?? 1
    return Step(name: name, tool: tool, arguments: arguments, output: output, repeats: repeats, folder: folder)
  }

  static func run(_ value: JSONValue, at here: String, folder: URL) throws -> Run {
    guard let entry = value.object else { throw Problem("\(here): a run is a JSON object") }
    try checkKeys(entry, allowed: ["name", "bench", "args", "grid", "description", "repeat"], at: here)
    let name = try self.name(entry, at: here)
    let place = "\(here) \"\(name)\""
    guard let bench = entry["bench"]?.string else { throw Problem("\(place): \"bench\" is missing (\(benches.joined(separator: ", ")))") }
    guard benches.contains(bench) else {
      throw Problem("\(place).bench: unknown benchmark '\(bench)'; choose \(benches.joined(separator: ", "))\(suggestion(bench, benches))")
    }
    guard let options = (entry["args"] ?? .object([:])).object else {
      throw Problem("\(place).args: an object of keybench-run \(bench) options, e.g. {\"lexicon\": \"en_US\"}")
    }
    for (option, value) in options {
      guard value != .null else {
        throw Problem("\(place).args.\(option): a string, number, true/false, list or object")
      }
      guard option != "out" else { throw Problem("\(place).args.out: leave out \"out\"; the suite decides where results go") }
    }
    guard let gridObject = (entry["grid"] ?? .object([:])).object else {
      throw Problem("\(place).grid: an object of parameter → list of values or \"LO:HI:STEP\"")
    }
    var grid: [(key: String, values: [JSONValue])] = []
    for key in gridObject.keys.sorted() {
      grid.append((key, try gridValues(gridObject[key]!, at: "\(place).grid.\(key)")))
    }
    let repeats = try entry["repeat"].map { try rounds($0, at: place) }
    return Run(name: name, bench: bench, options: options, grid: grid, location: place, repeats: repeats, folder: folder)
  }

  /// A list, or `LO:HI:STEP` (inclusive, at most 1,000 values).
  static func gridValues(_ value: JSONValue, at here: String) throws -> [JSONValue] {
    if let list = value.array {
      guard !list.isEmpty, list.count <= 1000 else { throw Problem("\(here): give 1 to 1,000 values") }
      guard list.allSatisfy({ $0.string != nil || $0.number != nil || $0.bool != nil }) else { throw Problem("\(here): values are numbers, strings or true/false") }
      return list
    }
    guard let text = value.string else { throw Problem("\(here): a list of values or \"LO:HI:STEP\"") }
    do {
      return try NumericRange.values(text).map(JSONValue.number)
    } catch {
      throw Problem("\(here): \(error)")
    }
  }

  /// Refuses a suite that expands to more than ``maximumRuns`` runs, from the sizes of its
  /// grids alone (a product, with overflow checked), before any grid is enumerated or any value
  /// checked: a grid of 1000 × 999 × 1000 values is refused at once instead of being listed.
  static func checkSize(_ suite: SuiteFile, at file: String) throws {
    var total = 0
    for run in suite.runs {
      var points = 1
      for (_, values) in run.grid {
        let (product, overflow) = points.multipliedReportingOverflow(by: values.count)
        points = overflow ? Int.max : min(product, Int.max / 2)
      }
      let repeats = run.repeats ?? suite.repeats
      let (rounds, overflow) = points.multipliedReportingOverflow(by: repeats)
      total = overflow ? Int.max : min(total + rounds, Int.max / 2)
      guard total <= maximumRuns else {
        let sizes = run.grid.map { String($0.values.count) }.joined(separator: " × ")
        throw Problem(
          "\(run.location): the suite expands to more than \(maximumRuns) runs (this run's grid: \(sizes.isEmpty ? "1" : sizes)\(repeats > 1 ? ", × \(repeats) rounds" : "")); shrink its grids")
      }
    }
  }

  /// A suite's, step's or run's name: it becomes part of file names, links, job names and
  /// generated scripts, so it is 1–80 characters of ASCII letters, digits, '-', '_' or '.', and
  /// does not start with '.' (no `.`, `..` or hidden names).
  static func name(_ entry: [String: JSONValue], at here: String) throws -> String {
    guard let name = entry["name"]?.string else { throw Problem("\(here): \"name\" is missing") }
    guard isValidName(name) else {
      throw Problem("\(here): the name '\(name.debugDescription.dropFirst().dropLast())' must be 1–80 characters of letters, digits, '-', '_' or '.', not starting with '.'")
    }
    return name
  }

  static func isValidName(_ name: String) -> Bool {
    (1...80).contains(name.count) && !name.hasPrefix(".") && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
  }

  /// Refuses control characters (newlines, tabs, escapes) in every key and string of a suite:
  /// they would reach file names, logs and generated scripts.
  static func checkNoControlCharacters(_ value: JSONValue, at here: String) throws {
    func bad(_ text: String) -> Bool { text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
    switch value {
    case .string(let text):
      if bad(text) { throw Problem("\(here): \(text.debugDescription) holds a control character (a newline, tab or escape); suites take none") }
    case .array(let list):
      for (index, element) in list.enumerated() { try checkNoControlCharacters(element, at: "\(here)[\(index)]") }
    case .object(let object):
      for key in object.keys.sorted() {
        if bad(key) { throw Problem("\(here): the key \(key.debugDescription) holds a control character; suites take none") }
        try checkNoControlCharacters(object[key]!, at: "\(here).\(key)")
      }
    default:
      break
    }
  }

  /// Refuses an output path that cannot safely become a file name in generated scripts and logs.
  public static func checkOutputPath(_ path: String, option: String = "--out") throws {
    guard !path.isEmpty else { throw Problem("\(option) is empty; give a folder") }
    guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      throw Problem("\(option) \(path.debugDescription) holds a control character (a newline, tab or escape)")
    }
  }

  static func array(_ value: JSONValue?, _ field: String, at here: String) throws -> [JSONValue] {
    guard let value else { return [] }
    guard let list = value.array else { throw Problem("\(here): \"\(field)\" must be a list") }
    return list
  }

  static func checkKeys(_ object: JSONValue, allowed: [String], at here: String) throws {
    try checkKeys(object.object ?? [:], allowed: allowed, at: here)
  }

  static func checkKeys(_ object: [String: JSONValue], allowed: [String], at here: String) throws {
    for key in object.keys.sorted() where !allowed.contains(key) {
      throw Problem("\(here): unknown key \"\(key)\"\(suggestion(key, allowed))")
    }
  }

  /// ` (did you mean "x"?)` for the nearest of `candidates` (``EditDistance/suggestion(_:_:)``).
  public static func suggestion(_ word: String, _ candidates: [String]) -> String {
    EditDistance.suggestion(word, candidates)
  }

}

/// `--only` patterns: a run name or a shell-style pattern with `*`.
public enum SuitePattern {
  /// A run's exact name always matches itself, though grid names hold `[…]`, which a shell
  /// pattern would read as a character class.
  public static func matches(_ pattern: String, _ name: String) -> Bool {
    pattern == name || fnmatch(pattern, name, 0) == 0
  }
}
