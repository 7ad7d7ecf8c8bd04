import KeyBenchCore
import KeyBenchTyping
import Testing

/// The peers' `-a` pipe protocol, against the real programs when they are installed.
@Suite struct PipeSpellerTests {
  @Test func missingProgramIsNil() throws {
    #expect(try PipeSpeller(name: "x", executable: "keybench-no-such-speller", arguments: ["-a"]) == nil)
  }

  @Test(.enabled(if: LineProcess.which("hunspell") != nil)) func hunspell() throws {
    let speller = try #require(try PipeSpeller(name: "hunspell", executable: "hunspell", arguments: ["-a", "-d", "en_US"]))
    #expect(speller.suggestions(for: "speling", limit: 4).contains("spelling"))
    #expect(speller.suggestions(for: "the", limit: 4) == ["the"])
    // A leading '*' would be a pipe command without the '^' prefix.
    #expect(speller.suggestions(for: "*teh", limit: 4).count <= 4)
    #expect(speller.suggestions(for: "house", limit: 4) == ["house"])
  }

  @Test(.enabled(if: LineProcess.which("aspell") != nil)) func aspell() throws {
    let speller = try #require(try PipeSpeller(name: "aspell", executable: "aspell", arguments: ["-a", "--lang=en_US"]))
    #expect(speller.suggestions(for: "recieve", limit: 4).contains("receive"))
    #expect(speller.suggestions(for: "and", limit: 4) == ["and"])
  }
}
