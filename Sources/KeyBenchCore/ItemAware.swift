/// An algorithm that is told which item each call is for, by the id `results.csv` gives the item,
/// so that what it reports about a call — a plug-in's failure, an item it skipped — names the
/// item exactly as the results do.
///
/// Benchmarks call ``begin(item:)`` before asking for an item when the algorithm conforms; the
/// built-in algorithms do not need it.
public protocol ItemAware: AnyObject {
  func begin(item: String)
}
