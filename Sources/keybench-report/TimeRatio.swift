import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchReports
import KeyBenchResults

extension KeybenchReport {
  struct TimeRatio: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "time-ratio",
      abstract: "Is B slower than A? Interleaved repeats, a ratio with an interval, and a work count beside it.",
      discussion: """
        Runs two benchmark commands alternately, --repeat rounds (A B, then B A, then A B, …, so \
        a drift of the machine hits both alike), each into a fresh --out folder, and reports B's \
        time ÷ A's per round: their median and a distribution-free interval for it (the order \
        statistics that cover the median with at least 95 %, which takes 6 rounds or more), and \
        beside it the ratio of the two sides' median times. The time is --metric from each run's \
        summary.json — a time (decode_ms_mean, us_per_keystroke: lower is faster) or a rate \
        (words_per_second: higher is faster, so B's time per unit ÷ A's is A's rate ÷ B's), as \
        the summary declares it; accuracies and counts are refused — or, without it, the \
        command's wall time. --work NAME also shows a machine-independent work count the \
        summaries report (e.g. dtw_columns_mean), which unlike time does not move with the \
        machine's load. --max-slowdown F exits 1 when the whole interval lies above F (B slower \
        beyond doubt), and says when the rounds cannot tell; it needs 6 rounds or more (fewer \
        cannot reach 95 %). --json keeps every round's raw values.

        A and B follow the --: each a command and its arguments, separated by ::. A bare \
        keybench-* name runs the tool beside this one; other bare names are looked up on PATH. \
        KeyBench tools get --out DIR appended (a fresh folder per round); other commands run \
        as given, so only the wall time can be measured for them.

        Example:
          keybench-report time-ratio --repeat 5 --metric decode_ms_mean --work dtw_columns_mean -- \\
            keybench-run swipe --lexicon en_US --corpus .keybench/corpora/hws.jsonl --limit 1000 :: \\
            keybench-run swipe --lexicon en_US --corpus .keybench/corpora/hws.jsonl --limit 1000 --config Corpora/configs/seed000.json

        Exit status: 0 measured (within --max-slowdown), 1 slower than --max-slowdown beyond \
        doubt, 2 a command failed or a metric is missing, 64 usage errors.
        """)

    @Option(help: "Rounds of A and B (2…1000); 6 or more for a 95 % interval (--max-slowdown needs them).")
    var `repeat`: Int = 6

    @Option(help: "Timing metric (dotted name in summary.json's metrics: a time, lower is faster, or a rate, higher is faster); default the wall time.")
    var metric: String?

    @Option(help: "A work count in summary.json's metrics to show beside the time (e.g. dtw_columns_mean).")
    var work: String?

    @Option(help: "Fail (exit 1) when B is slower than A by more than this factor beyond doubt.")
    var maxSlowdown: Double?

    @Option(help: "Also write the rounds and the ratio as JSON here.")
    var json: String?

    @Argument(parsing: .postTerminator, help: "A's command :: B's command.")
    var commands: [String] = []

    func validate() throws {
      guard (2...1000).contains(`repeat`) else { throw ValidationError("--repeat must be in 2…1000, got \(`repeat`).") }
      if let maxSlowdown, !(maxSlowdown.isFinite && maxSlowdown >= 1) { throw ValidationError("--max-slowdown must be a finite factor of at least 1.") }
      if maxSlowdown != nil, InterleavedRatio.coverage(n: `repeat`, k: 1) < 0.95 {
        throw ValidationError(String(
          format: "--max-slowdown needs a 95 %% interval, and %d rounds reach at most %.1f %% (min…max); use --repeat 6 or more.",
          `repeat`, InterleavedRatio.coverage(n: `repeat`, k: 1) * 100))
      }
      let parts = commands.split(separator: "::", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw ValidationError("Give two commands after --, separated by :: (A's command :: B's command).")
      }
    }

    func run() throws {
      let parts = commands.split(separator: "::", omittingEmptySubsequences: false).map(Array.init)
      let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      /// KeyBench tools write run folders (--out); anything else is only timed.
      func isKeyBenchTool(_ name: String) -> Bool { (name as NSString).lastPathComponent.hasPrefix("keybench-") }
      func executable(_ name: String) throws -> URL {
        if name.contains("/") { return URL(fileURLWithPath: name) }
        if isKeyBenchTool(name), FileManager.default.isExecutableFile(atPath: beside.appendingPathComponent(name).path) {
          return beside.appendingPathComponent(name)
        }
        if let found = ExecutablePath.which(name) { return URL(fileURLWithPath: found) }
        throw ValidationError("'\(name)' is neither beside keybench-report nor on PATH")
      }
      for part in parts where !isKeyBenchTool(part[0]) && (metric != nil || work != nil) {
        throw ValidationError("--metric and --work read a KeyBench run's summary.json; '\(part[0])' is not a KeyBench tool (drop them to time its wall clock)")
      }
      let programs = try parts.map { try executable($0[0]) }
      // Removed on every way out, SIGTERM and Ctrl-C included (the commands are stopped first).
      let scratch = URL(fileURLWithPath: TemporaryFiles.scratch("keybench-time"))
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      defer {
        try? FileManager.default.removeItem(at: scratch)
        TemporaryFiles.unregister(scratch.path)
      }
      struct Sample: Encodable { var time: Double; var work: Double? }
      /// A rate metric (words per second): B's time per unit ÷ A's is A's value ÷ B's.
      var higherIsFaster = false
      func measure(_ side: Int, round: Int) throws -> Sample {
        let command = parts[side]
        let out = scratch.appendingPathComponent("\(side == 0 ? "a" : "b")\(round)").path
        let started = ContinuousClock.now
        let arguments = Array(command.dropFirst()) + (isKeyBenchTool(command[0]) ? ["--out", out] : [])
        let result = try CapturedProcess.run(programs[side], arguments, keyBenchTool: isKeyBenchTool(command[0]))
        let wall = (ContinuousClock.now - started).inSeconds
        guard result.status == 0 else {
          throw CommandFailure("\(side == 0 ? "A" : "B") failed in round \(round) (exit \(result.status)): \(result.standardError.split(separator: "\n").suffix(3).joined(separator: " | "))")
        }
        guard metric != nil || work != nil else { return Sample(time: wall, work: nil) }
        let summary = try SummaryFile(path: out)
        if let metric {
          switch summary.metricKinds[metric.split(separator: ".").last.map(String.init) ?? metric] {
          case .time?: break
          case .rate?: higherIsFaster = true
          case let kind?:
            throw CommandFailure("'\(metric)' is declared a \(kind.rawValue) metric, not a time or a rate: it says nothing about speed")
          case nil:
            throw CommandFailure("'\(metric)' is not declared a time or a rate in \(out)/summary.json (metric_kinds), so which way is faster is unknown")
          }
        }
        if let metric, let concurrent = summary.concurrentTiming, summary.metricKinds[metric.split(separator: ".").last.map(String.init) ?? metric] != .count {
          throw CommandFailure(
            "\(side == 0 ? "A" : "B")'s run says \(concurrent), so its '\(metric)' is no measure of speed; time it with one job (--jobs 1), or leave out --metric to compare wall times")
        }
        func value(_ name: String) throws -> Double {
          guard let number = summary.metrics[name] ?? nil, number.isFinite else {
            throw CommandFailure("\(side == 0 ? "A" : "B")'s summary has no number '\(name)' (it has e.g. \(summary.metrics.keys.sorted().prefix(8).joined(separator: ", ")))")
          }
          return number
        }
        return Sample(time: try metric.map(value) ?? wall, work: try work.map(value))
      }
      let referenceBefore = MachineReference.measure()
      var rounds: [(a: Sample, b: Sample)] = []
      for round in 1...`repeat` {
        // A B, then B A: each side runs first in half the rounds.
        let order = round % 2 == 1 ? [0, 1] : [1, 0]
        var samples: [Int: Sample] = [:]
        for side in order { samples[side] = try measure(side, round: round) }
        rounds.append((samples[0]!, samples[1]!))
        StandardError.print("round \(round)/\(`repeat`): A \(String(format: "%.4g", samples[0]!.time)), B \(String(format: "%.4g", samples[1]!.time))")
      }
      guard rounds.allSatisfy({ $0.a.time > 0 && $0.b.time > 0 }) else {
        throw CommandFailure("a time of 0 cannot be divided by; use a finer --metric")
      }
      func slowdown(_ a: Double, _ b: Double) -> Double { higherIsFaster ? a / b : b / a }
      let ratio = try InterleavedRatio(ratios: rounds.map { slowdown($0.a.time, $0.b.time) })
      let medianA = Percentile.linear(sorted: rounds.map(\.a.time).sorted(), at: 0.5) ?? .nan
      let medianB = Percentile.linear(sorted: rounds.map(\.b.time).sorted(), at: 0.5) ?? .nan
      let ratioOfMedians = slowdown(medianA, medianB)
      let unit = metric.map { higherIsFaster ? "\($0) (a rate: higher is faster)" : $0 } ?? "wall seconds"
      var lines = [
        "| round | A \(unit) | B \(unit) | B's time ÷ A's |" + (work.map { " A \($0) | B \($0) |" } ?? ""),
        "|---:|---:|---:|---:|" + (work == nil ? "" : "---:|---:|"),
      ]
      for (index, r) in rounds.enumerated() {
        var line = "| \(index + 1) | \(String(format: "%.4g", r.a.time)) | \(String(format: "%.4g", r.b.time)) | \(String(format: "%.3f", slowdown(r.a.time, r.b.time))) |"
        if work != nil { line += " \(r.a.work.map { String(format: "%.6g", $0) } ?? "") | \(r.b.work.map { String(format: "%.6g", $0) } ?? "") |" }
        lines.append(line)
      }
      lines += [
        "",
        String(
          format: "B's time ÷ A's: median of the per-round ratios %.3f, %.1f %% interval %.3f – %.3f over %d interleaved rounds (the ratio of the two sides' median times: %.3f).",
          ratio.median, ratio.coverage * 100, ratio.low, ratio.high, `repeat`, ratioOfMedians),
      ]
      if let work, let a = rounds.first?.a.work, let b = rounds.first?.b.work, a > 0 {
        let steady = rounds.allSatisfy { $0.a.work == a && $0.b.work == b }
        lines.append(String(format: "Work (%@): B ÷ A = %.3f%@.", work, b / a, steady ? ", the same in every round" : ", varying between rounds"))
      }
      let referenceAfter = MachineReference.measure()
      lines.append(String(
        format: "Machine reference (SHA-256 of 256 MiB in process, lower is faster): %.3f s before, %.3f s after%@.", referenceBefore, referenceAfter,
        max(referenceBefore, referenceAfter) > 1.15 * min(referenceBefore, referenceAfter) ? " — the machine changed speed during the rounds; interleaving shares the change between A and B, but repeat when the interval is wide" : ""))
      // Instructions retired would be a second witness; say plainly when the machine has none.
      lines.append(
        InstructionCounter.unavailableReason.map { "CPU instruction counts: not available — \($0); judge by the ratio's interval and the work count." }
          ?? "CPU instruction counts are available here (perf_event_open); KeyBench does not collect them yet.")
      var slower = false
      if let maxSlowdown {
        if ratio.low > maxSlowdown {
          slower = true
          lines.append(String(format: "SLOWER: B is slower than A by more than %.2f× beyond doubt (interval from %.3f).", maxSlowdown, ratio.low))
        } else if ratio.high > maxSlowdown {
          lines.append(String(format: "Cannot tell whether B is slower than %.2f×: the interval reaches %.3f. More rounds (--repeat) narrow it.", maxSlowdown, ratio.high))
        } else {
          lines.append(String(format: "Within %.2f×.", maxSlowdown))
        }
      }
      print(lines.joined(separator: "\n"))
      if let json {
        struct Record: Encodable {
          var metric: String
          var higherIsFaster: Bool
          var ratio: InterleavedRatio
          var ratioOfMedians: Double
          var rounds: [[String: Sample]]
          enum CodingKeys: String, CodingKey {
            case metric, ratio, rounds
            case higherIsFaster = "higher_is_faster", ratioOfMedians = "ratio_of_medians"
          }
        }
        let record = Record(
          metric: metric ?? "wall_seconds", higherIsFaster: higherIsFaster, ratio: ratio, ratioOfMedians: ratioOfMedians,
          rounds: rounds.map { ["a": $0.a, "b": $0.b] })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFileWriter.write(String(decoding: try encoder.encode(record), as: UTF8.self) + "\n", to: json)
      }
      if slower { throw ExitCode(1) }
    }
  }
}
