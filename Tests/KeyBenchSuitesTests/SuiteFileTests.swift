import Foundation
@testable import KeyBenchSuites
import KeyBenchTestSupport
import KeyBenchCore
import Testing

/// Suite files as a user writes them: every mistake named by file, entry and field.
@Suite struct SuiteFileTests {
  func load(_ text: String, name: String = "s.json", in dir: TemporaryDirectory? = nil) throws -> SuiteFile {
    let dir = try dir ?? TemporaryDirectory()
    return try SuiteFile.load(path: try dir.write(name, text: text))
  }

  func problem(_ text: String) throws -> String {
    let error = try #require(throws: SuiteFile.Problem.self) { try load(text) }
    return error.description
  }

  @Test func readsStepsRunsAndGrids() throws {
    let suite = try load("""
      {"keybench_suite": 1, "name": "demo",
       "steps": [{"name": "pairs", "tool": "keybench-typos", "args": ["import", "norvig", "x.txt"], "output": "pairs.tsv"}],
       "runs": [{"name": "kb", "bench": "correct", "args": {"lexicon": "en_US", "pairs": "${step:pairs}", "keyboard-config": {"priorWeight": 0.5}},
                 "grid": {"keyboard-config.priorWeight": "0.3:0.5:0.1", "suggestions": [3, 4]}}]}
      """)
    #expect(suite.name == "demo")
    #expect(suite.steps.map(\.output) == ["pairs.tsv"])
    let grid = try #require(suite.runs.first?.grid)
    #expect(grid.map(\.key) == ["keyboard-config.priorWeight", "suggestions"])
    #expect(grid[0].values.map(\.number) == [0.3, 0.4, 0.5])
  }

  @Test func unknownKeysAreErrorsWithASuggestion() throws {
    #expect(try problem(#"{"keybench_suite": 1, "runz": []}"#) == #"s.json: unknown key "runz" (did you mean "runs"?)"#)
    let bench = try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swype"}]}"#)
    #expect(bench == #"s.json: runs[0] "a".bench: unknown benchmark 'swype'; choose swipe, correct, predict, touch, gesture, photos, keyboard (did you mean "swipe"?)"#)
    let field = try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe", "gird": {}}]}"#)
    #expect(field == #"s.json: runs[0]: unknown key "gird" (did you mean "grid"?)"#)
  }

