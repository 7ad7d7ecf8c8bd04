/// Why a plug-in stopped a run: it crashed, hung, wrote something that is not an answer, or
/// answered another request than the one asked.
///
/// A run never continues past a plug-in failure: a result with some items silently unanswered
/// would look complete and be wrong. The message names the plug-in, the item and the last lines
/// the plug-in wrote to its standard error, which is usually where its own explanation is.
public struct PluginFailure: Error, CustomStringConvertible {
  public var plugin: String
  public var command: String
  /// The item being handled (`pair 17, typed 'teh'`), or `handshake`.
  public var item: String
  public var reason: String
  public var stderrTail: [String]

  public var description: String {
    var text = "plug-in '\(plugin)' (\(command)) failed on \(item): \(reason)"
    if stderrTail.isEmpty {
      text += "\n  (it wrote nothing to stderr)"
    } else {
      text += "\n  last lines of its stderr:\n" + stderrTail.map { "    " + $0 }.joined(separator: "\n")
    }
    return text
  }
}
