import KeyBenchCore
import Testing

/// User folds: parsed strictly, a partition of any set of users, stable and even.
@Suite struct UserFoldTests {
  @Test func onlyKOfNIsAccepted() {
    #expect(UserFold("1/5")?.description == "1/5")
    #expect(UserFold("5/5")?.index == 5)
    for bad in ["0/5", "6/5", "1/0", "1/1001", "-1/5", "a/b", "1/5/2", "", "1", " 1/5", "1/5 "] {
      #expect(UserFold(bad) == nil, "\(bad)")
    }
  }

  @Test func everyUserIsInExactlyOneFoldAndFoldsAreEven() {
    let users = (0..<2000).map { "user-\($0)" }
    let folds = (1...5).map { UserFold("\($0)/5")! }
    var sizes = [0, 0, 0, 0, 0]
    for user in users {
      let holding = folds.indices.filter { folds[$0].contains(user: user) }
      #expect(holding.count == 1)
      if let fold = holding.first { sizes[fold] += 1 }
    }
    // 400 expected each; a binomial's 4.5 standard deviations is ±80.
    #expect(sizes.allSatisfy { (320...480).contains($0) }, "\(sizes)")
    // Not the order of the users: consecutive ids are spread over the folds.
    #expect(Set(users.prefix(10).map { user in folds.firstIndex { $0.contains(user: user) }! }).count > 1)
  }
}
