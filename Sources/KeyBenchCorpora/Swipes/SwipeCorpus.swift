import Foundation
public import KeyBenchGeometry
import KeyBenchCore

/// KeyBench's swipe corpus files: JSON Lines, a header line, then one ``SwipeGesture`` per line.
///
/// The header names the format and version so a reader can refuse files it does not understand,
/// and carries how the corpus was made (source, generator configuration, seed). It holds no
/// timestamps, so the same inputs and seed give a byte-identical file.
public enum SwipeCorpus {
  /// The value of the header's `format` key.
  public static let formatName = "keybench-swipes"
  /// The format version this build reads and writes.
  public static let version = 1

  /// The first line of a corpus file.
  public struct Header: Sendable, Codable, Equatable {
    public var format: String
    public var version: Int
    /// What made the corpus, e.g. `keybench-swipes import-hws`.
    public var createdBy: String
    /// Free-form provenance (inputs, seed, configuration) as strings.
    public var provenance: [String: String]

    public init(createdBy: String, provenance: [String: String] = [:]) {
      format = SwipeCorpus.formatName
      version = SwipeCorpus.version
      self.createdBy = createdBy
      self.provenance = provenance
    }
  }

  /// The longest header line read (1 MiB): a header is a few hundred bytes of provenance.
  public static let maximumHeaderBytes = 1 << 20
  /// The longest gesture line read (64 MiB, far above ``SwipeGesture/Limits/maximumPoints``
  /// points of any precision).
  public static let maximumLineBytes = 64 << 20

  /// Reads a corpus file, calling `body` for each gesture in order without loading the file.
  ///
  /// Every line is checked for UTF-8 before it is parsed, and every gesture against
  /// ``SwipeGesture/problem`` (finite, in-range coordinates, times and canvases), so a damaged
  /// corpus stops with its position instead of feeding NaN or absurd values into a benchmark.
  ///
  /// - Throws: ``InputFileError`` as `FILE:LINE: reason` (with the gesture id when the record
  ///   has one) for anything that is not a valid gesture record, or a header of another format
  ///   or a newer version. Messages quote at most a short excerpt of a bad line.
  ///
  /// Corpora are machine-written (by keybench-swipes import and generate) and can hold millions
  /// of points, so each line is decoded with `JSONDecoder`, not the strict ``CheckedJSON`` that
  /// reads files users write.
  @discardableResult
  public static func read(
    path: String, _ body: (SwipeGesture) throws -> Void
  ) throws -> Header {
    try read(path: path, layouts: nil, body)
  }

  /// Reads a corpus like ``read(path:_:)`` and also checks that every gesture's layout resolves
  /// with `layouts` (a known device and variant, a canvas the device accepts).
  ///
  /// A benchmark that reads its corpus this way never meets a gesture it cannot lay out
  /// half-way through a run: the error names the file, line, gesture id and layout instead.
  @discardableResult
  public static func read(
    path: String, layouts: LayoutResolver?, _ body: (SwipeGesture) throws -> Void
  ) throws -> Header {
    try scan(path: path, layouts: layouts, positions: nil, as: SwipeGesture.self, problem: \.problem, layout: \.layout, id: \.id) { _, gesture in
      try body(gesture)
    }
  }

  /// Reads only the gestures at `positions` (ascending 0-based indices among the corpus's
  /// gestures), skipping the other lines without parsing them, and stops after the last one;
  /// `body` gets each gesture's position too.
  @discardableResult
  public static func read(
    path: String, positions: [Int], _ body: (Int, SwipeGesture) throws -> Void
  ) throws -> Header {
    try scan(path: path, layouts: nil, positions: positions, as: SwipeGesture.self, problem: \.problem, layout: \.layout, id: \.id, body)
  }

  /// A gesture without its points: what selecting gestures needs, read about 4× faster than the
  /// whole record (the points are most of a line and of its parsing).
  public struct Outline: Sendable, Decodable {
    public var id: String
    public var word: String
    public var user: String?
    public var layout: LayoutReference
    public var flags: [SwipeGesture.Flag]
    public var context: [String]?

    /// The checks of ``SwipeGesture/problem`` that do not need the points.
    public var problem: String? { SwipeGesture.problem(id: id, word: word, layout: layout, context: context) }
  }

  /// Reads every gesture's ``Outline`` (points skipped, so they are checked only when a gesture
  /// is read whole), checking its layout with `layouts` like ``read(path:layouts:_:)``.
  @discardableResult
  public static func readOutlines(
    path: String, layouts: LayoutResolver?, _ body: (Outline) throws -> Void
  ) throws -> Header {
    try scan(path: path, layouts: layouts, positions: nil, as: Outline.self, problem: \.problem, layout: \.layout, id: \.id) { _, outline in
      try body(outline)
    }
  }

