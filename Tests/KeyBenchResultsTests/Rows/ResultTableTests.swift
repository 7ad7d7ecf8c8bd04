import KeyBenchCore
import KeyBenchResults
import Testing

@Suite struct ResultTableTests {
  static let header = "algorithm,item,group,target,rank,candidates,time_us,kind"

  @Test func readsSharedColumnsAndKeepsAlgorithmOrder() throws {
    let text = Self.header + "\nb,1,u1,the,1,the|then,12.5,non-word\nb,2,u1,\"a,b\",,x|y,,correct\na,1,u1,the,2,then|the,3,non-word\n"
    let table = try ResultTable(table: CSVTable(text: text, path: "r.csv"))
    #expect(table.algorithms == ["b", "a"])
    #expect(table.rows[0].candidates == ["the", "then"])
    #expect(table.rows[1].rank == nil)
    #expect(table.rows[1].target == "a,b")
    #expect(table.rows[1].timeMicroseconds == nil)
    #expect(table.extraColumns == ["kind"])
    #expect(table.extra("kind", at: 2) == "non-word")
    #expect(table.indices(of: "a") == [2])
  }

  @Test(arguments: [
    ("b,1,u1,the,0,the,1,x", "r.csv:2: rank '0' is not a whole number from 1 to 1000000 (empty when the target is absent)"),
    ("b,1,u1,the,first,the,1,x", "r.csv:2: rank 'first' is not a whole number from 1 to 1000000 (empty when the target is absent)"),
    ("b,1,u1,the,1,the,-3,x", "r.csv:2: time_us '-3' is not a finite number ≥ 0"),
    ("b,1,u1,the,1,the,nan,x", "r.csv:2: time_us 'nan' is not a finite number ≥ 0"),
    ("b,1,,the,1,the,1,x", "r.csv:2: empty group"),
  ])
  func refusesABadRowNamingItsLine(row: String, message: String) {
    #expect(throws: InputFileError.self) { try ResultTable(table: CSVTable(text: Self.header + "\n" + row + "\n", path: "r.csv")) }
    do {
      _ = try ResultTable(table: CSVTable(text: Self.header + "\n" + row + "\n", path: "r.csv"))
    } catch {
      #expect("\(error)" == message)
    }
  }

  @Test func refusesADuplicateItemOfOneAlgorithm() {
    let text = Self.header + "\nb,1,u1,the,1,the,1,x\na,1,u1,the,1,the,1,x\nb,1,u2,the,1,the,1,x\n"
    #expect(throws: InputFileError.self) { try ResultTable(table: CSVTable(text: text, path: "r.csv")) }
  }

  @Test func refusesAnOldFormatTableSayingHowToRegenerate() {
    let old = "corrector,index,typed,intended,kind,rank,suggestions,us\nkeyboard,0,teh,the,non-word,1,the,3.0\n"
    do {
      _ = try ResultTable(table: CSVTable(text: old, path: "old.csv"))
      Issue.record("an old table must be refused")
    } catch {
      #expect("\(error)".contains("rerun the command in its provenance"))
      #expect("\(error)".hasPrefix("old.csv:1:"))
    }
  }
}
