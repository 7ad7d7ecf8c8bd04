/// One external algorithm given on the command line as `NAME=COMMAND`.
///
/// The name labels the plug-in's rows in every output, so it is restricted to a short identifier
/// that cannot collide with file-name or CSV syntax; the command is the one argument of
/// `/bin/sh -c`, so users write it as they would in a terminal (`mine=VAR=1 python3 my.py --beam 8`).
public struct PluginSpec: Sendable, Equatable {
  public var name: String
  public var command: String

  public init(name: String, command: String) {
    self.name = name
    self.command = command
  }

  /// Parses `NAME=COMMAND`.
  ///
  /// - Throws: ``PluginSpecError`` naming what is wrong with the text.
  public init(parsing text: String) throws {
    guard let equals = text.firstIndex(of: "=") else {
      throw PluginSpecError("'\(text)': give a plug-in as NAME=COMMAND, e.g. symspell=Plugins/symspell/plugin")
    }
    let name = String(text[..<equals])
    let command = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    guard Self.isValidName(name) else {
      throw PluginSpecError("'\(name)': a plug-in name is 1–40 characters of a–z, 0–9, '-', '_' or '.', starting with a letter or digit")
    }
    guard !command.isEmpty else { throw PluginSpecError("'\(text)': the plug-in '\(name)' has no command after '='") }
    self.init(name: name, command: command)
  }

  static func isValidName(_ name: String) -> Bool {
    guard (1...40).contains(name.count), let first = name.first, first.isASCII, first.isLetter || first.isNumber else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "-_.".contains($0)) }
  }

  /// Checks a run's plug-ins against each other, the algorithms of the run (`builtIn`) and every
  /// name the benchmark knows (`reserved`: built-ins and peers not selected too), so a row or
  /// metric named `keyboard` or `aspell` is always the algorithm of that name.
  public static func checkUnique(_ specs: [PluginSpec], builtIn: [String], reserved: [String] = []) throws {
    let known = Set(reserved)
    var seen = Set(builtIn)
    for spec in specs {
      if known.contains(spec.name) && !seen.contains(spec.name) {
        throw PluginSpecError(
          "'\(spec.name)' is the name of an algorithm this benchmark has (\(reserved.joined(separator: ", "))), even when it is not selected; give the plug-in another NAME")
      }
      guard seen.insert(spec.name).inserted else {
        throw PluginSpecError("'\(spec.name)' names two algorithms of this run; give the plug-in another NAME")
      }
    }
  }
}

/// A `--plugin` argument that is not `NAME=COMMAND`.
public struct PluginSpecError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
