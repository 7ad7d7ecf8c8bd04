import ArgumentParser

/// The comma-separated algorithm lists of the benchmarks (`--corrector`, `--predictor`,
/// `--ranker`), checked in one place: an empty list or an empty item (`--corrector ,`) would run
/// nothing and still write a result folder that looks finished.
public enum AlgorithmNames {
  /// Throws a usage error naming `option` unless `text` lists at least one name, every one of
  /// them in `known` or `all`.
  public static func validate(_ text: String, option: String, known: [String], noun: String) throws {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard !names.contains(where: \.isEmpty) else {
      throw ValidationError("--\(option) '\(text)': an empty \(noun) name; give a comma-separated list of \(known.joined(separator: ", ")) or all.")
    }
    for name in names where name != "all" && !known.contains(name) {
      throw ValidationError("unknown \(noun) '\(name)'; choose from \(known.joined(separator: ", ")) or all.")
    }
  }
}
