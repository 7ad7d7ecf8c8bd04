import Foundation
public import KeyBenchCore

/// A running plug-in: a child process speaking KeyBench's JSON-lines protocol (Plugins/PROTOCOL.md)
/// on its standard input and output, its standard error kept as its log.
///
/// Every exchange is bounded: an answer must arrive within the timeout, fit in
/// ``maximumLineBytes``, carry the id of the request it answers and list distinct words. Anything
/// else is a ``PluginFailure`` that stops the run, because an item left unanswered must never be
/// scored as if the plug-in had answered it — unless ``Options/onError`` is ``ErrorPolicy/skip``:
/// then the item is recorded in ``failedItems``, scored as a miss, and a plug-in that can no
/// longer answer (it exited, hung, wrote garbage) is started afresh for the next item, until
/// ``maximumConsecutiveFailures`` items in a row went unanswered.
///
/// The plug-in is a ``ChildProcesses`` child: when KeyBench is interrupted or exits on any path,
/// the plug-in, its process group and whatever it left behind (``PluginLeftovers``) are ended.
/// Every wait on it has a deadline, so no plug-in — nor a process it left holding its pipes —
/// can keep a run waiting.
public final class PluginProcess {
  /// The protocol version this KeyBench speaks; the handshake carries it.
  public static let protocolVersion = 1
  /// The longest answer line accepted (a ranked list of words is far shorter).
  public static let maximumLineBytes = 1 << 20
  /// The most candidates one answer may hold.
  public static let maximumCandidates = 1000
  /// Under ``ErrorPolicy/skip``, the run stops once this many items in a row went unanswered
  /// (timed out, or the plug-in exited or wrote garbage): each costs up to a whole
  /// `--plugin-timeout` and a restart, so a plug-in that no longer works would otherwise take
  /// hours to fail every remaining item (30 words took 88 s at a 3 s timeout).
  public static let maximumConsecutiveFailures = 3
  /// The longest `name` and `version` a ready line may give (they head report.md's lines).
  public static let maximumNameLength = 100

  /// What a run does when a plug-in fails on an item (`--on-plugin-error`).
  public enum ErrorPolicy: String, Sendable, CaseIterable {
    /// Stop the run with one message (the default: a result folder is complete or absent).
    case stop
    /// Count and list the item, score it as a miss, and go on (restarting the plug-in if needed).
    case skip
  }

  /// The limits and policies of one run's plug-ins (`--plugin-*` options).
  public struct Options: Sendable {
    /// Seconds one answer may take (`--plugin-timeout`).
    public var timeout: Double = 10
    /// Seconds the plug-in may take to start and answer the handshake (`--plugin-load-timeout`).
    public var loadTimeout: Double = 600
    /// Seconds the plug-in may sit idle — no CPU used, nothing written — while KeyBench waits for
    /// its handshake answer or its first answer (`--plugin-first-answer-timeout`): almost always
    /// an answer left in an unflushed output buffer, found in seconds instead of at the timeout.
    public var firstAnswerTimeout: Double = 20
    public var onError: ErrorPolicy = .stop
    /// Refuse answers holding words outside the lexicon instead of counting them.
    public var refuseUnknownWords = false
    /// Requests replayed in a fresh process at the end (`--plugin-check-determinism`).
    public var determinismItems = 0
    public init() {}
  }

  /// One request's item: the id `results.csv` gives it and what the message adds (`typed 'teh'`).
  public struct Item: Sendable {
    public var id: String
    public var detail: String
    public init(id: String, detail: String) {
      self.id = id
      self.detail = detail
    }
    /// The handshake and the end of input, named as such in messages.
    static let handshake = Item(id: "handshake", detail: "")
    static let end = Item(id: "end of input", detail: "")
    var label: String {
      id == Self.handshake.id || id == Self.end.id ? id : "item \(id)" + (detail.isEmpty ? "" : " (\(detail))")
    }
  }

