public import Foundation
import KeyBenchCore

/// A suite as Slurm jobs: a preparation job running the suite's steps once, a job array whose
/// task I runs `keybench-suite run --shard I/N` into the shared output folder, and a final job that
/// checks every run finished and writes the leaderboard — chained with `--dependency=afterok`.
///
/// Slurm schedules; KeyBench only shards and stores. Every task writes into one content-addressed
/// store, so a failed or preempted task is resubmitted alone (`sbatch --array=I array.sbatch`)
/// and skips every run that already finished.
public struct SlurmSubmission {
  public var suite: URL
  public var out: URL
  public var bin: URL
  /// The folder the jobs run in (relative paths in the suite resolve from it).
  public var workingDirectory: URL
  public var shards: Int
  public var jobs: Int
  /// Extra `sbatch` options for every job (partition, account, time limit, …).
  public var slurmArguments: [String]
  public var suiteName: String

  public init(suite: URL, out: URL, bin: URL, workingDirectory: URL, shards: Int, jobs: Int, slurmArguments: [String], suiteName: String) {
    self.suite = suite
    self.out = out
    self.bin = bin
    self.workingDirectory = workingDirectory
    self.shards = shards
    self.jobs = jobs
    self.slurmArguments = slurmArguments
    self.suiteName = suiteName
  }

  public var folder: URL { out.appendingPathComponent("slurm") }

  /// Refuses what the generated scripts cannot carry safely. Shell lines quote every path, but
  /// `#SBATCH` lines are read by sbatch itself, without a shell: there the output folder must be
  /// free of spaces, quotes, backslashes, `%` (sbatch's file-name patterns) and control
  /// characters.
  public func validate() throws {
    let unsafe = out.path.unicodeScalars.first { $0.value < 0x21 || $0.value == 0x7F || "\"'\\%".unicodeScalars.contains($0) }
    if let unsafe {
      throw SuiteFile.Problem(
        "--out \(out.path.debugDescription): sbatch reads its #SBATCH lines without a shell, so the output folder of a submitted suite cannot hold \(unsafe == " " ? "a space" : "'\(unsafe.escaped(asASCII: true))'"); choose a plain path")
    }
    try SuiteFile.checkOutputPath(out.path)
    for path in [suite.path, bin.path, workingDirectory.path] {
      try SuiteFile.checkOutputPath(path, option: "path")
    }
  }

  /// The three scripts by file name.
  public var scripts: [(name: String, text: String)] {
    let suiteBinary = ShellWords.quote(bin.appendingPathComponent("keybench-suite").path)
    let common = """
      cd \(ShellWords.quote(workingDirectory.path))
      suite=\(ShellWords.quote(suite.path))
      out=\(ShellWords.quote(out.path))

      """
    let name = Self.jobName(suiteName)
    return [
      (
        "prepare.sbatch",
        """
        #!/bin/bash
        # KeyBench suite '\(suiteName)', job 1 of 3: runs the suite's preparation steps (generated corpora,
        # imported pairs) once, before the array, so no task makes them again. Written by keybench-suite submit.
        #SBATCH --job-name=\(name)-prepare
        #SBATCH --output=\(out.path)/slurm/prepare.log
        #SBATCH --ntasks=1
        set -euo pipefail
        \(common)exec \(suiteBinary) run "$suite" --out "$out" --steps-only

        """
      ),
      (
        "array.sbatch",
        """
        #!/bin/bash
        # KeyBench suite '\(suiteName)', job 2 of 3: a job array of \(shards) tasks; task I runs every \(shards)th run of the
        # suite starting at the I-th (keybench-suite run --shard I/\(shards)) into the shared, content-addressed
        # store in $out/store. A task that failed or was preempted can be resubmitted alone:
        #   sbatch --array=I \(out.path)/slurm/array.sbatch
        # and skips ('cached') every run that finished before. Written by keybench-suite submit.
        #SBATCH --job-name=\(name)
        #SBATCH --array=1-\(shards)
        #SBATCH --output=\(out.path)/slurm/task-%a.log
        #SBATCH --ntasks=1
        #SBATCH --cpus-per-task=\(jobs)
        set -euo pipefail
        \(common)exec \(suiteBinary) run "$suite" --out "$out" --shard "${SLURM_ARRAY_TASK_ID}/\(shards)" --jobs \(jobs)

        """
      ),
      (
        "finish.sbatch",
        """
        #!/bin/bash
        # KeyBench suite '\(suiteName)', job 3 of 3: after every array task succeeded, checks that every run of
        # the plan has its result and writes the leaderboard ($out/leaderboard.md, .csv). Written by
        # keybench-suite submit.
        #SBATCH --job-name=\(name)-finish
        #SBATCH --output=\(out.path)/slurm/finish.log
        #SBATCH --ntasks=1
        set -euo pipefail
        \(common)\(suiteBinary) status "$out" --require-complete
        exec \(suiteBinary) report "$out"

        """
      ),
    ]
  }

  /// Writes the scripts into `out/slurm/`.
  public func write() throws {
    try validate()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in scripts {
      let path = folder.appendingPathComponent(name).path
      try AtomicFileWriter.write(text, to: path)
      chmod(path, 0o755)
    }
  }

  /// The `sbatch` command lines, in order; `$PREPARE` and `$ARRAY` stand for the job ids.
  public var commands: [[String]] {
    [
      ["sbatch", "--parsable"] + slurmArguments + [folder.appendingPathComponent("prepare.sbatch").path],
      ["sbatch", "--parsable", "--dependency=afterok:$PREPARE"] + slurmArguments + [folder.appendingPathComponent("array.sbatch").path],
      ["sbatch", "--parsable", "--dependency=afterok:$ARRAY"] + slurmArguments + [folder.appendingPathComponent("finish.sbatch").path],
    ]
  }

  /// Submits the three jobs; returns their ids (also written to `out/slurm/jobs.txt`).
  public func submit() throws -> [String] {
    guard let sbatch = ExecutablePath.which("sbatch") else {
      throw SuiteFile.Problem("sbatch is not on PATH: no Slurm here (use --dry-run to print the scripts, or run the shards with keybench-suite run --shard I/N)")
    }
    var ids: [String] = []
    for command in commands {
      let arguments = command.dropFirst().map { argument in
        argument.replacingOccurrences(of: "$PREPARE", with: ids.first ?? "").replacingOccurrences(of: "$ARRAY", with: ids.last ?? "")
      }
      let result = try CapturedProcess.run(URL(fileURLWithPath: sbatch), Array(arguments))
      let id = result.standardOutput.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
      guard result.status == 0, !id.isEmpty, id.allSatisfy(\.isNumber) else {
        throw SuiteFile.Problem("sbatch \(arguments.joined(separator: " ")) failed (exit \(result.status)): \(result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))")
      }
      ids.append(id)
    }
    try AtomicFileWriter.write(
      "prepare \(ids[0])\narray \(ids[1])\nfinish \(ids[2])\n", to: folder.appendingPathComponent("jobs.txt").path)
    return ids
  }

  static func jobName(_ name: String) -> String {
    "keybench-" + String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(40))
  }

}
