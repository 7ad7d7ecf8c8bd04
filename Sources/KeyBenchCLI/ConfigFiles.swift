public import ArgumentParser
import Foundation
import KeyBenchCore

/// Plug-in configuration files and `--print-config`, the same way in every tool.
public enum ConfigFiles {
  /// `defaults` with the JSON file at `path` merged over it (``JSONConfig``).
  ///
  /// - Throws: ``InputFileError`` `FILE:LINE: bad WHAT: reason` for invalid JSON (duplicate
  ///   keys and trailing commas included), unknown keys and wrong types; `FILE: …` for
  ///   unreadable files and whole-config checks.
  public static func load<T: Codable>(_ path: String, over defaults: T, what: String) throws -> T {
    let data = try InputFile.data(path, maximumBytes: 16 << 20)
    do {
      return try JSONConfig.merged(defaults, with: data, path: path)
    } catch let error as InputFileError {
      throw InputFileError(path: error.path, line: error.line, kind: error.kind, reason: "bad \(what): \(error.reason)")
    }
  }

  /// Prints `config` as sorted, indented JSON: a template a user can edit and pass back.
  public static func print<T: Encodable>(_ config: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    Swift.print(String(decoding: try encoder.encode(config), as: UTF8.self))
  }
}

/// A `WIDTHxHEIGHT` option value, e.g. a How We Swipe canvas `360x197`.
public struct CanvasSize: ExpressibleByArgument, Sendable {
  public var width: Double
  public var height: Double

  public init?(argument: String) {
    let parts = argument.split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { return nil }
    width = parts[0]
    height = parts[1]
  }
}
