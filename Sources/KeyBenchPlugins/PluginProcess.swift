import Foundation
public import KeyBenchCore

/// A running plug-in: a child process speaking KeyBench's JSON-lines protocol (Plugins/PROTOCOL.md)
/// on its standard input and output, its standard error kept as its log.
///
/// Every exchange is bounded: an answer must arrive within the timeout, fit in
/// ``maximumLineBytes`` and carry the id of the request it answers. Anything else — exit, hang,
/// garbage, a wrong id — is a ``PluginFailure`` that stops the run, because an item left
/// unanswered must never be scored as if the plug-in had answered it.
public final class PluginProcess {
  /// The protocol version this KeyBench speaks; the handshake carries it.
  public static let protocolVersion = 1
  /// The longest answer line accepted (a ranked list of words is far shorter).
  public static let maximumLineBytes = 1 << 20
  /// The most candidates one answer may hold.
  public static let maximumCandidates = 1000

  public let spec: PluginSpec
  /// What the plug-in said it is in its handshake.
  public private(set) var identity: Provenance.Plugin
  /// Seconds one answer may take.
  public let timeout: Double
  /// Sum and count of the compute times the plug-in reported (`time_us`), for the report's
  /// split of harness time into the plug-in's own time and the pipe.
  public private(set) var reportedMicroseconds = 0.0
  public private(set) var reportedCount = 0
  /// The plug-in's own mean time per answer, nil when it reported none.
  public var ownMicrosecondsPerAnswer: Double? {
    reportedCount > 0 ? reportedMicroseconds / Double(reportedCount) : nil
  }
  /// Answers received.
  public private(set) var answered = 0

  private let process: Process
  private let input: Int32
  /// The handle owning `input`: closed through it, so its own close on deallocation does not
  /// close the descriptor number a second time (by then it may be another plug-in's pipe).
  private let inputHandle: FileHandle
  private let output: Int32
  private let stderrPath: String
  private var buffer: [UInt8] = []
  /// One read's bytes, allocated once: a fresh 64 KB per answer cost microseconds of zeroing.
  private var chunk = [UInt8](repeating: 0, count: 65536)
  private var nextID = 1
  private var failure: PluginFailure?
  private var closed = false

  /// Starts the plug-in and exchanges the handshake.
  ///
  /// - Parameters:
  ///   - hello: the handshake fields after `type` and `protocol` (task, settings, lexicon, …).
  ///   - timeout: seconds one answer may take.
  ///   - handshakeTimeout: seconds the plug-in may take to load (index a lexicon, train a model).
  /// - Throws: ``PluginFailure`` when it cannot start or does not answer the handshake properly.
  public init(spec: PluginSpec, hello: [String: Any], timeout: Double, handshakeTimeout: Double) throws {
    self.spec = spec
    self.timeout = timeout
    identity = Provenance.Plugin(name: spec.name, command: spec.command, reportedName: "", version: "", config: "{}")
    // A plug-in that exits makes writes to its pipe fail with EPIPE instead of killing KeyBench.
    signal(SIGPIPE, SIG_IGN)
    stderrPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("keybench-plugin-\(spec.name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8)).stderr").path
    guard FileManager.default.createFile(atPath: stderrPath, contents: nil), let log = FileHandle(forWritingAtPath: stderrPath) else {
      throw PluginFailure(plugin: spec.name, command: spec.command, item: "start", reason: "cannot create its log \(stderrPath)", stderrTail: [])
    }
    TemporaryFiles.register(stderrPath)
    process = Process()
    // Foundation starts the plug-in as the leader of a process group of its own, so everything
    // it starts can be stopped with it (``stop(_:)``): a background child left holding its
    // pipes would otherwise keep KeyBench waiting.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec " + spec.command]
    process.environment = Self.environment()
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = log
    do {
      try process.run()
    } catch {
      try? FileManager.default.removeItem(atPath: stderrPath)
      TemporaryFiles.unregister(stderrPath)
      throw PluginFailure(plugin: spec.name, command: spec.command, item: "start", reason: "cannot start /bin/sh: \(error)", stderrTail: [])
    }
    try? log.close()
    inputHandle = stdin.fileHandleForWriting
    input = inputHandle.fileDescriptor
    output = stdout.fileHandleForReading.fileDescriptor
    // Writes wait with the same deadline as reads: a plug-in that stops reading (a full pipe)
    // is a hang like any other, not a KeyBench that blocks for ever.
    _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
    // The child holds its own copies; closing ours lets EOF and EPIPE reach each side.
    try? stdin.fileHandleForReading.close()
    try? stdout.fileHandleForWriting.close()

    var fields = hello
    fields["type"] = "hello"
    fields["protocol"] = Self.protocolVersion
    let line = String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    let answer = try exchange(line: line, item: "handshake", timeout: handshakeTimeout, option: "--plugin-load-timeout")
    guard answer["type"] as? String == "ready", let name = answer["name"] as? String, !name.isEmpty,
      let version = answer["version"] as? String
    else {
      throw fail("handshake", "its first line must be {\"type\": \"ready\", \"name\": …, \"version\": …}; it wrote \(Self.clip(line: answer))")
    }
    let config = answer["config"] ?? [String: Any]()
    guard config is [String: Any] else { throw fail("handshake", "its \"config\" must be a JSON object") }
    identity.reportedName = name
    identity.version = version
    identity.config = String(decoding: try Provenance.canonicalJSON(config), as: UTF8.self)
  }