  /// The one reader behind the others: the header checked, each gesture line (or those at
  /// `positions`) checked for size and UTF-8, decoded as `Record`, checked by `problem` and, with
  /// `layouts`, its layout resolved.
  private static func scan<Record: Decodable>(
    path: String, layouts: LayoutResolver?, positions: [Int]?, as type: Record.Type, problem: (Record) -> String?,
    layout: (Record) -> LayoutReference, id: (Record) -> String, _ body: (Int, Record) throws -> Void
  ) throws -> Header {
    let decoder = JSONDecoder()
    var header: Header?
    var position = -1
    var next = 0
    do {
      try LineReader(path: path).forEachLine { bytes, number in
        guard !bytes.isEmpty else { return }
        func fail(_ reason: String) -> InputFileError {
          InputFileError(path: path, line: number, kind: .malformed, reason: reason)
        }
        if header != nil {
          position += 1
          if let positions {
            guard next < positions.count else { throw Finished() }
            guard positions[next] == position else { return }
            next += 1
          }
        }
        guard UTF8Text.isValid(bytes) else {
          throw InputFileError(path: path, line: number, kind: .invalidUTF8, reason: "line is not valid UTF-8")
        }
        guard header != nil else {
          guard bytes.count <= maximumHeaderBytes else {
            throw fail(
              "not a KeyBench swipe corpus: the first line is \(bytes.count) bytes, more than a \(formatName) header (at most \(maximumHeaderBytes)); it starts \(excerpt(bytes))")
          }
          let data = Data(bytes)
          guard let parsed = try? decoder.decode(Header.self, from: data), parsed.format == formatName else {
            throw fail("not a KeyBench swipe corpus (the first line must be its \(formatName) header; found \(excerpt(bytes)))")
          }
          guard parsed.version <= version else {
            throw fail("format version \(parsed.version) is newer than this KeyBench reads (\(version))")
          }
          guard parsed.version >= 1 else { throw fail("format version \(parsed.version) does not exist (this KeyBench reads 1…\(version))") }
          header = parsed
          return
        }
        guard bytes.count <= maximumLineBytes else {
          throw fail("a gesture line of \(bytes.count) bytes; at most \(maximumLineBytes) are read (it starts \(excerpt(bytes)))")
        }
        // An outline skips the points' value unparsed (most of the line); a record whose
        // structure the skip does not follow is decoded whole.
        let data = Record.self == Outline.self ? Data(pointsSkipped(bytes) ?? Array(bytes)) : Data(bytes)
        let record: Record
        do {
          record = try decoder.decode(Record.self, from: data)
        } catch let error as DecodingError {
          let id = (try? decoder.decode(RecordID.self, from: data))?.id
          throw fail("\(id.map { "gesture '\(shortened($0))': " } ?? "")bad gesture record: \(describe(error))")
        }
        if let problem = problem(record) {
          throw fail("gesture '\(shortened(id(record)))': \(problem)")
        }
        if let layouts, layouts.layout(for: layout(record)) == nil {
          let reason: String
          do {
            let profile = try layouts.profile(for: layout(record))
            reason = "device '\(profile.name)' has no layout '\(layout(record).variant ?? "")' (it has \(profile.layoutVariants.joined(separator: ", ")))"
          } catch {
            reason = "\(error)"
          }
          throw fail("gesture '\(shortened(id(record)))': layout \(layout(record)): \(reason)")
        }
        try body(position, record)
      }
    } catch is Finished {}
    guard let header else {
      throw InputFileError(path: path, kind: .empty, reason: "no header line: the file holds no corpus")
    }
    return header
  }

