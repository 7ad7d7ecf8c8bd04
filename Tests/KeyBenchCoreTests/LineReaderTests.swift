import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

@Suite struct LineReaderTests {
  private func lines(of path: String) throws -> [String] {
    var result: [String] = []
    try LineReader(path: path).forEachLine { bytes, number in
      #expect(number == result.count + 1)
      result.append(String(decoding: bytes, as: UTF8.self))
    }
    return result
  }

  @Test func readsPlainLinesWithCRLFAndNoFinalNewline() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.write("plain.txt", text: "one\r\ntwo\n\nthree")
    #expect(try lines(of: path) == ["one", "two", "", "three"])
    #expect(try LineReader(path: path).compression == .plain)
  }

  /// Issue 43: a UTF-8 byte order mark starts no line: dropped at the start of the file,
  /// plain or gzip, and nowhere else.
  @Test func aByteOrderMarkAtTheStartIsDropped() throws {
    let dir = try TemporaryDirectory()
    let bom = "\u{FEFF}"
    let path = try dir.write("bom.txt", text: bom + "typed\tintended\n" + bom + "kept\n")
    #expect(try lines(of: path) == ["typed\tintended", bom + "kept"])
    _ = try dir.gzip(path, to: "bom.gz")
    #expect(try lines(of: dir.path("bom.gz")) == ["typed\tintended", bom + "kept"])
    #expect(try lines(of: try dir.write("only.txt", text: bom)) == [""])
    #expect(try InputFile.text(path) == "typed\tintended\n" + bom + "kept\n")
    let json = try dir.write("c.json", text: bom + "{\"a\": 1}")
    #expect(try CheckedJSON.load(path: json).root == .object(["a": .number(1)]))
  }

  /// Issue 43: gzread ignored bytes after the last gzip member; they are an error now, while
  /// further members are read.
  @Test func trailingBytesAfterTheGzipDataAreRefused() throws {
    let dir = try TemporaryDirectory()
    let source = try dir.write("words.txt", text: "alpha\nbeta\n")
    let gz = try dir.gzip(source, to: "words.gz")
    let junk = try dir.write("junk.gz", bytes: gz + [0, 0, 0])
    #expect { try lines(of: junk) } throws: {
      guard let error = $0 as? InputFileError else { return false }
      return error.kind == .corruptGzip && error.reason.contains("3 bytes of something other than gzip data follow the end of the compressed data at byte \(gz.count)")
    }
    let twice = try dir.write("twice.gz", bytes: gz + gz)
    #expect(try lines(of: twice) == ["alpha", "beta", "alpha", "beta"])
  }

  @Test func detectsGzipByMagicBytesNotName() throws {
    let dir = try TemporaryDirectory()
    let source = try dir.write("words.txt", text: "alpha\nbeta\n")
    _ = try dir.gzip(source, to: "misnamed.txt")
    let reader = try LineReader(path: dir.path("misnamed.txt"))
    #expect(reader.compression == .gzip)
    #expect(try lines(of: dir.path("misnamed.txt")) == ["alpha", "beta"])
  }

  @Test func streamsLinesLongerThanTheBuffer() throws {
    let dir = try TemporaryDirectory()
    let long = String(repeating: "x", count: 700_000)
    let path = try dir.write("long.txt", text: "short\n\(long)\nend\n")
    let read = try lines(of: path)
    #expect(read.count == 3)
    #expect(read[1].count == 700_000)
    #expect(read[2] == "end")
  }

  @Test func truncatedGzipIsAnErrorNotAShortFile() throws {
    let dir = try TemporaryDirectory()
    let text = (0..<20_000).map { "line \($0) with some text" }.joined(separator: "\n")
    let source = try dir.write("big.txt", text: text)
    let gz = try dir.gzip(source, to: "big.gz")
    let cut = try dir.write("cut.gz", bytes: Array(gz.prefix(gz.count / 2)))
    #expect {
      try lines(of: cut)
    } throws: { ($0 as? InputFileError)?.kind == .truncatedGzip }
  }

  @Test func corruptGzipIsAnError() throws {
    let dir = try TemporaryDirectory()
    let text = (0..<20_000).map { "line \($0) with some text" }.joined(separator: "\n")
    let source = try dir.write("big.txt", text: text)
    var gz = try dir.gzip(source, to: "big.gz")
    for index in stride(from: 40, to: gz.count - 20, by: 97) { gz[index] ^= 0x5A }
    let bad = try dir.write("bad.gz", bytes: gz)
    #expect {
      try lines(of: bad)
    } throws: { ($0 as? InputFileError)?.kind == .corruptGzip }
  }

  @Test func missingEmptyAndDirectoryInputsAreReported() throws {
    let dir = try TemporaryDirectory()
    #expect(throws: InputFileError.self) { try LineReader(path: dir.path("absent.txt")) }
    do {
      _ = try LineReader(path: dir.path("absent.txt"))
    } catch let error as InputFileError {
      #expect(error.kind == .unreadable)
      #expect(error.description == "\(dir.path("absent.txt")): no such file")
    }
    let empty = try dir.write("empty.txt", text: "")
    #expect { try LineReader(path: empty) } throws: { ($0 as? InputFileError)?.kind == .empty }
    #expect { try LineReader(path: dir.url.path) } throws: {
      ($0 as? InputFileError)?.kind == .unreadable
    }
  }
}
