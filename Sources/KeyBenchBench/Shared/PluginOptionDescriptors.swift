import KeyBenchPlugins
public import KeyBenchResults

/// The plug-in options of every benchmark that runs external algorithms (Plugins/PROTOCOL.md),
/// described once; `keybench-run`'s `PluginOptions` group takes its help, defaults and ranges
/// from here.
public enum PluginOptionDescriptors {
  public static let plugin = OptionDescriptor.text(
    "plugin", repeatable: true,
    help: "An external algorithm as NAME=COMMAND, run beside the built-in ones (repeatable); COMMAND is one argument of /bin/sh -c (VAR=1 cmd, quotes and env work as in a terminal) and speaks Plugins/PROTOCOL.md.")

  public static let timeout = OptionDescriptor.number(
    "plugin-timeout", default: 10, range: .init(0.001...3600), help: "Seconds a plug-in may take to answer one item.")

  public static let loadTimeout = OptionDescriptor.number(
    "plugin-load-timeout", default: 600, range: .init(0.001...86400),
    help: "Seconds a plug-in may take to start and answer the handshake (loading a lexicon, training).")

  public static let firstAnswerTimeout = OptionDescriptor.number(
    "plugin-first-answer-timeout", default: 20, range: .init(0.5...86400),
    help: "Seconds a plug-in may sit idle (no CPU used) while KeyBench waits for its handshake answer or its first answer.",
    discussion: "An idle plug-in that has not answered is almost always one whose answer sits in an unflushed output buffer; the message says how to flush. Raise it for a plug-in that waits on something else while loading.")

  public static let onError = OptionDescriptor.choice(
    "on-plugin-error", default: PluginProcess.ErrorPolicy.stop,
    help: "What a plug-in's failure on one item does: stop (the run fails, nothing is written) or skip.",
    discussion: "skip scores the item as a miss for that plug-in, counts and lists it (summary.json, report.md) and starts the plug-in again when it can no longer answer; the rest of the run completes, unless \(PluginProcess.maximumConsecutiveFailures) items in a row went unanswered (timed out, or the plug-in exited or wrote garbage): then the run stops.")

  public static let refuseUnknownWords = OptionDescriptor.flag(
    "plugin-refuse-unknown-words",
    help: "Refuse (as a failure on the item) answers holding words outside the lexicon the plug-in was handed, instead of counting them.")

  public static let checkDeterminism = OptionDescriptor.integer(
    "plugin-check-determinism", default: 0, range: 0...100_000,
    help: "Replay the first N requests of every plug-in in a fresh process after the run and report any different answer (0: no check).")

  /// In the order `--help` lists them.
  public static let all = [plugin, timeout, loadTimeout, firstAnswerTimeout, onError, refuseUnknownWords, checkDeterminism]
}
