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
      let object: [String: Any]
      do {
        guard let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { throw KeyboardError("not a JSON object") }
        object = parsed
      } catch {
        write(Self.line(["error": "not a JSON object: \(String(line.prefix(80)))"]))
        continue
      }
      if object["type"] as? String == "hello" {
        guard object["protocol"] as? Int == 1, object["task"] as? String == "keyboard" else {
          write(Self.line(["error": "expected a hello with \"protocol\": 1 and \"task\": \"keyboard\""]))
          continue
        }
        let built: any Keyboard
        do {
          built = try build(try (object["layout"] as? [String: Any]).map(Self.layout))
        } catch {
          write(Self.line(["error": "\(error)"]))
          continue
        }
        keyboard = built
        write(Self.line(["type": "ready", "name": "keybench-\(built.name)", "version": BuildInfo.version, "config": [:], "tasks": built.tasks.sorted().map(\.rawValue)]))
        continue
      }
      let id = object["id"] ?? NSNull()
      guard let keyboard else {
        write(Self.line(["id": id, "error": "no hello yet: the first line must be the hello"]))
        continue
      }
      do {
        let started = DispatchTime.now().uptimeNanoseconds
        let words = try answer(object, keyboard: keyboard)
        let micros = Double(DispatchTime.now().uptimeNanoseconds - started) / 1000
        write(Self.line(["id": id, "candidates": words, "time_us": (micros * 10).rounded() / 10]))
      } catch {
        write(Self.line(["id": id, "error": "\(error)"]))
      }
    }
    try keyboard?.finish()
  }

  func answer(_ request: [String: Any], keyboard: any Keyboard) throws -> [String] {
    let limit = min(max(request["limit"] as? Int ?? 3, 1), 1000)
    let previous = (request["previous"] as? [String]) ?? (request["context"] as? String).map { $0.split(separator: " ").map(String.init) } ?? []
    if request["reset"] as? Bool == true { keyboard.reset() }
    for word in request["learn"] as? [String] ?? [] { keyboard.learn(word, previous: previous, typed: "", taps: nil) }
    func taps(_ count: Int) throws -> [Point?] {
      guard let list = request["taps"] as? [Any] else { return Array(repeating: nil, count: count) }
      guard list.count == count else { throw KeyboardError("\"taps\" has \(list.count) entries for \(count) characters") }
      return try list.map { value in
        if value is NSNull { return nil }
        guard let pair = value as? [Double], pair.count == 2, pair.allSatisfy(\.isFinite) else { throw KeyboardError("a tap must be [x, y] or null") }
        return Point(x: pair[0], y: pair[1])
      }
    }
    let type = request["type"] as? String ?? ""
    guard let task = KeyboardTask(rawValue: type) else { throw KeyboardError("unknown request type '\(type.prefix(40))'") }
    guard keyboard.tasks.contains(task) else { return [] }
    switch task {
    case .correct:
      guard let typed = request["typed"] as? String else { throw KeyboardError("a correct request needs \"typed\"") }
      return try keyboard.correct(typed, taps: try taps(typed.count), previous: previous, limit: limit)
    case .complete:
      guard let prefix = request["prefix"] as? String else { throw KeyboardError("a complete request needs \"prefix\"") }
      return try keyboard.complete(prefix, taps: try taps(prefix.count), previous: previous, limit: limit)
    case .next:
      return try keyboard.next(previous: previous, limit: limit)
    case .swipe:
      guard let points = request["points"] as? [[Double]], points.count >= 2, points.count <= 100_000 else {
        throw KeyboardError("a swipe request needs \"points\": [[x, y, t_ms], …] with 2 to 100000 points")
      }
      let trace = try points.map { p -> TimedPoint in
        guard p.count >= 2, p.allSatisfy(\.isFinite) else { throw KeyboardError("a swipe point must be [x, y, t_ms]") }
        return TimedPoint(x: p[0], y: p[1], t: p.count > 2 ? p[2] : 0)
      }
      return try keyboard.swipe(trace, previous: previous, limit: limit)
    }
  }

  /// A layout object of the protocol (key centres, sizes, kinds) as a ``KeyboardLayout``.
  static func layout(_ object: [String: Any]) throws -> KeyboardLayout {
    guard let keys = object["keys"] as? [[String: Any]], !keys.isEmpty, keys.count <= 1000 else {
      throw KeyboardError("the hello's layout needs \"keys\": 1 to 1000 key objects")
    }
    let parsed = try keys.enumerated().map { index, key -> Key in
      guard let label = key["label"] as? String, !label.isEmpty,
        let x = key["x"] as? Double, let y = key["y"] as? Double, let width = key["width"] as? Double, let height = key["height"] as? Double,
        [x, y, width, height].allSatisfy(\.isFinite), width > 0, height > 0
      else { throw KeyboardError("layout key \(index + 1) needs label, x, y and a positive width and height") }
      let kind = Key.Kind(rawValue: key["kind"] as? String ?? "letter") ?? .punctuation
      return Key(label: kind == .letter ? label.lowercased() : label, kind: kind, center: Point(x: x, y: y), width: width, height: height, row: key["row"] as? Int ?? 0)
    }
    guard parsed.contains(where: { $0.kind == .letter }) else { throw KeyboardError("the hello's layout has no letter key") }
    let width = (object["width"] as? Double) ?? parsed.map { $0.center.x + $0.width / 2 }.max()!
    let height = (object["height"] as? Double) ?? parsed.map { $0.center.y + $0.height / 2 }.max()!
    return KeyboardLayout(name: object["name"] as? String ?? "hello", width: width, height: height, keys: parsed)
  }

  static func line(_ object: [String: Any]) -> String {
    String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8), as: UTF8.self)
  }
}
