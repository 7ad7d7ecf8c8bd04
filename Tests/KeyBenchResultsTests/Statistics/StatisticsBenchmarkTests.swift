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
    configuration.groupCounts = [5, 20]
    configuration.gateDataSets = 4
    configuration.gateItems = [60]
    configuration.gateGroups = [5, 12]
    let report = try StatisticsBenchmark.report(seed: 3, configuration: configuration)
    for heading in ["## Speed", "## Coverage of the true rate by number of groups", "## Rejection rate under a true null", "## The gate on simulated runs"] {
      #expect(report.contains(heading))
    }
    #expect(!report.contains("## Real users"), "no real section without real rows")
    #expect(report.contains("600 items (hit or miss) in 20 groups, 50 resamples"))
    // Two group counts in each of the two tables, then the gate's rows: 5 users give no verdict.
    #expect(report.contains("| 60 | 5 | 0.000 "))
    #expect(report.contains("no verdict (< 10 users)"))
    #expect(report.contains("\n| 20 | "))
  }
}
