import KeyBenchCore
import KeyBenchResults
import Testing

@Suite struct CSVTableTests {
  @Test func readsQuotedFields() throws {
    let table = try CSVTable(text: "id,word,n\n1,\"a,b\",3\n2,\"say \"\"hi\"\"\",4\n3,,5\n", path: "t.csv")
    #expect(table.header == ["id", "word", "n"])
    #expect(table.rows.map { $0[1] } == ["a,b", "say \"hi\"", ""])
    #expect(table.column("n") == 2)
    #expect(table.rows.map { $0[2] } == ["3", "4", "5"])
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
}