  deinit {
    if !closed { Self.stop(process) }
    try? FileManager.default.removeItem(atPath: stderrPath)
    TemporaryFiles.unregister(stderrPath)
  }

  /// Sends one request (`fields` as a JSON object text without braces, e.g. `"type":"correct","typed":"teh"`)
  /// and returns the ranked candidates of its answer.
  ///
  /// - Parameter item: names the item in a failure message (`pair 17, typed 'teh'`).
  public func request(_ fields: String, item: @autoclosure () -> String) throws -> [String] {
    let id = nextID
    nextID += 1
    let sent = DispatchTime.now().uptimeNanoseconds
    let answer = try exchange(line: "{\"id\":\(id),\(fields)}", item: item(), timeout: timeout)
    let roundTrip = Double(DispatchTime.now().uptimeNanoseconds - sent) / 1000
    guard let answerID = answer["id"] as? Int, answerID == id else {
      throw fail(item(), "answered request id \(Self.clip(line: answer["id"] ?? "none")) while KeyBench waited for id \(id) (answers must come in order, one per request)")
    }
    guard let candidates = answer["candidates"] as? [Any] else {
      throw fail(item(), "its answer has no \"candidates\" list: \(Self.clip(line: answer))")
    }
    guard candidates.count <= Self.maximumCandidates else {
      throw fail(item(), "answered \(candidates.count) candidates; at most \(Self.maximumCandidates) are accepted")
    }
    var words: [String] = []
    words.reserveCapacity(candidates.count)
    for candidate in candidates {
      guard let word = candidate as? String else {
        throw fail(item(), "its candidates must be strings; it sent \(Self.clip(line: candidate))")
      }
      words.append(word)
    }
    if let time = answer["time_us"] {
      guard let number = time as? Double, number.isFinite, number >= 0 else {
        throw fail(item(), "\"time_us\" must be a non-negative number of microseconds; it sent \(Self.clip(line: time))")
      }
      // Its own time is part of the round trip; more would make the report's pipe time negative.
      guard number <= roundTrip * 1.1 + 1000 else {
        throw fail(item(), "reported \"time_us\": \(Self.clip(line: time)), more than the whole round trip of \(Int(roundTrip)) µs")
      }
      reportedMicroseconds += number
      reportedCount += 1
    }
    answered += 1
    return words
  }

