import Foundation
import KeyBenchCore

/// Presage (presage.sourceforge.io), the established open-source word predictor, as a peer behind
/// ``Predictor``, so KeyBench's predictors are compared with it on the same split and protocol.
///
/// Presage gets the same training text: KeyBench's tokenised training sentences (one per line) are
/// counted by presage's own `text2ngram` into its 1-, 2- and 3-gram SQLite tables, and
/// `Scripts/peers/presage-predict` queries presage's C API line by line with that database, presage's
/// smoothed n-gram predictor alone, online learning off and HOME pointed at a scratch folder (so the
/// user's presage profile is neither read nor changed). Presage lower-cases the context, so its
/// suggestions are lower-case; the benchmark compares ignoring case. It does not learn from the test
/// text (`learn` does nothing), so it is the same with adaptation on or off.
public final class PresagePredictor: Predictor {
  public let name = "presage"
  private let process: LineProcess
  private let scratch: URL
  private let suggestions: Int

  /// Why the peer could not run: not installed, or presage failed.
  public struct Unavailable: Error, CustomStringConvertible {
    public let description: String
  }

  /// Builds presage's n-gram database from `training` and starts the query script.
  ///
  /// - Parameter suggestions: the most suggestions any `suggest` call will ask for.
  /// - Throws: ``Unavailable`` when `text2ngram`, libpresage or the script is missing or fails.
  public init(training: [[String]], suggestions: Int, order: Int = 3) throws {
    guard let text2ngram = LineProcess.which("text2ngram") else {
      throw Unavailable(description: "presage is not installed (no text2ngram on PATH; apt-get install presage libpresage-dev, or Scripts/setup --peers)")
    }
    guard let peers = ProjectFiles.directory("Scripts/peers") else {
      throw Unavailable(description: "Scripts/peers/presage-predict not found (run from a KeyBench checkout or set KEYBENCH_HOME)")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("keybench-presage-\(UUID().uuidString)")
    let database = scratch.appendingPathComponent("ngrams.db")
    do {
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      let text = scratch.appendingPathComponent("training.txt")
      try (training.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n").write(to: text, atomically: true, encoding: .utf8)
      // text2ngram writes one order per run; -a appends the orders into one database.
      for n in 1...order {
        try Self.run(text2ngram, ["-n", String(n), "-l", "-a", "-f", "sqlite", "-o", database.path, text.path], home: scratch)
      }
      process = try LineProcess(
        executable: peers.appendingPathComponent("presage-predict").path,
        arguments: ["--db", database.path, "--suggestions", String(suggestions), "--order", String(order)],
        environment: ["HOME": scratch.path], standardError: FileHandle.standardError)
      // One probe request: the script exits at once when libpresage is missing or presage fails.
      process.send("")
      guard process.readLine() != nil else {
        throw Unavailable(description: "Scripts/peers/presage-predict did not answer (is libpresage1v5 installed? its message is above)")
      }
    } catch {
      try? FileManager.default.removeItem(at: scratch)
      throw error
    }
    self.scratch = scratch
    self.suggestions = suggestions
  }

  deinit { try? FileManager.default.removeItem(at: scratch) }

  public func suggest(previous: ArraySlice<String>, prefix: String, count: Int) -> [String] {
    process.send((previous + [prefix]).joined(separator: " "))
    guard let line = process.readLine() else { return [] }
    return Array(line.split(separator: "\t").map(String.init).prefix(min(count, suggestions)))
  }

  public func learn(previous: ArraySlice<String>, word: String) {}

  /// Presage runs with learning off, so this one instance is its own fresh copy.
  public func copy() -> any Predictor { self }

  private static func run(_ executable: String, _ arguments: [String], home: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["HOME": home.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Unavailable(description: "text2ngram \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
    }
  }
}
