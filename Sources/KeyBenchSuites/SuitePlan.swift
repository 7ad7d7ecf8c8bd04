public import Foundation
public import KeyBenchCore
import KeyBenchStore

/// A suite expanded into concrete commands, each with its content address: the SHA-256 of the
/// tool's executable, the command and the bytes of every input file (and the content of every
/// lexicon it names). A result stored under that key can be reused by any later run of any suite,
/// because nothing that could change its numbers is outside the key.
public struct SuitePlan: Sendable {
  public struct Item: Sendable, Equatable {
    public enum Kind: String, Sendable { case step, run }
    public var kind: Kind
    /// The entry name, with the grid point for grid runs: `swipe[config.filters.length.a=0.5]`.
    public var name: String
    /// The entry it came from (grid points share it).
    public var entry: String
    /// `keybench-run` for runs, the tool for steps.
    public var tool: String
    /// The benchmark (runs) or nil (steps).
    public var bench: String?
    /// Arguments after the tool name, without `--out`.
    public var arguments: [String]
    /// Steps: the file name written into the item's store folder.
    public var output: String?
    public var key: String
    /// The round of a suite with `"repeat": N` (1…N); the name of a later round ends in `#ROUND`.
    public var round = 1
    /// The folder the command runs in: that of the suite file naming its entry (an included
    /// suite's own folder), so its relative paths mean what they mean in that file.
    public var folder: URL

    /// The file whose presence in the item's store folder means the item finished: the step's
    /// output, or the run's summary.json (both are renamed into place as the last act).
    public var completionMarker: String { kind == .step ? output ?? "" : "summary.json" }
  }

  public var suite: String
  public var items: [Item]
  /// Object options written as files (path → canonical JSON), before anything runs.
  public var configFiles: [String: String]
  /// The suite's figure pages, carried into plan.json.
  public var figures: [JSONValue] = []

  /// Where a plan's files go, and where its commands run.
  ///
  /// Relative paths in a suite are relative to the folder of the suite file that names them, where
  /// its commands run, wherever `keybench-suite` itself was started; an included suite's paths are
  /// relative to its own folder (``SuitePlan/Item/folder``).
  /// The project's own files come from `home`: `KEYBENCH_HOME` when set, else the KeyBench
  /// checkout holding the suite (the first folder above it with `Corpora/devices`), else the
  /// working folder; commands get it as `KEYBENCH_HOME`, so they find its lexicon database.
  public struct Context: Sendable {
    /// The folder holding keybench-run and the other tools.
    public var bin: URL
    public var out: URL
    /// The suite file's folder (an included suite's commands run in their own file's folder).
    public var suiteFolder: URL
    public var home: URL
    public var variables: [String: String]

    public init(bin: URL, out: URL, suiteFolder: URL) {
      self.bin = bin
      self.out = out.standardizedFileURL
      self.suiteFolder = suiteFolder.standardizedFileURL
      let environment = ProcessInfo.processInfo.environment
      let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      func given(_ name: String) -> URL? {
        environment[name].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL }
      }
      home = given("KEYBENCH_HOME") ?? Self.checkout(above: self.suiteFolder) ?? current.standardizedFileURL
      variables = [
        "corpora": (given("KEYBENCH_CORPORA") ?? home.deletingLastPathComponent().appendingPathComponent("shared/corpora")).path,
        "cache": (given("KEYBENCH_CACHE") ?? home.appendingPathComponent(".keybench/cache")).path,
        "home": home.path,
      ]
    }

    /// The KeyBench checkout `folder` is in, if any.
    static func checkout(above folder: URL) -> URL? {
      ProjectFiles.nearest("Corpora/devices", from: folder, directory: true)
    }

    /// `path` as a command running in `folder` reads it.
    public static func resolve(_ path: String, in folder: URL) -> String {
      path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }

