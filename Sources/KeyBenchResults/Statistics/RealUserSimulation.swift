import KeyBenchCore

/// Coverage and null rejection on real users: draw G users without replacement from a real
/// run's rows (e.g. seed000 on every shared How We Swipe user), so the between-user spread,
/// the users' sizes and the items' ranks are real, and the truth is the whole population's value.
///
/// The null pairs each drawn item with itself: two runs of one version that each swap ranks 1
/// and 2 of a share `noise` of the items, as tie order does — a real-data "nothing changed".
public struct RealUserSimulation: Sendable {
  /// Per user, the ranks of its items (nil: not found).
  public let users: [[Int?]]
  /// Top-1 over every user's items: the truth the drawn samples estimate.
  public let truth: Double

  /// - Throws: ``StatisticsError`` when `algorithm` has fewer than 10 users in `table`.
  public init(table: ResultTable, algorithm: String) throws {
    var ranks: [String: [Int?]] = [:]
    for index in table.indices(of: algorithm) { ranks[table.rows[index].group, default: []].append(table.rows[index].rank) }
    users = ranks.keys.sorted().map { ranks[$0] ?? [] }
    guard users.count >= 10 else { throw StatisticsError.countOutOfRange(name: "users of \(algorithm)", value: users.count, expected: 10...Int.max) }
    let items = users.reduce(0) { $0 + $1.count }
    truth = Double(users.reduce(0) { $0 + $1.filter { $0 == 1 }.count }) / Double(items)
  }

  public struct Result: Sendable, Equatable {
    public var groups: Int
    public var dataSets: Int
    public var clusterTCovered = 0
    public var bootstrapCovered = 0
    public var verdictRejected = 0
    public var bootstrapRejected = 0
    public var meanItems = 0.0
  }

  /// `dataSets` draws of `groups` users; the bootstrap with `resamples` resamples beside the cluster t.
  public func run(groups: Int, dataSets: Int, resamples: Int, noise: Double = 0.02, alpha: Double = 0.05, seed: UInt64) throws -> Result {
    try Check.count(groups, name: "groups", in: 2...users.count)
    try Check.count(dataSets, name: "data sets", in: 1...1_000_000)
    let metric = RowMetric(name: "top1", higherIsBetter: true, description: "", score: .rankAtMost(1))
    var result = Result(groups: groups, dataSets: dataSets)
    for index in 0..<dataSets {
      var generator = SeededGenerator(seed: DerivedSeed.make(seed, index: index, stream: 21))
      var pool = Array(users.indices)
      var names: [String] = [], hits: [Bool] = [], a: [Double] = [], b: [Double] = []
      for _ in 0..<groups {
        let user = pool.remove(at: generator.index(below: pool.count))
        for rank in users[user] {
          names.append("u\(user)")
          hits.append(rank == 1)
          a.append(GateSimulation.topOne(rank: rank, noise: noise, generator: &generator))
          b.append(GateSimulation.topOne(rank: rank, noise: noise, generator: &generator))
        }
      }
      result.meanItems += Double(names.count) / Double(dataSets)
      let sample = try ClusteredRatio(groups: names, hits: hits)
      if let interval = try ClusterRobustT.estimate(sample, binary: true)?.interval, interval.contains(truth) { result.clusterTCovered += 1 }
      let bootstrapSeed = DerivedSeed.make(seed, index: index, stream: 22)
      if let interval = try ClusterBootstrap.interval(sample, resamples: resamples, seed: bootstrapSeed), interval.contains(truth) {
        result.bootstrapCovered += 1
      }
      let ones = [Double](repeating: 1, count: names.count)
      let verdict = try PairedComparison.compare(
        metric, a: "A", b: "B", groups: names, numeratorsA: a, denominatorsA: ones, numeratorsB: b, denominatorsB: ones)
      if let p = verdict.p, p <= alpha { result.verdictRejected += 1 }
      let pair = try PairedRatios(groups: names, numeratorsA: a, denominatorsA: ones, numeratorsB: b, denominatorsB: ones)
      if pair.difference != 0, try PairedBootstrap.compare(pair, resamples: resamples, seed: bootstrapSeed).pValue <= alpha {
        result.bootstrapRejected += 1
      }
    }
    return result
  }
}
