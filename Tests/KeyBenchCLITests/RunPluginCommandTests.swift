import Foundation
import KeyBenchTestSupport
import Testing

/// `keybench-run … --plugin` end to end: what a researcher's plug-in leaves in the run folder
/// and on the terminal (issue 32).
@Suite struct RunPluginCommandTests {
  /// The fixture lexicon, four pairs, and a Python corrector (through the helper) that fails on 'hsus'.
  struct Setup {
    let dir: TemporaryDirectory
    let db: String
    let pairs: String
    let plugin: String

    init() throws {
      dir = try TemporaryDirectory()
      db = dir.path("l.sqlite")
      let ingested = try Run.product("keybench-ingest", [TestPaths.fixture("mini.combined"), "--db", db])
      guard ingested.status == 0 else { throw TestSupportError(ingested.stderr) }
      pairs = try dir.write("p.tsv", text: "typed\tintended\tcontext\tsource\nhnud\tund\t\tx\nhsus\tHaus\t\tx\ntga\tTag\t\tx\nmnan\tMann\t\tx\n")
      plugin = try dir.write(
        "flaky.py",
        text: """
          import os, sys, keybench_plugin
          def start(hello):
              print("loaded with MODE=%s" % os.environ.get("MODE"), file=sys.stderr)
              words = [row[0] for row in keybench_plugin.read_lexicon(hello)]
              def answer(request):
                  if request["typed"] == "hsus":
                      return {"Haus": 1}["haus"]
                  return [w for w in words if w[0].lower() == request["typed"][0]] + ["zzzq"]
              return {"name": "flaky", "version": "1", "config": {"mode": os.environ.get("MODE")}}, answer
          keybench_plugin.serve(start)
          """)
    }

    func correct(_ extra: [String], out: String) throws -> Run.Result {
      try Run.product(
        "keybench-run",
        ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--corrector", "baseline", "--bootstrap", "0", "--out", out] + extra)
    }
  }

  @Test func aFailedItemIsSkippedCountedListedAndTheLogKept() throws {
    let setup = try Setup()
    let out = setup.dir.path("run")
    let run = try setup.correct(
      ["--plugin", "flaky=MODE='two words' python3 \(setup.plugin)", "--on-plugin-error", "skip", "--plugin-check-determinism", "3"], out: out)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("flaky: failed on 1 items"), "\(run.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json"))) as? [String: Any])
    let metrics = try #require((summary["metrics"] as? [String: Any])?["flaky"] as? [String: Any])
    #expect(metrics["plugin_failed_items"] as? Double == 1)
    // Every answer but the failed one ends with a word outside the lexicon.
    #expect(metrics["plugin_out_of_lexicon_items"] as? Double == 3)
    #expect(metrics["plugin_load_seconds"] as? Double ?? 0 > 0)
    let plugin = try #require(((summary["provenance"] as? [String: Any])?["plugins"] as? [[String: Any]])?.first)
    let failed = try #require(plugin["failed_items"] as? [[String: String]])
    #expect(failed.map { $0["item"] } == ["2"])
    #expect(failed.first?["reason"]?.contains("KeyError: 'haus' (flaky.py:") == true, "\(failed)")
    #expect((plugin["determinism"] as? [String: Any])?["checked"] as? Bool == true)
    #expect((plugin["determinism"] as? [String: Any])?["differing"] as? Int == 0)
    #expect((plugin["config"] as? [String: String])?["mode"] == "two words")
    // The failed item is a miss in results.csv, under the item number the message used.
    let rows = try String(contentsOfFile: out + "/results.csv", encoding: .utf8).split(separator: "\n")
    #expect(rows.contains { $0.hasPrefix("flaky,2,") && $0.contains(",Haus,,") }, "\(rows)")
    let log = try String(contentsOfFile: out + "/plugins/flaky.stderr", encoding: .utf8)
    #expect(log.contains("loaded with MODE=two words") && log.contains("Traceback (most recent call last)"), "\(log)")
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains("## Plug-ins: time and answers") && report.contains("- item 2: reported an error: KeyError"), "\(report)")
    #expect(report.contains("`plugins/flaky.stderr`"))
    // A rerun may replace the folder, plugins/ and all.
    #expect(try setup.correct(["--plugin", "flaky=python3 \(setup.plugin)", "--on-plugin-error", "skip"], out: out).status == 0)
  }

  @Test func byDefaultTheFirstFailureStopsTheRunNamingTheItemAsResultsDo() throws {
    let setup = try Setup()
    let out = setup.dir.path("run")
    let run = try setup.correct(["--plugin", "flaky=python3 \(setup.plugin)"], out: out)
    #expect(run.status == 2)
    #expect(run.stderr.contains("plug-in 'flaky'") && run.stderr.contains("failed on item 2 (typed 'hsus')"), "\(run.stderr)")
    #expect(run.stderr.contains("KeyError: 'haus'"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func badPluginOptionsAndReservedNamesAreUsageErrors() throws {
    let setup = try Setup()
    for extra in [
      ["--plugin", "keyboard=python3 \(setup.plugin)"],
      ["--plugin", "aspell=python3 \(setup.plugin)"],
      ["--plugin", "x=python3 \(setup.plugin)", "--on-plugin-error", "retry"],
      ["--plugin", "x=python3 \(setup.plugin)", "--plugin-check-determinism", "-1"],
      ["--plugin", "x=python3 \(setup.plugin)", "--plugin-first-answer-timeout", "0"],
    ] {
      let run = try setup.correct(extra, out: setup.dir.path("never"))
      #expect(run.status == 64, "\(extra): \(run.stderr)")
    }
  }

  /// A plug-in whose child leaves its process group (`setsid`) and would outlive the run: the
  /// run ends it, says so on the terminal and in the plug-in's log, and still completes.
  @Test func aChildThatLeftThePluginsSessionIsEndedAndReported() throws {
    let setup = try Setup()
    let pidFile = setup.dir.path("child.pid")
    let plugin = try setup.dir.write(
      "quiet.py",
      text: """
        import keybench_plugin
        keybench_plugin.serve(lambda hello: ({"name": "quiet", "version": "1"}, lambda request: []))
        """)
    let out = setup.dir.path("run")
    let run = try setup.correct(
      ["--plugin", "quiet=setsid sh -c 'echo $$ > \(pidFile); exec sleep 60' & exec python3 \(plugin)"], out: out)
    #expect(run.status == 0, "\(run.stderr)")
    let child = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(run.stderr.contains("warning: plug-in quiet left 1 process behind (\(child) sleep); KeyBench ended it"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "/proc/\(child)"), "the plug-in's child \(child) outlived the run")
    let log = try String(contentsOfFile: out + "/plugins/quiet.stderr", encoding: .utf8)
    #expect(log.contains("[keybench] plug-in quiet left 1 process behind"), "\(log)")
  }
}
