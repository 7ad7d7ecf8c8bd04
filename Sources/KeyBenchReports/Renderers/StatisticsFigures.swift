import Foundation
import KeyBenchCore
import KeyBenchResults

/// "How sure these numbers are": every metric a run declares for its rows, per algorithm, with
/// its 95 % interval (cluster-robust t) as an error bar, and the spread of accuracy across groups
/// (users) where the run reports it. Drawn for any benchmark that writes `statistics`.
enum StatisticsFigures {
  static func section(for folders: [RunFolder], colors: SeriesColors) -> Section? {
    var content: [Node] = []
    for folder in folders {
      guard let statistics = folder.statistics, !statistics.metrics.isEmpty, case .run(let bench) = folder.kind else { continue }
      // Each algorithm in the colour its run's other charts give it.
      func color(_ algorithm: String) -> String { colors.color(bench: bench, run: folder.path, algorithm: algorithm) }
      let prefix = folders.count > 1 ? "\(folder.name): " : ""
      let fractions = statistics.metrics.filter { $0.unit == "fraction" }
      // Metrics no algorithm could compute (no correctly typed word for false corrections) are left out.
      let metrics = fractions.filter { $0.value != nil }.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      let algorithms = fractions.map(\.algorithm).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      if !metrics.isEmpty {
        let series = algorithms.map { algorithm in
          let estimates = metrics.map { name in fractions.first { $0.algorithm == algorithm && $0.name == name } }
          return BarChart.Series(
            name: algorithm, values: estimates.map { $0?.value.map { $0 * 100 } },
            errors: estimates.map { e in e.flatMap { e in e.low.flatMap { low in e.high.map { (low * 100)...($0 * 100) } } } },
            color: color(algorithm))
        }
        let chart = BarChart.svg(
          title: "\(prefix)Metrics with 95 % intervals", categories: metrics, series: series, yTitle: "% (whiskers: 95 % interval)", xTitle: "metric")
        content.append(Blocks.figure(chart, caption:
          "Each bar is a metric of one algorithm; the whisker is its 95 % interval over \(statistics.group)s (cluster-robust t: CR3 variance, \(statistics.group)s − 1 degrees of freedom). Bars whose whiskers overlap may still differ: keybench-report compare tests the paired difference."))
      }
      if !statistics.spread.isEmpty {
        let labels = ["worst", "10th percentile", "median", "best"]
        let series = statistics.spread.map { s in
          BarChart.Series(name: s.algorithm, values: [s.worst, s.p10, s.median, s.best].map { $0 * 100 }, color: color(s.algorithm))
        }
        let metric = statistics.spread[0].metric
        let chart = BarChart.svg(
          title: "\(prefix)\(metric) per \(statistics.group)", categories: labels, series: series, yTitle: "% \(metric) of one \(statistics.group)",
          xTitle: "\(statistics.group)s ranked by their own \(metric)")
        content.append(Blocks.figure(chart, caption:
          "How the accuracy of single \(statistics.group)s is spread (\(statistics.group)s with at least \(statistics.spread[0].minimumItems) items): the average hides \(statistics.group)s for whom the algorithm works much worse."))
      }
    }
    return content.isEmpty ? nil : Section(title: "How sure these numbers are", content: content)
  }
}
