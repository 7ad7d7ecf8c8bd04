import KeyBenchCore
import KeyBenchResults

/// The figures each benchmark's researchers look for first, drawn from its summary.json
/// (Reports/FORMATS.md): correction accuracy by error kind and speed, touch key error rates per
/// resolver and device, gesture schemes' error and effort, photo Recall@k, and prediction's
/// saving rate against text length with every predictor and adaptation on and off on one chart.
/// One figure set per run; accuracies in percent, axis titles with units. Algorithms are always
/// the series, in their page colour (``SeriesColors``); metrics, devices and settings are
/// categories or separate charts, so no colour ever stands for anything but an algorithm.
enum BenchFigures {
  static func figures(bench: String, run: RunFolder, colors: SeriesColors) -> [Node] {
    guard let metrics = run.summary?["metrics"], case .object(let object) = metrics else { return [] }
    // An algorithm drawn as a series keeps the colour it has in the run's other charts.
    let color = { (algorithm: String) in colors.color(bench: bench, run: run.path, algorithm: algorithm) }
    switch bench {
    case "correct": return correction(object, run: run, color: color)
    case "touch": return touch(metrics, run: run, color: color)
    case "gesture": return gesture(metrics, run: run, color: color)
    case "photos": return photos(object, run: run, color: color)
    case "predict": return prediction(object, run: run, color: color)
    case "keyboard": return keyboard(metrics, run: run, color: color)
    default: return []
    }
  }

  static func percent(_ value: JSONValue?) -> Double? { value?.number.map { $0 * 100 } }

  /// Algorithms (object-valued metrics) in the summary's order of names.
  static func algorithms(_ object: [String: JSONValue]) -> [(name: String, metrics: JSONValue)] {
    object.keys.sorted().compactMap { key in
      if case .object = object[key]! { return (key, object[key]!) }
      return nil
    }
  }

  static func correction(_ object: [String: JSONValue], run: RunFolder, color: (String) -> String) -> [Node] {
    let correctors = algorithms(object)
    guard !correctors.isEmpty else { return [] }
    let top = correctors.first?.metrics["top4"] != nil ? "top4" : correctors.first.flatMap { entry -> String? in
      if case .object(let values) = entry.metrics { return values.keys.first { $0.hasPrefix("top") && $0 != "top1" } }
      return nil
    } ?? "top4"
    let intervals = RunIntervals(run)
    let kinds: [(String, String)] = [("top1", "top-1, all errors"), (top, "\(top.replacingOccurrences(of: "top", with: "top-")), all errors"),
      ("non_word_top1", "top-1, non-words"), ("real_word_top1", "top-1, real words")]
    // Correctors are the series, in their colour on every chart of the page; error kinds and
    // measures are the categories, so no colour ever stands for a metric.
    let accuracy = BarChart.svg(
      title: "Correction accuracy by error kind (\(run.name))", categories: kinds.map(\.1),
      series: correctors.map { corrector in
        BarChart.Series(
          name: corrector.name, values: kinds.map { percent(corrector.metrics[$0.0]) },
          errors: kinds.map { intervals.percent(corrector.name, $0.0) }, color: color(corrector.name))
      },
      yTitle: "% of misspelled words", xTitle: "error kind")
    let speed = BarChart.svg(
      title: "Correction speed (\(run.name))", categories: ["words per second"],
      series: correctors.map { BarChart.Series(name: $0.name, values: [$0.metrics["words_per_second"]?.number], color: color($0.name)) },
      yTitle: "words per second (log scale)", xTitle: "", logY: true)
    return [
      Blocks.figure(accuracy, caption: "Share of misspelled words whose intended word each corrector ranks first or among the shown suggestions, split into non-word errors (the typed word is not in the lexicon) and real-word errors (another lexicon word). Whiskers: 95 % intervals over the run's groups (sentences or intended words; cluster-robust t)."),
      Blocks.figure(speed, caption: "Words corrected per second on one thread; plug-ins and peers include the pipe to their process."),
    ] + correctionContext(correctors, run: run, color: color) + correctionBreakdowns(run, color: color)
  }