  @Test func badValuesNameTheirField() throws {
    #expect(try problem(#"{"runs": []}"#).contains("\"keybench_suite\" (the format version, 1) is missing"))
    #expect(try problem(#"{"keybench_suite": 2, "runs": []}"#).contains("format version 2"))
    #expect(try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe", "grid": {"top": "5:1:1"}}]}"#)
      .contains(#"runs[0] "a".grid.top: '5:1:1' is not LO:HI:STEP"#))
    #expect(try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe", "grid": {"top": "0:1e9:1"}}]}"#)
      .contains("at most 1,000 values"))
    #expect(try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe", "args": {"out": "x"}}]}"#)
      .contains("args.out: leave out"))
    #expect(try problem(#"{"keybench_suite": 1, "runs": [{"name": "a b", "bench": "swipe"}]}"#).contains("the name 'a b'"))
    #expect(try problem(#"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe"}, {"name": "a", "bench": "touch"}]}"#)
      .contains("the name 'a' is used twice"))
    #expect(try problem("{\"keybench_suite\": 1,\n \"runs\": [{\"name\": \"a\" \"bench\": \"swipe\"}]}").contains("s.json:2: invalid JSON"))
    // One strict JSON layer: a duplicate key or a trailing comma is refused with its line, where
    // Foundation alone would keep the last duplicate and accept the comma.
    #expect(try problem("{\"keybench_suite\": 1,\n \"name\": \"a\",\n \"name\": \"b\",\n \"runs\": []}").contains("s.json:3: invalid JSON: key 'name' appears twice"))
    #expect(try problem("{\"keybench_suite\": 1,\n \"runs\": [{\"name\": \"a\", \"bench\": \"swipe\"},\n ]}").contains("s.json:3: invalid JSON"))
  }

  /// A duplicate key anywhere in a suite, nested in a run's options too, is refused by the strict
  /// parser with the file and line of both, before any of the suite is used.
  @Test func duplicateKeysInRunOptionsNameTheirLines() throws {
    let text = "{\"keybench_suite\": 1,\n \"runs\": [{\"name\": \"a\", \"bench\": \"swipe\",\n  \"args\": {\"config\": {\"threads\": 1,\n   \"threads\": 2}}}]}"
    // The message names the file by the path it was given (here a temporary folder's).
    #expect(try problem(text).hasSuffix("/s.json:4: invalid JSON: key 'threads' appears twice in one object (first on line 3)"))
    let grid = "{\"keybench_suite\": 1,\n \"runs\": [{\"name\": \"a\", \"bench\": \"swipe\",\n  \"grid\": {\"top\": [1, 2],\n   \"top\": [3]}}]}"
    #expect(try problem(grid).hasSuffix("/s.json:4: invalid JSON: key 'top' appears twice in one object (first on line 3)"))
  }

  /// Numbers reach command lines, grid names and config files as written: a 64-bit seed exactly
  /// (not rounded through a Double), whole numbers without a fraction, `true` as a flag.
  @Test func numbersKeepTheirValueOnTheWayToCommands() throws {
    let suite = try load("""
      {"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe",
       "args": {"sample-seed": 18446744073709551615, "top": 3.0, "add-missing-targets": true, "config": {"filters": {"length": {"a": 0.5, "c": 2.0}}, "threads": 1}},
       "grid": {"bootstrap-seed": [9007199254740993, 1e20, 0.25], "config.filters.length.b": [1, 1.5]}}]}
      """)
    let run = try #require(suite.runs.first)
    #expect(run.options["sample-seed"]?.exactInteger?.uint64 == UInt64.max)
    #expect(SuitePlan.display(run.options["sample-seed"]!) == "18446744073709551615")
    #expect(SuitePlan.display(run.options["top"]!) == "3" && SuitePlan.display(run.options["add-missing-targets"]!) == "true")
    #expect(run.grid[0].values.map(SuitePlan.display) == ["9007199254740993", "1e+20", "0.25"])
    let config = try #require(run.options["config"])
    #expect(try config.setting(["filters", "length", "b"], to: run.grid[1].values[1]).canonicalText() == #"{"filters":{"length":{"a":0.5,"b":1.5,"c":2}},"threads":1}"#)
  }

  /// A `{"$base": FILE}` configuration file is read by the same strict parser as the suite.
  @Test func baseFilesRefuseDuplicateKeysAndTrailingCommasWithTheirLine() throws {
    let dir = try TemporaryDirectory()
    let merged = try SuitePlan.based(["$base": .string(try dir.write("ok.json", text: #"{"a": 1, "b": {"c": 2}}"#)), "a": 3], at: "runs[0].args.config", folder: dir.url) { $0 }
    #expect(merged == ["a": 3, "b": ["c": 2]])
    for (name, text, expected) in [
      ("dup.json", "{\n\"a\": 1,\n\"a\": 2}", "dup.json:3: invalid JSON: key 'a' appears twice in one object (first on line 2)"),
      ("comma.json", "{\"a\": [1, 2,\n]}", "comma.json:2: invalid JSON: unexpected ']' where a value was expected"),
    ] {
      let file = try dir.write(name, text: text)
      let error = try #require(throws: SuiteFile.Problem.self) { try SuitePlan.based(["$base": .string(file)], at: "runs[0].args.config", folder: dir.url) { $0 } }
      #expect(error.description.hasPrefix("runs[0].args.config.$base: ") && error.description.hasSuffix(expected), "\(error)")
    }
  }

  @Test func includesTakeTheirRunsAndRefuseCycles() throws {
    let dir = try TemporaryDirectory()
    _ = try dir.write("full.json", text: #"{"keybench_suite": 1, "runs": [{"name": "one", "bench": "swipe"}, {"name": "two", "bench": "touch"}]}"#)
    let small = try load(#"{"keybench_suite": 1, "include": [{"suite": "full.json", "only": ["t*"]}]}"#, in: dir)
    #expect(small.runs.map(\.name) == ["two"])
    _ = try dir.write("loop.json", text: #"{"keybench_suite": 1, "include": ["loop.json"], "runs": [{"name": "x", "bench": "swipe"}]}"#)
    let error = try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: dir.path("loop.json")) }
    #expect(error.description.contains("includes itself"))
  }

  /// Every path in a file is read from that file's folder: an included suite's runs and steps
  /// keep their own folder (where their commands run), wherever the including suite is; an
  /// include may be absolute; a cycle through an absolute path is still a cycle.
  @Test func includedSuitesReadPathsFromTheirOwnFolder() throws {
    let dir = try TemporaryDirectory()
    let sub = dir.url.appendingPathComponent("sub/deeper")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    _ = try dir.write(
      "sub/deeper/inner.json",
      text: #"{"keybench_suite": 1, "steps": [{"name": "p", "tool": "keybench-typos", "args": ["import", "norvig", "x.txt"], "output": "p.tsv"}], "runs": [{"name": "inner", "bench": "touch"}]}"#)
    _ = try dir.write("sub/middle.json", text: #"{"keybench_suite": 1, "include": ["deeper/inner.json"], "runs": [{"name": "middle", "bench": "swipe"}]}"#)
    let top = try load(#"{"keybench_suite": 1, "include": ["sub/middle.json"], "runs": [{"name": "top", "bench": "gesture"}]}"#, in: dir)
    let folders = Dictionary(uniqueKeysWithValues: top.runs.map { ($0.name, $0.folder.path) })
    #expect(folders == ["inner": sub.path, "middle": dir.url.appendingPathComponent("sub").path, "top": dir.url.standardizedFileURL.path])
    #expect(top.steps.map(\.folder.path) == [sub.path])
    #expect(top.files.count == 3)
    let absolute = try load(#"{"keybench_suite": 1, "include": ["\#(dir.path("sub/middle.json"))"]}"#, name: "abs.json", in: dir)
    #expect(absolute.runs.map(\.name) == ["inner", "middle"])
    _ = try dir.write("loop.json", text: #"{"keybench_suite": 1, "include": ["\#(dir.path("loop.json"))"], "runs": [{"name": "x", "bench": "swipe"}]}"#)
    #expect(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: dir.path("loop.json")) }
    // `$base` files are read from the folder of the file naming them too.
    _ = try dir.write("sub/deeper/base.json", text: #"{"a": 1}"#)
    let based = try SuitePlan.based(["$base": "base.json", "b": 2], at: "runs[0].args.config", folder: sub) { $0 }
    #expect(based == ["a": 1, "b": 2])
  }

  /// plan.json, which keybench-suite writes, is read back strictly: items as written, and a
  /// damaged plan (here a duplicate key) refused as a whole rather than read in part.
  @Test func plansAreReadBackStrictly() throws {
    let dir = try TemporaryDirectory()
    let key = String(repeating: "ab", count: 32)
    for name in ["good", "twice", "words"] {
      try FileManager.default.createDirectory(at: dir.url.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    let item = #"{"kind": "run", "name": "a[top=2]#2", "entry": "a", "tool": "keybench-run", "bench": "swipe", "arguments": ["swipe", "--top", "2"], "key": "\#(key)", "round": 2, "folder": "/x"}"#
    _ = try dir.write("good/plan.json", text: #"{"keybench_suite_plan": 1, "suite": "s", "items": [\#(item)], "figures": [{"page": "p"}]}"#)
    let output = try SuiteOutput(folder: dir.url.appendingPathComponent("good"))
    #expect(output.suite == "s" && output.figures == [["page": "p"]])
    let read = try #require(output.items.first)
    #expect(read.name == "a[top=2]#2" && read.entry == "a" && read.bench == "swipe" && read.arguments == ["swipe", "--top", "2"])
    #expect(read.key == key && read.round == 2 && read.folder.path == "/x" && read.kind == .run)
    _ = try dir.write("twice/plan.json", text: #"{"keybench_suite_plan": 1, "suite": "s", "suite": "t", "items": [\#(item)]}"#)
    let error = try #require(throws: SuiteFile.Problem.self) { try SuiteOutput(folder: dir.url.appendingPathComponent("twice")) }
    #expect(error.description.hasSuffix("twice/plan.json: not a keybench-suite plan (version 1)"))
    _ = try dir.write("words/plan.json", text: #"{"keybench_suite_plan": 1, "items": [{"kind": "run", "name": "a", "tool": "keybench-run", "arguments": ["swipe", 2], "key": "\#(key)"}]}"#)
    let bad = try #require(throws: SuiteFile.Problem.self) { try SuiteOutput(folder: dir.url.appendingPathComponent("words")) }
    #expect(bad.description.hasSuffix("words/plan.json: item 0 is malformed"))
  }

  @Test func theShippedSuitesParse() throws {
    let folder = TestPaths.repository.appendingPathComponent("Suites")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    #expect(files.contains("gate.json"))
    for file in files { _ = try SuiteFile.load(path: folder.appendingPathComponent(file).path) }
  }
}

/// Figure pages: published beside measured, values from run metrics, nothing guessed.
@Suite struct FigurePagesTests {
  @Test func rowsComputeValuesAndDifferencesFromRunMetrics() throws {
    let pages: [JSONValue] = [[
      "page": "p", "title": "T",
      "tables": [[
        "title": "Rows", "section": "§1", "data": "other",
        "rows": [
          ["label": "single", "published": 0.9, "value": "a:top1", "unit": "percent", "note": "why", "tolerance": 0.02],
          ["label": "mean", "published": 0.5, "value": "mean(a:top1, b:top1)", "unit": "percent", "note": "n", "tolerance": 0.02],
          ["label": "ratio", "published": 2, "value": "a:ms / b:ms", "unit": "times", "relative": 0.1, "data": "same"],
          ["label": "list", "published": "not given", "value": "a:curve.1.mean", "unit": "number"],
          ["label": "last", "value": "a:curve.-1.mean", "unit": "number"],
          ["label": "absent", "published": 1, "value": "c:top1", "unit": "percent", "note": "n", "tolerance": 0.02],
          ["label": "text only", "published": "95–98 %", "note": "n", "status": "not-measured"],
        ],
      ]],
    ]]
    let metrics: [String: JSONValue] = [
      "a": ["top1": 0.8, "ms": 3.0, "curve": [["mean": 0.25], ["mean": 0.375]]],
      "b": ["top1": 0.6, "ms": 1.5],
    ]
    let dir = try TemporaryDirectory()
    _ = try FigurePages(pages: pages).write(to: dir.url) { metrics[$0] }
    let text = try String(contentsOfFile: dir.path("p.md"), encoding: .utf8)
    #expect(text.contains("| single | 90.00 % | 80.00 % | -10.00 pt | ±2.00 pt, other data | differs | why |"))
    #expect(text.contains("| mean | 50.00 % | 70.00 % | +20.00 pt | ±2.00 pt, other data | differs | n |"))
    #expect(text.contains("| ratio | 2.00× | 2.00× | ×1 | ±10 %, same data | reproduced |  |"))
    #expect(text.contains("| list | not given | 0.375 |  |  |  |  |"))
    #expect(text.contains("| last | not given | 0.375 |  |  |  |  |"), "-1 indexes the last entry")
    #expect(text.contains("| absent | 100.00 % | missing |  | ±2.00 pt, other data | not-measured | n |"))
    #expect(text.contains("| text only | 95–98 % | not measured |  |  | not-measured | n |"))
  }

  @Test func sumsAndDifferencesOfTerms() throws {
    let pages: [JSONValue] = [[
      "page": "q",
      "tables": [[
        "section": "§2", "data": "same",
        "rows": [
          ["label": "share", "published": 0.5, "value": "e:ops.near / sum(e:ops.near, e:ops.edit, e:ops.delete)", "unit": "percent", "tolerance": 0],
          ["label": "gain", "published": 0.02, "value": "a:top1 - b:top1", "unit": "points", "note": "n", "tolerance": 0.02],
          ["label": "mean ratio", "value": "mean(a:ms, b:ms) / b:ms", "unit": "times"],
          ["label": "flag", "value": "e:flag", "unit": "number"],
        ],
      ]],
    ]]
    let metrics: [String: JSONValue] = [
      "a": ["top1": 0.8, "ms": 3.0], "b": ["top1": 0.75, "ms": 1.5],
      "e": ["ops": ["near": 6, "edit": 3, "delete": 3], "flag": true],
    ]
    let dir = try TemporaryDirectory()
    _ = try FigurePages(pages: pages).write(to: dir.url) { metrics[$0] }
    let text = try String(contentsOfFile: dir.path("q.md"), encoding: .utf8)
    #expect(text.contains("| share | 50.00 % | 50.00 % | +0.00 pt | ±0.00 pt, same data | reproduced |  |"))
    #expect(text.contains("| gain | +2.00 pt | +5.00 pt | +3.00 pt | ±2.00 pt, same data | differs | n |"))
    #expect(text.contains("| mean ratio | not given | 1.50× |  |  |  |  |"))
    #expect(text.contains("| flag | not given | missing |  |  |  |  |"), "a JSON true is not a number")
    let path = try dir.write(
      "s.json",
      text: #"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe"}], "figures": [{"page": "p", "tables": [{"rows": [{"label": "x", "value": "a:x / a:y - a:z"}]}]}]}"#)
    let error = try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: path) }
    #expect(error.description == "s.json: figures[0].tables[0].rows[0].value: one ' / ' or ' - ' at most")
  }

  /// Benchmark pages: several measured columns per row, the median/min/max over a repeated
  /// run's rounds (`NAME#*`), and excerpts of a run's own report.md.
  @Test func columnTablesRoundsAndReportExcerpts() throws {
    let pages: [JSONValue] = [[
      "page": "b", "title": "Bench",
      "tables": [
        [
          "title": "Speed", "label": "set",
          "columns": [["title": "median", "unit": "number"], ["title": "slowest"], ["title": "fastest"], ["title": "target", "unit": "text"]],
          "rows": [
            ["label": "norvig", "values": ["median(s#*:kb.wps)", "min(s#*:kb.wps)", "max(s#*:kb.wps)", "≥ 50,000"]],
            ["label": "one round", "values": ["s:kb.wps", "s#3:kb.wps", "median(t#*:kb.wps)", .null]],
          ],
        ],
        ["title": "Accuracy", "report": "s", "from": "## Accuracy", "until": "## How", "demote": true],
        ["report": "s", "after": "## Context", "until": "## Accuracy"],
        ["title": "Table only", "report": "s", "from": "| metric", "until": ""],
        ["report": "t"],
      ],
    ]]
    let metrics: [String: JSONValue] = [
      "s": ["kb": ["wps": 61000.0]], "s#2": ["kb": ["wps": 45000.0]], "s#3": ["kb": ["wps": 52000.0]], "s#4": ["kb": ["wps": 70000.0]],
      "t": ["kb": ["wps": 9.0]],
    ]
    let report = "# Title\n\n## Context\n\nwith context: 12 %\n\n## Accuracy\n\n| metric | value |\n|---|---|\n| top-1 | 80 % |\n\n## How this was made\nbuild\n"
    let dir = try TemporaryDirectory()
    _ = try FigurePages(pages: pages).write(
      to: dir.url, metrics: { metrics[$0] }, rounds: { ["s": 4, "t": 2][$0] ?? 1 }, report: { $0 == "s" ? report : nil })
    let text = try String(contentsOfFile: dir.path("b.md"), encoding: .utf8)
    #expect(text.contains("| set | median | slowest | fastest | target |\n|---|---:|---:|---:|---|"), "\(text)")
    // Four rounds 61k, 45k, 52k, 70k: median 56.5k.
    #expect(text.contains("| norvig | 56,500 | 45,000 | 70,000 | ≥ 50,000 |"), "\(text)")
    // t has two planned rounds but only one result: its median is missing, not that one value.
    #expect(text.contains("| one round | 61,000 | 52,000 | missing |  |"), "\(text)")
    #expect(text.contains("## Accuracy\n\n### Accuracy\n\n| metric | value |\n|---|---|\n| top-1 | 80 % |\n\n"), "\(text)")
    #expect(!text.contains("How this was made") && !text.contains("## Context"))
    #expect(text.contains("with context: 12 %"))
    #expect(text.contains("## Table only\n\n| metric | value |\n|---|---|\n| top-1 | 80 % |\n\n"), "\(text)")
    #expect(text.contains("`t`: missing (no report)"))
  }

  @Test func columnRowsNeedOneValuePerColumn() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write(
      "s.json",
      text: #"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe"}], "figures": [{"page": "p", "tables": [{"columns": [{"title": "x"}, {"title": "y", "unit": "txt"}], "rows": [{"label": "r", "values": ["a:x", "b"]}]}]}]}"#)
    let error = try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: path) }
    #expect(error.description == #"s.json: figures[0].tables[0].columns[1].unit: 'txt'; choose percent, points, times, ms, ns, s, number, text (did you mean "text"?)"#)
    let short = try dir.write(
      "t.json",
      text: #"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe"}], "figures": [{"page": "p", "tables": [{"columns": [{"title": "x"}, {"title": "y"}], "rows": [{"label": "r", "values": ["a:x"]}]}]}]}"#)
    let shortError = try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: short) }
    #expect(shortError.description == "t.json: figures[0].tables[0].rows[0].values: one value per column (2)")
  }

  @Test func badRowsAreNamedWhenTheSuiteIsRead() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write(
      "s.json",
      text: #"{"keybench_suite": 1, "runs": [{"name": "a", "bench": "swipe"}], "figures": [{"page": "p", "tables": [{"rows": [{"label": "x", "unit": "percnt"}]}]}]}"#)
    let error = try #require(throws: SuiteFile.Problem.self) { try SuiteFile.load(path: path) }
    #expect(error.description == #"s.json: figures[0].tables[0].rows[0].unit: 'percnt'; choose percent, points, times, ms, ns, s, number (did you mean "percent"?)"#)
  }
}