  /// How an answer's words are checked against the lexicon the plug-in was handed.
  public struct WordCheck {
    /// Whether a word is in the lexicon.
    public var isKnown: (String) -> Bool
    /// A word always allowed (correct: the typed word, "leave it alone").
    public var allowed: String?
    public init(isKnown: @escaping (String) -> Bool, allowed: String? = nil) {
      self.isKnown = isKnown
      self.allowed = allowed
    }
  }

  public let spec: PluginSpec
  public let options: Options
  /// What the plug-in said it is in its handshake; after ``finish()`` also what the run measured.
  public private(set) var identity: Provenance.Plugin
  /// Seconds one answer may take.
  public var timeout: Double { options.timeout }
  /// Items it failed on (only under ``ErrorPolicy/skip``; otherwise the first failure is thrown).
  public private(set) var failedItems: [Provenance.Plugin.FailedItem] = []
  /// Times the plug-in was started afresh after a failure.
  public private(set) var restarts = 0
  /// Items in a row that went unanswered, with why (reset by every answer).
  private var unanswered: [String] = []
  /// Processes the plug-in left running after it ended, which KeyBench ended (`1234 sleep`).
  public internal(set) var leftBehind: [String] = []
  /// Answers received.
  public private(set) var answered = 0
  /// The `tasks` list of the ready line, when it has one (the keyboard task requires it).
  public private(set) var declaredTasks: [String]?
  /// Each request's round trip in µs and the `time_us` it reported (nil when none).
  private var roundTrips: [Double] = []
  private var reported: [Double?] = []
  private var outOfLexicon = 0
  private var checkedWords = false
  private var loadSeconds = 0.0
  /// The plug-in's own mean time per answer, nil when it reported none.
  public var ownMicrosecondsPerAnswer: Double? {
    let values = reported.compactMap { $0 }
    return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }
  /// Answers that carried `time_us`.
  public var reportedCount: Int { reported.lazy.compactMap { $0 }.count }

  private let helloLine: String
  var process = Process()
  /// The current process's group, ``PluginLeftovers`` token (inherited by everything it starts)
  /// and pipes.
  var family = PluginLeftovers.Family(group: 0, token: "", pipes: [])
  var input: Int32 = -1
  /// The handle owning `input`: closed through it, so its own close on deallocation does not
  /// close the descriptor number a second time (by then it may be another plug-in's pipe).
  var inputHandle: FileHandle?
  var output: Int32 = -1
  private var outputHandle: FileHandle?
  let stderrPath: String
  var buffer: [UInt8] = []
  /// One read's bytes, allocated once: a fresh 64 KB per answer cost microseconds of zeroing.
  var chunk = [UInt8](repeating: 0, count: 65536)
  private var nextID = 1
  /// Lines read from the current process's output (the handshake answer is line 1), so a line
  /// that is not valid JSON is named by its line.
  var outputLines = 0
  private var failure: PluginFailure?
  var closed = false
  private var needsRestart = false
  /// Whether an answer arrived from the current process (the first one gets the idle check).
  private var hasAnswered = false
  /// The first requests (without their id) and their answers, for the determinism replay.
  private var journal: [(fields: String, item: Item, answer: [String]?)] = []

  /// Starts the plug-in and exchanges the handshake.
  ///
  /// - Parameter hello: the handshake fields after `type` and `protocol` (task, settings, lexicon, …).
  /// - Throws: ``PluginFailure`` when it cannot start or does not answer the handshake properly.
  public init(spec: PluginSpec, hello: [String: JSONValue], options: Options) throws {
    self.spec = spec
    self.options = options
    identity = Provenance.Plugin(name: spec.name, command: spec.command, reportedName: "", version: "", config: "{}")
    // A plug-in that exits makes writes to its pipe fail with EPIPE instead of killing KeyBench.
    signal(SIGPIPE, SIG_IGN)
    stderrPath = TemporaryFiles.scratch("keybench-plugin-log", suffix: "-\(spec.name).stderr")
    guard FileManager.default.createFile(atPath: stderrPath, contents: nil) else {
      TemporaryFiles.unregister(stderrPath)
      throw PluginFailure(plugin: spec.name, command: spec.command, item: "start", reason: "cannot create its log \(stderrPath)", stderrTail: [])
    }
    var fields = hello
    fields["type"] = "hello"
    fields["protocol"] = JSONValue(Self.protocolVersion)
    helloLine = try JSONValue.object(fields).canonicalText()
    let started = DispatchTime.now().uptimeNanoseconds
    try start()
    loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
  }

