/// Why the gates refuse `--max-slowdown`: one text for every command that used to take it.
public enum TimingVerdict {
  public static let singleSampleRefusal =
    "a single pair of runs cannot judge speed (this machine alone moves the same binary's times by a third between phases); "
    + "measure B against A with interleaved repeats: keybench-report time-ratio --repeat 5 --max-slowdown F -- A :: B"
}