  /// Sentence-level sets: each corrector without and with context (`NAME+context`, from
  /// `keybench-run correct --context`) side by side, and the false-correction rate on the
  /// correctly typed words.
  static func correctionContext(_ correctors: [(name: String, metrics: JSONValue)], run: RunFolder, color: (String) -> String) -> [Node] {
    let suffix = "+context"
    let byName = Dictionary(correctors.map { ($0.name, $0.metrics) }, uniquingKeysWith: { first, _ in first })
    let intervals = RunIntervals(run)
    let bases = correctors.map(\.name).filter { !$0.hasSuffix(suffix) }
    var nodes: [Node] = []
    let paired = bases.filter { byName[$0 + suffix] != nil }
    // Each corrector without and with context is an algorithm of its own, in its own colour.
    func series(_ names: [String], _ keys: [String]) -> [BarChart.Series] {
      names.map { name in
        BarChart.Series(
          name: name, values: keys.map { percent(byName[name]?[$0]) }, errors: keys.map { intervals.percent(name, $0) }, color: color(name))
      }
    }
    if !paired.isEmpty {
      let kinds = [("non_word_top1", "non-word top-1"), ("real_word_top1", "real-word top-1")]
      let chart = BarChart.svg(
        title: "Correction without and with context (\(run.name))", categories: kinds.map(\.1),
        series: series(paired.flatMap { [$0, $0 + suffix] }, kinds.map(\.0)), yTitle: "% of misspelled words", xTitle: "error kind")
      nodes.append(Blocks.figure(chart, caption: "Each corrector run twice over the same sentence-level pairs: without context and with each word's previous words (+context). The context model was trained on running texts only, never on the test sentences (report.md names its files)."))
    }
    let measured = bases.filter { byName[$0]?["false_corrections"]?.number != nil }
    if !measured.isEmpty {
      let names = measured.flatMap { base in [base] + (byName[base + suffix] != nil ? [base + suffix] : []) }
      let chart = BarChart.svg(
        title: "False corrections (\(run.name))", categories: ["false corrections"], series: series(names, ["false_corrections"]),
        yTitle: "% of correctly typed words changed", xTitle: "")
      nodes.append(Blocks.figure(chart, caption: "Share of correctly typed words (identity pairs) whose first suggestion is another word: what auto-correction costs a user who typed right."))
    }
    return nodes
  }

