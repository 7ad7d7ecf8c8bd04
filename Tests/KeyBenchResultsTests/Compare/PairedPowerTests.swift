import Foundation
import KeyBenchResults
import Testing

/// The one power model of the gate, compare and `power` (references from scipy's t quantiles).
@Suite struct PairedPowerTests {
  /// Two identical runs of 100 items in 20 groups: δ = a/(1 + a), a = K²/n, K = t.975(19) + t.8(19).
  @Test func identicalRunsDetectKSquaredOverN() throws {
    let model = try PairedPower()
    let k = try #require(model.multiplier(groups: 20))
    #expect(abs(k - 2.9539746046772373) < 1e-9)
    let detectable = try #require(model.detectable(items: 100, groups: 20, pairedStandardError: 0, binary: true))
    #expect(abs(detectable - 0.08025650439271108) < 1e-9)
  }

  /// Noise between the runs and a Holm family of two make the drop larger:
  /// δ = (a + √(a² + 4(1 + a)K²SE₀²))/(2(1 + a)), a = K²/n, K = t(1 − 0.05/4; 59) + t(0.8; 59).
  @Test func noiseAndTheFamilyRaiseTheDetectableDrop() throws {
    let model = try PairedPower(family: 2)
    let detectable = try #require(model.detectable(items: 300, groups: 60, pairedStandardError: 0.01, binary: true))
    #expect(abs(detectable - 0.05083970571222508) < 1e-9)
    let alone = try #require(try PairedPower().detectable(items: 300, groups: 60, pairedStandardError: 0.01, binary: true))
    #expect(alone < detectable)
  }

  @Test func noStatementBelowTenGroups() throws {
    let model = try PairedPower()
    #expect(model.detectable(items: 500, groups: 9, pairedStandardError: 0, binary: true) == nil)
    #expect(model.detectable(items: 500, groups: 10, pairedStandardError: 0, binary: true) != nil)
  }

  @Test func plansNeverAskForFewerThanTenGroupsAndGrowWithNoise() throws {
    let model = try PairedPower()
    let quiet = try #require(model.needed(effect: 0.02, discordant: 0, itemsPerGroup: 50))
    let noisy = try #require(model.needed(effect: 0.02, discordant: 0.02, itemsPerGroup: 50))
    #expect(quiet.groups >= 10 && noisy.groups >= quiet.groups)
    #expect(noisy.items > quiet.items)
    // The plan detects what it promises: at its own size the stated drop is at most the effect.
    let k = try #require(model.multiplier(groups: noisy.groups))
    #expect(k * k * (0.02 + 0.02) / 0.0004 <= Double(noisy.items) + 1)
  }

  @Test func settingsOutsideTheirRangesAreRefused() {
    #expect(throws: StatisticsError.self) { try PairedPower(power: 0.3) }
    #expect(throws: StatisticsError.self) { try PairedPower(alpha: 0) }
    #expect(throws: StatisticsError.self) { try PairedPower(family: 0) }
  }

  /// The statement holds on simulated runs (the full table is in Reports/benchmarks/statistics.md):
  /// noise alone rarely fails the gate, a drop of the stated size is found about 80 % of the time,
  /// and fewer than ten users give no verdict at all.
  @Test func theGatesStatementHoldsOnSimulatedRuns() throws {
    let cell = try GateSimulation.cell(items: 600, groups: 30, dataSets: 150, seed: 4)
    let stated = try #require(cell.stated)
    #expect(stated > 0.01 && stated < 0.1)
    let detected = Double(cell.detectedAtStated) / Double(cell.dataSets)
    #expect((0.62...0.95).contains(detected), "detected \(detected) at stated \(stated)")
    #expect(Double(cell.falseFails) / Double(cell.dataSets) <= 0.08)
    let few = try GateSimulation.cell(items: 300, groups: 5, dataSets: 30, seed: 4)
    #expect(few.stated == nil && few.falseFails == 0 && few.dropFails == 0)
  }
}
