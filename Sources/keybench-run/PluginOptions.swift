import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchPlugins

/// The options every benchmark that takes external algorithms shares (Plugins/PROTOCOL.md).
struct PluginOptions: ParsableArguments {
  @Option(
    name: .customLong("plugin"),
    help: ArgumentHelp(
      "An external algorithm as NAME=COMMAND, run beside the built-in ones (repeatable); COMMAND is one argument of /bin/sh -c (VAR=1 cmd, quotes and env work as in a terminal) and speaks Plugins/PROTOCOL.md.",
      valueName: "NAME=COMMAND"))
  var plugins: [String] = []

  @Option(help: "Seconds a plug-in may take to answer one item.")
  var pluginTimeout: Double = 10

  @Option(help: "Seconds a plug-in may take to start and answer the handshake (loading a lexicon, training).")
  var pluginLoadTimeout: Double = 600

  @Option(help: ArgumentHelp(
    "Seconds a plug-in may sit idle (no CPU used) while KeyBench waits for its handshake answer or its first answer.",
    discussion: "An idle plug-in that has not answered is almost always one whose answer sits in an unflushed output buffer; the message says how to flush. Raise it for a plug-in that waits on something else while loading."))
  var pluginFirstAnswerTimeout: Double = 20

  @Option(help: ArgumentHelp(
    "What a plug-in's failure on one item does: stop (the run fails, nothing is written) or skip.",
    discussion: "skip scores the item as a miss for that plug-in, counts and lists it (summary.json, report.md) and starts the plug-in again when it can no longer answer; the rest of the run completes, unless \(PluginProcess.maximumConsecutiveFailures) items in a row went unanswered (timed out, or the plug-in exited or wrote garbage): then the run stops."))
  var onPluginError: String = PluginProcess.ErrorPolicy.stop.rawValue

  @Flag(help: "Refuse (as a failure on the item) answers holding words outside the lexicon the plug-in was handed, instead of counting them.")
  var pluginRefuseUnknownWords = false

  @Option(help: "Replay the first N requests of every plug-in in a fresh process after the run and report any different answer (0: no check).")
  var pluginCheckDeterminism: Int = 0

  static let maximumPlugins = 20
  static let maximumReplay = 100_000

  var specs: [PluginSpec] {
    get throws { try plugins.map { try PluginSpec(parsing: $0) } }
  }

  /// The limits and policies handed to every plug-in of the run.
  var options: PluginProcess.Options {
    var options = PluginProcess.Options()
    options.timeout = pluginTimeout
    options.loadTimeout = pluginLoadTimeout
    options.firstAnswerTimeout = pluginFirstAnswerTimeout
    options.onError = PluginProcess.ErrorPolicy(rawValue: onPluginError) ?? .stop
    options.refuseUnknownWords = pluginRefuseUnknownWords
    options.determinismItems = pluginCheckDeterminism
    return options
  }

  func validate() throws {
    var check = RangeCheck()
    check.number("--plugin-timeout", pluginTimeout, in: 0.001...3600)
    check.number("--plugin-load-timeout", pluginLoadTimeout, in: 0.001...86400)
    check.number("--plugin-first-answer-timeout", pluginFirstAnswerTimeout, in: 0.5...86400)
    check.integer("--plugin-check-determinism", pluginCheckDeterminism, in: 0...Self.maximumReplay)
    if PluginProcess.ErrorPolicy(rawValue: onPluginError) == nil {
      check.fail("--on-plugin-error must be \(PluginProcess.ErrorPolicy.allCases.map(\.rawValue).joined(separator: " or ")), got '\(onPluginError)'")
    }
    guard check.errors.isEmpty else { throw ValidationError(check.errors.joined(separator: "; ") + ".") }
    guard plugins.count <= Self.maximumPlugins else { throw ValidationError("at most \(Self.maximumPlugins) --plugin options.") }
    do {
      _ = try specs
    } catch let error as PluginSpecError {
      throw ValidationError("--plugin \(error.description)")
    }
  }

  /// Refuses plug-in names that collide with each other or with any algorithm name of the
  /// benchmark — selected or not (`reserved`): `metrics.keyboard` must always be the built-in.
  func checkNames(selected: [String], reserved: [String]) throws {
    do {
      try PluginSpec.checkUnique(try specs, builtIn: selected, reserved: reserved)
    } catch let error as PluginSpecError {
      throw ValidationError("--plugin \(error.description)")
    }
  }
}
