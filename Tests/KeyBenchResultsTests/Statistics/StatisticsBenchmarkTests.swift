import Foundation
import KeyBenchResults
import Testing

@Suite struct StatisticsBenchmarkTests {
  @Test func smallRunWritesEverySection() throws {
    var configuration = StatisticsBenchmark.Configuration()
    configuration.timingItems = 600
    configuration.timingGroups = 20
    configuration.timingResamples = 50
    configuration.timingRepetitions = 2
    configuration.dataSets = 8
    configuration.resamples = 50
    let report = try StatisticsBenchmark.report(seed: 3, configuration: configuration)
    for heading in ["## Speed", "## Coverage of the true rate", "## Rejection rate under a true null"] {
      #expect(report.contains(heading))
    }
    #expect(report.contains("600 items (hit or miss) in 20 groups, 50 resamples"))
    #expect(report.contains("| clustered, spread 0.20 | cluster bootstrap (percentile) | "))
    #expect(report.contains("| per-group gaps, mean 0 | McNemar exact | "))
    #expect(report.components(separatedBy: "/8 |").count - 1 == 8)
  }
}
