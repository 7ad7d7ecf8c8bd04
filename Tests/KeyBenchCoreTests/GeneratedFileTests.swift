import Foundation
import KeyBenchCore
import KeyBenchTestSupport
import Testing

/// Generated JSON, XML and HTML are checked before they replace anything.
@Suite struct GeneratedFileTests {
  @Test func malformedJSONOrXMLIsNeverWrittenAndTheEarlierFileStays() throws {
    let dir = try TemporaryDirectory()
    for (name, good, bad) in [
      ("s.json", "{\"a\": 1}\n", "{\"a\": 1,\n"),
      ("gate.xml", "<?xml version=\"1.0\"?><testsuite/>\n", "<testsuite><error>\u{1B}[31m</error></testsuite>\n"),
      ("page.html", "<!DOCTYPE html>\n<html><body><p>ok</p></body></html>\n", "<!DOCTYPE html>\n<html><body><p>cut"),
    ] {
      let path = dir.path(name)
      try AtomicFileWriter.write(good, to: path)
      let refused = try #require(throws: InputFileError.self) { try AtomicFileWriter.write(bad, to: path) }
      #expect(refused.path == path && refused.reason.contains("not well-formed"), "\(refused)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == good)
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }.isEmpty, "a temporary file was left")
    }
    // Formats without a check are written as they are.
    try AtomicFileWriter.write("{", to: dir.path("notes.md"))
  }
}
