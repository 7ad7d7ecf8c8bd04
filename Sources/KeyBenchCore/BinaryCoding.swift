public import Foundation

/// Bytes that are not what a ``BinaryReader`` was told to expect (cut short, offsets out of
/// order): a cache file of another format or a damaged one, never a reason to trap.
public struct BinaryCodingError: Error, CustomStringConvertible, Sendable {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// The plain binary form KeyBench's caches store arrays in (laid-out lexicons, corpus outlines):
/// arrays as a count (UInt64) and their raw elements in the machine's byte order; strings as
/// their UTF-8 bytes, one after another, and the offsets between them.
public struct BinaryWriter {
  public var data = Data()

  public init() {}

  public mutating func array<T: BitwiseCopyable>(_ values: [T]) {
    count(values.count)
    values.withUnsafeBytes { data.append(contentsOf: $0) }
  }

  public mutating func count(_ value: Int) { withUnsafeBytes(of: UInt64(value)) { data.append(contentsOf: $0) } }

  public mutating func text(_ value: String) { array(Array(value.utf8)) }

  public mutating func strings(_ values: [String]) {
    var bytes: [UInt8] = []
    var ends: [Int32] = []
    ends.reserveCapacity(values.count)
    for value in values {
      bytes.append(contentsOf: value.utf8)
      ends.append(Int32(bytes.count))
    }
    array(ends)
    array(bytes)
  }
}

/// Reads what ``BinaryWriter`` wrote, in the same order, checking every count against the bytes left.
public struct BinaryReader {
  public let data: Data
  public private(set) var offset = 0

  public init(data: Data) { self.data = data }

  public var atEnd: Bool { offset == data.count }

  public mutating func count() throws(BinaryCodingError) -> Int {
    guard data.count - offset >= 8 else { throw BinaryCodingError("cut short at byte \(offset)") }
    var value: UInt64 = 0
    let start = offset
    withUnsafeMutableBytes(of: &value) { target in
      data.withUnsafeBytes { source in target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<start + 8])) }
    }
    offset += 8
    return Int(clamping: value)
  }

  public mutating func array<T: BitwiseCopyable>() throws(BinaryCodingError) -> [T] {
    let count = try count()
    let stride = MemoryLayout<T>.stride
    guard count <= (data.count - offset) / stride else { throw BinaryCodingError("an array of \(count) runs past the end") }
    let bytes = count * stride
    let start = offset
    let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      data.withUnsafeBytes { source in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<start + bytes]))
      }
      initialized = count
    }
    offset += bytes
    return values
  }

  public mutating func text() throws(BinaryCodingError) -> String {
    let bytes: [UInt8] = try array()
    return String(decoding: bytes, as: UTF8.self)
  }

  public mutating func strings() throws(BinaryCodingError) -> [String] {
    let ends: [Int32] = try array()
    let bytes: [UInt8] = try array()
    guard zip([0] + ends, ends).allSatisfy({ $0 <= $1 }), (ends.last.map(Int.init) ?? 0) == bytes.count else {
      throw BinaryCodingError("string offsets out of order or beyond their bytes")
    }
    return bytes.withUnsafeBufferPointer { all in
      var start = 0
      return ends.map { end in
        defer { start = Int(end) }
        return String(decoding: UnsafeBufferPointer(rebasing: all[start..<Int(end)]), as: UTF8.self)
      }
    }
  }
}
