import Foundation
import KeyBenchCore
public import KeyBenchGeometry
public import KeyBenchKeyboard
import KeyBenchPlugins

/// KeyBench's keyboard from the other side of the plug-in protocol: reads a `hello` and keyboard
/// requests as JSON lines and answers them, so other harnesses (kebbie, through
/// Plugins/kebbie/keybench_kebbie.py) can drive KeyBench's keyboards.
///
/// The hello's `layout` is the geometry the taps come in (another harness's keyboard); the
/// keyboard is built for it once, then every request is answered in order. A malformed line is
/// answered with `{"id", "error"}` and the server goes on; end of input ends it.
public struct KeyboardServer {
  /// Builds the keyboard once the hello says which layout the taps are in (nil: the device's).
  public let build: (KeyboardLayout?) throws -> any Keyboard

  public init(build: @escaping (KeyboardLayout?) throws -> any Keyboard) { self.build = build }

  /// Serves until `input` ends, writing one line per line read to `write`.
  public func serve(lines input: some Sequence<String>, write: (String) -> Void) throws {
    var keyboard: (any Keyboard)?
    for line in input where !line.trimmingCharacters(in: .whitespaces).isEmpty {
      // The strict parser: a line from another harness with a duplicate key is refused, not
      // read one way or the other.
      guard let object = (try? CheckedJSON.value(of: Data(line.utf8), path: "stdin"))?.object else {
        write(Self.line(["error": .string("not a JSON object: \(String(line.prefix(80)))")]))
        continue
      }
      if object["type"]?.string == "hello" {
        guard object["protocol"]?.int == 1, object["task"]?.string == "keyboard" else {
          write(Self.line(["error": "expected a hello with \"protocol\": 1 and \"task\": \"keyboard\""]))
          continue
        }
        let built: any Keyboard
        do {
          let layout = try object["layout"].map { value -> KeyboardLayout in
            guard let layout = value.object else { throw KeyboardError("the hello's layout must be an object") }
            return try Self.layout(layout)
          }
          built = try build(layout)
        } catch {
          write(Self.line(["error": .string("\(error)")]))
          continue
        }
        keyboard = built
        write(
          Self.line([
            "type": "ready", "name": .string("keybench-\(built.name)"), "version": .string(BuildInfo.version), "config": .object([:]),
            "tasks": .array(built.tasks.sorted().map { .string($0.rawValue) }),
          ]))
        continue
      }
      let id = object["id"] ?? .null
      guard let keyboard else {
        write(Self.line(["id": id, "error": "no hello yet: the first line must be the hello"]))
        continue
      }
      do {
        let started = DispatchTime.now().uptimeNanoseconds
        let words = try answer(object, keyboard: keyboard)
        let micros = Double(DispatchTime.now().uptimeNanoseconds - started) / 1000
        write(Self.line(["id": id, "candidates": .array(words.map(JSONValue.string)), "time_us": .number((micros * 10).rounded() / 10)]))
      } catch {
        write(Self.line(["id": id, "error": .string("\(error)")]))
      }
    }
    try keyboard?.finish()
  }

  func answer(_ request: [String: JSONValue], keyboard: any Keyboard) throws -> [String] {
    let limit = min(max(request["limit"]?.int ?? 3, 1), 1000)
    let previous = try Self.strings(request["previous"], "previous") ?? request["context"]?.string.map { $0.split(separator: " ").map(String.init) } ?? []
    if request["reset"]?.bool == true { keyboard.reset() }
    for word in try Self.strings(request["learn"], "learn") ?? [] { keyboard.learn(word, previous: previous, typed: "", taps: nil) }
    func taps(_ count: Int) throws -> [Point?] {
      guard let list = request["taps"]?.array else { return Array(repeating: nil, count: count) }
      guard list.count == count else { throw KeyboardError("\"taps\" has \(list.count) entries for \(count) characters") }
      return try list.map { value in
        if value == .null { return nil }
        guard let pair = value.numbers, pair.count == 2, pair.allSatisfy(\.isFinite) else { throw KeyboardError("a tap must be [x, y] or null") }
        return Point(x: pair[0], y: pair[1])
      }
    }
    let type = request["type"]?.string ?? ""
    guard let task = KeyboardTask(rawValue: type) else { throw KeyboardError("unknown request type '\(type.prefix(40))'") }
    guard keyboard.tasks.contains(task) else { return [] }
    switch task {
    case .correct:
      guard let typed = request["typed"]?.string else { throw KeyboardError("a correct request needs \"typed\"") }
      return try keyboard.correct(typed, taps: try taps(typed.count), previous: previous, limit: limit)
    case .complete:
      guard let prefix = request["prefix"]?.string else { throw KeyboardError("a complete request needs \"prefix\"") }
      return try keyboard.complete(prefix, taps: try taps(prefix.count), previous: previous, limit: limit)
    case .next:
      return try keyboard.next(previous: previous, limit: limit)
    case .swipe:
      guard let list = request["points"]?.array, list.count >= 2, list.count <= 100_000 else {
        throw KeyboardError("a swipe request needs \"points\": [[x, y, t_ms], …] with 2 to 100000 points")
      }
      let trace = try list.map { value -> TimedPoint in
        guard let p = value.numbers, p.count >= 2, p.allSatisfy(\.isFinite) else { throw KeyboardError("a swipe point must be [x, y, t_ms]") }
        return TimedPoint(x: p[0], y: p[1], t: p.count > 2 ? p[2] : 0)
      }
      return try keyboard.swipe(trace, previous: previous, limit: limit)
    }
  }

  /// A list of strings, nil when the field is left out.
  static func strings(_ value: JSONValue?, _ field: String) throws -> [String]? {
    guard let value else { return nil }
    guard let words = value.strings else { throw KeyboardError("\"\(field)\" must be a list of strings") }
    return words
  }

  /// A layout object of the protocol (key centres, sizes, kinds) as a ``KeyboardLayout``.
  static func layout(_ object: [String: JSONValue]) throws -> KeyboardLayout {
    guard let list = object["keys"]?.array, case let keys = list.compactMap(\.object), keys.count == list.count, !keys.isEmpty, keys.count <= 1000 else {
      throw KeyboardError("the hello's layout needs \"keys\": 1 to 1000 key objects")
    }
    let parsed = try keys.enumerated().map { index, key -> Key in
      guard let label = key["label"]?.string, !label.isEmpty,
        let x = key["x"]?.number, let y = key["y"]?.number, let width = key["width"]?.number, let height = key["height"]?.number,
        [x, y, width, height].allSatisfy(\.isFinite), width > 0, height > 0
      else { throw KeyboardError("layout key \(index + 1) needs label, x, y and a positive width and height") }
      let kind = Key.Kind(rawValue: key["kind"]?.string ?? "letter") ?? .punctuation
      let row = key["row"]?.int ?? 0
      return Key(label: kind == .letter ? label.lowercased() : label, kind: kind, center: Point(x: x, y: y), width: width, height: height, row: row)
    }
    guard parsed.contains(where: { $0.kind == .letter }) else { throw KeyboardError("the hello's layout has no letter key") }
    let width = object["width"]?.number ?? parsed.map { $0.center.x + $0.width / 2 }.max()!
    let height = object["height"]?.number ?? parsed.map { $0.center.y + $0.height / 2 }.max()!
    return KeyboardLayout(name: object["name"]?.string ?? "hello", width: width, height: height, keys: parsed)
  }

  /// One answer line: compact JSON, keys sorted.
  static func line(_ object: [String: JSONValue]) -> String {
    (try? JSONValue.object(object).canonicalText()) ?? "{}"
  }
}
