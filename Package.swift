// swift-tools-version:6.2
import PackageDescription

// Layers, one direction only: imager (executable) -> ImagerGtk -> ImagerDrawing, ImagerPicture -> ImagerCore.
// ImagerGLib (over CGLib) is the one glue to GLib's signals, main loop and references, used by
// ImagerGtk and ImagerPicture alike. CGtk is the C module map over gtk4 plus inline shims for what
// Swift cannot import; CAdw is the same for libadwaita.
// ImagerDrawing (over CCairo, the module map over cairo alone) is the one chord renderer:
// the list's cells, the editor, a full-screen view and the command line's PNGs all draw
// through it, so it must not need GTK or a display.
let package = Package(
    name: "Imager",
    products: [
        .executable(name: "imager", targets: ["imager"]),
        // What the benchmark and the stress and fuzz tools (Tools/, a package of their own) build on.
        .library(name: "ImagerCore", targets: ["ImagerCore"]),
        .library(name: "ImagerGLib", targets: ["ImagerGLib"]),
        .library(name: "ImagerPicture", targets: ["ImagerPicture"]),
        .library(name: "ImagerTestSupport", targets: ["ImagerTestSupport"]),
        .library(name: "CGtk", targets: ["CGtk"]),
        .library(name: "CGdkPixbuf", targets: ["CGdkPixbuf"]),
    ],
    dependencies: [
        // 7.10.0 is the version in the machine's package cache; it links Debian's libsqlite3.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // libadwaita over GTK: 1.2 on Debian 12, newer APIs behind ADW_CHECK_VERSION in its shim.
        .systemLibrary(
            name: "CAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // liblo decodes the OSC messages a phone or another program sends (ImagerGtk's server).
        .systemLibrary(
            name: "CLo",
            pkgConfig: "liblo",
            providers: [.apt(["liblo-dev"])]
        ),
        .target(name: "ImagerGLib", dependencies: ["CGLib"]),
        // MIDI's C side: JACK's realtime callback (which must not run Swift) and the ALSA
        // sequencer's macros. Debian's libjack-jackd2-dev and libasound2-dev.
        .target(
            name: "CMidi",
            linkerSettings: [.linkedLibrary("jack"), .linkedLibrary("asound")]
        ),
        // The MIDI transports (JACK, the ALSA sequencer) behind one interface; what they
        // bring in is read by ImagerCore's MidiInterpreter.
        .target(name: "ImagerMidi", dependencies: ["CMidi", "ImagerCore"]),
        .target(
            name: "ImagerCore",
            // GRDBSQLite: the import binds lumi rows straight to SQLite (millions per file).
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .target(
            name: "ImagerDrawing",
            dependencies: ["CCairo", "ImagerCore"]
        ),
        // gdk-pixbuf without GTK: pictures are decoded (and the benchmark writes its test photos)
        // on any thread, by the window, the command line and the benchmark alike.
        .systemLibrary(
            name: "CGdkPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        .target(
            name: "ImagerPicture",
            dependencies: ["CGdkPixbuf", "ImagerCore", "ImagerGLib"]
        ),
        // GTK may only be used on the main thread: the whole layer is main-actor isolated
        // by default, and what runs elsewhere is marked `nonisolated`, so the compiler checks it.
        .target(
            name: "ImagerGtk",
            dependencies: ["CAdw", "CGtk", "CLo", "ImagerCore", "ImagerDrawing", "ImagerGLib", "ImagerMidi", "ImagerPicture"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // The real window, driven by a program (the benchmark's window script) as a user would
        // drive it, over a store the program gives, and the counts of what Perform's canvas does
        // that the benchmark and the GTK tests share. Not part of the app: nothing in it is
        // linked into `imager`.
        .target(
            name: "ImagerTestSupport",
            dependencies: ["CGtk", "ImagerCore", "ImagerGtk"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        .executableTarget(
            name: "imager",
            dependencies: ["ImagerCore", "ImagerDrawing", "ImagerGtk", "ImagerMidi", "ImagerPicture"]
        ),
        .testTarget(
            name: "ImagerDrawingTests",
            dependencies: ["ImagerDrawing", "ImagerCore", "CCairo"],
            // The reference images are found through #filePath, so an update can rewrite them.
            exclude: ["References"]
        ),
        .testTarget(name: "ImagerPictureTests", dependencies: ["ImagerPicture", "ImagerCore", "CGdkPixbuf"]),
        .testTarget(name: "ImagerGLibTests", dependencies: ["ImagerGLib", "CGLib"]),
        .testTarget(name: "ImagerCoreTests", dependencies: ["ImagerCore", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ImagerGtkTests", dependencies: [
            "ImagerGtk", "ImagerCore", "ImagerDrawing", "ImagerGLib", "ImagerPicture", "ImagerTestSupport", "CAdw", "CGtk", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
