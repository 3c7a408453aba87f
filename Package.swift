// swift-tools-version:6.1
import PackageDescription

/// Every target of ours builds in Swift 6 language mode with strict concurrency.
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    // A member (say `String.contains(_:)`) is only found in a module this file imports itself, so
    // Foundation, which a dependency imports, cannot slip into the binary with ICU behind it.
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Test targets may import Foundation and use its members freely (they compare our helpers with
/// it), so they find members as Swift 6 does by default.
let strictTests: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "NewsApp",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "newsapp", targets: ["NewsApp"]),
        .executable(name: "newsapi-stub", targets: ["NewsAPIStubServer"]),
        .executable(name: "reader-api-stub", targets: ["ReaderAPIStubServer"]),
        .executable(name: "newsapp-bench", targets: ["NewsAppBenchmark"]),
        .library(name: "NewsModels", targets: ["NewsModels"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "TerminalText", targets: ["TerminalText"]),
        .library(name: "Coordinators", targets: ["Coordinators"]),
        .library(name: "CoordinatorsTesting", targets: ["CoordinatorsTesting"]),
        .library(name: "Images", targets: ["Images"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // MARK: The app

        .executableTarget(
            name: "NewsApp",
            dependencies: [
                "NewsModels", "Networking", "Coordinators", "Modules", "SampleEdition", "CReadline", "Store",
                "Images", "Feeds", "Sync", "TerminalText", "FilterLanguage", "Configuration", "Account",
                "Console",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // No `pkgConfig: "readline"`: on Debian, readline.pc pulls in tinfo.pc, whose `-D` flags
        // SwiftPM rejects with a warning on every build. The modulemap links libreadline itself
        // and the headers live in the default include path.
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"]), .brew(["readline"])]
        ),
        // libjpeg-turbo and libpng, linked by their modulemaps like CReadline (no pkgConfig: the
        // headers are in the default include path). Each shim header holds the C that catches the
        // library's longjmp-based errors, which Swift cannot survive.
        .systemLibrary(
            name: "CJPEG",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CPNG",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // libxml2's SAX2 and HTML push parsers, for feeds and HTML to text. libxml-2.0.pc only adds
        // the include directory, so unlike readline it is found through pkg-config.
        .systemLibrary(
            name: "CXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),

        // SQLite's C API from the system's libsqlite3 (FTS5 included), for the SQLite target.
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),

        // MARK: Libraries

        // Our thin layer over SQLite's C API: connections, a WAL pool, statements, rows,
        // migrations; see docs/architecture.md.
        .target(name: "SQLite", dependencies: ["CSQLite"], swiftSettings: strict),

        // libcurl, loaded with dlopen by the first request, not at launch (see docs/architecture.md).
        .target(name: "CCurl"),
        // The models every part shares (articles, feed items and documents, the service protocol and
        // its errors, the search syntax, the lock): the store and the screens use them without the
        // HTTP client. Imports nothing of ours; see docs/architecture.md.
        .target(name: "NewsModels", swiftSettings: strict),
        .target(name: "Networking", dependencies: ["CCurl", "NewsModels"], swiftSettings: strict),
        // The text layer: sanitising untrusted text, display width, wrapping and styled lines.
        // Coordinators draws with it, and Images draws pictures with it without the navigation
        // library; see docs/architecture.md.
        .target(name: "TerminalText", swiftSettings: strict),
        .target(name: "Coordinators", dependencies: ["TerminalText"], swiftSettings: strict),
        .target(
            name: "CoordinatorsTesting", dependencies: ["Coordinators", "TerminalText"], swiftSettings: strict
        ),
        .target(
            name: "Modules", dependencies: ["NewsModels", "Coordinators", "TerminalText", "FilterLanguage"],
            swiftSettings: strict),
        .target(
            name: "SampleEdition",
            dependencies: ["NewsModels"],
            // The resources are held by the binary (SampleEditionData.swift, which
            // Scripts/generate-sample-edition-data.py writes from them), not copied beside it.
            exclude: ["Resources"],
            swiftSettings: strict
        ),
        // Pictures: JPEG/PNG decoding, half-block rendering, and a memory/disk/network cache.
        .target(
            name: "Images",
            dependencies: [
                "CJPEG", "CPNG", "TerminalText", "NewsModels", "Networking",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),

        // Feeds: RSS, Atom, RSS 1.0 and JSON Feed parsing, HTML to text, subscriptions (newsboat's
        // urls file, OPML) and the refresh engine; see docs/architecture.md.
        .target(
            name: "Feeds",
            dependencies: [
                "NewsModels", "Networking", "TerminalText", "CXML2", "FilterLanguage",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // Sync with a feed service over the Google Reader API (FreshRSS, Miniflux, Inoreader…): the
        // client and the engine (push, then pull), which sees the store through a protocol; see
        // docs/architecture.md.
        .target(
            name: "Sync",
            dependencies: [
                "NewsModels", "Networking", "Feeds", "TerminalText",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // The account: every action a person takes on their articles (mark read, save,
        // unsubscribe…) as one operation over the store, the reading list and reader mode the
        // screens see through Modules' protocols, and the sync's storage; see docs/architecture.md.
        // What the one-shot commands do and print (feeds, refresh, sync, downloads, cache): their
        // listings and JSON documents, standard output and error, external programs in the
        // foreground and the log; see docs/architecture.md.
        .target(
            name: "Console",
            dependencies: [
                "Account", "Modules", "Coordinators", "Store", "Feeds", "Sync", "Configuration",
                "FilterLanguage",
                "TerminalText", "NewsModels", "Networking",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "Account",
            dependencies: [
                "Modules", "Store", "Sync", "Feeds", "Networking", "NewsModels", "Configuration",
                "FilterLanguage",
                "TerminalText", "SampleEdition",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),

        // newsboat's filter language: one parser and syntax tree, which the store turns into SQL
        // and the killfile evaluates in memory; of ours it imports only NewsModels, for the one
        // calendar (see docs/architecture.md).
        .target(name: "FilterLanguage", dependencies: ["NewsModels"], swiftSettings: strict),

        // The config file: its keys, each declared once, the loader with its rules, a TOML 1.0
        // reader of its own, the settings a run resolves from it, the command line and the
        // environment, and the user's small files (the config file, the key file, locked edits);
        // the rules are tested on strings, the files in a temporary folder (see
        // docs/architecture.md).
        .target(
            name: "Configuration",
            dependencies: ["NewsModels", "Networking", "TerminalText", "FilterLanguage"],
            swiftSettings: strict),

        // The local article store (SQLite through our SQLite layer); see docs/architecture.md.
        .target(
            name: "Store",
            dependencies: ["NewsModels", "FilterLanguage", "SQLite", "CSQLite"],
            swiftSettings: strict
        ),
        // Runs a command and reports its peak memory, unskewed by a big parent (see its main.swift);
        // NewsAppTests check that hostile answers leave the app's memory bounded.
        .executableTarget(name: "PeakMemoryProbe", swiftSettings: strict),
        // Records pages in a loop until killed; StoreTests SIGKILLs it to test crash safety.
        .executableTarget(
            name: "StoreKillTestHelper",
            dependencies: ["Store", "NewsModels"],
            swiftSettings: strict
        ),

        // MARK: A NewsAPI-compatible server for tests, the benchmark and manual runs

        .target(
            name: "NewsAPIStub",
            dependencies: [
                "NewsModels", "SampleEdition",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "NewsAPIStubServer", dependencies: ["NewsAPIStub", "NewsModels"], swiftSettings: strict),

        // MARK: A Google Reader API server for the sync's tests, the benchmark and manual runs

        .target(
            name: "ReaderAPIStub",
            dependencies: [
                "NewsModels", "NewsAPIStub",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ReaderAPIStubServer", dependencies: ["ReaderAPIStub", "NewsAPIStub"], swiftSettings: strict
        ),

        // MARK: A network shaped like the internet, for the benchmark and the refresh's tests

        // Hosts on loopback addresses of their own with times to first byte, bandwidths, hangs,
        // refusals and trickles, the feeds they serve, and the floor a refresh of them cannot
        // beat; see docs/architecture.md.
        .target(name: "ShapedNetwork", dependencies: ["NewsModels"], swiftSettings: strict),

        // MARK: The benchmark (issue 5): `Scripts/benchmark` builds it in release and runs it

        // Measures the release app (cold start, search, render, fetch, `n` at human pace) and
        // prints a table for BENCHMARKS.md; a separate executable, not a timed test.
        .executableTarget(
            name: "NewsAppBenchmark",
            dependencies: [
                "Store", "Modules", "Coordinators", "NewsModels", "Networking", "NewsAPIStub",
                "SampleEdition", "Feeds", "TerminalText", "FilterLanguage", "ReaderAPIStub", "SQLite",
                "ShapedNetwork",
            ],
            swiftSettings: strict
        ),

        // MARK: Tests

        // A deliberately misbehaving HTTP server on blocking sockets (silence, short bodies,
        // held answers, hang-ups) that several test targets share; see docs/architecture.md.
        .target(
            name: "HTTPTestServer", dependencies: ["NewsModels"], path: "Tests/Support/HTTPTestServer",
            swiftSettings: strict),
        // Small helpers several test targets share: the lookup of built executables and of a
        // target's Fixtures folder. (The seeded generator the benchmark shares with the tests is
        // NewsModels' SplitMix64: the shipped benchmark links nothing under Tests.)
        .target(name: "TestSupport", path: "Tests/Support/TestSupport", swiftSettings: strictTests),
        // Doubles of the screens' dependencies (feeds, …) that the screen and flow tests share.
        .target(
            name: "ModulesTestSupport",
            dependencies: ["Modules", "NewsModels", "TerminalText"],
            path: "Tests/Support/ModulesTestSupport", swiftSettings: strictTests),
        .testTarget(
            name: "NetworkingTests",
            dependencies: [
                "Networking", "NewsModels", "CCurl", "NewsAPIStub", "SampleEdition", "HTTPTestServer",
                "TestSupport",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictTests
        ),
        .testTarget(
            name: "FeedsTests",
            dependencies: [
                "Feeds", "NewsModels", "Networking", "CXML2", "HTTPTestServer", "TestSupport",
                "FilterLanguage", "ShapedNetwork",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictTests
        ),
        .testTarget(
            name: "ImagesTests",
            dependencies: [
                "Images", "CJPEG", "CPNG", "NewsModels", "TerminalText", "HTTPTestServer",
            ],
            swiftSettings: strictTests
        ),
        .testTarget(
            name: "CoordinatorTests",
            dependencies: [
                "Coordinators", "CoordinatorsTesting", "Modules", "SampleEdition", "HTTPTestServer",
                "ModulesTestSupport", "NewsModels", "Networking", "TerminalText",
            ],
            swiftSettings: strictTests
        ),
        .testTarget(
            name: "ModulesTests",
            dependencies: [
                "Modules", "Coordinators", "NewsModels", "SampleEdition", "ModulesTestSupport",
                "TerminalText",
            ],
            swiftSettings: strictTests
        ),
        // The command line's settings, and the `newsapp` binary run end to end as a subprocess.
        .testTarget(
            name: "NewsAppTests",
            dependencies: [
                "NewsApp", "NewsModels", "Networking", "SampleEdition", "NewsAPIStub", "Store", "Images",
                "CPNG", "CoordinatorsTesting", "Modules", "HTTPTestServer", "PeakMemoryProbe",
                "TerminalText", "TestSupport", "Feeds", "FilterLanguage", "Sync", "ReaderAPIStub",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"), "SQLite", "Configuration", "Account",
                "Console",
            ],
            swiftSettings: strictTests
        ),
        // The account's actions, reading list, reader mode and sync storage, over real stores.
        .testTarget(
            name: "AccountTests",
            dependencies: [
                "Account", "Store", "Sync", "Feeds", "Modules", "Networking", "NewsModels", "FilterLanguage",
                "Configuration", "HTTPTestServer", "ReaderAPIStub", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictTests
        ),
        // The config file's keys and rules, the TOML reader and the settings, in process; its files
        // in a temporary folder.
        .testTarget(
            name: "ConfigurationTests",
            dependencies: ["Configuration", "NewsModels", "Networking", "FilterLanguage", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "ShapedNetworkTests", dependencies: ["ShapedNetwork", "Networking", "NewsModels"],
            swiftSettings: strictTests),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "CSQLite"], swiftSettings: strictTests),
        // NewsModels' stand-ins for Foundation's API outside FoundationEssentials, checked
        // against Foundation itself.
        .testTarget(name: "NewsModelsTests", dependencies: ["NewsModels"], swiftSettings: strictTests),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"], swiftSettings: strictTests),
        .testTarget(
            name: "FilterLanguageTests", dependencies: ["FilterLanguage"], swiftSettings: strictTests),
        .testTarget(
            name: "SyncTests",
            dependencies: [
                "Sync", "ReaderAPIStub", "Networking", "HTTPTestServer", "NewsAPIStub", "NewsModels",
            ],
            swiftSettings: strictTests
        ),
        .testTarget(
            name: "StoreTests",
            dependencies: [
                "Store", "NewsModels", "StoreKillTestHelper", "SampleEdition", "TestSupport",
                "FilterLanguage", "SQLite",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictTests
        ),
    ]
)