  /// The line with the top-level `"points"` value replaced by `0`, found by a scan that follows
  /// strings and nesting (any key order), or nil when the line is not a flat object with one
  /// such key. Parsing the rest is then a fraction of the work: the points are most of a line.
  static func pointsSkipped(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    var index = 0
    let count = bytes.count
    func skipString() -> Bool {
      index += 1
      while index < count {
        if bytes[index] == backslash { index += 2; continue }
        if bytes[index] == quote { index += 1; return true }
        index += 1
      }
      return false
    }
    func skipSpace() { while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D || bytes[index] == 0x0A { index += 1 } }
    skipSpace()
    guard index < count, bytes[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    while true {
      skipSpace()
      guard index < count, bytes[index] == quote else { return nil }
      let keyStart = index
      guard skipString() else { return nil }
      let isPoints = bytes[keyStart..<index].elementsEqual("\"points\"".utf8)
      skipSpace()
      guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
      index += 1
      skipSpace()
      let valueStart = index
      var depth = 0
      while index < count {
        let byte = bytes[index]
        if byte == quote {
          guard skipString() else { return nil }
          continue
        }
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
        if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
          if depth == 0 { break }
          depth -= 1
        }
        if byte == UInt8(ascii: ","), depth == 0 { break }
        index += 1
      }
      guard index < count, depth == 0 else { return nil }
      if isPoints {
        var out = [UInt8](bytes[..<valueStart])
        out.append(UInt8(ascii: "0"))
        out.append(contentsOf: bytes[index...])
        return out
      }
      if bytes[index] == UInt8(ascii: "}") { return nil }
      index += 1
    }
  }

  /// Ends a read at positions once the last one is read.
  private struct Finished: Error {}

  /// Just the id of a record that failed to decode, to name it in the message.
  private struct RecordID: Decodable {
    var id: String?
  }

  /// At most `limit` characters of a line for a message, quoted, with its size when cut.
  static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = 60) -> String {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(limit * 4)), as: UTF8.self)
    let cut = text.count > limit || bytes.count > limit * 4
    let shown = String(text.prefix(limit)).map { $0.isASCII && $0.asciiValue! < 0x20 ? " " : $0 }
    return "'\(String(shown))\(cut ? "…" : "")'\(cut ? " (\(bytes.count) bytes)" : "")"
  }

  /// An id for a message, cut to 80 characters.
  static func shortened(_ id: String) -> String {
    id.count > 80 ? id.prefix(80) + "…" : id
  }

  /// Reads a whole corpus into memory.
  public static func readAll(path: String) throws -> (header: Header, gestures: [SwipeGesture]) {
    try readAll(path: path, layouts: nil)
  }

  /// Reads a whole corpus into memory, checking every gesture's layout with `layouts`.
  public static func readAll(path: String, layouts: LayoutResolver?) throws -> (header: Header, gestures: [SwipeGesture]) {
    var gestures: [SwipeGesture] = []
    let header = try read(path: path, layouts: layouts) { gestures.append($0) }
    return (header, gestures)
  }

  /// Writes corpora through a temporary file that replaces `path` only on ``finish()``.
  ///
  /// Every gesture is checked against ``SwipeGesture/problem`` before it is written, so no
  /// corpus KeyBench writes holds a value its reader would refuse. Failures name the output path.
  public final class Writer {
    public let path: String
    private let file: AtomicFileWriter
    private let encoder: JSONEncoder
    public private(set) var count = 0

    public init(path: String, header: Header) throws {
      self.path = path
      encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      file = try Self.output(path) { try AtomicFileWriter(path: path) }
      let line = try encoder.encode(header) + Data([0x0A])
      try Self.output(path) { try file.write(line) }
    }

    /// Appends one gesture.
    ///
    /// - Throws: ``InvalidGesture`` for a gesture with a value out of range (nothing is
    ///   written), ``InputFileError`` naming the output when the file cannot be written.
    public func append(_ gesture: SwipeGesture) throws {
      if let problem = gesture.problem {
        throw InvalidGesture(path: path, id: gesture.id, problem: problem)
      }
      let line = try encoder.encode(gesture) + Data([0x0A])
      try Self.output(path) { try file.write(line) }
      count += 1
    }

    /// Moves the finished corpus into place.
    public func finish() throws { try Self.output(path) { try file.commit() } }

    /// Runs a file operation, turning Foundation's errors (NSCocoaErrorDomain dumps) into one
    /// sentence that names the output.
    private static func output<T>(_ path: String, _ operation: () throws -> T) throws -> T {
      do {
        return try operation()
      } catch let error as InputFileError {
        throw error
      } catch {
        throw InputFileError(path: path, kind: .unreadable, reason: "cannot write the corpus: \(SystemErrorText.reason(error))")
      }
    }
  }

  /// A gesture the writer refused because one of its values is out of range.
  public struct InvalidGesture: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var id: String
    public var problem: String
    public var description: String { "\(path): cannot write gesture '\(shortened(id))': \(problem)" }
  }

  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      let prefix = path(context)
      return "missing '\(prefix.isEmpty ? key.stringValue : prefix + "." + key.stringValue)'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "wrong type at '\(path(context))'"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "invalid JSON" : "\(context.debugDescription) at '\(path(context))'"
    @unknown default:
      return "\(error)"
    }
  }
}
