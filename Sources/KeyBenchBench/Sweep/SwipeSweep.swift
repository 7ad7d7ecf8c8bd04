public import KeyBenchCore
public import KeyBenchResults
public import KeyBenchSwipe

/// Sweeping the swipe decoder: a configuration's values merged into the base decoder config
/// by dotted path, the prepared corpus decoded, its run folder written (what `keybench-run
/// swipe` writes, so compare, gate and leaderboard read it), and the figures a sweep row records.
public struct SwipeSweep {
  public var benchmark: SwipeBenchmark
  public var prepared: SwipeBenchmark.Prepared
  public var plan: SweepPlan
  /// What each configuration's run folder records as its origin (the sweep's inputs).
  public var provenance: Provenance
  public var corpus: String
  public var jobs: Int

  public init(benchmark: SwipeBenchmark, prepared: SwipeBenchmark.Prepared, plan: SweepPlan, provenance: Provenance, corpus: String, jobs: Int = 1) {
    self.benchmark = benchmark
    self.prepared = prepared
    self.plan = plan
    self.provenance = provenance
    self.corpus = corpus
    self.jobs = jobs
  }

  /// The decoder's name in every configuration's results.csv: one name, so two configurations'
  /// folders compare with `keybench-report compare` without naming algorithms.
  public static let algorithm = "seed000"

  /// The sweep's objective computed from rows: top-1, top-k or the weighted rank score; nil for a
  /// figure that has no per-item rows.
  public func objectiveMetric(_ name: String) -> RowMetric? {
    SwipeReport.rowMetrics(top: benchmark.top).first { $0.name == name && $0.filter == nil }
  }

  /// The row's metric columns: accuracy (top-1 with its 95 % cluster-robust t interval over
  /// users, so the frontier can tell real gains from noise), latency, and per filter its recall
  /// and kept share.
  public var metrics: [String] {
    let filters = ["start_point", "start_direction", "end_point", "length"]
    return ["top1", "top1_low", "top1_high", "top\(benchmark.top)", "mrr", "decode_ms_median", "decode_ms_p99"]
      + filters.flatMap { ["filters.\($0).recall", "filters.\($0).kept_median"] }
  }

  /// The decoder config of `configuration`; a name the config does not have is an error.
  public func config(for configuration: SweepPlan.Configuration) throws -> DTWDecoderConfig {
    var config = benchmark.config
    for (parameter, value) in zip(plan.parameters, configuration.values) {
      do {
        config = try JSONConfig.setting(parameter.name, to: value.json, in: config)
      } catch {
        throw SweepError("parameter \(parameter.name)=\(value): \(error)")
      }
    }
    return config
  }

  /// Checks every value of every parameter on the base config before any work (an unknown name
  /// or an out-of-range value fails here, naming it); combinations that break a rule between
  /// fields (`filters.length.b` below `.a`) fail when their row runs.
  public static func checkValues(_ plan: SweepPlan, over base: DTWDecoderConfig) throws {
    for parameter in plan.parameters {
      for value in parameter.values {
        do {
          _ = try JSONConfig.setting(parameter.name, to: value.json, in: base)
        } catch {
          throw SweepError("parameter \(parameter.name)=\(value): \(error)")
        }
      }
    }
  }

  /// Decodes the corpus with `configuration`, writes its run folder to `folder` and returns the
  /// row's metric values.
  public func evaluate(_ configuration: SweepPlan.Configuration, folder: String) throws -> [Double?] {
    var benchmark = self.benchmark
    let config = try config(for: configuration)
    benchmark.config = config
    let run = try benchmark.run(prepared, jobs: jobs)
    let summary = SwipeSummary(results: run.results, lexiconSize: run.lexiconSize, top: benchmark.top)
    var provenance = provenance
    provenance.jobs = jobs
    provenance.timing = SwipeBenchmark.timing(jobs: jobs)
    var report = SwipeReport(
      run: run, summary: summary, config: config, corpus: corpus, lexicon: benchmark.lexicon.name, provenance: provenance,
      settings: ["add_missing_targets": .bool(benchmark.addMissingTargets), "sweep_config": JSONValue(configuration.id)])
    report.mainName = Self.algorithm
    let statistics = try report.write(to: folder)
    var values: [String: Double] = [
      "top1": summary.top1, "top\(benchmark.top)": summary.topK, "mrr": summary.mrr,
      "decode_ms_median": summary.decodeMs.median, "decode_ms_p99": summary.decodeMs.quantile(0.99),
    ]
    // The interval the run folder records for top-1 (cluster-robust t over users).
    if let estimate = statistics.estimate("top1", of: Self.algorithm), let low = estimate.low, let high = estimate.high {
      values["top1_low"] = low
      values["top1_high"] = high
    }
    for stage in summary.stages {
      let name = SwipeReport.snake(stage.name)
      values["filters.\(name).recall"] = stage.recall
      values["filters.\(name).kept_median"] = stage.keptMedian
    }
    return metrics.map { values[$0].flatMap { $0.isFinite ? $0 : nil } }
  }
}
