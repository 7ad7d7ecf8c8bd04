import KeyBenchCore
import Testing

/// Splitting and quoting agree with a POSIX shell: quoting a word and splitting it gives the word
/// back, and the usual forms of a command line split as `sh` splits them.
@Suite struct ShellWordsTests {
  @Test func splitsAsTheShellDoes() {
    #expect(ShellWords.split("python3 my plugin.py") == ["python3", "my", "plugin.py"])
    #expect(ShellWords.split("env VAR=1 'my folder/plugin' --beam \"8 9\"") == ["env", "VAR=1", "my folder/plugin", "--beam", "8 9"])
    #expect(ShellWords.split(#"a\ b "c\"d" 'e\f'"#) == ["a b", "c\"d", #"e\f"#])
    #expect(ShellWords.split("  ''  x ") == ["", "x"])
    #expect(ShellWords.split("'open") == nil)
    #expect(ShellWords.split("trailing\\") == nil)
  }

  @Test func quotedWordsSplitBackToThemselves() {
    let words = ["plain", "with space", "it's", "tab\there", "$HOME", "a\"b", "", "back\\slash"]
    #expect(ShellWords.split(words.map(ShellWords.quote).joined(separator: " ")) == words)
  }
}
