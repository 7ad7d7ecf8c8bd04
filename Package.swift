// swift-tools-version:6.1
import PackageDescription

// KeyBench: libraries by concern, thin executables that only parse arguments.
// Every target builds in the Swift 6 language mode with strict concurrency.

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "KeyBench",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "keybench-ingest", targets: ["keybench-ingest"]),
    .executable(name: "keybench-devices", targets: ["keybench-devices"]),
    .executable(name: "keybench-swipes", targets: ["keybench-swipes"]),
    .executable(name: "keybench-run", targets: ["keybench-run"]),
    .executable(name: "keybench-sweep", targets: ["keybench-sweep"]),
    .executable(name: "keybench-report", targets: ["keybench-report"]),
    .executable(name: "keybench-typos", targets: ["keybench-typos"]),
    .executable(name: "keybench-suite", targets: ["keybench-suite"]),
    .library(name: "KeyBenchLexicon", targets: ["KeyBenchLexicon"]),
    .library(name: "KeyBenchGeometry", targets: ["KeyBenchGeometry"]),
    .library(name: "KeyBenchStore", targets: ["KeyBenchStore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
  ],
  targets: [
    // System zlib (zlib1g-dev): streaming gzip reads of LatinIME wordlists.
    .systemLibrary(
      name: "CZlib",
      path: "Sources/CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // Linux system calls Foundation does not expose (atomic exchange of two paths).
    .target(name: "CKeyBenchSystem", path: "Sources/CKeyBenchSystem"),
    // Shared plumbing: line streams over plain or gzip files, file digests, text folding, paths.
    .target(
      name: "KeyBenchCore",
      dependencies: ["CZlib", "CKeyBenchSystem", .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strict
    ),
    .target(name: "KeyBenchLexicon", dependencies: ["KeyBenchCore"], swiftSettings: strict),
    // The typed per-item result rows every benchmark writes and the statistics every reader shares:
    // cluster bootstrap intervals, paired comparisons, exact McNemar, Holm, power. No algorithm inside.
    .target(name: "KeyBenchResults", dependencies: ["KeyBenchCore"], swiftSettings: strict),
    .target(name: "KeyBenchGeometry", dependencies: ["KeyBenchCore"], swiftSettings: strict),
    .target(
      name: "KeyBenchStore",
      dependencies: ["KeyBenchLexicon", "KeyBenchLanguageModel", .product(name: "GRDB", package: "GRDB.swift")],
      swiftSettings: strict
    ),
    .target(
      name: "KeyBenchCorpora",
      dependencies: ["KeyBenchCore", "KeyBenchGeometry", "KeyBenchLexicon"],
      swiftSettings: strict
    ),
    .target(
      name: "KeyBenchSwipe",
      dependencies: ["KeyBenchCore", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchLanguageModel"],
      swiftSettings: strict
    ),
    // Typo corpora, typing-error analysis and generation, and the word correctors.
    .target(
      name: "KeyBenchTyping",
      dependencies: ["KeyBenchCore", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchLanguageModel"],
      swiftSettings: strict
    ),
    .target(
      name: "KeyBenchTouch",
      dependencies: ["KeyBenchCore", "KeyBenchGeometry"],
      swiftSettings: strict
    ),
    // External algorithms in any language through the JSON-lines plug-in protocol (Plugins/PROTOCOL.md).
    .target(
      name: "KeyBenchPlugins",
      dependencies: [
        "KeyBenchCore", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchCorpora", "KeyBenchTyping", "KeyBenchPrediction", "KeyBenchLanguageModel", "KeyBenchSwipe",
        "KeyBenchKeyboard",
      ],
      swiftSettings: strict
    ),
    // Suites as files: plans with content-addressed results, the runner, leaderboards, the gate.
    .target(
      name: "KeyBenchSuites",
      dependencies: ["KeyBenchCore", "KeyBenchStore", "KeyBenchResults", "KeyBenchReports"],
      swiftSettings: strict
    ),
    .target(
      name: "KeyBenchGesture",
      dependencies: ["KeyBenchCore", "KeyBenchGeometry"],
      swiftSettings: strict
    ),
    // The whole keyboard: the Keyboard protocol, the tap decoder and the built-in keyboards
    // composed of the other algorithm libraries (benchmark in KeyBenchBench).
    .target(
      name: "KeyBenchKeyboard",
      dependencies: [
        "KeyBenchCore", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchLanguageModel", "KeyBenchTyping", "KeyBenchPrediction",
        "KeyBenchSwipe",
      ],
      swiftSettings: strict
    ),
    // The seven benchmarks (swipe, correct, touch, gesture, predict, photos, keyboard), one shape
    // each, one folder each (runner, report, summary, descriptor); Shared/ holds the protocol and
    // what all of them use, Sweep/ the swipe parameter sweeps.
    .target(
      name: "KeyBenchBench",
      dependencies: [
        "KeyBenchCore", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchCorpora", "KeyBenchSwipe", "KeyBenchTouch",
        "KeyBenchGesture", "KeyBenchTyping", "KeyBenchLanguageModel", "KeyBenchPrediction", "KeyBenchPhotos", "KeyBenchResults",
        "KeyBenchPlugins", "KeyBenchStore", "KeyBenchKeyboard",
      ],
      swiftSettings: strict
    ),
    // Reports people read: one self-contained HTML page with inline SVG plots.
    .target(name: "KeyBenchReports", dependencies: ["KeyBenchCore", "KeyBenchResults"], swiftSettings: strict),
    // The one language model: tokeniser, n-gram counts, Kneser-Ney, train/test overlap checks.
    .target(name: "KeyBenchLanguageModel", dependencies: ["KeyBenchCore"], swiftSettings: strict),
    // Word completion and next-word prediction: vocabulary and predictors (benchmark in KeyBenchBench).
    .target(
      name: "KeyBenchPrediction",
      dependencies: ["KeyBenchCore", "KeyBenchLexicon", "KeyBenchLanguageModel"],
      swiftSettings: strict
    ),
    // Photo prediction from message text (seed 003): WordNet nouns, label links, rankers (benchmark in KeyBenchBench).
    .target(name: "KeyBenchPhotos", dependencies: ["KeyBenchCore"], swiftSettings: strict),
    .target(
      name: "KeyBenchCLI",
      dependencies: ["CKeyBenchSystem", "KeyBenchCore", "KeyBenchResults", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "keybench-ingest",
      dependencies: [
        "KeyBenchCLI", "KeyBenchLexicon", "KeyBenchStore", "KeyBenchPrediction", "KeyBenchLanguageModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "keybench-devices",
      dependencies: [
        "KeyBenchCLI", "KeyBenchGeometry",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "keybench-swipes",
      dependencies: [
        "KeyBenchBench", "KeyBenchCLI", "KeyBenchCore", "KeyBenchCorpora", "KeyBenchGeometry", "KeyBenchLanguageModel", "KeyBenchStore",
        "KeyBenchSwipe", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "keybench-run",
      dependencies: [
        "KeyBenchBench", "KeyBenchCLI", "KeyBenchCore", "KeyBenchSwipe", "KeyBenchTouch", "KeyBenchGesture", "KeyBenchTyping",
        "KeyBenchPrediction", "KeyBenchPhotos", "KeyBenchPlugins", "KeyBenchKeyboard",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "keybench-suite",
      dependencies: [
        "KeyBenchSuites", "KeyBenchReports", "KeyBenchCLI", "KeyBenchCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "keybench-sweep",
      dependencies: [
        "KeyBenchBench", "KeyBenchCLI", "KeyBenchReports", "KeyBenchCorpora", "KeyBenchGeometry", "KeyBenchStore", "KeyBenchSwipe",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "keybench-report",
      dependencies: [
        "KeyBenchBench", "KeyBenchCLI", "KeyBenchCore", "KeyBenchReports", "KeyBenchResults",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    // Fuzz targets for every parser (Scripts/fuzz runs them under libFuzzer; the tests run a
    // seeded mutation smoke of each).
    .target(
      name: "KeyBenchFuzz",
      dependencies: [
        "CKeyBenchSystem", "KeyBenchCore", "KeyBenchLexicon", "KeyBenchGeometry", "KeyBenchCorpora", "KeyBenchSwipe", "KeyBenchTyping",
        "KeyBenchTouch", "KeyBenchGesture", "KeyBenchBench", "KeyBenchPrediction", "KeyBenchLanguageModel", "KeyBenchPhotos", "KeyBenchSuites",
      ],
      swiftSettings: strict
    ),
    .executableTarget(name: "keybench-fuzz", dependencies: ["KeyBenchFuzz"], swiftSettings: strict),
    .executableTarget(
      name: "keybench-typos",
      dependencies: [
        "KeyBenchCLI", "KeyBenchGeometry", "KeyBenchTyping",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),

    .target(
      name: "KeyBenchTestSupport", dependencies: ["KeyBenchGeometry", "KeyBenchPhotos", "KeyBenchResults"], path: "Tests/KeyBenchTestSupport",
      swiftSettings: strict),
    .testTarget(
      name: "KeyBenchCoreTests",
      dependencies: ["KeyBenchCore", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchResultsTests",
      dependencies: ["KeyBenchResults", "KeyBenchCore", "KeyBenchTestSupport"],
      // Reference values from scipy/statsmodels, read by path (their generating script beside them).
      exclude: ["Fixtures"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchLexiconTests",
      dependencies: ["KeyBenchLexicon", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchGeometryTests",
      dependencies: ["KeyBenchGeometry", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchStoreTests",
      dependencies: ["KeyBenchStore", "KeyBenchLexicon", "KeyBenchLanguageModel", "KeyBenchPrediction", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchCorporaTests",
      dependencies: ["KeyBenchCorpora", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchSwipeTests",
      dependencies: ["KeyBenchSwipe", "KeyBenchCorpora", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchLanguageModel", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchTouchTests",
      dependencies: ["KeyBenchTouch", "KeyBenchCorpora", "KeyBenchGeometry", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchGestureTests",
      dependencies: ["KeyBenchGesture", "KeyBenchCore", "KeyBenchGeometry", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchSuitesTests",
      dependencies: ["KeyBenchSuites", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchPluginsTests",
      dependencies: ["KeyBenchPlugins", "KeyBenchLanguageModel", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchKeyboardTests",
      dependencies: ["KeyBenchKeyboard", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchLanguageModel", "KeyBenchTyping", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchBenchTests",
      dependencies: [
        "KeyBenchBench", "KeyBenchKeyboard", "KeyBenchPlugins", "KeyBenchLexicon", "KeyBenchCorpora", "keybench-run", "keybench-ingest", "KeyBenchSwipe", "KeyBenchPrediction", "KeyBenchLanguageModel", "KeyBenchCore", "KeyBenchResults",
        "KeyBenchReports", "KeyBenchTouch", "KeyBenchTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchTypingTests",
      dependencies: [
        "KeyBenchTyping", "KeyBenchGeometry", "KeyBenchLexicon", "KeyBenchLanguageModel", "KeyBenchBench", "KeyBenchTestSupport",
        "keybench-typos", "keybench-run", "keybench-ingest", "keybench-report",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchReportsTests",
      dependencies: ["KeyBenchReports", "KeyBenchCore", "KeyBenchResults", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchLanguageModelTests",
      dependencies: ["KeyBenchLanguageModel", "KeyBenchCore", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchPredictionTests",
      dependencies: ["KeyBenchPrediction", "KeyBenchLanguageModel", "KeyBenchCore", "KeyBenchLexicon", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchPhotosTests",
      dependencies: ["KeyBenchPhotos", "KeyBenchCore", "KeyBenchTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchFuzzTests",
      dependencies: ["KeyBenchFuzz", "KeyBenchCore", "KeyBenchTestSupport"],
      // Seed corpora and crash reproducers are read from the checkout by path (Scripts/fuzz too).
      exclude: ["Seeds", "Regressions"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "KeyBenchCLITests",
      dependencies: [
        "keybench-ingest", "keybench-devices", "keybench-swipes", "keybench-run", "keybench-sweep", "keybench-report",
        "keybench-suite", "keybench-typos", "KeyBenchTestSupport", "KeyBenchResults",
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
