import Foundation
import KeyBenchSuites
import KeyBenchTestSupport
import Testing

/// Names and paths that reach file names and generated scripts: hostile ones are refused before
/// anything runs, and the Slurm scripts carry the ones that are allowed as plain data.
@Suite struct HostileNameTests {
  func problem(_ text: String) throws -> String {
    let dir = try TemporaryDirectory()
    let error = try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: try dir.write("s.json", text: text)) }
    return error.description
  }

  @Test func namesThatWouldBecomeCommandsOrPathsAreRefused() throws {
    let newline = try problem(#"{"keybench_suite": 1, "name": "x\nrm -rf ~", "runs": [{"name": "a", "bench": "swipe"}]}"#)
    #expect(newline.contains("s.json.name") && newline.contains("control character"), "\(newline)")
    for name in [".", "..", ".hidden", "a/b", "a b", "$(id)", String(repeating: "a", count: 81)] {
      let refused = try problem(#"{"keybench_suite": 1, "runs": [{"name": "\#(name)", "bench": "swipe"}]}"#)
      #expect(refused.contains("runs[0]") && refused.contains("not starting with '.'"), "\(name): \(refused)")
    }
    let control = try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe", "args": {"lexicon": "en\u001b[2J"}}]}"#)
    #expect(control.contains("s.json.runs[0].args.lexicon") && control.contains("control character"), "\(control)")
    let gridValue = try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe", "grid": {"lexicon": ["en\nx"]}}]}"#)
    #expect(gridValue.contains("grid.lexicon[0]"), "\(gridValue)")
    #expect(throws: SuiteFile.Problem.self) { try SuiteFile.checkOutputPath("out\n; rm -rf ~") }
  }

  /// The size of a grid is a product known before anything is listed.
  @Test func hugeGridsAreRefusedFromTheirSizes() throws {
    let values = "[" + (1...1000).map(String.init).joined(separator: ",") + "]"
    let text = #"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe", "grid": {"seed": \#(values), "top-k": "1:999:1", "threads": \#(values)}}]}"#
    let refused = try problem(text)
    #expect(refused.contains("more than 10000 runs") && refused.contains("1000 × 1000 × 999"), "\(refused)")
  }

  /// Generated sbatch scripts with a working folder full of shell syntax: `bash -n` accepts them,
  /// and run (with a stand-in keybench-suite that records its arguments) they pass every path
  /// through as one unchanged word and execute nothing else.
  @Test func slurmScriptsCarryHostilePathsAsData() throws {
    let dir = try TemporaryDirectory()
    let hostile = dir.url.appendingPathComponent(#"work $(touch PWNED) `touch PWNED2` "q" 'a' ; x"#)
    let bin = dir.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: hostile, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let record = dir.path("arguments.txt")
    let stub = bin.appendingPathComponent("keybench-suite").path
    try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> '\(record)'\n".write(toFile: stub, atomically: true, encoding: .utf8)
    chmod(stub, 0o755)
    let out = dir.url.appendingPathComponent("out")
    let submission = SlurmSubmission(
      suite: hostile.appendingPathComponent("suite.json"), out: out, bin: bin, workingDirectory: hostile, shards: 2, jobs: 1,
      slurmArguments: [], suiteName: "tiny")
    try submission.write()
    for (name, _) in submission.scripts {
      let script = submission.folder.appendingPathComponent(name).path
      #expect(try Run.tool("/bin/bash", ["-n", script]).status == 0, "\(name)")
      let ran = try Run.tool("/usr/bin/env", ["SLURM_ARRAY_TASK_ID=2", "/bin/bash", script])
      #expect(ran.status == 0, "\(name): \(ran.stderr)")
    }
    let words = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
    // The preparation and array jobs name the suite; the final job the output folder, twice.
    #expect(words.filter { $0 == hostile.appendingPathComponent("suite.json").path }.count == 2, "\(words)")
    #expect(words.filter { $0 == out.path }.count == 4 && words.contains("2/2"), "\(words)")
    let created = try FileManager.default.contentsOfDirectory(atPath: hostile.path) + FileManager.default.contentsOfDirectory(atPath: dir.url.path)
    #expect(!created.contains { $0.hasPrefix("PWNED") }, "\(created)")
    // The output folder appears in #SBATCH lines, which sbatch reads without a shell.
    var spaced = submission
    spaced.out = dir.url.appendingPathComponent("out put")
    #expect(throws: SuiteFile.Problem.self) { try spaced.validate() }
  }
}
