import ArgumentParser
import Foundation
import KeyBenchCLI
import KeyBenchCore
import KeyBenchGeometry
import KeyBenchSwipe

extension KeybenchSwipes {
  struct DTW: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "dtw",
      abstract: "Print the basic DTW table between two point lists, as seed 000's worked example builds it.",
      discussion: """
        Rows are the --trace points, columns the --ideal points; each cell holds the squared \
        distance of its two points and the best accumulated cost up to it, computed by the \
        decoder's own column code (basic DTW, no locality band). The last cell is the cost of \
        matching the two lists. Each --append point is added as one more row of every column, \
        as the decoder does while the finger is still moving. With --out the tables go into a \
        JSON file (point_costs, accumulated, cost, and per appended point its row and cost).

        Example (seed 000, Tables 2.1–2.3: cost 9, then 6):
          keybench-swipes dtw --trace "4,4 2,7 1,4 0,3" --ideal "3,4 3,5 2,6 1,4 2,2" --append "2,2" --out dtw.json
        """)

    @Option(help: ArgumentHelp("The rows' points, 'x,y x,y …'.", valueName: "POINTS"))
    var trace: String

    @Option(help: ArgumentHelp("The columns' points, 'x,y x,y …'.", valueName: "POINTS"))
    var ideal: String

    @Option(help: ArgumentHelp("Points to add to the rows afterwards, one row each, 'x,y x,y …'.", valueName: "POINTS"))
    var append: String?

    @Option(help: "Write the tables as JSON to this file instead of printing them.")
    var out: String?

    static func points(_ text: String, option: String) throws -> [Point] {
      let pairs = text.split(whereSeparator: \.isWhitespace)
      guard !pairs.isEmpty, pairs.count <= 1_000 else { throw ValidationError("--\(option): give 1 to 1,000 points 'x,y x,y …'") }
      return try pairs.map { pair in
        let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite, abs(x) <= 1e6, abs(y) <= 1e6 else {
          throw ValidationError("--\(option): '\(pair)' is not a point x,y of finite numbers up to 1e6 in size")
        }
        return Point(x: x, y: y)
      }
    }

    func validate() throws {
      _ = try Self.points(trace, option: "trace")
      _ = try Self.points(ideal, option: "ideal")
      if let append { _ = try Self.points(append, option: "append") }
    }

    func run() throws {
      var table = DTWTable(trace: try Self.points(trace, option: "trace"), ideal: try Self.points(ideal, option: "ideal"))
      func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }
      func points(_ points: [Point]) -> JSONValue { .array(points.map { numbers([$0.x, $0.y]) }) }
      var object: [String: JSONValue] = [
        "trace": points(table.trace), "ideal": points(table.ideal),
        "point_costs": .array(table.pointCosts.map(numbers)), "accumulated": .array(table.accumulated.map(numbers)), "cost": .number(table.cost),
      ]
      var lines = ["squared distances:"] + Self.rows(table.pointCosts) + ["accumulated cost:"] + Self.rows(table.accumulated) + ["cost: \(CSV.number(table.cost))"]
      var appended: [JSONValue] = []
      for point in try append.map({ try Self.points($0, option: "append") }) ?? [] {
        table = table.appending(point)
        let row = table.trace.count - 1
        appended.append([
          "point": numbers([point.x, point.y]), "point_costs": numbers(table.pointCosts[row]), "accumulated": numbers(table.accumulated[row]),
          "cost": .number(table.cost),
        ])
        lines += ["after (\(CSV.number(point.x)), \(CSV.number(point.y))): " + table.accumulated[row].map(CSV.number).joined(separator: " ") + " → cost \(CSV.number(table.cost))"]
      }
      object["appended"] = .array(appended)
      if let out {
        try AtomicFileWriter.write(try JSONValue.object(object).prettyText() + "\n", to: out)
      } else {
        print(lines.joined(separator: "\n"))
      }
    }

    static func rows(_ table: [[Double]]) -> [String] { table.map { "  " + $0.map(CSV.number).joined(separator: " ") } }
  }
}

extension KeybenchSwipes.DTW: CommandFiles {
  var reads: [FileUse] { [] }
  var writes: [FileUse] { FileUse.file("--out", out) }
}