    public func store(_ key: String) -> URL { out.appendingPathComponent("store").appendingPathComponent(key) }
  }

  /// Expands `suite`: substitutes variables, applies grids, checks every option against the
  /// tool's own description of its benchmarks (`keybench-run describe --json`), and computes
  /// each item's key.
  public static func make(_ suite: SuiteFile, context: Context) throws -> SuitePlan {
    var keys = KeyMaker(context: context)
    var plan = SuitePlan(suite: suite.name, items: [], configFiles: [:])
    plan.figures = suite.figurePages
    var stepOutputs: [String: String] = [:]
    var variables = context.variables
    // `${suite}` is the folder of the file that names the entry.
    func substitute(_ text: String, at place: String, folder: URL) throws -> String {
      var result = ""
      var rest = Substring(text)
      while let open = rest.range(of: "${") {
        result += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
          throw SuiteFile.Problem("\(place): '\(text)' has an unclosed ${")
        }
        let name = String(rest[open.upperBound..<close])
        if name.hasPrefix("step:") {
          guard let path = stepOutputs[String(name.dropFirst(5))] else {
            throw SuiteFile.Problem("\(place): ${\(name)} names no earlier step\(SuiteFile.suggestion(String(name.dropFirst(5)), Array(stepOutputs.keys)))")
          }
          result += path
        } else if name == "suite" {
          result += folder.path
        } else if let value = variables[name] {
          result += value
        } else {
          throw SuiteFile.Problem("\(place): unknown variable ${\(name)}; use ${corpora}, ${cache}, ${suite}, ${home} or ${step:NAME}")
        }
        rest = rest[rest.index(after: close)...]
      }
      return result + rest
    }
    for step in suite.steps {
      let place = "\(URL(fileURLWithPath: suite.path).lastPathComponent): step \"\(step.name)\""
      let arguments = try step.arguments.map { try substitute($0, at: place, folder: step.folder) }
      let key = try keys.key(tool: step.tool, arguments: arguments, folder: step.folder, extra: ["output": step.output])
      stepOutputs[step.name] = context.store(key).appendingPathComponent(step.output).path
      // Files made by the suite are known by how they are made, not by bytes that may not exist yet.
      keys.identities[stepOutputs[step.name]!] = "step:" + key
      plan.items.append(
        Item(kind: .step, name: step.name, entry: step.name, tool: step.tool, bench: nil, arguments: arguments, output: step.output, key: key, folder: step.folder))
    }
    // A measuring step's further rounds, interleaved like runs' (A B, A B, …); runs read round 1.
    let stepRounds = Dictionary(suite.steps.map { ($0.name, $0.repeats) }, uniquingKeysWith: max)
    if let most = stepRounds.values.max(), most > 1 {
      let firstRound = plan.items
      for round in 2...most {
        for item in firstRound where stepRounds[item.entry, default: 1] >= round {
          var again = item
          again.name = "\(item.name)#\(round)"
          again.round = round
          again.key = try keys.key(tool: item.tool, arguments: item.arguments, folder: item.folder, extra: ["output": item.output ?? "", "round": String(round)])
          plan.items.append(again)
        }
      }
    }
    variables["out"] = context.out.path
    var described = BenchmarkDescriptions(bin: context.bin)
    var expanded = 0
    for var run in suite.runs {
      let known = try described.options(bench: run.bench)
      for option in run.options.keys.sorted() {
        guard let object = run.options[option]?.object, object["$base"] != nil else { continue }
        let place = "\(run.location).args.\(option)"
        run.options[option] = try based(object, at: place, folder: run.folder, substitute: { try substitute($0, at: place, folder: run.folder) })
      }
      for option in run.options.keys.sorted() where !known.contains(option) {
        throw SuiteFile.Problem("\(run.location).args.\(option): keybench-run \(run.bench) has no option --\(option)\(SuiteFile.suggestion(option, known.sorted()))")
      }
      for option in run.options.keys.sorted() {
        let isBoolean = run.options[option]?.bool != nil
        guard let descriptor = try described.option(bench: run.bench, option) else { continue }
        let flag = descriptor.kind == .flag
        if flag && !isBoolean {
          throw SuiteFile.Problem("\(run.location).args.\(option): --\(option) is a flag; give true or false")
        }
        if !flag && isBoolean {
          throw SuiteFile.Problem("\(run.location).args.\(option): --\(option) takes a value, not true/false")
        }
        // Numbers in range, whole where the option counts, choices among the option's own.
        if let problem = described.valueProblem(descriptor, run.options[option]!) {
          throw SuiteFile.Problem("\(run.location).args.\(option): \(problem)")
        }
      }
      for (key, values) in run.grid where !key.contains(".") {
        guard let descriptor = try described.option(bench: run.bench, key) else { continue }
        for value in values {
          if let problem = described.valueProblem(descriptor, value) {
            throw SuiteFile.Problem("\(run.location).grid.\(key) = \(display(value)): \(problem)")
          }
        }
      }
      for (key, _) in run.grid {
        let option = String(key.split(separator: ".").first ?? "")
        guard known.contains(option) else {
          throw SuiteFile.Problem("\(run.location).grid.\(key): keybench-run \(run.bench) has no option --\(option)\(SuiteFile.suggestion(option, known.sorted()))")
        }
        if key.contains("."), let existing = run.options[option], existing.object == nil {
          throw SuiteFile.Problem("\(run.location).grid.\(key): --\(option) is not an object, so it has no field '\(key.dropFirst(option.count + 1))'")
        }
      }
      try checkConfigFields(of: run, described: &described)
      try checkConfigValues(of: run, described: &described)
      for point in gridPoints(run.grid) {
        expanded += 1
        guard expanded <= SuiteFile.maximumRuns else {
          throw SuiteFile.Problem("\(run.location): the suite expands to more than \(SuiteFile.maximumRuns) runs; shrink its grids")
        }
        var options = run.options
        for (key, value) in point {
          let path = key.split(separator: ".").map(String.init)
          if path.count == 1 {
            options[key] = value
          } else {
            options[path[0]] = (options[path[0]] ?? .object([:])).setting(path.dropFirst(), to: value)
          }
        }
        var arguments = [run.bench]
        for option in options.keys.sorted() {
          let place = "\(run.location).args.\(option)"
          switch options[option]! {
          case .object(let members):
            let text = try JSONValue.object(members).canonicalText()
            var digest = ContentDigest()
            digest.update(text)
            let file = context.out.appendingPathComponent("configs").appendingPathComponent("\(digest.finalize().prefix(16)).json").path
            plan.configFiles[file] = text
            keys.identities[file] = "json:" + text
            arguments += ["--\(option)", file]
          case .array(let list):
            for element in list { arguments += ["--\(option)", try substitute(scalar(element, at: place), at: place, folder: run.folder)] }
          case .bool(let flag):
            if flag { arguments.append("--\(option)") }
          case let value:
            arguments += ["--\(option)", try substitute(scalar(value, at: place), at: place, folder: run.folder)]
          }
        }
        let name = point.isEmpty ? run.name : run.name + "[" + point.map { "\($0.key)=\(display($0.value))" }.joined(separator: ",") + "]"
        let key = try keys.key(tool: "keybench-run", arguments: arguments, folder: run.folder, extra: [:])
        plan.items.append(
          Item(kind: .run, name: name, entry: run.name, tool: "keybench-run", bench: run.bench, arguments: arguments, output: nil, key: key, folder: run.folder))
      }
    }
    // Further rounds: every run again, in the same order, so rounds interleave (A B, A B, …) and a
    // machine's slow phase hits both alike. Round 1 keeps the plain name and key (and its cache).
    // A run's own `"repeat"` takes the place of the suite's: it takes part in the rounds up to its own.
    let rounds = Dictionary(suite.runs.map { ($0.name, $0.repeats ?? suite.repeats) }, uniquingKeysWith: max)
    if let most = rounds.values.max(), most > 1 {
      let firstRound = plan.items.filter { $0.kind == .run }
      for round in 2...most {
        for item in firstRound where rounds[item.entry, default: 1] >= round {
          var again = item
          again.name = "\(item.name)#\(round)"
          again.round = round
          again.key = try keys.key(tool: item.tool, arguments: item.arguments, folder: item.folder, extra: ["round": String(round)])
          plan.items.append(again)
        }
      }
    }
    let names = plan.items.map(\.name)
    for (name, place) in try FigurePages.references(in: suite.figurePages, file: URL(fileURLWithPath: suite.path).lastPathComponent)
    where !names.contains(name) {
      throw SuiteFile.Problem("\(place): '\(name)' is no run or step of the suite\(SuiteFile.suggestion(name, names))")
    }
    return plan
  }

  /// An object option written as `{"$base": FILE, …}`: the JSON object in FILE with the other
  /// fields merged over it, so a suite can vary one setting of a shared configuration file (the
  /// seed-faithful decoder, say) without copying the file into the suite. A relative FILE is read
  /// from `folder`, that of the suite file naming it.
  static func based(_ object: [String: JSONValue], at place: String, folder: URL, substitute: (String) throws -> String) throws -> JSONValue {
    guard let path = object["$base"]?.string else { throw SuiteFile.Problem("\(place).$base: the path of a JSON file") }
    let file = Context.resolve(try substitute(path), in: folder)
    let parsed: JSONValue
    do {
      let data = try InputFile.data(file, maximumBytes: 4 << 20)
      do {
        parsed = try CheckedJSON(data: data, path: file, exactIntegers: true).root
      } catch {
        throw SuiteFile.Problem("\(error)")
      }
    } catch let problem as SuiteFile.Problem {
      throw SuiteFile.Problem("\(place).$base: \(problem)")
    } catch {
      throw SuiteFile.Problem("\(place).$base: \(error)")
    }
    guard parsed.object != nil else { throw SuiteFile.Problem("\(place).$base: \(file) is not a JSON object") }
    var overrides = object
    overrides["$base"] = nil
    return JSONValue.object(overrides).merged(over: parsed)
  }

  /// Checks every field a run sets in a configuration object (in `args` or through a grid key)
  /// against the default configuration the binary describes, so a misspelt field fails before
  /// anything runs, named by suite entry with the nearest real field, instead of failing later
  /// inside a run.
  static func checkConfigFields(of run: SuiteFile.Run, described: inout BenchmarkDescriptions) throws {
    for option in run.options.keys.sorted() {
      guard let object = run.options[option], object.object != nil,
        let known = try described.configDefaults(bench: run.bench, option: option)
      else { continue }
      let unknown = unknownFields(in: object, known: known)
      guard unknown.isEmpty else {
        throw SuiteFile.Problem("\(run.location).args.\(option): keybench-run \(run.bench) --\(option) has no field \(unknown.joined(separator: ", "))")
      }
    }
    for (key, _) in run.grid where key.contains(".") {
      let path = key.split(separator: ".").map(String.init)
      guard let known = try described.configDefaults(bench: run.bench, option: path[0]) else { continue }
      let unknown = unknownFields(in: JSONValue.object([:]).setting(path.dropFirst(), to: 0), known: known)
      guard unknown.isEmpty else {
        throw SuiteFile.Problem("\(run.location).grid.\(key): keybench-run \(run.bench) --\(path[0]) has no field \(unknown.joined(separator: ", "))")
      }
    }
  }

  /// Checks the values a run sets in each configuration object through the binary's own
  /// validation (`--print-config` with the object as the config file), so a value out of range
  /// fails before anything runs, named by suite entry. Each grid value is checked on its own
  /// over the run's object (one process each, not one per combination); rules that tie two
  /// fields together are checked when the run starts.
  static func checkConfigValues(of run: SuiteFile.Run, described: inout BenchmarkDescriptions) throws {
    for option in run.options.keys.sorted() {
      guard let object = run.options[option], object.object != nil, try described.option(bench: run.bench, option)?.config != nil else { continue }
      if let problem = try described.configProblem(bench: run.bench, option: option, object: object) {
        throw SuiteFile.Problem("\(run.location).args.\(option): \(problem)")
      }
    }
    for (key, values) in run.grid where key.contains(".") {
      let path = key.split(separator: ".").map(String.init)
      guard try described.option(bench: run.bench, path[0])?.config != nil else { continue }
      // A dotted key into an option that is not an object was refused above.
      let object = run.options[path[0]] ?? .object([:])
      for value in values {
        if let problem = try described.configProblem(bench: run.bench, option: path[0], object: object.setting(path.dropFirst(), to: value)) {
          throw SuiteFile.Problem("\(run.location).grid.\(key) = \(display(value)): \(problem)")
        }
      }
    }
  }

  /// The dotted fields `object` sets that `known` (a default configuration) lacks, sorted, each
  /// with the nearest known field suggested: `filters.lenght.a (did you mean "filters.length.a"?)`.
  static func unknownFields(in object: JSONValue, known: JSONValue) -> [String] {
    // Through objects only: a list in the defaults has no fields.
    func has(_ path: String) -> Bool {
      var node = known
      for key in path.split(separator: ".") {
        guard let next = node.object?[String(key)] else { return false }
        node = next
      }
      return true
    }
    let knownPaths = known.leafPaths
    return object.leafPaths.filter { !has($0) }.sorted().map { $0 + EditDistance.suggestion($0, knownPaths) }
  }

  /// Every combination of the grid's values, keys in sorted order (one empty point without a grid).
  static func gridPoints(_ grid: [(key: String, values: [JSONValue])]) -> [[(key: String, value: JSONValue)]] {
    var points: [[(key: String, value: JSONValue)]] = [[]]
    for (key, values) in grid {
      points = points.flatMap { point in values.map { point + [(key, $0)] } }
    }
    return points
  }

  static func scalar(_ value: JSONValue, at place: String) throws -> String {
    if let text = value.string { return text }
    if value.number != nil || value.bool != nil { return display(value) }
    throw SuiteFile.Problem("\(place): lists hold strings or numbers")
  }

  /// A grid value or option as a command line and a grid point's name show it: an integer as
  /// written (a 64-bit seed exactly), a whole number below 10¹⁵ without a fraction, any other
  /// number as Swift writes a `Double`.
  static func display(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .integer(let integer): return integer.description
    case .number(let double):
      return double == double.rounded() && abs(double) < 1e15 ? String(Int64(double)) : "\(double)"
    case .null, .array, .object: return (try? value.canonicalText()) ?? ""
    }
  }
}

