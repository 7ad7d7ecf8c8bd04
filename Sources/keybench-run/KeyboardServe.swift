import ArgumentParser
import Foundation
import KeyBenchBench
import KeyBenchCLI
import KeyBenchCore
import KeyBenchKeyboard

extension KeybenchRun {
  struct KeyboardServe: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "keyboard-serve",
      abstract: "Serve a KeyBench keyboard over the plug-in protocol's keyboard task (for kebbie and other harnesses).",
      discussion: """
        Reads JSON lines on standard input: a hello ({"type": "hello", "protocol": 1, "task": \
        "keyboard", "layout": {…}}: the layout is the geometry of the taps that will come; without \
        one, --device's), answered by a ready line listing the tasks, then correct, complete, next \
        and swipe requests, each answered with {"id", "candidates", "time_us"} (Plugins/PROTOCOL.md, \
        "The whole keyboard"). A bad request is answered with {"id", "error"}; end of input ends \
        the server. Loading messages go to standard error.

        Example:
          keybench-run keyboard-serve --lexicon en_US --ngrams en-texts < requests.jsonl
        """)

    @Option(help: "Lexicon (as stored by keybench-ingest), e.g. en_US.")
    var lexicon: String

    @OptionGroup var database: DatabaseOption

    @Option(help: "Text n-gram counts stored by keybench-ingest --text; needed by keybench and plain.")
    var ngrams: String?

    @Option(help: "Device whose layout and touch spread are used when the hello has no layout.")
    var device: String = "pixel6pro-gboard"

    @Option(help: "The keyboard to serve: \(KeyboardCatalog.names.joined(separator: ", ")).")
    var keyboard: String = "keybench"

    func validate() throws {
      guard KeyboardCatalog.names.contains(keyboard) else {
        throw ValidationError("unknown keyboard '\(keyboard)'; choose from \(KeyboardCatalog.names.joined(separator: ", ")).")
      }
      if KeyboardCatalog.needsTextModel(keyboard), ngrams == nil {
        throw ValidationError("keyboard '\(keyboard)' needs a text model: give --ngrams NAME (stored by keybench-ingest --text).")
      }
    }

    func run() throws {
      let loader = try KeyboardLoader(lexicon: lexicon, database: database.path, ngrams: ngrams, device: device)
      let server = KeyboardServer { layout in try loader.keyboard(keyboard, layout: layout) }
      // Unbuffered: each answer must reach the harness as soon as it is written.
      try server.serve(lines: AnySequence { AnyIterator { readLine() } }) { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
    }
  }
}
