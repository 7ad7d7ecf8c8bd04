// keybench-fuzz: the libFuzzer binary of KeyBench's fuzz targets, or (in a normal build) the
// seeded mutation runner and replayer. Scripts/fuzz builds and runs it; see `--help`.
//
// libFuzzer build (Scripts/fuzz does this):
//   swift build -c release --product keybench-fuzz -Xswiftc -sanitize=fuzzer \
//     -Xswiftc -parse-as-library -Xswiftc -DKEYBENCH_LIBFUZZER
// then `KEYBENCH_FUZZ_TARGET=latinime keybench-fuzz [libFuzzer flags] CORPUS_DIR…`.

#if KEYBENCH_LIBFUZZER
  import KeyBenchFuzz

  /// libFuzzer's entry point: one execution of the target `KEYBENCH_FUZZ_TARGET` names.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func keybenchFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzerEntry.testOneInput(data, size)
  }

  /// SwiftPM links an executable with `main` renamed to `<module>_main` (so tests can link the
  /// module); with -parse-as-library there is none, so this one hands over to libFuzzer's driver.
  @_cdecl("keybench_fuzz_main")
  public func keybenchFuzzMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, keybenchFuzzTestOneInput)
  }

  /// libFuzzer's driver for programs with their own `main` (compiler-rt, LLVM 13 and later).
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32
#else
  import KeyBenchFuzz

  // A declaration rather than a statement: the libFuzzer build parses this inactive branch with
  // -parse-as-library, which rejects top-level statements even where they are compiled out.
  let keybenchFuzzRun: Void = FuzzCommand.runAndExit(Array(CommandLine.arguments.dropFirst()))
#endif