/// Content addresses, with the digests of tools, files and lexicons computed once per suite run.
struct KeyMaker {
  let context: SuitePlan.Context
  var fileDigests: [String: String] = [:]
  var lexiconDigests: [String: String] = [:]
  /// Paths the suite itself writes (step outputs, config files) → their identity.
  var identities: [String: String] = [:]

  init(context: SuitePlan.Context) { self.context = context }

  /// The key of `tool` run with `arguments` in `folder`. The folder is part of it: a relative
  /// path that is not a file (a folder, a name) means another input in another folder.
  mutating func key(tool: String, arguments: [String], folder: URL, extra: [String: String]) throws -> String {
    var parts: [JSONValue] = [
      "keybench-suite-item/1", .string(try digest(context.bin.appendingPathComponent(tool).path)), .string(tool), .object(extra.mapValues(JSONValue.string)),
      .string("folder=\(folder.path)"),
    ]
    // Variables that choose inputs outside the command line (a WordNet folder, the checkout whose
    // device files are read) are part of what a result depends on.
    let environment = ProcessInfo.processInfo.environment
    let wordNet = tool == "keybench-run" && arguments.first == "photos" ? ["KEYBENCH_WORDNET=\(environment["KEYBENCH_WORDNET"] ?? "")"] : []
    parts.append(.array((["KEYBENCH_HOME=\(context.home.path)", "KEYBENCH_CORPORA=\(context.variables["corpora"] ?? "")"] + wordNet).map(JSONValue.string)))
    var database = context.home.appendingPathComponent(LexiconDatabase.defaultPath).path
    if let index = arguments.firstIndex(of: "--db"), index + 1 < arguments.count { database = SuitePlan.Context.resolve(arguments[index + 1], in: folder) }
    for (index, argument) in arguments.enumerated() {
      if index > 0, arguments[index - 1] == "--lexicon" {
        // A database a step makes is known by how it is made (it may not exist yet).
        if let made = identities[database] {
          parts.append(.string("lexicon:\(made)/\(argument)"))
        } else {
          parts.append(.string("lexicon:" + (try lexicon(argument, database: database))))
        }
      } else if index > 0, arguments[index - 1] == "--plugin" {
        // The plug-in's code and interpreter, not only its command line (PluginIdentity).
        parts.append(.string(argument))
        parts.append(.string("plugin-files:" + (try PluginIdentity.describe(argument, folder: folder) { path in
          FileManager.default.fileExists(atPath: path) ? try digest(path) : "missing"
        })))
      } else if index > 0, ["--ngrams", "--context"].contains(arguments[index - 1]) {
        parts.append(.string("ngrams:" + (identities[database].map { "\($0)/\(argument)" } ?? textModel(argument, database: database))))
      } else if let identity = identities[argument] {
        parts.append(.string(identity))
      } else if isRegularFile(argument, in: folder) {
        parts.append(.string("file:" + (try digest(SuitePlan.Context.resolve(argument, in: folder)))))
      } else {
        parts.append(.string(argument))
      }
    }
    return try Provenance.digest(ofConfig: .array(parts))
  }

