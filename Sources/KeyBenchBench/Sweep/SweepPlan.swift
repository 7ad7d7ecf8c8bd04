import Foundation
import KeyBenchCore

/// The configurations a sweep visits: a grid over named parameters, optionally a seeded random
/// sample of it, optionally one shard of that.
///
/// Parameters are named by their dotted path in the plug-in's JSON configuration
/// (`filters.length.a`), so any numeric or boolean field can be swept without code. Each
/// configuration is identified by its index in the full grid (`c0007`), which stays the same
/// across shards and reruns: that is what makes sweeps resumable and shards mergeable.
public struct SweepPlan: Sendable, Equatable {
  /// One swept parameter and the values it takes.
  public struct Parameter: Sendable, Equatable {
    public var name: String
    public var values: [Value]

    /// Parses `NAME=V1,V2,…` (numbers or true/false) or `NAME=LO:HI:STEP`.
    public init(parsing text: String) throws {
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw SweepError("parameter '\(text)': expected NAME=V1,V2,… or NAME=LO:HI:STEP")
      }
      name = String(text[..<equals])
      // `ends..start`, `.ends.start` or `ends.start.` would reach the same field under another
      // name (and dodge the duplicate check): a name is dot-separated non-empty keys.
      guard !name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty),
        name.allSatisfy({ !$0.isWhitespace })
      else {
        throw SweepError("parameter '\(name)': a name is a dotted config path such as filters.length.a (no empty part, no spaces)")
      }
      let spec = text[text.index(after: equals)...]
      if spec.contains(":") {
        do {
          values = try NumericRange.values(spec).map { .number($0) }
        } catch {
          throw SweepError("parameter '\(name)': \(error)")
        }
      } else {
        values = try spec.split(separator: ",", omittingEmptySubsequences: false).map { raw in
          let item = raw.trimmingCharacters(in: .whitespaces)
          if item == "true" || item == "false" { return .bool(item == "true") }
          guard let number = Double(item), number.isFinite else {
            throw SweepError("parameter '\(text)': '\(item)' is neither a number nor true/false")
          }
          return .number(number)
        }
      }
      guard Set(values).count == values.count else { throw SweepError("parameter '\(text)': repeated values") }
    }
  }

  /// A parameter value, kept as the user wrote it so CSV columns read naturally.
  public enum Value: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)

    public var description: String {
      switch self {
      case .bool(let flag): String(flag)
      case .number(let number):
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
      }
    }

    /// The JSON value merged into the configuration.
    public var json: Any {
      switch self {
      case .bool(let flag): flag
      case .number(let number): number
      }
    }
  }

  /// One configuration: its grid index and a value per parameter, in parameter order.
  public struct Configuration: Sendable, Equatable {
    public var index: Int
    public var values: [Value]
    public var id: String { String(format: "c%04d", index) }
  }

  public var parameters: [Parameter]

  public init(parameters: [Parameter]) throws {
    guard !parameters.isEmpty else { throw SweepError("give at least one --param") }
    let names = parameters.map(\.name)
    guard Set(names).count == names.count else { throw SweepError("a parameter is given twice") }
    let size = parameters.reduce(1.0) { $0 * Double($1.values.count) }
    guard size <= 1e7 else { throw SweepError("the grid has \(Int(size)) configurations; narrow it or use --random") }
    self.parameters = parameters
  }

  /// Number of configurations in the full grid.
  public var gridSize: Int { parameters.reduce(1) { $0 * $1.values.count } }

  /// The grid configuration at `index` (the last parameter varies fastest).
  public func configuration(at index: Int) -> Configuration {
    var rest = index
    var values: [Value] = []
    for parameter in parameters.reversed() {
      values.append(parameter.values[rest % parameter.values.count])
      rest /= parameter.values.count
    }
    return Configuration(index: index, values: values.reversed())
  }

  /// The configurations to run: the whole grid, or `random` of them drawn without
  /// replacement with `seed` (listed in grid order); then every `shard.count`-th from
  /// `shard.index` (1-based), so shards are disjoint and together cover the selection.
  public func configurations(random: Int? = nil, seed: UInt64 = 1, shard: (index: Int, count: Int) = (1, 1))
    -> [Configuration]
  {
    var indices = Array(0..<gridSize)
    if let random, random < indices.count {
      var generator = SeededGenerator(seed: seed)
      indices.shuffle(using: &generator)
      indices = Array(indices.prefix(random)).sorted()
    }
    return indices.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map { configuration(at: $0.element) }
  }
}

extension SweepPlan {
  /// Refuses rows of `table`, read from `path`, that this grid cannot have written: a table over
  /// other parameters, an id outside the grid, a row whose values are not the ones the grid gives
  /// its id, and an id twice (whether the metrics agree or conflict). Each message names the file
  /// and line and ends with `remedy`.
  ///
  /// Resuming a sweep from its journal (``SweepRunner``) and merging shards (`keybench-report
  /// merge`) both apply this one check, so a merge accepts exactly the journals a resume would:
  /// either would otherwise put a configuration twice, or another sweep's row, into sweep.csv.
  public func check(_ table: SweepTable, path: String, remedy: String) throws {
    let names = parameters.map(\.name)
    guard table.parameters == names else {
      throw SweepError(
        "\(path) holds a sweep over \(table.parameters.joined(separator: ", ")), not \(names.joined(separator: ", ")); \(remedy)")
    }
    var seen: [String: SweepTable.Row] = [:]
    for row in table.rows {
      let place = SweepTable.place(path, row)
      guard row.config.hasPrefix("c"), let index = Int(row.config.dropFirst()), index >= 0, index < gridSize else {
        throw SweepError(
          "\(place): '\(row.config)' is no configuration of this sweep's grid (c0000…c\(String(format: "%04d", max(0, gridSize - 1)))); \(remedy)")
      }
      guard configuration(at: index).values.map(\.description) == row.values else {
        throw SweepError("\(place): \(row.config) has other values than this sweep's grid gives it; \(remedy)")
      }
      if let first = seen[row.config] {
        let same = SweepTable.exactMetrics(first) == SweepTable.exactMetrics(row)
        throw SweepError(
          "\(place): \(row.config) is already on line \(first.line ?? 0)\(same ? "" : " with other metrics (two sweeps wrote here?)"); remove one of the lines or \(remedy)")
      }
      seen[row.config] = row
    }
  }
}

/// A sweep that cannot start or continue, in one sentence.
public struct SweepError: Error, CustomStringConvertible, Equatable {
  public let description: String
  public init(_ description: String) { self.description = description }
}
