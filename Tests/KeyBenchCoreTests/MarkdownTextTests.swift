import KeyBenchCore
import Testing

/// Text from outside KeyBench becomes plain text in a Markdown line, whatever it holds.
@Suite struct MarkdownTextTests {
  @Test func markupIsEscapedAndControlCharactersReplaced() {
    #expect(MarkdownText.inline("plain name 1.0-beta (x)") == "plain name 1.0-beta (x)")
    #expect(MarkdownText.inline("<b>*x*_y_</b> | [a](b) `c` &amp; ~z~ !#") == ##"\<b\>\*x\*\_y\_\</b\> \| \[a\](b) \`c\` \&amp; \~z\~ \!\#"##)
    #expect(MarkdownText.inline("a\nb\u{1b}[31mc\u{2028}d") == "a\u{FFFD}b\u{FFFD}\\[31mc\u{FFFD}d")
    #expect(MarkdownText.inline(String(repeating: "x", count: 300), limit: 10) == String(repeating: "x", count: 10) + "…")
  }

  @Test func codeSpansAreFencedBeyondTheLongestRunOfBackticks() {
    #expect(MarkdownText.code("{\"a\":1}") == "`{\"a\":1}`")
    #expect(MarkdownText.code("a``b") == "```a``b```")
    #expect(MarkdownText.code("`x") == "`` `x ``")
    #expect(MarkdownText.code("line\nbreak") == "`line\u{FFFD}break`")
  }
}
