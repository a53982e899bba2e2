// swift-tools-version:6.2
import PackageDescription

// The tools around Imager, kept out of the app's package: the benchmark (imager-bench, which
// launches imager-bench-window, the real window driven by a script), and imager-stress (the
// kill -9 save loop, a scriptable controller and the import fuzzer that the command-line tests
// drive). They use the app's libraries as any other program would: ImagerCore's API, and the
// window through ImagerTestSupport. packaging/bench.sh and Tests/CommandLine/run.sh build them.
let package = Package(
    name: "ImagerTools",
    dependencies: [
        .package(name: "Imager", path: ".."),
        // The version the app pins.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // glibc's heap count, for the benchmark's memory figures.
        .systemLibrary(name: "CMalloc"),
        // The benchmark's MIDI sender: a JACK client of its own (Debian's libjack-jackd2-dev).
        .target(name: "CJackSender", linkerSettings: [.linkedLibrary("jack")]),
        .executableTarget(name: "imager-bench", dependencies: [
            "CMalloc",
            .product(name: "CGdkPixbuf", package: "Imager"),
            .product(name: "ImagerCore", package: "Imager"),
            .product(name: "ImagerPicture", package: "Imager"),
        ]),
        // Not installed with Imager: the benchmark installs it beside its own copy of imager.
        .executableTarget(
            name: "imager-bench-window",
            dependencies: [
                "CJackSender",
                .product(name: "CGtk", package: "Imager"),
                .product(name: "ImagerCore", package: "Imager"),
                .product(name: "ImagerGLib", package: "Imager"),
                .product(name: "ImagerTestSupport", package: "Imager"),
            ],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(name: "imager-stress", dependencies: [
            .product(name: "ImagerCore", package: "Imager"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
