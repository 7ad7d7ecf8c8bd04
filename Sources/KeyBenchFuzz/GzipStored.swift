import Foundation

/// Wraps bytes in a valid gzip stream of *stored* (uncompressed) deflate blocks.
///
/// The `latinime-gzip` target mutates the plain text of a wordlist and then gzips it, so the
/// fuzzer explores the parser through the gzip reading path (zlib's `gzread`) instead of
/// spending its executions on deflate bit errors that are rejected at once. Stored blocks need
/// no compressor, only the framing and a CRC-32.
enum GzipStored {
  static func wrap(_ data: Data) -> Data {
    var out = Data([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
    let bytes = [UInt8](data)
    var offset = 0
    repeat {
      let length = min(65_535, bytes.count - offset)
      let final = offset + length == bytes.count
      out.append(final ? 0x01 : 0x00)
      out.append(contentsOf: [UInt8(length & 0xff), UInt8(length >> 8)])
      out.append(contentsOf: [UInt8(~length & 0xff), UInt8((~length >> 8) & 0xff)])
      out.append(contentsOf: bytes[offset..<(offset + length)])
      offset += length
    } while offset < bytes.count
    let crc = crc32(bytes)
    let size = UInt32(truncatingIfNeeded: bytes.count)
    for value in [crc, size] {
      out.append(contentsOf: [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) })
    }
    return out
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
    }
    return crc ^ 0xffff_ffff
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xedb8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }
}
