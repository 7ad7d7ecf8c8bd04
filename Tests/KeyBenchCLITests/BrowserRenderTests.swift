import Foundation
import KeyBenchTestSupport
import Testing

/// Each benchmark's HTML page, rendered by a real browser (headless Chromium, when installed; CI
/// installs it): no script or console error, every SVG drawn with a size and inside the page, and
/// no text (labels, titles, legends) drawn outside its plot.
enum Browser {
  static let chromium: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { name in
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }.first
}

@Suite(.enabled(if: Browser.chromium != nil, "needs chromium (Scripts/setup --peers installs it)")) struct BrowserRenderTests {
  /// Checks the page in the browser and writes the problems found into the DOM, which the test reads
  /// back with --dump-dom.
  static let checker = """
    <script>
    window.keybenchProblems = [];
    window.addEventListener('error', e => window.keybenchProblems.push('script error: ' + e.message));
    const keybenchError = console.error;
    console.error = (...args) => { window.keybenchProblems.push('console error: ' + args.join(' ')); keybenchError(...args); };
    window.addEventListener('load', () => {
      const problems = window.keybenchProblems;
      const page = document.documentElement.clientWidth;
      document.querySelectorAll('svg').forEach((svg, i) => {
        const name = svg.getAttribute('aria-label') || ('svg ' + i);
        const box = svg.getBoundingClientRect();
        if (box.width < 50 || box.height < 50) problems.push(name + ': drawn ' + box.width + 'x' + box.height);
        if (box.right > page + 1) problems.push(name + ': wider than the page');
        svg.querySelectorAll('text').forEach(text => {
          const t = text.getBoundingClientRect();
          if (t.width === 0) return;
          if (t.left < box.left - 1 || t.right > box.right + 1 || t.top < box.top - 1 || t.bottom > box.bottom + 1)
            problems.push(name + ': text "' + text.textContent + '" drawn outside the plot');
        });
      });
      const out = document.createElement('pre');
      out.id = 'keybench-check';
      out.textContent = JSON.stringify(problems);
      document.body.appendChild(out);
    });
    </script>
    """

  /// Small real runs of every benchmark and a sweep; photos (which needs WordNet and COCO) when
  /// the shared corpora and WordNet are there. What each run printed is kept beside its folder
  /// (`FOLDER.stdout`) for tests that read the command line's output too.
  static func runs(in dir: TemporaryDirectory) throws -> [String] {
    let db = dir.path("l.sqlite")
    _ = try Run.product("keybench-ingest", [TestPaths.repository.appendingPathComponent("Corpora/fixtures/mini.combined").path, "--db", db])
    let text = try dir.write("t.txt", text: String(repeating: "Der Hund lief über die Straße. Die Katze sah ihm nach und schlief dann ein. ", count: 40))
    let test = try dir.write("test.txt", text: String(repeating: "Ein Vogel sang im Baum. Der Wind war kalt und der Hund schlief. ", count: 12))
    let pairs = try dir.write("p.tsv", text: "typed\tintended\tcontext\tsource\nhnud\thund\t\tx\nkatze\tkatze\t\tx\nstrase\tstraße\t\tx\n")
    let corpus = dir.path("s.jsonl")
    _ = try Run.product("keybench-swipes", ["generate", "--lexicon", "de", "--db", db, "--device", "iphone5", "--count", "30", "--seed", "1", "--out", corpus])
    let scheme = TestPaths.repository.appendingPathComponent("Corpora/gesture/english.xml").path
    let counted = try Run.product("keybench-ingest", ["--text", text, "--name", "tx", "--db", db])
    #expect(counted.status == 0, "\(counted.stderr)")
    let commands: [(String, [String])] = [
      ("swipe", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus]),
      ("correct", ["correct", "--lexicon", "de", "--db", db, "--pairs", pairs, "--corrector", "baseline,keyboard,kannsch"]),
      ("predict", ["predict", "--train", text, "--text", test, "--curve-lengths", "20,50", "--curve-slices", "2"]),
      ("touch", ["touch", "--train", text, "--text", test, "--device", "iphone5", "--device", "ipad4", "--seed", "1"]),
      ("gesture", ["gesture", "--scheme", scheme, "--text", test, "--seed", "1"]),
      ("keyboard", ["keyboard", "--lexicon", "de", "--db", db, "--ngrams", "tx", "--sentences", test, "--typists", "3", "--keyboard", "keybench,plain,literal"]),
    ]
    var folders: [String] = []
    for (name, arguments) in commands {
      let out = dir.path(name)
      let result = try Run.product("keybench-run", arguments + ["--out", out])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      try result.stdout.write(toFile: out + ".stdout", atomically: true, encoding: .utf8)
      folders.append(out)
    }
    // A sweep folder (sweep.csv): the accuracy/latency scatter with its Pareto frontier.
    let sweep = dir.path("sweep")
    let swept = try Run.product(
      "keybench-sweep", ["swipe", "--lexicon", "de", "--db", db, "--corpus", corpus, "--param", "filters.length.a=0.3,0.45,0.6", "--out", sweep])
    #expect(swept.status == 0, "sweep: \(swept.stderr)")
    try swept.stdout.write(toFile: sweep + ".stdout", atomically: true, encoding: .utf8)
    folders.append(sweep)
    let captions = TestPaths.corpus("photos/coco_val2017_dev_captions.json")
    if FileManager.default.fileExists(atPath: captions), FileManager.default.fileExists(atPath: "/usr/share/wordnet/data.noun") {
      let out = dir.path("photos")
      let result = try Run.product("keybench-run", ["photos", "--captions", captions, "--labels", TestPaths.corpus("photos/coco_val2017_dev_image_labels.tsv"), "--limit", "200", "--seed", "1", "--out", out])
      if result.status == 0 {
        try result.stdout.write(toFile: out + ".stdout", atomically: true, encoding: .utf8)
        folders.append(out)
      }
    }
    return folders
  }

  @Test func everyBenchmarksPageRendersCleanly() throws {
    let dir = try TemporaryDirectory()
    let folders = try Self.runs(in: dir)
    for folder in folders {
      let page = dir.path("\(URL(fileURLWithPath: folder).lastPathComponent).html")
      let made = try Run.product("keybench-report", ["html", folder, "--out", page])
      #expect(made.status == 0, "\(made.stderr)")
      let html = try String(contentsOfFile: page, encoding: .utf8)
      #expect(html.contains("<svg"), "\(folder): no plot")
      let checked = dir.path("checked-\(URL(fileURLWithPath: folder).lastPathComponent).html")
      try html.replacingOccurrences(of: "<head>", with: "<head>" + Self.checker).write(toFile: checked, atomically: true, encoding: .utf8)
      let browser = try Run.tool(
        Browser.chromium!, ["--headless", "--disable-gpu", "--no-sandbox", "--window-size=1200,900", "--virtual-time-budget=3000", "--dump-dom", "file://" + checked])
      let dom = browser.stdout
      let start = try #require(dom.range(of: "<pre id=\"keybench-check\">"), "\(folder): the checker did not run; \(browser.stderr.suffix(300))")
      let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
      let problems = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
      #expect(problems == "[]", "\(URL(fileURLWithPath: folder).lastPathComponent): \(problems)")
    }
    #expect(folders.count >= 7)
  }
}