  mutating func digest(_ path: String) throws -> String {
    let canonical = URL(fileURLWithPath: path).standardizedFileURL.path
    if let known = fileDigests[canonical] { return known }
    let value = try FileDigest.sha256Hex(ofFileAt: path)
    fileDigests[canonical] = value
    return value
  }

  /// The lexicon's content digest; a lexicon not in the database keys by name (the run will fail
  /// with the database's own message).
  mutating func lexicon(_ name: String, database: String) throws -> String {
    if let known = lexiconDigests[database + "\u{0}" + name] { return known }
    let value = (try? LexiconDatabase(path: database, create: false).loadLexicon(named: name).provenance.sha256) ?? "missing:\(name)"
    lexiconDigests[database + "\u{0}" + name] = value
    return value
  }

  /// Stored text counts (`--ngrams`, `--context`) by what they were counted from: the files'
  /// digests and the totals (the counts follow from the files); unknown names key by name.
  mutating func textModel(_ name: String, database: String) -> String {
    if let known = lexiconDigests[database + "\u{0}ngrams\u{0}" + name] { return known }
    var value = "missing:\(name)"
    if let info = try? LexiconDatabase(path: database, create: false).textModels().first(where: { $0.name == name }) {
      var digest = ContentDigest()
      digest.update(info.sources.map { "\($0.sha256) \($0.path)" }.joined(separator: "\n") + "\n\(info.tokens) \(info.sentences)")
      value = digest.finalize()
    }
    lexiconDigests[database + "\u{0}ngrams\u{0}" + name] = value
    return value
  }

  func isRegularFile(_ path: String, in folder: URL) -> Bool {
    guard path.contains("/") || path.contains(".") else { return false }
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: SuitePlan.Context.resolve(path, in: folder), isDirectory: &isFolder) && !isFolder.boolValue
  }
}
