import Foundation
import KeyBenchCore

/// A CSV file read whole: a header and rows of fields, quoted fields per RFC 4180 (as the
/// benchmarks write them: a word may hold commas or quotes).
public struct CSVTable: Sendable {
  public let path: String
  public let header: [String]
  public let rows: [[String]]

  /// Reads `path` as every input is read (``InputFile/text(_:maximumBytes:)``): a regular file
  /// (a FIFO would block for ever), valid UTF-8, a byte order mark dropped.
  public init(path: String) throws {
    try self.init(text: try InputFile.text(path), path: path)
  }

  public init(text: String, path: String) throws {
    var records = Self.parse(text)
    guard !records.isEmpty, !(records[0].count == 1 && records[0][0].isEmpty) else {
      throw InputFileError(path: path, kind: .empty, reason: "the CSV file is empty (no header row)")
    }
    let header = records.removeFirst()
    try self.init(header: header, rows: records, path: path)
  }

  /// A table of fields already split, as a benchmark holds the rows it is about to write: the
  /// same checks as reading them back, without writing and parsing tens of megabytes of text
  /// (``CSV/row(_:)`` and the parser round-trip every field exactly).
  public init(header: [String], rows: [[String]], path: String) throws {
    self.path = path
    self.header = header
    for (index, record) in rows.enumerated() where record.count != header.count {
      throw InputFileError(path: path, line: index + 2, kind: .malformed,
        reason: "\(record.count) fields where the header has \(header.count)")
    }
    self.rows = rows
  }

  /// The index of `name` in the header.
  public func column(_ name: String) -> Int? { header.firstIndex(of: name) }

  /// The records of `text`. Works on UTF-8 bytes: every character with a meaning here (quote,
  /// comma, CR, LF) is ASCII, and no byte of a multi-byte character is, so this is the scalar
  /// reading byte for byte, at a fraction of the cost on a run's tens of megabytes of rows.
  static func parse(_ text: String) -> [[String]] {
    var text = text
    text.makeContiguousUTF8()
    return text.utf8.withContiguousStorageIfAvailable(parse(bytes:)) ?? Array(text.utf8).withUnsafeBufferPointer(parse(bytes:))
  }

  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> [[String]] {
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
    var records: [[String]] = []
    var record: [String] = []
    var field: [UInt8] = []
    var quoted = false
    var index = 0
    func take() -> String {
      defer { field.removeAll(keepingCapacity: true) }
      return String(decoding: field, as: UTF8.self)
    }
    while index < bytes.count {
      let c = bytes[index]
      index += 1
      if quoted {
        if c == quote {
          // A doubled quote is one quote; any other byte after a quote ends the quoting and is
          // read again outside it.
          if index < bytes.count, bytes[index] == quote {
            field.append(quote)
            index += 1
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
        continue
      }
      switch c {
      case quote where field.isEmpty: quoted = true
      case comma: record.append(take())
      case cr: continue
      case lf:
        record.append(take())
        records.append(record)
        record = []
      default: field.append(c)
      }
    }
    if !field.isEmpty || !record.isEmpty {
      record.append(take())
      records.append(record)
    }
    return records
  }
}
