import Foundation
import KeyBenchCore
import KeyBenchLanguageModel
import KeyBenchPlugins
import KeyBenchStore
import KeyBenchSwipe

extension SwipeRunner {
  /// Sentence context for the main decoder: the fusion, its inputs and the report's note.
  struct Context {
    var fusion: ContextFusion
    var inputs: [Provenance.Input]
    var note: String
  }

  /// Loads the stored counts `name`, refusing counts trained on the corpus's sentences.
  func contextFusion(_ name: String, sentences: [[String]]) throws -> Context {
    let o = options
    let decoderConfig = o.configs.seed000
    let stored = try LexiconDatabase(path: o.database, create: false).loadContextModel(named: name)
    let inputs = stored.fingerprint.files.map { Provenance.Input(role: "context \(name)", path: $0.path, bytes: nil, sha256: $0.sha256) }
    let overlap = try SwipeContextCheck.check(sentences: sentences, training: stored.fingerprint, model: name, corpus: o.corpus)
    // The seed-000 decoder's scores are costs with their own scale (its config's weight);
    // SHARK2's are negative log-probabilities, so the ratio enters with weight 1 (Bayes).
    // A re-ranker's scores have its own scale: its trained context weight.
    let text = stored.model
    let gateWeights = o.decoders[0] == .seed000 ? o.configs.reranker?.contextFusionWeights : nil
    let fusion = gateWeights.map { ContextFusion(model: text, gateWeights: $0) }
      ?? ContextFusion(model: text, weight: o.decoders[0] != .seed000 ? 1 : decoderConfig.context.weight)
    let files = stored.fingerprint.files.map { URL(fileURLWithPath: $0.path).lastPathComponent }.joined(separator: ", ")
    let note = "Context model `\(name)`: n-gram counts of running text only (\(files)), never the corpus's own sentences; weight \(String(format: "%.4g", fusion.weight))\(gateWeights.map { String(format: " + %.4g × the previous words' trust (how well the text model predicted them; the re-ranker's weights, no context for a prompt's first word)", $0[1]) } ?? ""), the best \(decoderConfig.context.pool) candidates re-ranked; \(overlap.shared) of \(overlap.checked) gesture sentences of \(TrainTestSplit.checkedSentenceLength)+ words occur in it verbatim."
    return Context(fusion: fusion, inputs: inputs, note: note)
  }

  /// Decodes the prepared gestures with each `--plugin`, handed the same lexicon and layouts;
  /// their identities go into `provenance`.
  func plugins(
    benchmark: SwipeBenchmark, prepared: SwipeBenchmark.Prepared, provenance: inout Provenance
  ) throws -> [SwipeReport.Compared] {
    let top = options.top
    let workspace = PluginWorkspace()
    var compared: [SwipeReport.Compared] = []
    for spec in options.plugins {
      StandardError.print("\(spec.name): starting `\(spec.command)`")
      let session = try PluginSwipeDecoder.Session(
        spec: spec, lexicon: prepared.lexicon, layouts: prepared.layoutsUsed, top: top, workspace: workspace,
        options: options.pluginOptions)
      let external = try benchmark.run(
        prepared, decoder: { _, layout in session.decoder(for: layout) }, label: "plug-in \(spec.name)", progress: Self.progress(spec.name))
      try session.process.finish()
      let identity = session.process.identity
      provenance.plugins.append(identity)
      BundledPlugins.printFindings(identity)
      let summary = SwipeSummary(results: external.results, lexiconSize: external.lexiconSize, top: top)
      StandardError.print("\(spec.name): top-1 \(NumberFormatting.percent(summary.top1)), top-\(top) \(NumberFormatting.percent(summary.topK)), median \(NumberFormatting.time(summary.decodeMs.median, unit: "ms"))")
      compared.append(.init(
        name: spec.name, setup: "plug-in \(MarkdownText.code(spec.command)): \(identity.selfDescription)",
        run: external, summary: summary, plugin: identity.measures))
    }
    return compared
  }
}
