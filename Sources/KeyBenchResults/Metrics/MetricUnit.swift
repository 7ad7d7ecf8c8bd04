/// The unit a metric's name implies (Reports/FORMATS.md's naming rules), for summaries that do not
/// declare one: the one place that reads a unit from a name, so a report table and a sweep's
/// range check never disagree about whether `top1` is a share.
public enum MetricUnit {
  /// Whether a metric named `key` (dotted; the last component decides) is a 0…1 share.
  public static func isShare(_ key: String) -> Bool {
    let last = lastComponent(key)
    // An interval's bound (`top1_low`, `top1_high`) is in the unit of its metric.
    for suffix in ["_low", "_high"] where last.hasSuffix(suffix) && last.count > suffix.count {
      return isShare(String(last.dropLast(suffix.count)))
    }
    // Ratios every benchmark declares as fractions (MRR, keystroke and character saving), so a
    // summary without a `statistics` block prints them as the declaring ones do.
    if ["mrr", "ksr", "csr"].contains(last) || last.hasPrefix("ksr_") || last.hasPrefix("csr_") { return true }
    if last.hasPrefix("kept_") || last == "recall" || last.hasPrefix("recall_at_") || last == "coverage" || last.contains("share")
      || last.hasSuffix("rate") || last.hasSuffix("accuracy") || last.hasSuffix("ratio") {
      return true
    }
    // top1, top4, in_lexicon_top1 …
    if let range = last.range(of: "top"), last[range.upperBound...].allSatisfy(\.isNumber), range.upperBound != last.endIndex {
      return true
    }
    return key.lowercased().contains("pass rate")
  }

  /// The last dotted component of a metric key (`decoders.shark2.top1` → `top1`).
  public static func lastComponent(_ key: String) -> String { key.split(separator: ".").last.map(String.init) ?? key }

  /// The unit metric `key`'s name implies: "fraction", "ms", "µs", "ns", "s", "per s", "MiB",
  /// or "" for a plain count or number.
  public static func implied(by key: String) -> String {
    if isShare(key) { return "fraction" }
    if key.hasSuffix("_ms") || key.contains("_ms_") || key.hasSuffix(" ms") || key.contains("(ms)") { return "ms" }
    let last = lastComponent(key)
    if last.hasSuffix("_us") || last.contains("_us_") { return "µs" }
    if last.hasPrefix("ns_per_") { return "ns" }
    if last.hasSuffix("_seconds") { return "s" }
    if last.hasSuffix("_per_second") { return "per s" }
    if last.hasSuffix("_mib") { return "MiB" }
    return ""
  }
}
