import Foundation
import KeyBenchCore
import KeyBenchResults

/// What each `keybench-run` benchmark accepts, read once per suite check from the binary's own
/// description (`keybench-run describe --json`, the description its options are declared
/// from), so a suite is checked against exactly the tool that will run it: option names, flags,
/// the range of numbers, choices, and the default configurations.
struct BenchmarkDescriptions {
  let bin: URL
  private var described: [String: BenchmarkDescriptor]?
  /// Validation results of configuration objects already checked (nil: valid).
  private var problems: [String: String?] = [:]

  init(bin: URL) { self.bin = bin }

  var tool: URL { bin.appendingPathComponent("keybench-run") }

  /// The description of `bench`.
  mutating func descriptor(_ bench: String) throws -> BenchmarkDescriptor {
    if described == nil {
      let catalog: BenchmarkDescriptor.Catalog
      do {
        let text = try CapturedProcess.run(tool, ["describe", "--json"]).standardOutput
        // Machine-written (the tool's own JSONEncoder output), so JSONDecoder reads it.
        catalog = try JSONDecoder().decode(BenchmarkDescriptor.Catalog.self, from: Data(text.utf8))
      } catch {
        throw SuiteFile.Problem("cannot read the benchmarks of \(tool.path) describe --json (build with swift build -c release): \(error)")
      }
      guard catalog.schemaVersion == BenchmarkDescriptor.schemaVersion else {
        throw SuiteFile.Problem(
          "\(tool.path) describe --json has schema_version \(catalog.schemaVersion); this keybench-suite reads \(BenchmarkDescriptor.schemaVersion): rebuild both")
      }
      described = Dictionary(catalog.benchmarks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
    guard let descriptor = described?[bench] else {
      throw SuiteFile.Problem("keybench-run has no benchmark '\(bench)'\(SuiteFile.suggestion(bench, (described ?? [:]).keys.sorted()))")
    }
    return descriptor
  }

  /// The long options a suite may give `bench` (`--out` is the suite's own).
  mutating func options(bench: String) throws -> Set<String> {
    Set(try descriptor(bench).options.map(\.name).filter { $0 != "out" })
  }

  /// The option `--option` of `bench`, if it has it.
  mutating func option(bench: String, _ option: String) throws -> OptionDescriptor? {
    try descriptor(bench).option(option)
  }

  /// The default configuration `--option` of `bench` overrides, or nil for an option that is not
  /// a configuration.
  mutating func configDefaults(bench: String, option: String) throws -> JSONValue? {
    guard let config = try self.option(bench: bench, option)?.config, config.defaults.object != nil else { return nil }
    return config.defaults
  }

  /// Why `value` (a suite's value for `--option`, or one element of a repeated option) is not
  /// accepted, or nil: a number outside the option's range, a fraction for an integer, an
  /// unknown choice. Values holding `${…}` are left to the run (substituted later).
  func valueProblem(_ option: OptionDescriptor, _ value: JSONValue) -> String? {
    if let list = value.array {
      return list.lazy.compactMap { valueProblem(option, $0) }.first
    }
    let number: Double?
    var text: String?
    if let given = value.number {
      number = given
    } else if let given = value.string {
      guard !given.contains("${") else { return nil }
      text = given
      number = Double(given.trimmingCharacters(in: .whitespaces))
    } else {
      return nil
    }
    switch option.kind {
    case .integer, .number:
      guard let number, number.isFinite else { return "--\(option.name) takes a number, got '\(text ?? "")'" }
      if option.kind == .integer, number != number.rounded() { return "--\(option.name) takes a whole number, got \(SuitePlan.display(value))" }
      if let range = option.range, !range.contains(number) {
        let bounds = "\(range)"
        return "--\(option.name) must be \(bounds.hasPrefix("at ") || bounds.hasPrefix("below ") ? "" : "in ")\(bounds), got \(SuitePlan.display(value))"
      }
      return nil
    case .choice:
      guard let choices = option.choices else { return nil }
      let given = text ?? SuitePlan.display(value)
      let names = option.commaSeparated
        ? given.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : [given]
      for name in names where !choices.contains(name) {
        return "--\(option.name) has no choice '\(name)'; choose from \(choices.joined(separator: ", "))\(option.commaSeparated ? " (comma-separated)" : "")"
      }
      return nil
    case .text, .path, .flag, .config:
      return nil
    }
  }

  /// Why `object` is not a valid `--option` of `bench` (the binary's own message, without its
  /// temporary file name), or nil when it is; each distinct object is checked once, by the
  /// binary's own validation (`--print-config` with the object as the configuration file).
  mutating func configProblem(bench: String, option: String, object: JSONValue) throws -> String? {
    guard let config = try self.option(bench: bench, option)?.config else { return nil }
    let text = try object.canonicalText()
    let cacheKey = bench + " " + option + " " + text
    if let known = problems[cacheKey] { return known }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("keybench-suite-check-\(ProcessInfo.processInfo.processIdentifier)-\(problems.count).json").path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result: CapturedProcess
    do {
      result = try CapturedProcess.run(tool, [bench] + config.printArguments + ["--\(option)", file, "--print-config"])
    } catch {
      throw SuiteFile.Problem("cannot check a configuration with \(tool.path): \(error)")
    }
    var problem: String?
    if result.status != 0 {
      let line = result.standardError.split(separator: "\n").first.map(String.init) ?? "exit \(result.status)"
      // The temporary file's name and line (always 1, the JSON is one line) mean nothing to the user.
      problem = line.replacingOccurrences(of: "Error: ", with: "").replacingOccurrences(of: file + ": ", with: "")
        .replacingOccurrences(of: file + ":1: ", with: "")
    }
    problems[cacheKey] = problem
    return problem
  }
}