  /// Top-1 by intended-word length and by edit distance, from results.csv (misspelled words only).
  static func correctionBreakdowns(_ run: RunFolder, color: (String) -> String) -> [Node] {
    guard run.has("results.csv"), let table = try? CSVTable(path: run.file("results.csv")),
      let corrector = table.column("algorithm"), let typed = table.column("typed"), let intended = table.column("target"),
      let rank = table.column("rank"), let group = table.column("group")
    else { return [] }
    let names = uniqueInOrder(table.rows.map { $0[corrector] })
    func chart(_ title: String, _ axis: String, _ bucket: ([String]) -> String?, order: [String]) -> Node? {
      // Per corrector and bucket: each misspelled word's group and whether it was first.
      var cells: [String: [String: (groups: [String], hits: [Bool])]] = [:]
      for row in table.rows where row[typed] != row[intended] {
        guard let key = bucket(row) else { continue }
        cells[row[corrector], default: [:]][key, default: ([], [])].groups.append(row[group])
        cells[row[corrector], default: [:]][key, default: ([], [])].hits.append(row[rank] == "1")
      }
      let categories = order.filter { key in cells.values.contains { !($0[key]?.hits.isEmpty ?? true) } }
      guard categories.count > 1 else { return nil }
      return BarChart.svg(
        title: "\(title) (\(run.name))", categories: categories,
        series: names.map { name in
          let shares = categories.map { key in cells[name]?[key].flatMap { Blocks.percent(groups: $0.groups, hits: $0.hits) } }
          return BarChart.Series(name: name, values: shares.map { $0?.value }, errors: shares.map { $0?.interval }, color: color(name))
        }, yTitle: "top-1 (% of misspelled words)", xTitle: axis)
    }
    var nodes: [Node] = []
    let lengths = ["1–3", "4–5", "6–7", "8–10", "11+"]
    if let byLength = chart("Top-1 by word length", "letters in the intended word", { row in
      let n = row[intended].count
      return n <= 3 ? lengths[0] : n <= 5 ? lengths[1] : n <= 7 ? lengths[2] : n <= 10 ? lengths[3] : lengths[4]
    }, order: lengths) {
      nodes.append(Blocks.figure(byLength, caption: "Share of misspelled words corrected at rank 1, by the intended word's length; whiskers are 95 % intervals over the run's groups (cluster-robust t)."))
    }
    let distances = ["1", "2", "3+"]
    if let byDistance = chart("Top-1 by edit distance", "Damerau-Levenshtein distance typed → intended", { row in
      let (a, b) = (Array(row[typed].lowercased()), Array(row[intended].lowercased()))
      // Long tokens only land in the last bucket; no need for their quadratic distance.
      let d = a.count > 64 || b.count > 64 ? 3 : EditDistance.optimalStringAlignment(a, b)
      return d <= 1 ? "1" : d == 2 ? "2" : "3+"
    }, order: distances) {
      nodes.append(Blocks.figure(byDistance, caption: "Share of misspelled words corrected at rank 1, by how many edits separate the typed from the intended word; whiskers are 95 % intervals over the run's groups (cluster-robust t)."))
    }
    return nodes
  }


