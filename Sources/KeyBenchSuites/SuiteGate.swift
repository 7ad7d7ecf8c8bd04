public import Foundation
import KeyBenchCore
public import KeyBenchReports

/// The regression gate over a suite: every run compared with the same-named run of a baseline
/// folder (`BASELINE/NAME/summary.json`) by the same ``GateRun`` as `keybench-report gate`, which
/// refuses runs of other inputs. Exit 0 passed, 1 a regression, 2 the gate could not run — a
/// tool failure is never reported as a regression, nor hidden.
public struct SuiteGate {
  public var baseline: URL
  /// The judgement applied to every run (thresholds, bootstrap).
  public var gate: GateRun

  public init(baseline: URL, gate: GateRun) {
    self.baseline = baseline
    self.gate = gate
  }

  public struct Verdict {
    public var status: Int32
    public var markdown: String
    public var junit: String
  }

  /// A verdict for a suite some of whose items failed: exit 2, the first failure in JUnit.
  public static func toolFailure(_ failed: SuiteRunner.Outcome, command: [String]) -> Verdict {
    let message = "step \(failed.item.name) failed (\(failed.failure)): \(command.joined(separator: " "))"
    let junit = errorJUnit(name: failed.item.name, message: message, detail: logTail(failed.log).joined(separator: "\n"))
    return Verdict(status: 2, markdown: "", junit: junit)
  }

  /// JUnit XML with one error: the gate could not judge run `name`.
  static func errorJUnit(name: String, message: String, detail: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites name="keybench gate" tests="1" errors="1" failures="0">
    <testsuite name="keybench gate" tests="1" errors="1" failures="0">
      <testcase classname="keybench.gate" name="\(Node.escape(name))">
        <error message="\(Node.escape(message))">\(Node.escape(detail))</error>
      </testcase>
    </testsuite>
    </testsuites>

    """
  }

  /// Compares every finished run of `output` with its baseline.
  public func compare(_ output: SuiteOutput) throws -> Verdict {
    var status: Int32 = 0
    var markdown = ""
    var suites: [String] = []
    var regressed: [String] = []
    var judged = 0
    // Later rounds of a repeated suite are the same results again (timings aside): round 1 is judged.
    for item in output.items where item.kind == .run && item.round == 1 {
      let reference = baseline.appendingPathComponent(SuiteRunner.fileName(item.name))
      guard FileManager.default.fileExists(atPath: reference.appendingPathComponent("summary.json").path) else {
        throw SuiteFile.Problem("no baseline \(reference.path)/summary.json for run '\(item.name)' (refresh the baseline)")
      }
      judged += 1
      markdown += "## \(item.name)\n\n"
      let outcome: GateRun.Outcome
      do {
        outcome = try gate.judge(baseline: reference.path, current: output.store(item).path)
      } catch {
        markdown += "gate could not judge: \(error)\n"
        return Verdict(status: 2, markdown: markdown, junit: Self.errorJUnit(name: item.name, message: "\(error)"))
      }
      markdown += outcome.markdown + (outcome.warnings.isEmpty ? "" : "\n" + outcome.warnings.joined(separator: "\n") + "\n") + "\n"
      if !outcome.failures.isEmpty {
        status = max(status, 1)
        regressed += outcome.failures.map { "- \(item.name): \($0.line)" }
      }
      suites.append(outcome.junit.split(separator: "\n").filter { !$0.hasPrefix("<?xml") }.joined(separator: "\n"))
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
}
