import Foundation
import KeyBenchCore
import KeyBenchResults
import KeyBenchTestSupport
import Testing

@Suite struct CSVTableTests {
  @Test func readsQuotedFields() throws {
    let table = try CSVTable(text: "id,word,n\n1,\"a,b\",3\n2,\"say \"\"hi\"\"\",4\n3,,5\n", path: "t.csv")
    #expect(table.header == ["id", "word", "n"])
    #expect(table.rows.map { $0[1] } == ["a,b", "say \"hi\"", ""])
    #expect(table.column("n") == 2)
    #expect(table.rows.map { $0[2] } == ["3", "4", "5"])
  }

  /// A results.csv saved by an editor with a byte order mark reads like any other (issue 43: it
  /// was "written before KeyBench 0.15"); a FIFO is refused rather than read for ever.
  @Test func aByteOrderMarkIsDroppedAndAFIFOIsRefused() throws {
    let dir = try TemporaryDirectory()
    let path = dir.path("results.csv")
    try Data([0xEF, 0xBB, 0xBF] + Array("algorithm,item\na,1\n".utf8)).write(to: URL(fileURLWithPath: path))
    let table = try CSVTable(path: path)
    #expect(table.header == ["algorithm", "item"])
    let fifo = dir.path("fifo.csv")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: InputFileError.self) { try CSVTable(path: fifo) }
  }

  @Test func namesTheLineOfARaggedRow() {
    #expect(throws: InputFileError.self) { try CSVTable(text: "", path: "e.csv") }
    do {
      _ = try CSVTable(text: "a,b\n1,2\n3\n", path: "r.csv")
      Issue.record("a ragged row must fail")
    } catch {
      #expect("\(error)" == "r.csv:3: 1 fields where the header has 2")
    }
  }

  /// What CSV.row writes reads back field for field: commas, quotes, CR, LF and CR LF inside a
  /// field, non-ASCII words, empty fields; CRs outside quotes (Windows line ends) are dropped.
  @Test func rowsWrittenReadBackExactly() throws {
    let rows: [[String]] = [
      ["über", "a,b", "say \"hi\""], ["line\nbreak", "carriage\rreturn", "both\r\nends"], ["", "\"", "日本語,\"x\""],
      ["\"\"", "a\"b", ","],
    ]
    let text = (["x,y,z"] + rows.map(CSV.row)).joined(separator: "\n") + "\n"
    #expect(try CSVTable(text: text, path: "t.csv").rows == rows)
    #expect(CSV.row(["both\r\nends"]) == "\"both\r\nends\"", "a CR LF pair is one Character but still a line break")
    let windows = try CSVTable(text: "a,b\r\n1,2\r\n", path: "w.csv")
    #expect(windows.header == ["a", "b"] && windows.rows == [["1", "2"]])
    // A quote that does not open a field is a character; text after a closing quote joins the field.
    #expect(try CSVTable(text: "a,b\nx\"y,\"q\"r\n", path: "q.csv").rows == [["x\"y", "qr"]])
  }
}