  deinit {
    if !closed { end() }
    try? FileManager.default.removeItem(atPath: stderrPath)
    TemporaryFiles.unregister(stderrPath)
  }

  /// Starts a process for the command and exchanges the handshake (first start and restarts).
  private func start() throws {
    guard let log = FileHandle(forWritingAtPath: stderrPath) else {
      throw PluginFailure(plugin: spec.name, command: spec.command, item: "start", reason: "cannot open its log \(stderrPath)", stderrTail: [])
    }
    _ = try? log.seekToEnd()
    process = Process()
    // Foundation starts the plug-in as the leader of a process group of its own, so everything
    // it starts can be stopped with it (``stop(_:)``): a background child left holding its
    // pipes would otherwise keep KeyBench waiting. The command is one argument of `sh -c`, so
    // `VAR=1 cmd`, quotes and `env` work as in a terminal; it reaches no other shell.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", spec.command]
    let token = UUID().uuidString
    var environment = Self.environment()
    environment[PluginLeftovers.variable] = token
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = log
    let pipes = Set([PluginLeftovers.pipeInode(stdin.fileHandleForWriting.fileDescriptor), PluginLeftovers.pipeInode(stdout.fileHandleForReading.fileDescriptor)])
    do {
      // Interrupted or exiting on any path, KeyBench ends the plug-in and what it left behind.
      let starting = PluginLeftovers.Family(group: 0, token: token, pipes: pipes)
      try ChildProcesses.start(process) { pid in
        var started = starting
        started.group = pid
        _ = PluginLeftovers.kill(started)
      }
    } catch {
      throw PluginFailure(plugin: spec.name, command: spec.command, item: "start", reason: "cannot start /bin/sh: \(error)", stderrTail: [])
    }
    family = PluginLeftovers.Family(group: process.processIdentifier, token: token, pipes: pipes)
    try? log.close()
    inputHandle = stdin.fileHandleForWriting
    input = stdin.fileHandleForWriting.fileDescriptor
    outputHandle = stdout.fileHandleForReading
    output = stdout.fileHandleForReading.fileDescriptor
    // Writes wait with the same deadline as reads: a plug-in that stops reading (a full pipe)
    // is a hang like any other, not a KeyBench that blocks for ever.
    _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    // The child holds its own copies; closing ours lets EOF and EPIPE reach each side.
    try? stdin.fileHandleForReading.close()
    try? stdout.fileHandleForWriting.close()
    buffer.removeAll()
    nextID = 1
    outputLines = 0
    closed = false
    failure = nil
    needsRestart = false
    hasAnswered = false

    let handshake = Item.handshake
    let answer: [String: JSONValue]
    do {
      answer = try exchange(line: helloLine, timeout: options.loadTimeout, option: "--plugin-load-timeout", idle: true)
    } catch let problem as Problem {
      throw fail(handshake, problem.reason)
    }
    if let error = answer["error"] {
      throw fail(handshake, "reported an error instead of its ready line: \(error.string ?? Self.clip(line: error))")
    }
    guard answer["type"]?.string == "ready" else {
      throw fail(handshake, "its first line must be {\"type\": \"ready\", \"name\": …, \"version\": …}; it wrote \(Self.clip(line: .object(answer)))")
    }
    guard let name = answer["name"]?.string, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw fail(handshake, "\"name\" in its ready line must be a non-empty string (what the plug-in calls itself); it sent \(Self.clip(sent: answer["name"]))")
    }
    guard let version = answer["version"]?.string else {
      throw fail(handshake, "\"version\" in its ready line must be a string; it sent \(Self.clip(sent: answer["version"]))")
    }
    // Both head lines of report.md and the console: one short line of printable text.
    for (key, value) in [("name", name), ("version", version)] {
      if let problem = Self.labelProblem(value) {
        throw fail(handshake, "\"\(key)\" in its ready line \(problem); it sent \(Self.clip(line: .string(value)))")
      }
    }
    let config = answer["config"] ?? .object([:])
    guard config.object != nil else { throw fail(handshake, "its \"config\" must be a JSON object") }
    if let tasks = answer["tasks"] {
      guard let list = tasks.strings else {
        throw fail(handshake, "\"tasks\" in its ready line must be a list of task names; it sent \(Self.clip(line: tasks))")
      }
      declaredTasks = list
    }
    identity.reportedName = name
    identity.version = version
    identity.config = String(decoding: try Provenance.canonicalJSON(config), as: UTF8.self)
  }

  /// Sends one request (`fields` as a JSON object text without braces, e.g. `"type":"correct","typed":"teh"`)
  /// and returns the ranked candidates of its answer, at most `limit` (later ones are ignored).
  ///
  /// - Parameters:
  ///   - item: the item, named in a failure as results.csv names it.
  ///   - words: checks the scored words against the lexicon (counted, or refused with
  ///     ``Options/refuseUnknownWords``); nil when the task has no lexicon.
  /// - Returns: the words; no words when the plug-in failed on the item and the policy is skip.
  /// - Throws: ``PluginFailure`` on a failure under ``ErrorPolicy/stop``, and under
  ///   ``ErrorPolicy/skip`` once ``maximumConsecutiveFailures`` items in a row went unanswered.
  public func request(_ fields: String, item: Item, limit: Int, words check: WordCheck? = nil) throws -> [String] {
    if let failure { throw failure }
    if needsRestart {
      appendToLog("[keybench] starting the plug-in again after it failed (--on-plugin-error skip)")
      restarts += 1
      try start()
    }
    var words: [String]?
    do {
      words = try ask(fields, item: item, limit: limit, words: check)
      unanswered = []
    } catch let problem as Problem {
      guard options.onError == .skip else { throw fail(item, problem.reason) }
      failedItems.append(.init(item: item.id, reason: problem.reason))
      if problem.inSync {
        unanswered = []
      } else {
        unanswered.append(problem.reason)
        guard unanswered.count < Self.maximumConsecutiveFailures else {
          throw fail(
            item,
            "\(unanswered.count) items in a row went unanswered, so the run stops (--on-plugin-error skip gives up after \(Self.maximumConsecutiveFailures): each further item would cost a timeout or a restart); the last: \(problem.reason)")
        }
        end()
        needsRestart = true
      }
    }
    if journal.count < options.determinismItems { journal.append((fields, item, words)) }
    return words ?? []
  }

  /// One exchange and every check of its answer; a ``Problem`` says whether the plug-in can go on.
  private func ask(_ fields: String, item: Item, limit: Int, words check: WordCheck?) throws -> [String] {
    let id = nextID
    nextID += 1
    if let line = unsolicitedLine() {
      throw Problem(
        "wrote a line nobody asked for before request id \(id) was sent (\(line)): answer each request with exactly one line, after reading it (answers sent ahead, or a second answer to request id \(id - 1)?)")
    }
    let sent = DispatchTime.now().uptimeNanoseconds
    let first = !hasAnswered
    let answer = try exchange(line: "{\"id\":\(id),\(fields)}", timeout: options.timeout, option: "--plugin-timeout", idle: first)
    hasAnswered = true
    let roundTrip = Double(DispatchTime.now().uptimeNanoseconds - sent) / 1000
    guard let answerID = answer["id"]?.int, answerID == id else {
      throw Problem("answered request id \(answer["id"].map { Self.clip(line: $0) } ?? "none") while KeyBench waited for id \(id) (answers must come in order, one per request)", inSync: false)
    }
    if let error = answer["error"] {
      throw Problem("reported an error: \(error.string ?? Self.clip(line: error))", inSync: true)
    }
    guard let candidates = answer["candidates"]?.array else {
      throw Problem("its answer has no \"candidates\" list: \(Self.clip(line: .object(answer)))", inSync: true)
    }
    guard candidates.count <= Self.maximumCandidates else {
      throw Problem("answered \(candidates.count) candidates; at most \(Self.maximumCandidates) are accepted", inSync: true)
    }
    var words: [String] = []
    words.reserveCapacity(min(candidates.count, limit))
    for candidate in candidates {
      guard let word = candidate.string else {
        throw Problem("its candidates must be strings; it sent \(Self.clip(line: candidate))", inSync: true)
      }
      // Candidates beyond the limit are ignored, whatever they are.
      if words.count < limit { words.append(word) }
    }
    var seen = Set<String>()
    for word in words where !seen.insert(word).inserted {
      throw Problem("its candidates must be distinct words; '\(Self.clip(word, 80))' appears twice in \(Self.clip(words: words))", inSync: true)
    }
    var own: Double?
    if let time = answer["time_us"] {
      guard let number = time.number, number.isFinite, number >= 0 else {
        throw Problem("\"time_us\" must be a non-negative number of microseconds; it sent \(Self.clip(line: time))", inSync: true)
      }
      // Its own time is part of the round trip; more would make the report's pipe time negative.
      guard number <= roundTrip * 1.1 + 1000 else {
        throw Problem("reported \"time_us\": \(Self.clip(line: time)), more than the whole round trip of \(Int(roundTrip)) µs", inSync: true)
      }
      own = number
    }
    if let check {
      checkedWords = true
      if let unknown = words.first(where: { $0 != check.allowed && !check.isKnown($0) }) {
        if options.refuseUnknownWords {
          throw Problem("answered '\(Self.clip(unknown, 80))', which is not in the lexicon it was handed (--plugin-refuse-unknown-words)", inSync: true)
        }
        outOfLexicon += 1
      }
    }
    roundTrips.append(roundTrip)
    reported.append(own)
    answered += 1
    return words
  }

  /// Ends the session: closes the plug-in's input, waits for it to exit, replays the first
  /// requests in a fresh process when asked (``Options/determinismItems``) and records in
  /// ``identity`` what the run measured and the plug-in's stderr.
  ///
  /// - Throws: ``PluginFailure`` when it exits with a non-zero status or does not exit within the
  ///   timeout (it is then killed): a plug-in that fails at the end may have answered wrongly.
  public func finish() throws {
    if let failure { throw failure }
    if !closed { try close() }
    if options.determinismItems > 0, !journal.isEmpty {
      identity.determinism = try replay()
    }
    identity.measures = PluginMeasures.from(
      loadSeconds: loadSeconds, roundTrips: roundTrips, reported: reported, failedItems: failedItems.count,
      outOfLexiconItems: checkedWords ? outOfLexicon : nil)
    identity.failedItems = failedItems
    identity.log = readLog()
  }

  /// Sends the journalled requests to a fresh process and compares the answers.
  private func replay() throws -> Provenance.Plugin.Determinism {
    appendToLog("[keybench] replaying the first \(journal.count) requests in a fresh process (--plugin-check-determinism)")
    let saved = (identity.reportedName, identity.version, identity.config)
    try start()
    var differing = 0
    var first: String?
    for entry in journal {
      var again: [String]?
      do {
        again = try ask(entry.fields, item: entry.item, limit: Self.maximumCandidates, words: nil)
      } catch let problem as Problem {
        guard options.onError == .skip else { throw fail(entry.item, "on replay (--plugin-check-determinism): " + problem.reason) }
        if !problem.inSync { break }
      }
      // The replay's times are not the run's.
      if again != nil {
        roundTrips.removeLast()
        reported.removeLast()
        answered -= 1
      }
      let limited = again.map { Array($0.prefix(entry.answer?.count ?? $0.count)) }
      if limited != entry.answer {
        differing += 1
        if first == nil {
          func show(_ words: [String]?) -> String { words.map(Self.clip(words:)) ?? "a failure" }
          first = "\(entry.item.label): \(show(entry.answer)), then \(show(again))"
        }
      }
    }
    if !closed { try close() }
    (identity.reportedName, identity.version, identity.config) = saved
    return .init(replayed: journal.count, differing: differing, firstDifference: first)
  }

  /// The plug-in's environment: KeyBench's, plus the protocol version and, when KeyBench runs
  /// from a checkout, its Plugins/ folder on PYTHONPATH, so a Python plug-in anywhere can
  /// `import keybench_plugin`.
  static func environment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["KEYBENCH_PLUGIN_PROTOCOL"] = String(protocolVersion)
    if let folder = ProjectFiles.directory("Plugins")?.path {
      environment["KEYBENCH_PLUGINS"] = folder
      environment["PYTHONPATH"] = [folder, environment["PYTHONPATH"]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
    }
    return environment
  }

  // MARK: - Log

  func appendToLog(_ line: String) {
    guard let handle = FileHandle(forWritingAtPath: stderrPath) else { return }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data((line + "\n").utf8))
    try? handle.close()
  }

  /// The plug-in's stderr, at most ``Provenance/Plugin/Log/limit`` bytes: a longer log keeps its
  /// first quarter and its end, with a line saying how much was cut between them.
  private func readLog() -> Provenance.Plugin.Log? {
    guard let handle = FileHandle(forReadingAtPath: stderrPath) else { return nil }
    defer { try? handle.close() }
    let size = Int((try? handle.seekToEnd()) ?? 0)
    try? handle.seek(toOffset: 0)
    let limit = Provenance.Plugin.Log.limit
    guard size > limit else {
      return .init(text: String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self), bytes: size)
    }
    let head = (try? handle.read(upToCount: limit / 4)) ?? Data()
    let marker = "\n[keybench: \(size - limit) bytes of this log cut here; it wrote \(size) bytes in all]\n"
    let tailBytes = limit - head.count - marker.utf8.count
    try? handle.seek(toOffset: UInt64(size - tailBytes))
    let tail = (try? handle.readToEnd()) ?? Data()
    return .init(text: String(decoding: head, as: UTF8.self) + marker + String(decoding: tail, as: UTF8.self), bytes: size)
  }

  // MARK: - Exchange

  /// Why an exchange or an answer failed, and whether the plug-in can still answer the next
  /// request (`inSync`: it answered this one, only wrongly).
  struct Problem: Error {
    var reason: String
    var inSync: Bool
    init(_ reason: String, inSync: Bool = false) {
      self.reason = reason
      self.inSync = inSync
    }
  }

  /// `option` names the limit `timeout` came from, for the message when it runs out; `idle`
  /// turns on the first-answer check (``Options/firstAnswerTimeout``).
  private func exchange(line: String, timeout: Double, option: String, idle: Bool) throws -> [String: JSONValue] {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    try write(bytes, deadline: deadline, timeout: timeout, option: option)
    let answer = try readLine(deadline: deadline, timeout: timeout, option: option, idle: idle)
    let parsed: JSONValue
    do {
      // The strict parser: a plug-in is user-written, so a duplicate key or a trailing comma is
      // refused with the output line, not read as Foundation would.
      parsed = try CheckedJSON.value(of: Data(answer), path: "stdout")
    } catch let error as InputFileError {
      let text = String(decoding: answer, as: UTF8.self)
      if let fields = Self.nonFiniteFields(text) {
        throw Problem(
          "wrote a non-finite number (NaN or Infinity) for \(fields.map { "\"\($0)\"" }.joined(separator: ", ")): JSON has no such numbers; \"time_us\" must be a finite non-negative number of microseconds, or left out",
          inSync: true)
      }
      throw Problem("wrote a line that is not JSON (stdout line \(outputLines): \(error.reason)): \(Self.clip(text))")
    }
    guard let object = parsed.object else {
      throw Problem("wrote a line that is not a JSON object: \(Self.clip(String(decoding: answer, as: UTF8.self)))")
    }
    return object
  }

  /// Why a ready line's `name` or `version` cannot head a line of report.md (longer than
  /// ``maximumNameLength`` characters, or holding a control or line-breaking character), or nil.
  static func labelProblem(_ text: String) -> String? {
    if text.count > maximumNameLength { return "must be at most \(maximumNameLength) characters (it has \(text.count))" }
    let breaking = text.unicodeScalars.first {
      [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
    }
    return breaking.map { String(format: "must not hold control or line-breaking characters (it holds U+%04X)", $0.value) }
  }

  /// The keys of a line that is JSON but for `NaN`/`Infinity` values (what Python's json.dumps
  /// writes for float('nan')), nil when it is not that.
  static func nonFiniteFields(_ text: String) -> [String]? {
    let pattern = /([:\[,]\s*)-?(?:NaN|Infinity)(?=\s*[,\]}])/
    guard text.contains(pattern) else { return nil }
    let repaired = text.replacing(pattern) { match in match.1 + "null" }
    guard let object = (try? CheckedJSON.value(of: Data(repaired.utf8), path: "stdout"))?.object else { return nil }
    let fields = object.filter { $0.value == .null }.map { $0.key }.sorted()
    return fields.isEmpty ? nil : fields
  }

  private func write(_ bytes: [UInt8], deadline: UInt64, timeout: Double, option: String) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Foundation.write(input, $0.baseAddress, $0.count) }
      if written >= 0 {
        offset += written
        continue
      }
      if errno == EINTR { continue }
      guard errno == EAGAIN || errno == EWOULDBLOCK else { throw Problem(exitedOrClosed("stopped reading its input")) }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { throw Problem("did not read its input within \(Self.seconds(timeout)) (\(option))") }
      var descriptor = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
      _ = poll(&descriptor, 1, Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max))))
    }
  }

  /// A line the plug-in wrote before it was asked (read without waiting), nil when none: an
  /// answer sent ahead of its request, or a second answer to the last one, would otherwise be
  /// taken for the next request's answer, or go unnoticed after the last.
  private func unsolicitedLine() -> String? {
    while buffer.count <= Self.maximumLineBytes {
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      buffer += chunk[..<count]
    }
    guard !buffer.isEmpty else { return nil }
    return "stdout line \(outputLines + 1): \(Self.clip(String(decoding: buffer.prefix { $0 != 0x0A }, as: UTF8.self)))"
  }

  /// What a plug-in that never answers is told about output buffering.
  static let flushAdvice =
    "a line written without a flush waits in the plug-in's output buffer: flush after every line (Python: print(..., flush=True) or sys.stdout.flush(); or run it with PYTHONUNBUFFERED=1 or python3 -u; C: fflush(stdout))"

  private func readLine(deadline: UInt64, timeout: Double, option: String, idle: Bool) throws -> ArraySlice<UInt8> {
    var scanned = 0
    var spinUntil: UInt64?
    var activity = idle ? Self.groupActivity(process.processIdentifier) : nil
    var lastActive = DispatchTime.now().uptimeNanoseconds
    var nextCheck = lastActive + 500_000_000
    while true {
      if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
        let line = buffer[..<newline]
        outputLines += 1
        buffer = Array(buffer[(newline + 1)...])
        return line
      }
      scanned = buffer.count
      guard buffer.count <= Self.maximumLineBytes else {
        throw Problem("wrote a line longer than \(Self.maximumLineBytes) bytes without a newline")
      }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else {
        throw Problem("no answer within \(Self.seconds(timeout)) (\(option))" + (idle ? "; if it had answered, \(Self.flushAdvice)" : ""))
      }
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer += chunk[..<count]
        lastActive = now
        continue
      }
      if count == 0 {
        throw Problem(exitedOrClosed(buffer.isEmpty ? "closed its output before answering" : "closed its output in the middle of a line"))
      }
      if errno == EINTR { continue }
      guard errno == EAGAIN || errno == EWOULDBLOCK else {
        throw Problem("cannot read its answer: \(String(cString: strerror(errno)))")
      }
      // Most answers come within microseconds: asking again for a moment before sleeping in
      // poll spares this core's wake-up, which on a virtual machine costs tens of µs an item.
      let spinEnd = spinUntil ?? now + Self.spinNanoseconds
      spinUntil = spinEnd
      if now < spinEnd { continue }
      // Waits in slices of 100 ms: a plug-in that exited while a child of its own holds the pipe
      // open never closes its output, and is recognised by its exit instead of the timeout.
      var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
      let waited = poll(&descriptor, 1, Int32(min((deadline - now) / 1_000_000 + 1, 100)))
      if waited < 0 && errno != EINTR {
        throw Problem("cannot wait for its answer: \(String(cString: strerror(errno)))")
      }
      if waited == 0, Self.hasExited(process.processIdentifier) {
        throw Problem(exitedOrClosed(buffer.isEmpty ? "stopped before answering" : "stopped in the middle of a line"))
      }
      // The first answer: a plug-in that uses no CPU while KeyBench waits is waiting itself —
      // almost always for input, its answer stuck in an output buffer.
      if idle, waited == 0, DispatchTime.now().uptimeNanoseconds >= nextCheck {
        let checked = DispatchTime.now().uptimeNanoseconds
        nextCheck = checked + 500_000_000
        let current = Self.groupActivity(process.processIdentifier)
        if current == nil || current!.busy || current!.ticks != activity?.ticks { lastActive = checked }
        activity = current
        let idleSeconds = Double(checked - lastActive) / 1e9
        if idleSeconds >= options.firstAnswerTimeout {
          throw Problem(
            "no answer, and it has used no CPU for \(Self.seconds(options.firstAnswerTimeout)) while KeyBench waits (--plugin-first-answer-timeout): \(Self.flushAdvice)")
        }
      }
    }
  }

  /// CPU ticks used so far by the processes of group `group`, and whether one is running or in
  /// disk wait; nil when /proc cannot tell.
  static func groupActivity(_ group: Int32) -> (ticks: Int, busy: Bool)? {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
    var ticks = 0
    var busy = false
    var found = false
    for entry in entries where entry.first?.isNumber == true {
      guard let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/stat"),
        let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count
      else { continue }
      // After the name: state, ppid, pgrp, …, utime (14th field), stime (15th).
      let fields = bytes[(close + 2)...].split(separator: UInt8(ascii: " ")).prefix(13).map { String(decoding: $0, as: UTF8.self) }
      guard fields.count == 13, Int32(fields[2]) == group else { continue }
      found = true
      ticks += (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
      if fields[0] == "R" || fields[0] == "D" { busy = true }
    }
    return found ? (ticks, busy) : nil
  }

  /// How long a read asks again before it sleeps (see ``readLine(deadline:timeout:option:idle:)``).
  private static let spinNanoseconds: UInt64 = 50_000

  // MARK: - Failure

  /// Records the first failure, kills the plug-in and returns the failure to throw.
  func fail(_ item: Item, _ reason: String) -> PluginFailure {
    if let failure { return failure }
    end()
    let failure = PluginFailure(plugin: spec.name, command: spec.command, item: item.label, reason: reason, stderrTail: stderrTail())
    self.failure = failure
    return failure
  }

  /// The last lines of the plug-in's stderr (at most 12, each clipped).
  private func stderrTail() -> [String] {
    guard let handle = FileHandle(forReadingAtPath: stderrPath) else { return [] }
    defer { try? handle.close() }
    let size = (try? handle.seekToEnd()) ?? 0
    try? handle.seek(toOffset: size > 16384 ? size - 16384 : 0)
    let data = (try? handle.readToEnd()) ?? Data()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    return lines.suffix(12).map { Self.clip(String($0)) }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : String(format: "%.3g s", value)
  }

  static func clip(_ text: String, _ limit: Int = 200) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
  }

  /// A value a plug-in sent, as compact JSON with sorted keys, clipped.
  static func clip(line value: JSONValue) -> String {
    clip((try? value.canonicalText()) ?? "\(value)")
  }

  /// ``clip(line:)`` of a list of words.
  static func clip(words: [String]) -> String { clip(line: .array(words.map(JSONValue.string))) }

  /// ``clip(line:)`` of a field of a ready line, or "nothing" when it was left out.
  static func clip(sent value: JSONValue?) -> String {
    value.map { clip(line: $0) } ?? "nothing"
  }
}
