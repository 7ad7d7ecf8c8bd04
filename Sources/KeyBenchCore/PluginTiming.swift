/// The two times reported for an external plug-in: its own compute time per item (what it
/// measured and sent as `time_us`) and the pipe — harness wall time per item minus that — so a
/// slow result can be told apart from a slow protocol.
public enum PluginTiming {
  /// `plugin_us_per_ITEM` and `pipe_us_per_ITEM` metrics, none when `own` is nil (a built-in
  /// algorithm, or a plug-in that reports no time).
  public static func metrics(own: Double?, harnessPerItem: Double, per item: String) -> [(String, Double?)] {
    guard let own, own.isFinite else { return [] }
    return [
      ("plugin_us_per_\(item)", own),
      // A plug-in's own clock may run a little ahead of KeyBench's: the pipe never costs less than 0.
      ("pipe_us_per_\(item)", harnessPerItem.isFinite ? max(0, harnessPerItem - own) : nil),
    ]
  }
}
