public import Foundation
import KeyBenchCore

/// The regression gate over a suite: every run compared with the same-named run of a baseline
/// folder (`BASELINE/NAME/summary.json`) by `keybench-report gate`, which refuses runs of other
/// inputs. Exit 0 passed, 1 a regression, 2 the gate could not run — a tool failure is never
/// reported as a regression, nor hidden.
public struct SuiteGate {
  public var bin: URL
  public var baseline: URL
  /// Extra `keybench-report gate` options (`--default-max-drop 0.5`).
  public var options: [String]

  public init(bin: URL, baseline: URL, options: [String]) {
    self.bin = bin
    self.baseline = baseline
    self.options = options
  }

  public struct Verdict {
    public var status: Int32
    public var markdown: String
    public var junit: String
  }

  /// A verdict for a suite some of whose items failed: exit 2, the first failure in JUnit.
  public static func toolFailure(_ failed: SuiteRunner.Outcome, command: [String]) -> Verdict {
    let message = "step \(failed.item.name) failed (exit \(failed.exitCode)): \(command.joined(separator: " "))"
    let tail = logTail(failed.log)
    let junit = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="keybench gate" tests="1" errors="1" failures="0">
      <testsuite name="keybench gate" tests="1" errors="1" failures="0">
        <testcase classname="keybench.gate" name="\(xml(failed.item.name))">
          <error message="\(xml(message))">\(xml(tail.joined(separator: "\n")))</error>
        </testcase>
      </testsuite>
      </testsuites>

      """
    return Verdict(status: 2, markdown: "", junit: junit)
  }

  /// Compares every finished run of `output` with its baseline.
  public func compare(_ output: SuiteOutput) throws -> Verdict {
    var status: Int32 = 0
    var markdown = ""
    var suites: [String] = []
    var regressed: [String] = []
    var judged = 0
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("keybench-gate-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    // Later rounds of a repeated suite are the same results again (timings aside): round 1 is judged.
    for item in output.items where item.kind == .run && item.round == 1 {
      let reference = baseline.appendingPathComponent(SuiteRunner.fileName(item.name))
      guard FileManager.default.fileExists(atPath: reference.appendingPathComponent("summary.json").path) else {
        throw SuiteFile.Problem("no baseline \(reference.path)/summary.json for run '\(item.name)' (refresh the baseline)")
      }
      let junit = scratch.appendingPathComponent("\(item.key).xml").path
      let tool = bin.appendingPathComponent("keybench-report")
      let arguments = ["gate", "--baseline", reference.path, "--current", output.store(item).path, "--junit", junit] + options
      let result = try CapturedProcess.run(tool, arguments)
      let problem = result.standardError
      markdown += "## \(item.name)\n\n" + result.standardOutput + (problem.isEmpty ? "" : "\n" + problem) + "\n"
      judged += 1
      switch result.status {
      case 0: break
      case 1:
        status = max(status, 1)
        // keybench-report gate opens with its verdict and one line per regressed metric.
        let opening = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        regressed += opening.filter { $0.hasPrefix("- ") }.map { "- \(item.name): \($0.dropFirst(2))" }
      default:
        return Verdict(
          status: 2, markdown: markdown,
          junit: Self.toolFailure(
            SuiteRunner.Outcome(item: item, state: .failed, seconds: 0, exitCode: result.status, log: ""),
            command: [tool.path] + arguments
          ).junit.replacingOccurrences(of: "></error>", with: ">\(Self.xml(problem))</error>"))
      }
      if let data = FileManager.default.contents(atPath: junit) {
        suites.append(String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("<?xml") }.joined(separator: "\n"))
      }
    }
    let junit = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"keybench gate\">\n" + suites.joined(separator: "\n") + "\n</testsuites>\n"
    // The verdict and every regressed metric, one line each, first and again last: in a long CI
    // log the ends are what people read.
    let verdict = (status == 0
      ? ["**Suite gate passed** (\(judged) runs compared with \(baseline.path))"]
      : ["**Suite gate failed: \(regressed.count) regression\(regressed.count == 1 ? "" : "s")**"] + regressed).joined(separator: "\n")
    return Verdict(status: status, markdown: verdict + "\n\n" + markdown + verdict + "\n", junit: junit)
  }

  /// The last 25 lines of a log.
  public static func logTail(_ path: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).suffix(25).map(String.init)
  }

  static func xml(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
