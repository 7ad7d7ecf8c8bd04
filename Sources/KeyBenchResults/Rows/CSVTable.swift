import Foundation
import KeyBenchCore

/// A CSV file read whole: a header and rows of fields, quoted fields per RFC 4180 (as the
/// benchmarks write them: a word may hold commas or quotes).
public struct CSVTable: Sendable {
  public let path: String
  public let header: [String]
  public let rows: [[String]]

  public init(path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputFileError(path: path, kind: .unreadable, reason: "cannot read the file")
    }
    try self.init(text: String(decoding: data, as: UTF8.self), path: path)
  }

  public init(text: String, path: String) throws {
    self.path = path
    var records = Self.parse(text)
    guard !records.isEmpty, !(records[0].count == 1 && records[0][0].isEmpty) else {
      throw InputFileError(path: path, kind: .empty, reason: "the CSV file is empty (no header row)")
    }
    header = records.removeFirst()
    for (index, record) in records.enumerated() where record.count != header.count {
      throw InputFileError(path: path, line: index + 2, kind: .malformed,
        reason: "\(record.count) fields where the header has \(header.count)")
    }
    rows = records
  }

  /// The index of `name` in the header.
  public func column(_ name: String) -> Int? { header.firstIndex(of: name) }

  static func parse(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let p = pending { pending = nil; return p }
      return iterator.next()
    }
    while let c = next() {
      if quoted {
        if c == "\"" {
          if let n = iterator.next() {
            if n == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = n }
          } else { quoted = false }
        } else {
          field.unicodeScalars.append(c)
        }
        continue
      }
      switch c {
      case "\"" where field.isEmpty: quoted = true
      case ",": record.append(field); field = ""
      case "\r": continue
      case "\n":
        record.append(field)
        records.append(record)
        record = []
        field = ""
      default: field.unicodeScalars.append(c)
      }
    }
    if !field.isEmpty || !record.isEmpty {
      record.append(field)
      records.append(record)
    }
    return records
  }
}
