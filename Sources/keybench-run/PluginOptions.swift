import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchPlugins

/// The options every benchmark that takes external algorithms shares (Plugins/PROTOCOL.md).
struct PluginOptions: ParsableArguments {
  /// Help, defaults and ranges, described once in the library.
  typealias D = PluginOptionDescriptors

  @Option(name: .customLong("plugin"), help: ArgumentHelp(D.plugin, valueName: "NAME=COMMAND"))
  var plugins: [String] = []

  @Option(help: ArgumentHelp(D.timeout))
  var pluginTimeout: Double = D.timeout.numberDefault

  @Option(help: ArgumentHelp(D.loadTimeout))
  var pluginLoadTimeout: Double = D.loadTimeout.numberDefault

  @Option(help: ArgumentHelp(D.firstAnswerTimeout))
  var pluginFirstAnswerTimeout: Double = D.firstAnswerTimeout.numberDefault

  @Option(help: ArgumentHelp(D.onError))
  var onPluginError: PluginProcess.ErrorPolicy = D.onError.choiceDefault()

  @Flag(help: ArgumentHelp(D.refuseUnknownWords))
  var pluginRefuseUnknownWords = false

  @Option(help: ArgumentHelp(D.checkDeterminism))
  var pluginCheckDeterminism: Int = D.checkDeterminism.integerDefault

  static let maximumPlugins = 20

  var specs: [PluginSpec] {
    get throws { try plugins.map { try PluginSpec(parsing: $0) } }
  }

  /// The limits and policies handed to every plug-in of the run.
  var options: PluginProcess.Options {
    var options = PluginProcess.Options()
    options.timeout = pluginTimeout
    options.loadTimeout = pluginLoadTimeout
    options.firstAnswerTimeout = pluginFirstAnswerTimeout
    options.onError = onPluginError
    options.refuseUnknownWords = pluginRefuseUnknownWords
    options.determinismItems = pluginCheckDeterminism
    return options
  }

  func validate() throws {
    var check = RangeCheck()
    for (option, value) in [(D.timeout, pluginTimeout), (D.loadTimeout, pluginLoadTimeout), (D.firstAnswerTimeout, pluginFirstAnswerTimeout)] {
      check.number("--" + option.name, value, in: option.range!.minimum!...option.range!.maximum!)
    }
    check.integer("--plugin-check-determinism", pluginCheckDeterminism, in: D.checkDeterminism.integerRange)
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
