import ArgumentParser
import Foundation
import KeyBenchCore
import KeyBenchPlugins

/// The options every benchmark that takes external algorithms shares (Plugins/PROTOCOL.md).
struct PluginOptions: ParsableArguments {
  @Option(
    name: .customLong("plugin"),
    help: ArgumentHelp(
      "An external algorithm as NAME=COMMAND, run beside the built-in ones (repeatable); COMMAND is run by /bin/sh and speaks Plugins/PROTOCOL.md.",
      valueName: "NAME=COMMAND"))
  var plugins: [String] = []

  @Option(help: "Seconds a plug-in may take to answer one item before the run stops.")
  var pluginTimeout: Double = 10

  @Option(help: "Seconds a plug-in may take to start and answer the handshake (loading a lexicon, training).")
  var pluginLoadTimeout: Double = 600

  static let maximumPlugins = 20

  var specs: [PluginSpec] {
    get throws { try plugins.map { try PluginSpec(parsing: $0) } }
  }

  func validate() throws {
    guard pluginTimeout.isFinite, (0.001...3600).contains(pluginTimeout) else {
      throw ValidationError("--plugin-timeout must be in 0.001…3600 seconds.")
    }
    guard pluginLoadTimeout.isFinite, (0.001...86400).contains(pluginLoadTimeout) else {
      throw ValidationError("--plugin-load-timeout must be in 0.001…86400 seconds.")
    }
    guard plugins.count <= Self.maximumPlugins else { throw ValidationError("at most \(Self.maximumPlugins) --plugin options.") }
    do {
      _ = try specs
    } catch let error as PluginSpecError {
      throw ValidationError("--plugin \(error.description)")
    }
  }

  /// The command of a reference plug-in shipped in Plugins/ (`ispell/plugin hunspell`).
  static func bundled(_ relative: String, arguments: [String] = []) -> String? {
    guard let folder = ProjectFiles.directory("Plugins") else { return nil }
    return ([folder.appendingPathComponent(relative).path] + arguments).map(ShellWords.quote).joined(separator: " ")
  }
}
