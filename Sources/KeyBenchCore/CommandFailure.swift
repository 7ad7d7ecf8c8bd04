/// A run-time failure a tool reports in one sentence with exit status 2 (not a usage error); in Core
/// so the benchmark library can throw it from the work it does for an executable.
public struct CommandFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
