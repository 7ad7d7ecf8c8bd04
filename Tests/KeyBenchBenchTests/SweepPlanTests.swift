import KeyBenchBench
import Testing

@Suite struct SweepPlanTests {
  @Test func parsesListsRangesAndBooleans() throws {
    let list = try SweepPlan.Parameter(parsing: "filters.length.a=0.5,0.75,1")
    #expect(list.name == "filters.length.a")
    #expect(list.values == [.number(0.5), .number(0.75), .number(1)])
    // Steps of 0.1 land on tidy values, the end included.
    let range = try SweepPlan.Parameter(parsing: "dtw.locality=0.1:0.5:0.1")
    #expect(range.values.map(\.description) == ["0.1", "0.2", "0.3", "0.4", "0.5"])
    #expect(try SweepPlan.Parameter(parsing: "dtw.prefixCache=true,false").values == [.bool(true), .bool(false)])
    // The suite grid's limit and message (one range parser, NumericRange): 1,000 values at most.
    #expect(try SweepPlan.Parameter(parsing: "a=1:1000:1").values.count == 1000)
    let tooMany = try #require(throws: SweepError.self) { try SweepPlan.Parameter(parsing: "a=0:1000:1") }
    #expect("\(tooMany)".contains("parameter 'a': '0:1000:1' gives 1001 values; a range gives at most 1,000 values"), "\(tooMany)")
    for bad in ["=1", "a", "a=1:2", "a=2:1:1", "a=1:2:0", "a=x", "a=1,1"] {
      #expect(throws: SweepError.self, "\(bad)") { try SweepPlan.Parameter(parsing: bad) }
    }
  }

  @Test func gridIndicesAreStableAcrossRandomSamplesAndShards() throws {
    let plan = try SweepPlan(parameters: [
      .init(parsing: "a=1,2,3"), .init(parsing: "b=true,false"), .init(parsing: "c=0:3:1"),
    ])
    #expect(plan.gridSize == 24)
    #expect(plan.configuration(at: 0).values.map(\.description) == ["1", "true", "0"])
    #expect(plan.configuration(at: 23).values.map(\.description) == ["3", "false", "3"])
    #expect(plan.configuration(at: 5).id == "c0005")
    let all = plan.configurations()
    #expect(all.count == 24)
    // Shards are disjoint and together the whole selection.
    let shards = (1...3).map { plan.configurations(shard: ($0, 3)) }
    #expect(shards.map(\.count) == [8, 8, 8])
    #expect(Set(shards.flatMap { $0.map(\.index) }) == Set(0..<24))
    // A random sample is reproducible by seed, differs across seeds, and keeps grid ids.
    let sample = plan.configurations(random: 5, seed: 9)
    #expect(sample == plan.configurations(random: 5, seed: 9))
    #expect(sample != plan.configurations(random: 5, seed: 10))
    #expect(sample.allSatisfy { plan.configuration(at: $0.index) == $0 })
  }

  @Test func paretoFrontierAndShardMerge() throws {
    var table = SweepTable(parameters: ["p"], metrics: ["top1", "decode_ms_median"])
    table.rows = [
      .init(config: "c0000", values: ["1"], metrics: [0.70, 2.0]),
      .init(config: "c0001", values: ["2"], metrics: [0.75, 3.0]),
      .init(config: "c0002", values: ["3"], metrics: [0.72, 4.0]),  // beaten by c0001
      .init(config: "c0003", values: ["4"], metrics: [0.80, 9.0]),
      .init(config: "c0004", values: ["5"], metrics: [nil, 1.0]),  // incomplete: never on it
    ]
    // Without intervals a point is its own interval: c0001 is more accurate than c0000 and not
    // clearly slower (3 ms is not beyond 1.5 × 2 ms), so c0000 leaves; c0003 stays, being more
    // accurate than c0001 while c0001 is clearly faster (3 × 1.5 < 9).
    #expect(try table.paretoConfigs(objective: "top1", cost: "decode_ms_median") == ["c0001", "c0003"])
    // With intervals of ±6 points they all overlap: a more accurate point no longer pushes c0000
    // out, and c0002 and c0003 leave, for c0000 is clearly faster (2 × 1.5 < 4, < 9) and not
    // clearly less accurate.
    var withIntervals = SweepTable(parameters: ["p"], metrics: ["top1", "top1_low", "top1_high", "decode_ms_median"])
    withIntervals.rows = table.rows.map { row in
      let value = row.metrics[0]
      return .init(config: row.config, values: row.values, metrics: [value, value.map { $0 - 0.06 }, value.map { $0 + 0.06 }, row.metrics[1]])
    }
    #expect(try withIntervals.paretoConfigs(objective: "top1", cost: "decode_ms_median") == ["c0000", "c0001"])
    var a = table
    a.rows = Array(table.rows.prefix(2))
    var b = table
    b.rows = Array(table.rows.suffix(4))
    #expect(try SweepTable.merge([("a.csv", a), ("b.csv", b)]) == table)
    // The same configuration in two shards must have been measured alike.
    b.rows[0].metrics[0] = 0.5
    b.rows[0].line = 4
    let conflict = try #require(throws: SweepError.self) { try SweepTable.merge([("a.csv", a), ("b.csv", b)]) }
    #expect(conflict.description.hasPrefix("b.csv:4: c0001 is also on a.csv with other values"), "\(conflict)")
  }

  /// One check for a resumed journal and a merged shard: every row a configuration of the grid
  /// with the grid's values, none twice, named by file and line.
  @Test func rowsAreCheckedAgainstTheGrid() throws {
    let plan = try SweepPlan(parameters: [.init(parsing: "a=1,2"), .init(parsing: "b=true,false")])
    func table(_ rows: [(String, [String])]) -> SweepTable {
      SweepTable(
        parameters: ["a", "b"], metrics: ["top1"],
        rows: rows.enumerated().map { .init(config: $1.0, values: $1.1, metrics: [0.5], line: $0 + 2) })
    }
    try plan.check(table([("c0000", ["1", "true"]), ("c0003", ["2", "false"])]), path: "j.csv", remedy: "fix it")
    for (rows, message) in [
      ([("c0000", ["1", "true"]), ("c0004", ["1", "true"])], "j.csv:3: 'c0004' is no configuration of this sweep's grid (c0000…c0003); fix it"),
      ([("c0001", ["1", "true"])], "j.csv:2: c0001 has other values than this sweep's grid gives it; fix it"),
      ([("c0001", ["1", "false"]), ("c0001", ["1", "false"])], "j.csv:3: c0001 is already on line 2; remove one of the lines or fix it"),
      ([("x", ["1", "false"])], "j.csv:2: 'x' is no configuration"),
    ] {
      let error = try #require(throws: SweepError.self) { try plan.check(table(rows), path: "j.csv", remedy: "fix it") }
      #expect(error.description.hasPrefix(message), "\(error)")
    }
    let other = SweepTable(parameters: ["a"], metrics: ["top1"])
    let columns = try #require(throws: SweepError.self) { try plan.check(other, path: "j.csv", remedy: "fix it") }
    #expect(columns.description == "j.csv holds a sweep over a, not a, b; fix it")
  }
}