  /// Ends the session: closes the plug-in's input and waits for it to exit.
  ///
  /// - Throws: ``PluginFailure`` when it exits with a non-zero status or does not exit within the
  ///   timeout (it is then killed): a plug-in that fails at the end may have answered wrongly.
  public func finish() throws {
    guard !closed else { return }
    if let failure { throw failure }
    closed = true
    try? inputHandle.close()
    guard Self.waitForExit(process, seconds: max(timeout, 5)) else {
      Self.stop(process)
      process.waitUntilExit()
      throw fail("end of input", "did not exit within \(Self.seconds(max(timeout, 5))) after its input was closed")
    }
    if process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 {
      throw fail("end of input", exitText() + " after answering every request")
    }
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

  // MARK: - Exchange

  /// `option` names the limit `timeout` came from, for the message when it runs out.
  private func exchange(line: String, item: @autoclosure () -> String, timeout: Double, option: String = "--plugin-timeout") throws -> [String: Any] {
    if let failure { throw failure }
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    try write(bytes, deadline: deadline, timeout: timeout, option: option, item: item())
    let answer = try readLine(deadline: deadline, timeout: timeout, option: option, item: item())
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: Data(answer))
    } catch {
      throw fail(item(), "wrote a line that is not JSON: \(Self.clip(String(decoding: answer, as: UTF8.self)))")
    }
    guard let object = parsed as? [String: Any] else {
      throw fail(item(), "wrote a line that is not a JSON object: \(Self.clip(String(decoding: answer, as: UTF8.self)))")
    }
    if let error = object["error"] {
      throw fail(item(), "reported an error: \(error as? String ?? Self.clip(line: error))")
    }
    return object
  }

  private func write(_ bytes: [UInt8], deadline: UInt64, timeout: Double, option: String, item: @autoclosure () -> String) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Foundation.write(input, $0.baseAddress, $0.count) }
      if written >= 0 {
        offset += written
        continue
      }
      if errno == EINTR { continue }
      guard errno == EAGAIN || errno == EWOULDBLOCK else { throw fail(item(), exitedOrClosed("stopped reading its input")) }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { throw fail(item(), "did not read its input within \(Self.seconds(timeout)) (\(option))") }
      var descriptor = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
      _ = poll(&descriptor, 1, Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max))))
    }
  }

  private func readLine(deadline: UInt64, timeout: Double, option: String, item: @autoclosure () -> String) throws -> ArraySlice<UInt8> {
    var scanned = 0
    var spinUntil: UInt64?
    while true {
      if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
        let line = buffer[..<newline]
        buffer = Array(buffer[(newline + 1)...])
        return line
      }
      scanned = buffer.count
      guard buffer.count <= Self.maximumLineBytes else {
        throw fail(item(), "wrote a line longer than \(Self.maximumLineBytes) bytes without a newline")
      }
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < deadline else { throw fail(item(), "no answer within \(Self.seconds(timeout)) (\(option))") }
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer += chunk[..<count]
        continue
      }
      if count == 0 {
        throw fail(item(), exitedOrClosed(buffer.isEmpty ? "closed its output before answering" : "closed its output in the middle of a line"))
      }
      if errno == EINTR { continue }
      guard errno == EAGAIN || errno == EWOULDBLOCK else {
        throw fail(item(), "cannot read its answer: \(String(cString: strerror(errno)))")
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
        throw fail(item(), "cannot wait for its answer: \(String(cString: strerror(errno)))")
      }
      if waited == 0, Self.hasExited(process.processIdentifier) {
        throw fail(item(), exitedOrClosed(buffer.isEmpty ? "stopped before answering" : "stopped in the middle of a line"))
      }
    }
  }

  /// How long a read asks again before it sleeps (see ``readLine(deadline:timeout:option:item:)``).
  private static let spinNanoseconds: UInt64 = 50_000

  // MARK: - Failure

  /// Records the first failure, kills the plug-in and returns the failure to throw.
  private func fail(_ item: String, _ reason: String) -> PluginFailure {
    if let failure { return failure }
    if process.isRunning {
      Self.stop(process)
      process.waitUntilExit()
    }
    closed = true
    let failure = PluginFailure(plugin: spec.name, command: spec.command, item: item, reason: reason, stderrTail: stderrTail())
    self.failure = failure
    return failure
  }

  /// Explains an output closed or input refused: the exit status when the plug-in is gone.
  private func exitedOrClosed(_ what: String) -> String {
    guard Self.waitForExit(process, seconds: 1) else { return what }
    return "\(what) (it \(exitText()))"
  }

  private func exitText() -> String {
    process.terminationReason == .uncaughtSignal
      ? "was killed by signal \(process.terminationStatus)"
      : "exited with status \(process.terminationStatus)"
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

  /// Waits until the plug-in exits. Foundation counts a process as running while anything holds
  /// its pipes, so an exited plug-in whose background child lingers is recognised through /proc;
  /// what it left behind is then stopped with it.
  private static func waitForExit(_ process: Process, seconds: Double) -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    while process.isRunning {
      if hasExited(process.processIdentifier) {
        stop(process)
        process.waitUntilExit()
        return true
      }
      if DispatchTime.now().uptimeNanoseconds > deadline { return false }
      usleep(2000)
    }
    // Children it left running in its process group go too (the group outlives its leader only
    // while members remain, so its id cannot have been reused).
    kill(-process.processIdentifier, SIGKILL)
    return true
  }

  /// Kills the plug-in and everything in its process group (a child that started a session of
  /// its own is out of reach).
  static func stop(_ process: Process) {
    let pid = process.processIdentifier
    guard pid > 0 else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
  }

  /// Whether `pid` has exited: gone from /proc (Foundation reaps it at once) or waiting to be
  /// reaped (state Z). False whenever /proc cannot tell (then only Foundation's view counts):
  /// a running plug-in must never be taken for an exited one.
  static func hasExited(_ pid: Int32) -> Bool {
    guard access("/proc/self/stat", R_OK) == 0 else { return false }
    let path = "/proc/\(pid)/stat"
    guard let bytes = FileManager.default.contents(atPath: path) else {
      return access(path, F_OK) != 0 && errno == ENOENT
    }
    // The name in parentheses may hold any bytes (even a cut UTF-8 character): read bytes.
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return false }
    return bytes[(close + 1)...].first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "Z")
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : String(format: "%.3g s", value)
  }

  static func clip(_ text: String, _ limit: Int = 200) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
  }

  static func clip(line value: Any) -> String {
    if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
      return clip(String(decoding: data, as: UTF8.self))
    }
    return clip(String(describing: value))
  }
}