  /// Unique values in first-seen order.
  static func uniqueInOrder(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  static func touch(_ metrics: JSONValue, run: RunFolder, color: (String) -> String) -> [Node] {
    guard case .object(let resolvers)? = metrics["resolvers"] else { return [] }
    let names = resolvers.keys.sorted()
    let intervals = RunIntervals(run)
    var devices: [String] = []
    if case .object(let perDevice)? = metrics["devices"] { devices = perDevice.keys.sorted() }
    let rates = BarChart.svg(
      title: "Key error rate per resolver and device (\(run.name))", categories: ["all devices"] + devices,
      series: names.map { name in
        BarChart.Series(
          name: name, values: [percent(resolvers[name]?["key_error_rate"])] + devices.map { percent(metrics["devices"]?[$0]?[name]?["key_error_rate"]) },
          errors: [intervals.percent(name, "key_error_rate")] + devices.map { _ in nil }, color: color(name))
      }, yTitle: "wrong key (% of taps)", xTitle: "device")
    let speed = BarChart.svg(
      title: "Resolution time (\(run.name))", categories: ["median time per touch"],
      series: names.map { BarChart.Series(name: $0, values: [resolvers[$0]?["ns_per_touch"]?.number], color: color($0)) },
      yTitle: "nanoseconds per touch", xTitle: "")
    return [
      Blocks.figure(rates, caption: "Share of simulated taps each resolver assigns to another key than the intended one, pooled over devices (with its 95 % interval over text blocks, cluster-robust t) and per device; lower is better. The confusion heat maps below show which letters are confused."),
      Blocks.figure(speed, caption: "Time per resolved touch, release build, one thread."),
    ]
  }

  static func gesture(_ metrics: JSONValue, run: RunFolder, color: (String) -> String) -> [Node] {
    guard case .object(let schemes)? = metrics["schemes"] else { return [] }
    let names = schemes.keys.sorted()
    let intervals = RunIntervals(run)
    func series(_ keys: [String], percent asPercent: Bool) -> [BarChart.Series] {
      names.map { name in
        BarChart.Series(
          name: name, values: keys.map { asPercent ? percent(schemes[name]?[$0]) : schemes[name]?[$0]?.number },
          errors: keys.map { asPercent ? intervals.percent(name, $0) : nil }, color: color(name))
      }
    }
    let errors = BarChart.svg(
      title: "Decoding errors per letter scheme (\(run.name))", categories: ["character error rate", "word error rate"],
      series: series(["cer", "word_error_rate"], percent: true), yTitle: "errors (%)", xTitle: "")
    let effort = BarChart.svg(
      title: "Effort per character (\(run.name))", categories: ["strokes", "region crossings"],
      series: series(["strokes_per_char", "crossings_per_char"], percent: false), yTitle: "per character", xTitle: "")
    return [
      Blocks.figure(errors, caption: "Character and word error rates of the simulated strokes decoded with each scheme, with 95 % intervals over words (cluster-robust t); lower is better."),
      Blocks.figure(effort, caption: "Strokes and region crossings per character: what each scheme costs the hand."),
    ]
  }

  /// kebbie's four tasks per keyboard, the committed text's word error rate against the literal
  /// taps', and the time per call per task.
  static func keyboard(_ metrics: JSONValue, run: RunFolder, color: (String) -> String) -> [Node] {
    guard case .object(let keyboards)? = metrics["keyboards"] else { return [] }
    let names = keyboards.keys.sorted()
    let intervals = RunIntervals(run)
    func series(_ keys: [String], percent asPercent: Bool = true) -> [BarChart.Series] {
      names.map { name in
        BarChart.Series(
          name: name, values: keys.map { asPercent ? percent(keyboards[name]?[$0]) : keyboards[name]?[$0]?.number },
          errors: keys.map { asPercent ? intervals.percent(name, $0) : nil }, color: color(name))
      }
    }
    let tasks = BarChart.svg(
      title: "kebbie's tasks per keyboard (\(run.name))",
      categories: ["correction F (β 0.9)", "completion top-3", "next word top-3", "swipe top-1"],
      series: series(["correction_f", "completion_top3", "next_top3", "swipe_top1"]), yTitle: "% of requests", xTitle: "task")
    let errors = BarChart.svg(
      title: "Word error rate of the text (\(run.name))", categories: ["literal taps", "committed (first correction)"],
      series: series(["wer_literal", "wer"]), yTitle: "words with an error (%)", xTitle: "")
    let tasksTimed = ["correct", "complete", "next", "swipe"]
    let latency = BarChart.svg(
      title: "Time per call (\(run.name))", categories: tasksTimed.map { "\($0), median" },
      series: series(tasksTimed.map { "\($0)_us_median" }, percent: false), yTitle: "µs per call (log scale)", xTitle: "task", logY: true)
    return [
      Blocks.figure(tasks, caption: "kebbie's definitions on the run's rows: correction F-β of words typed with and without errors, completion and next word among the first three, swipes decoded first. A task a keyboard does not answer scores 0. Whiskers: 95 % intervals over typists (cluster-robust t)."),
      Blocks.figure(errors, caption: "Share of words misspelled as the taps spelled them (each tap's nearest key) and as committed by each keyboard (Fowler et al.'s measure); whiskers: 95 % intervals over typists."),
      Blocks.figure(latency, caption: "Median time per answered call in the keyboard's process (plug-ins: with the pipe); one thread."),
    ]
  }

  static func photos(_ object: [String: JSONValue], run: RunFolder, color: (String) -> String) -> [Node] {
    let rankers = algorithms(object)
    let intervals = RunIntervals(run)
    let series = rankers.compactMap { name, metrics -> LineChart.Series? in
      let samples = [1, 3, 5].compactMap { k in
        metrics["recall_at_\(k)"]?.number.map { LineChart.Sample(x: Double(k), mean: $0 * 100, band: intervals.percent(name, "recall_at_\(k)")) }
      }
      return samples.isEmpty ? nil : LineChart.Series(name: name, samples: samples, color: color(name))
    }
    guard !series.isEmpty else { return [] }
    var nodes = [Blocks.figure(
      LineChart.svg(title: "Recall@k per ranker (\(run.name))", series: series, xTitle: "k (photos shown)", yTitle: "target in first k (%)"),
      caption: "Share of captions whose photo each ranker puts among the first k suggestions; the bands are 95 % intervals over images (cluster-robust t).")]
    let falseRates = rankers.map { percent($0.metrics["false_suggestion_rate"]) }
    if falseRates.contains(where: { $0 != nil }) {
      nodes.append(Blocks.figure(
        BarChart.svg(title: "False suggestions (\(run.name))", categories: ["false suggestion rate"],
          series: zip(rankers, falseRates).map { ranker, rate in
            BarChart.Series(name: ranker.name, values: [rate], errors: [intervals.percent(ranker.name, "false_suggestion_rate")], color: color(ranker.name))
          }, yTitle: "% of messages", xTitle: ""),
        caption: "Share of messages whose photo is not in the library for which a ranker still suggests one; lower is better."))
    }
    return nodes
  }

  static func prediction(_ object: [String: JSONValue], run: RunFolder, color: (String) -> String) -> [Node] {
    var nodes: [Node] = []
    let predictors = algorithms(object)
    // Keystrokes (what a user saves in taps) and characters (the seed's own measure, Fig. 4.2/4.3),
    // each with adaptation on and off as two charts on one y axis: a predictor keeps its colour,
    // and each chart holds one band per predictor rather than four overlapping ones.
    let measures = [
      ("ksr", "Keystroke saving rate", "keystrokes saved (%)"),
      ("csr", "Character saving ratio (the seed's measure)", "characters saved (%)"),
    ]
    for (metric, title, axis) in measures {
      let settings = [("", "adaptation on"), ("_static", "adaptation off")]
      let charts = settings.map { suffix, label in
        (label, predictors.compactMap { name, metrics -> LineChart.Series? in
          guard let curve = metrics["\(metric)_by_length\(suffix)"]?.curve, !curve.isEmpty else { return nil }
          return LineChart.Series(
            name: name, samples: curve.map { LineChart.Sample(x: $0.x, mean: $0.mean * 100, std: $0.std.map { $0 * 100 }) }, color: color(name))
        })
      }.filter { !$0.1.isEmpty }
      let shared = charts.flatMap { $0.1.flatMap(\.samples) }.flatMap { [$0.band?.lowerBound ?? $0.mean, $0.band?.upperBound ?? $0.mean] }
      for (label, series) in charts {
        nodes.append(Blocks.figure(
          LineChart.svg(title: "\(title) against text length, \(label) (\(run.name))", series: series,
            xTitle: "words typed by one user (log scale)", yTitle: axis, logX: true, yCovering: shared),
          caption: "Each predictor \(label == "adaptation on" ? "adapting to the text as it is typed" : "with its adaptation off") (seed 002 Fig. 4.2/4.3): mean over slices of each length, ±1 standard deviation band (none where one slice fits); the two charts share their y axis."))
      }
    }
    let intervals = RunIntervals(run)
    if !predictors.isEmpty {
      let kinds = [("next_top1", "next word top-1"), ("next_top3", "next word top-3"), ("ksr_at_1", "keystrokes saved, 1 suggestion"),
        ("ksr_at_3", "… 3 suggestions"), ("ksr_at_5", "… 5 suggestions")].filter { key, _ in predictors.contains { $0.metrics[key] != nil } }
      nodes.append(Blocks.figure(
        BarChart.svg(
          title: "Next-word prediction and savings (\(run.name))", categories: kinds.map(\.1),
          series: predictors.map { name, metrics in
            BarChart.Series(
              name: name, values: kinds.map { percent(metrics[$0.0]) }, errors: kinds.map { intervals.percent(name, $0.0) }, color: color(name))
          }, yTitle: "% of words (% of keystrokes for savings)", xTitle: ""),
        caption: "Share of words predicted before their first letter (first or among the first three suggestions), and the keystroke saving rate over the whole test text with 1, 3 and 5 suggestions shown; whiskers are 95 % intervals over 100-word text blocks (cluster-robust t)."))
    }
    return nodes
  }
}
