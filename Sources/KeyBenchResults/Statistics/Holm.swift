/// Holm–Bonferroni step-down adjustment, for reports that test several metrics or algorithm
/// pairs at once: it controls the family-wise error rate like Bonferroni but is never less
/// powerful.
public enum Holm {
  /// Adjusted p-values in the input order. With the m p-values sorted ascending as
  /// p₍₁₎ ≤ … ≤ p₍ₘ₎ (ties kept in input order), the adjusted value of p₍ᵢ₎ is
  /// max over j ≤ i of min(1, (m − j + 1)·p₍ⱼ₎): monotone in p and capped at 1.
  /// Every p-value must lie in [0, 1].
  public static func adjust(_ pValues: [Double]) -> [Double] {
    precondition(pValues.allSatisfy { $0 >= 0 && $0 <= 1 }, "p-values must lie in [0, 1]")
    let count = pValues.count
    let order = pValues.indices.sorted { (pValues[$0], $0) < (pValues[$1], $1) }
    var adjusted = [Double](repeating: 1, count: count)
    var running = 0.0
    for (rank, index) in order.enumerated() {
      running = max(running, min(1, Double(count - rank) * pValues[index]))
      adjusted[index] = running
    }
    return adjusted
  }
}
