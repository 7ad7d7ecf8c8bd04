/// What a benchmark tells a plug-in between requests — what the user meant, that a new user
/// starts — carried on the next request as `learn` and `reset` instead of costing a round trip
/// (Plugins/PROTOCOL.md). Correctors, predictors and keyboards send it the same way; only what one
/// learned item looks like differs.
struct PendingUpdates<Item> {
  private(set) var learned: [Item] = []
  private(set) var reset = false

  mutating func learn(_ item: Item) { learned.append(item) }

  /// A new user: what was learned so far is dropped and `reset` goes with the next request.
  mutating func startOver() {
    learned.removeAll()
    reset = true
  }

  /// The request's extra fields (`,"reset":true`, `,"learn":[…]`), each item written by `encode`.
  func fields(_ encode: (Item) -> String) -> String {
    var text = reset ? ",\"reset\":true" : ""
    if !learned.isEmpty { text += ",\"learn\":[" + learned.map(encode).joined(separator: ",") + "]" }
    return text
  }

  /// Called once a request carried the fields.
  mutating func sent() {
    learned.removeAll(keepingCapacity: true)
    reset = false
  }
}
